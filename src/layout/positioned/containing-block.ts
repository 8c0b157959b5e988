// Absolutely positioned boxes are laid out by their containing block (CSS 2.1 §10.1) once its
// fragment is finished: against its padding box, from the static positions of the
// placeholders in it. Boxes with no positioned ancestor belong to the initial containing
// block (initial-containing-block.ts).
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
  const cb = { width: Math.max(0, f.width - bdr.left - bdr.right), height: Math.max(0, f.height - top - (f.isLast ? bdr.bottom : 0)), direction: f.box.style.direction };
  return candidates.map((c) => {
    const laid = layoutAbsolute(c.box, cb, { x: c.x - bdr.left, y: c.y - top, ...(c.right === undefined ? {} : { right: c.right - bdr.left }) }, page);
    return { ...laid, x: laid.x + bdr.left, y: laid.y + top };
  });
}
