// `safe` content alignment (css-align-3 §4.4): a flex line whose items overflow the container's
// main size is packed at the start instead of where justify-content put it, and lines that
// overflow its cross size at the start instead of where align-content put them. Yoga has no
// overflow positions, so its placement is corrected afterwards.
import type { ComputedStyle } from '../../css/types.js';
import type { PlacedItem } from './layout-flex.js';

const EPSILON = 1e-3;

/** Margin-box edges of an item along one physical axis. */
function lowEdge(p: PlacedItem, horizontal: boolean): number {
  return horizontal ? p.x - p.marginLeft : p.y - p.marginTop;
}

function highEdge(p: PlacedItem, horizontal: boolean): number {
  return horizontal ? p.x + p.fragment.width + p.marginRight : p.y + p.fragment.height + p.marginBottom;
}

/**
 * Moves overflowing lines (or the set of lines) of a container laid out whole to the start
 * edge: the top of the content box, or its left (its right in rtl, where the horizontal axis
 * runs right to left). `width`, `height`: the content box.
 */
export function alignSafely(style: ComputedStyle, items: PlacedItem[], row: boolean, width: number, height: number): void {
  const rtl = style.direction === 'rtl';
  if (style.justifyContentSafe) {
    const reverse = (style.flexDirection === 'row-reverse' || style.flexDirection === 'column-reverse') !== (row && rtl);
    // Main-start-relative edges: an item starting before the previous one ends begins a new line.
    const sign = reverse ? -1 : 1;
    const start = (p: PlacedItem) => (sign > 0 ? lowEdge(p, row) : -highEdge(p, row));
    const end = (p: PlacedItem) => (sign > 0 ? highEdge(p, row) : -lowEdge(p, row));
    let first = 0;
    for (let i = 1; i <= items.length; i++) {
      if (i < items.length && start(items[i]!) >= end(items[i - 1]!) - EPSILON) continue;
      shiftIfOverflowing(items, first, i, row, row ? width : height, rtl);
      first = i;
    }
  }
  // align-content applies to multi-line containers only (§8.4).
  if (style.alignContentSafe && style.flexWrap !== 'nowrap') shiftIfOverflowing(items, 0, items.length, !row, row ? height : width, rtl);
}

/** Moves items [first, end) along one axis so that, when they overflow `size`, their extent begins at the start edge. */
function shiftIfOverflowing(items: PlacedItem[], first: number, end: number, horizontal: boolean, size: number, rtl: boolean): void {
  let low = Infinity;
  let high = -Infinity;
  for (let i = first; i < end; i++) {
    low = Math.min(low, lowEdge(items[i]!, horizontal));
    high = Math.max(high, highEdge(items[i]!, horizontal));
  }
  if (high - low <= size + EPSILON) return;
  const shift = horizontal && rtl ? size - high : -low;
  for (let i = first; i < end; i++) {
    if (horizontal) items[i]!.x += shift;
    else items[i]!.y += shift;
  }
}
