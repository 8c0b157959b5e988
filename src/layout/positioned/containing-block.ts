// Absolutely positioned boxes are laid out by their containing block (CSS 2.1 §10.1) once its
// fragment is finished: against its padding box, from the static positions of the
// placeholders in it. Boxes with no positioned ancestor belong to the initial containing
// block, which in paged media is the page area of the page where the placeholder falls.
import { borderOf } from '../box-model.js';
import type { BoxFragment, PageContext } from '../types.js';
import { layoutAbsolute } from './absolute.js';
import { candidatesIn, isContainingBlock } from './placeholders.js';

export { isContainingBlock };

/** The absolutely positioned boxes `f` contains, relative to its border box. */
export function layoutPositioned(f: BoxFragment, page: PageContext | null): BoxFragment[] {
  const candidates = candidatesIn(f);
  if (candidates.length === 0) return [];
  const bdr = borderOf(f.box.style);
  // A fragment continued from an earlier page has no top border here, one continued on the next no bottom border.
  const top = f.isFirst ? bdr.top : 0;
  const cb = { width: Math.max(0, f.width - bdr.left - bdr.right), height: Math.max(0, f.height - top - (f.isLast ? bdr.bottom : 0)) };
  return candidates.map((c) => {
    const laid = layoutAbsolute(c.box, cb, { x: c.x - bdr.left, y: c.y - top }, page);
    return { ...laid, x: laid.x + bdr.left, y: laid.y + top };
  });
}

/**
 * The page's root fragment (placed in a page area `width` × `height`) with the absolutely
 * positioned boxes of the initial containing block added to its `positioned` list.
 */
export function withInitialContainingBlock(root: BoxFragment, width: number, height: number, page: PageContext): BoxFragment {
  if (isContainingBlock(root.box.style)) return root;
  const candidates = candidatesIn(root);
  if (candidates.length === 0) return root;
  const positioned = candidates.map((c) => {
    const laid = layoutAbsolute(c.box, { width, height }, { x: root.x + c.x, y: root.y + c.y }, page);
    return { ...laid, x: laid.x - root.x, y: laid.y - root.y };
  });
  return { ...root, positioned: [...(root.positioned ?? []), ...positioned] };
}
