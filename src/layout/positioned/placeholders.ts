// Out-of-flow candidates (after LayoutNG): the placeholders an absolutely positioned box left
// in the flow, found in a containing block's finished fragment with their static positions.
// The walk stops at nested containing blocks, which placed their own, so every fragment is
// walked once by the containing block nearest above it. Fixed boxes belong to the page
// (css-position-3 §3.4): their placeholders are found on the whole page instead.
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import { flexContentBox } from '../flex/static-position.js';
import { gridContentBox } from '../grid/abspos-area.js';
import type { BoxFragment, LineFragment } from '../types.js';

/** An absolutely positioned box and its static position, relative to the walked fragment's border box. */
export interface Candidate {
  readonly box: BlockLevelBox;
  readonly x: number;
  readonly y: number;
  /** In a right-to-left block: where the placeholder's right edge is (CSS 2.1 §10.3.7). */
  readonly right?: number;
  /**
   * Set for a grid or flex container's child: the container and its content box (same
   * coordinates), the static-position rectangle the box is aligned in (css-grid-1 §9.2,
   * css-flexbox-1 §4.1, css-align-3 Appendix A).
   */
  readonly grid?: StaticGrid;
}

/** A grid or flex container and its content box, the static-position rectangle of its absolutely positioned children. */
export interface StaticGrid {
  readonly box: BlockBox;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * True when the box is the containing block of absolutely positioned descendants (CSS 2.1
 * §10.1: position other than static). The initial containing block is the page area.
 */
export function isContainingBlock(style: ComputedStyle): boolean {
  // A transformed box is the containing block of its positioned descendants, fixed ones too (css-transforms-1 §2).
  return style.position === 'relative' || style.position === 'absolute' || style.position === 'fixed' || style.transform !== null;
}

/** A fixed box is laid out by the page loop on every page, not by the containing block around its placeholder. */
export function isFixed(box: BlockLevelBox): boolean {
  return box.style.position === 'fixed';
}

/** How a walk goes: which placeholders it takes, and whether it goes on into nested containing blocks and their positioned boxes. */
interface Walk {
  readonly fixed: boolean;
  readonly out: Candidate[];
}

/** The placeholders below `f` (not inside nested containing blocks), in tree order; fixed boxes' are left out. */
export function candidatesIn(f: BoxFragment): Candidate[] {
  const walk: Walk = { fixed: false, out: [] };
  walkBox(f, 0, 0, walk);
  return walk.out;
}

/**
 * The placeholders of fixed boxes anywhere in the page's root fragment `root` (its x and y
 * relative to the page area), with their static positions relative to the page area. The
 * relative offsets of the boxes around a placeholder move it, as they move the flow it is in.
 */
export function fixedCandidatesIn(root: BoxFragment): Candidate[] {
  const walk: Walk = { fixed: true, out: [] };
  enter(root, 0, 0, walk);
  return walk.out;
}

function walkBox(f: BoxFragment, ox: number, oy: number, walk: Walk): void {
  const rtl = f.box.style.direction === 'rtl';
  const grid = f.box.kind === 'block' && (f.box.content.kind === 'grid' || f.box.content.kind === 'flex') ? staticGrid(f, f.box, ox, oy) : undefined;
  for (const child of f.children) {
    const x = ox + child.x;
    const y = oy + child.y;
    if (child.kind === 'line') walkLine(child, x, y, rtl, walk);
    else if (child.kind === 'table-grid') {
      for (const cell of child.cells) enter(cell.fragment, x, y, walk);
    } else if (child.box.kind === 'block' && child.box.absolute) take(child.box.absolute, x, y, rtl ? x + child.width : undefined, walk, grid);
    else enter(child, ox, oy, walk);
  }
  if (walk.fixed) for (const p of f.positioned ?? []) enter(p, ox, oy, walk);
}

/** A child box fragment at (ox, oy) plus its own offset, unless it is a containing block itself (and the walk stops there). */
function enter(f: BoxFragment, ox: number, oy: number, walk: Walk): void {
  if (!walk.fixed) {
    if (!isContainingBlock(f.box.style)) walkBox(f, ox + f.x, oy + f.y, walk);
    return;
  }
  walkBox(f, ox + f.x + (f.relative?.x ?? 0), oy + f.y + (f.relative?.y ?? 0), walk);
}

/** An inline-level placeholder's static position is its place on the line, at the line's top. */
function walkLine(line: LineFragment, x: number, y: number, rtl: boolean, walk: Walk): void {
  for (const item of line.items) {
    if (item.kind === 'inline-box' && item.box.absolute) take(item.box.absolute, x + item.x, y, rtl ? x + item.x : undefined, walk);
    else if (item.kind === 'atomic') enter(item.fragment, x, y, walk);
  }
}

function take(box: BlockLevelBox, x: number, y: number, right: number | undefined, walk: Walk, grid?: StaticGrid): void {
  if (isFixed(box) !== walk.fixed) return;
  walk.out.push({ box, x, y, ...(right === undefined ? {} : { right }), ...(grid === undefined ? {} : { grid }) });
}

/** True when a fragment's only content is placeholders (a table cell with no in-flow content does not align its static positions). */
export function holdsOnlyPlaceholders(f: BoxFragment): boolean {
  return f.children.length > 0 && f.children.every((c) => {
    if (c.kind === 'line') return c.height === 0 && c.items.every((i) => i.kind === 'inline-box' && i.box.absolute !== undefined);
    return c.kind === 'box' && c.box.kind === 'block' && c.box.absolute !== undefined;
  });
}

/** Grid fragment `f` at (ox, oy) and its content box there, the static-position rectangle of its absolutely positioned children. */
function staticGrid(f: BoxFragment, box: BlockBox, ox: number, oy: number): StaticGrid {
  const r = box.content.kind === 'flex' ? flexContentBox(box, f) : gridContentBox(box, f);
  return { box, x: ox + r.x, y: oy + r.y, width: r.width, height: r.height };
}
