// The containing block of an absolutely positioned child of a grid container (css-grid-1
// §9.1): the grid area its placement properties give, where a line that is auto or outside
// the grid stands for the container's padding edge. Layout records each grid's track
// positions when it lays the grid out; positioned layout, which runs right after on the same
// fragment, reads them here.
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import type { AlignmentKeyword } from '../../css/types.js';
import { blockMargins, resolveAuto } from '../box-model.js';
import type { BoxFragment } from '../types.js';
import { alignOffset, selfAlignment } from './item-layout.js';
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
  readonly columns: GridAxisGeometry;
  readonly rows: GridAxisGeometry;
  /** Where the content box starts in the padding box on this fragment. */
  readonly content: { readonly x: number; readonly y: number };
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

/** Start and end of an axis' area in padding-box coordinates, or null when both lines are auto. */
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
  const x = axisRange(g.columns, absoluteLines(s.gridColumnStart, s.gridColumnEnd, g.columns.lines), content.x, padding.width);
  const y = axisRange(g.rows, absoluteLines(s.gridRowStart, s.gridRowEnd, g.rows.lines), content.y, padding.height);
  const [x0, x1] = x ?? [0, padding.width];
  const [y0, y1] = y ?? [0, padding.height];
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * How far an absolutely positioned child whose insets are auto in an axis moves from its
 * area's start: its static position is aligned in the area by justify-self and align-self
 * (css-grid-1 §9.2, css-align-3 §6.1), `auto` taking the container's *-items value.
 */
export function staticAlignmentShift(grid: BlockBox, child: BlockLevelBox, area: AreaRect, laid: BoxFragment): { dx: number; dy: number } {
  const s = child.style;
  const marginRight = resolveAuto(s.marginRight, area.width) ?? 0;
  const m = blockMargins(s, area.width);
  const dx = s.left === 'auto' && s.right === 'auto' ? inlineOffset(selfAlignment(s.justifySelf, grid.style.justifyItems), area.width, laid.x + laid.width + marginRight, grid.style.direction) : 0;
  const dy = s.top === 'auto' && s.bottom === 'auto'
    ? alignOffset(selfAlignment(s.alignSelf, grid.style.alignItems), area.height, laid.y + laid.height + m.bottom, false, false)
    : 0;
  return { dx, dy };
}

/** The inline-axis offset: in a right-to-left grid the logical keywords align from the right edge; left and right stay physical (css-align-3 §4.1). */
function inlineOffset(align: AlignmentKeyword, room: number, size: number, direction: 'ltr' | 'rtl'): number {
  const fromLeft = alignOffset(align, room, size, false, false);
  return direction === 'rtl' && align !== 'left' && align !== 'right' ? room - size - fromLeft : fromLeft;
}
