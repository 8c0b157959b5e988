// The containing block of an absolutely positioned child of a grid container (css-grid-1
// §9.1): the grid area its placement properties give, where a line that is auto or outside
// the grid stands for the container's padding edge. Layout records each grid's track
// positions when it lays the grid out; positioned layout, which runs right after on the same
// fragment, reads them here.
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import type { AlignmentKeyword } from '../../css/types.js';
import { blockMargins, resolveAuto } from '../box-model.js';
import type { BoxFragment } from '../types.js';
import { selfAlignment } from './item-layout.js';
import { absoluteLines, type AxisLines } from './line-resolution.js';

/** One axis of a laid-out grid: track starts and sizes in the content box, lines and offset of the explicit grid. */
export interface GridAxisGeometry {
  readonly starts: readonly number[];
  readonly sizes: readonly number[];
  readonly lines: AxisLines;
  /** The implicit grid index of the first explicit track. */
  readonly offset: number;
}

export interface GridGeometry {
  /** Column starts run from the content box's start edge: its right edge when the grid is right-to-left. */
  readonly columns: GridAxisGeometry;
  readonly rows: GridAxisGeometry;
  /** Where the content box starts in the padding box on this fragment, its width, and the padding below it. */
  readonly content: { readonly x: number; readonly y: number; readonly width: number; readonly paddingBottom: number };
}

const geometries = new WeakMap<BlockBox, GridGeometry>();

export function recordGridGeometry(box: BlockBox, geometry: GridGeometry): void {
  geometries.set(box, geometry);
}

/** A rectangle in the container's padding box. */
export interface AreaRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The content box of grid fragment `f`, relative to its border box: the static-position
 * rectangle of the grid's absolutely positioned children when the grid is not their
 * containing block (css-grid-1 §9.2: the sole item of an area whose edges are the content edges).
 */
export function gridContentBox(grid: BlockBox, f: BoxFragment): AreaRect {
  const s = grid.style;
  const top = f.isFirst ? s.borderTopWidth : 0;
  const c = geometries.get(grid)?.content ?? { x: 0, y: 0, width: Math.max(0, f.width - s.borderLeftWidth - s.borderRightWidth), paddingBottom: 0 };
  const y = top + c.y;
  return { x: s.borderLeftWidth + c.x, y, width: c.width, height: Math.max(0, f.height - y - (f.isLast ? c.paddingBottom + s.borderBottomWidth : 0)) };
}

/** Start and end of an axis' area from the padding box's start edge, or null when both lines are auto. */
function axisRange(g: GridAxisGeometry, lines: { start: number | null; end: number | null }, paddingStart: number, paddingSize: number): [number, number] | null {
  if (lines.start === null && lines.end === null) return null;
  const n = g.sizes.length;
  const at = (line: number | null, side: 'start' | 'end'): number | null => {
    if (line === null) return null;
    const t = line + g.offset;
    if (t < 0 || t > n) return null;
    if (side === 'start') return t < n ? g.starts[t]! : n > 0 ? g.starts[n - 1]! + g.sizes[n - 1]! : 0;
    return t > 0 ? g.starts[t - 1]! + g.sizes[t - 1]! : n > 0 ? g.starts[0]! : 0;
  };
  const start = at(lines.start, 'start');
  const end = at(lines.end, 'end');
  const a = start === null ? 0 : start + paddingStart;
  const b = end === null ? paddingSize : end + paddingStart;
  return [a, Math.max(a, b)];
}

/**
 * The grid area of `child` in `grid`'s padding box (`padding` large): the padding box itself
 * in an axis where the child is not placed (§9.2: its static position is aligned there);
 * null when the grid was not laid out.
 */
export function absoluteArea(grid: BlockBox, child: BlockLevelBox, padding: { width: number; height: number }): AreaRect | null {
  const g = geometries.get(grid);
  if (!g) return null;
  const content = g.content;
  const s = child.style;
  const rtl = grid.style.direction === 'rtl';
  // Right-to-left, the columns' start edge is the padding box's right edge (css-grid-1 §7.1).
  const inlineStart = rtl ? padding.width - content.x - content.width : content.x;
  const x = axisRange(g.columns, absoluteLines(s.gridColumnStart, s.gridColumnEnd, g.columns.lines), inlineStart, padding.width);
  const y = axisRange(g.rows, absoluteLines(s.gridRowStart, s.gridRowEnd, g.rows.lines), content.y, padding.height);
  const [a, b] = x ?? [0, padding.width];
  const [x0, x1] = rtl ? [padding.width - b, padding.width - a] : [a, b];
  const [y0, y1] = y ?? [0, padding.height];
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * The static position's alignment value in one axis (css-align-3 §6.1, Appendix A): `auto`
 * takes the container's *-items value; a baseline one has no baseline to share here and
 * takes its fallback alignment, start for first baseline and end for last baseline (unsafe,
 * as Chromium and Firefox align).
 */
function staticAlignment(self: AlignmentKeyword, items: AlignmentKeyword): AlignmentKeyword {
  const a = selfAlignment(self, items);
  if (a === 'baseline') return 'start';
  if (a === 'last baseline') return 'end';
  return a;
}

/**
 * The offset of a margin box of size `size` in `room`, from the physical start (left, top).
 * `start`/`end` follow the container's direction (`rtl`), `self-start`/`self-end` the box's
 * own (`selfRtl`); `left`/`right` are physical.
 */
function staticOffset(align: AlignmentKeyword, room: number, size: number, rtl: boolean, selfRtl: boolean): number {
  const free = room - size;
  if (align === 'center') return free / 2;
  let atEnd: boolean;
  if (align === 'left' || align === 'right') atEnd = align === 'right';
  else if (align === 'self-start' || align === 'self-end') atEnd = (align === 'self-end') !== selfRtl;
  else atEnd = (align === 'end' || align === 'flex-end') !== rtl;
  return atEnd ? free : 0;
}

/**
 * How far an absolutely positioned child whose insets are auto in an axis moves from the
 * start of `rect`, its static-position rectangle: its grid area when the grid is its
 * containing block, else the grid's content box (css-grid-1 §9.2, css-align-3 Appendix A).
 * There it is aligned by justify-self and align-self as the sole item of that area.
 * `laid` was laid out at the rectangle's start, in the rectangle's coordinates.
 */
export function gridStaticShift(grid: BlockBox, child: BlockLevelBox, rect: AreaRect, laid: BoxFragment): { dx: number; dy: number } {
  const s = child.style;
  const g = grid.style;
  const marginRight = resolveAuto(s.marginRight, rect.width) ?? 0;
  const m = blockMargins(s, rect.width);
  const rtl = g.direction === 'rtl';
  let dx = 0;
  if (s.left === 'auto' && s.right === 'auto') {
    dx = staticOffset(staticAlignment(s.justifySelf, g.justifyItems), rect.width, laid.x - rect.x + laid.width + marginRight, rtl, s.direction === 'rtl');
  }
  let dy = 0;
  if (s.top === 'auto' && s.bottom === 'auto') {
    const a = staticAlignment(s.alignSelf, g.alignItems);
    // Rows run top to bottom whatever the direction; left and right mean start here.
    dy = staticOffset(a === 'left' || a === 'right' ? 'start' : a, rect.height, laid.y - rect.y + laid.height + m.bottom, false, false);
  }
  return { dx, dy };
}
