// Snapping of a moved or resized box to the other fields of its page: its edges and centre
// lines jump to theirs when within `threshold` points, and the lines that then coincide are
// shown as guides.
import type { Box } from './types.js';

/** A guide line: vertical (axis 'x', at x = `at`) or horizontal (axis 'y'), from `from` to `to` along the other axis. */
export interface Guide {
  readonly axis: 'x' | 'y';
  readonly at: number;
  readonly from: number;
  readonly to: number;
}

/** Which edges of a box a resize moves. */
export interface Edges {
  readonly left?: boolean;
  readonly right?: boolean;
  readonly top?: boolean;
  readonly bottom?: boolean;
}

type Axis = 'x' | 'y';
type Line = 'start' | 'centre' | 'end';
const EPSILON = 1e-6;

function lineAt(box: Box, axis: Axis, line: Line): number {
  const start = axis === 'x' ? box.left : box.top;
  const size = axis === 'x' ? box.width : box.height;
  return line === 'start' ? start : line === 'centre' ? start + size / 2 : start + size;
}

const ALL_LINES: readonly Line[] = ['start', 'centre', 'end'];

/** The smallest move (within threshold) that puts one of `lines` of `box` on a line of a target; 0 when none. */
function nearest(box: Box, axis: Axis, lines: readonly Line[], targets: readonly Box[], threshold: number): number {
  let best = 0;
  let bestDistance = Infinity;
  for (const line of lines) {
    const value = lineAt(box, axis, line);
    for (const target of targets) {
      for (const targetLine of ALL_LINES) {
        const delta = lineAt(target, axis, targetLine) - value;
        if (Math.abs(delta) <= threshold && Math.abs(delta) < bestDistance) {
          best = delta;
          bestDistance = Math.abs(delta);
        }
      }
    }
  }
  return best;
}

/** The guides for the lines of `box` (those in `lines` per axis) that coincide with a target's. */
export function guidesFor(box: Box, targets: readonly Box[], lines: { readonly x: readonly Line[]; readonly y: readonly Line[] }): Guide[] {
  const guides = new Map<string, Guide>();
  for (const axis of ['x', 'y'] as const) {
    for (const line of lines[axis]) {
      const at = lineAt(box, axis, line);
      for (const target of targets) {
        if (!ALL_LINES.some((targetLine) => Math.abs(lineAt(target, axis, targetLine) - at) < EPSILON)) continue;
        const from = axis === 'x' ? Math.min(box.top, target.top) : Math.min(box.left, target.left);
        const to = axis === 'x' ? Math.max(box.top + box.height, target.top + target.height) : Math.max(box.left + box.width, target.left + target.width);
        const key = `${axis}:${at.toFixed(3)}`;
        const known = guides.get(key);
        guides.set(key, known ? { axis, at, from: Math.min(known.from, from), to: Math.max(known.to, to) } : { axis, at, from, to });
      }
    }
  }
  return [...guides.values()];
}

/** Snaps a moving box: the offset to add to it, and the guides it then shows. */
export function snapMove(moving: Box, targets: readonly Box[], threshold: number): { dx: number; dy: number; guides: Guide[] } {
  const dx = nearest(moving, 'x', ALL_LINES, targets, threshold);
  const dy = nearest(moving, 'y', ALL_LINES, targets, threshold);
  const snapped = { ...moving, left: moving.left + dx, top: moving.top + dy };
  return { dx, dy, guides: guidesFor(snapped, targets, { x: ALL_LINES, y: ALL_LINES }) };
}

/** Snaps the moving edges of a box being resized (the other edges stay), and the guides it then shows. */
export function snapResize(box: Box, edges: Edges, targets: readonly Box[], threshold: number, minSize: number): { box: Box; guides: Guide[] } {
  let { left, top } = box;
  let right = box.left + box.width;
  let bottom = box.top + box.height;
  const edge = (axis: Axis, value: number): number => {
    const probe = axis === 'x' ? { left: value, top: 0, width: 0, height: 0 } : { left: 0, top: value, width: 0, height: 0 };
    return value + nearest(probe, axis, ['start'], targets, threshold);
  };
  if (edges.left) left = Math.min(edge('x', left), right - minSize);
  if (edges.right) right = Math.max(edge('x', right), left + minSize);
  if (edges.top) top = Math.min(edge('y', top), bottom - minSize);
  if (edges.bottom) bottom = Math.max(edge('y', bottom), top + minSize);
  const snapped = { left, top, width: right - left, height: bottom - top };
  const lines = {
    x: [...(edges.left ? (['start'] as const) : []), ...(edges.right ? (['end'] as const) : [])],
    y: [...(edges.top ? (['start'] as const) : []), ...(edges.bottom ? (['end'] as const) : [])],
  };
  return { box: snapped, guides: guidesFor(snapped, targets, lines) };
}
