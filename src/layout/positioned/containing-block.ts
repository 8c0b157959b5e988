// Absolutely positioned boxes are laid out by their containing block (CSS 2.1 §10.1) once its
// fragment is finished: against its padding box, from the static positions of the
// placeholders in it. Boxes with no positioned ancestor belong to the initial containing
// block (initial-containing-block.ts).
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import { borderOf } from '../box-model.js';
import { absoluteArea, staticAlignmentShift } from '../grid/abspos-area.js';
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
  const inGrid = f.box.kind === 'block' && f.box.content.kind === 'grid' ? gridChildren(f.box) : null;
  return candidates.map((c) => {
    // A grid container's absolutely positioned child takes its grid area as containing block (css-grid-1 §9.1).
    const area = inGrid?.has(c.box) ? absoluteArea(f.box as BlockBox, c.box, cb) : null;
    if (area) {
      const laid = layoutAbsolute(c.box, { width: area.width, height: area.height, direction: cb.direction }, { x: 0, y: 0 }, page);
      const shift = staticAlignmentShift(f.box as BlockBox, c.box, area, laid);
      return { ...laid, x: laid.x + shift.dx + area.x + bdr.left, y: laid.y + shift.dy + area.y + top };
    }
    const laid = layoutAbsolute(c.box, cb, { x: c.x - bdr.left, y: c.y - top, ...(c.right === undefined ? {} : { right: c.right - bdr.left }) }, page);
    return { ...laid, x: laid.x + bdr.left, y: laid.y + top };
  });
}

/** The absolutely positioned boxes whose placeholders are the grid's own children. */
function gridChildren(grid: BlockBox): Set<BlockLevelBox> {
  const out = new Set<BlockLevelBox>();
  if (grid.content.kind === 'grid') for (const item of grid.content.items) if (item.kind === 'block' && item.absolute) out.add(item.absolute);
  return out;
}

