// What a pointer gesture on a page does, in points from the page's top-left (DOM-free): moving
// the selected fields together (onto the page under the pointer), resizing one by a handle, a
// marquee's hits. Moves and resizes snap to the page's other fields and stay inside the page.
import { MIN_FIELD_SIZE } from './fieldTypes.js';
import { clampBox, intersects, translateBox, unionBox } from './geometry.js';
import { guidesFor, snapMove, snapResize, type Edges, type Guide } from './snapping.js';
import type { Box, PageSize } from './types.js';

export type Handle = 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w' | 'nw';
export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

export function handleEdges(handle: Handle): Edges {
  return { top: handle.includes('n'), bottom: handle.includes('s'), left: handle.includes('w'), right: handle.includes('e') };
}

const ALL = ['start', 'centre', 'end'] as const;

/**
 * The offset for moving boxes `moving` by (dx, dy): snapped so that the group's edges or centre
 * meet another field's within `threshold`, then limited so that the group stays in the page.
 */
export function moveOffset(moving: readonly Box[], others: readonly Box[], dx: number, dy: number, page: PageSize, threshold: number): { dx: number; dy: number; guides: Guide[] } {
  const group = unionBox(moving);
  if (!group) return { dx: 0, dy: 0, guides: [] };
  const snap = snapMove(translateBox(group, dx, dy), others, threshold);
  const placed = clampBox(translateBox(group, dx + snap.dx, dy + snap.dy), page);
  return { dx: placed.left - group.left, dy: placed.top - group.top, guides: guidesFor(placed, others, { x: ALL, y: ALL }) };
}

/** The box resized by dragging `handle` by (dx, dy): inside the page, at least MIN_FIELD_SIZE, its moving edges snapped. */
export function resizeBox(box: Box, handle: Handle, dx: number, dy: number, others: readonly Box[], page: PageSize, threshold: number): { box: Box; guides: Guide[] } {
  const edges = handleEdges(handle);
  const clampX = (x: number) => Math.min(Math.max(x, 0), page.width);
  const clampY = (y: number) => Math.min(Math.max(y, 0), page.height);
  const right0 = box.left + box.width;
  const bottom0 = box.top + box.height;
  const left = edges.left ? Math.min(clampX(box.left + dx), right0 - MIN_FIELD_SIZE) : box.left;
  const right = edges.right ? Math.max(clampX(right0 + dx), box.left + MIN_FIELD_SIZE) : right0;
  const top = edges.top ? Math.min(clampY(box.top + dy), bottom0 - MIN_FIELD_SIZE) : box.top;
  const bottom = edges.bottom ? Math.max(clampY(bottom0 + dy), box.top + MIN_FIELD_SIZE) : bottom0;
  const snapped = snapResize({ left, top, width: right - left, height: bottom - top }, edges, others, threshold, MIN_FIELD_SIZE);
  return { box: clampBox(snapped.box, page), guides: snapped.guides };
}

/** The ids of the boxes a marquee touches. */
export function marqueeHits(marquee: Box, boxes: readonly { readonly id: string; readonly box: Box }[]): string[] {
  return boxes.filter(({ box }) => intersects(marquee, box)).map(({ id }) => id);
}

/**
 * The page a dragged selection goes to with the pointer at `point`: the one whose box holds it,
 * else the nearest (across the gap between pages, or beside them); `current` on a tie or when
 * there are no pages. Boxes and point in the same units (CSS pixels on screen).
 */
export function pageUnder(point: { readonly x: number; readonly y: number }, pages: readonly { readonly pageNum: number; readonly box: Box }[], current: number): number {
  let best = current;
  let bestDistance = Infinity;
  for (const { pageNum, box } of pages) {
    const dx = Math.max(box.left - point.x, 0, point.x - (box.left + box.width));
    const dy = Math.max(box.top - point.y, 0, point.y - (box.top + box.height));
    const distance = Math.hypot(dx, dy);
    if (distance < bestDistance || (distance === bestDistance && pageNum === current)) {
      best = pageNum;
      bestDistance = distance;
    }
  }
  return best;
}
