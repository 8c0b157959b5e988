// Absolutely positioned boxes are laid out by their containing block (CSS 2.1 §10.1) once its
// fragment is finished: against its padding box, from the static positions of the
// placeholders in it. Boxes with no positioned ancestor belong to the initial containing
// block (initial-containing-block.ts).
import { borderOf } from '../box-model.js';
import { absoluteArea } from '../grid/abspos-area.js';
import { staticAlignmentShift } from './static-alignment.js';
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
  const grid = f.box.kind === 'block' && f.box.content.kind === 'grid' ? f.box : null;
  return candidates.map((c) => {
    // A grid container as containing block: the grid area of the box's placement properties
    // (css-grid-1 §9.1); other containing blocks are their padding box. Both in padding-box coordinates.
    const frame = (grid && absoluteArea(grid, c.box, cb)) ?? { x: 0, y: 0, width: cb.width, height: cb.height };
    // A grid's child has a static-position rectangle to be aligned in (§9.2): its containing
    // block when that is the grid, else the grid's padding box. Others keep their place in the flow.
    const rect = !c.grid ? null : c.grid.box === grid
      ? { x: 0, y: 0, width: frame.width, height: frame.height }
      : { x: c.grid.x - bdr.left - frame.x, y: c.grid.y - top - frame.y, width: c.grid.width, height: c.grid.height };
    const at = rect ? { x: rect.x, y: rect.y } : { x: c.x - bdr.left - frame.x, y: c.y - top - frame.y, ...(c.right === undefined ? {} : { right: c.right - bdr.left - frame.x }) };
    const laid = layoutAbsolute(c.box, { width: frame.width, height: frame.height, direction: cb.direction }, at, page);
    const shift = rect ? staticAlignmentShift(c.grid!.box, c.box, rect, laid) : { dx: 0, dy: 0 };
    return { ...laid, x: laid.x + shift.dx + frame.x + bdr.left, y: laid.y + shift.dy + frame.y + top };
  });
}
