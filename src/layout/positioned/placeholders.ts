// Out-of-flow candidates (after LayoutNG): the placeholders an absolutely positioned box left
// in the flow, found in a containing block's finished fragment with their static positions.
// The walk stops at nested containing blocks, which placed their own, so every fragment is
// walked once by the containing block nearest above it.
import type { BlockLevelBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { BoxFragment, LineFragment } from '../types.js';

/** An absolutely positioned box and its static position, relative to the walked fragment's border box. */
export interface Candidate {
  readonly box: BlockLevelBox;
  readonly x: number;
  readonly y: number;
}

/**
 * True when the box is the containing block of absolutely positioned descendants (CSS 2.1
 * §10.1: position other than static). The initial containing block is the page area.
 */
export function isContainingBlock(style: ComputedStyle): boolean {
  // A transformed box is the containing block of its positioned descendants, fixed ones too (css-transforms-1 §2).
  return style.position === 'relative' || style.position === 'absolute' || style.position === 'fixed' || style.transform !== null;
}

/** The placeholders below `f` (not inside nested containing blocks), in tree order. */
export function candidatesIn(f: BoxFragment): Candidate[] {
  const out: Candidate[] = [];
  walkBox(f, 0, 0, out);
  return out;
}

function walkBox(f: BoxFragment, ox: number, oy: number, out: Candidate[]): void {
  for (const child of f.children) {
    const x = ox + child.x;
    const y = oy + child.y;
    if (child.kind === 'line') walkLine(child, x, y, out);
    else if (child.kind === 'table-grid') {
      for (const cell of child.cells) enter(cell.fragment, x, y, out);
    } else if (child.box.kind === 'block' && child.box.absolute) out.push({ box: child.box.absolute, x, y });
    else enter(child, ox, oy, out);
  }
}

/** A child box fragment at (ox, oy) plus its own offset, unless it is a containing block itself. */
function enter(f: BoxFragment, ox: number, oy: number, out: Candidate[]): void {
  if (!isContainingBlock(f.box.style)) walkBox(f, ox + f.x, oy + f.y, out);
}

/** An inline-level placeholder's static position is its place on the line, at the line's top. */
function walkLine(line: LineFragment, x: number, y: number, out: Candidate[]): void {
  for (const item of line.items) {
    if (item.kind === 'inline-box' && item.box.absolute) out.push({ box: item.box.absolute, x: x + item.x, y });
    else if (item.kind === 'atomic') enter(item.fragment, x, y, out);
  }
}

/** True when a fragment's only content is placeholders (a table cell with no in-flow content does not align its static positions). */
export function holdsOnlyPlaceholders(f: BoxFragment): boolean {
  return f.children.length > 0 && f.children.every((c) => {
    if (c.kind === 'line') return c.height === 0 && c.items.every((i) => i.kind === 'inline-box' && i.box.absolute !== undefined);
    return c.kind === 'box' && c.box.kind === 'block' && c.box.absolute !== undefined;
  });
}
