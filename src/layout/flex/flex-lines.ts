// The flex lines of a row container laid out whole (css-flexbox-1 §9.3), read back from the
// positions yoga gave its items: a line's items follow each other along the main axis, so a
// line starts where an item's margin box begins before the previous item's ends. Lines are
// returned in block-axis order (wrap-reverse stacks them upwards), the order in which they
// meet fragmentainer breaks. A multi-line column's lines stand side by side: for breaking in
// the block axis, the whole container is one line, its items fragmenting in parallel.
import type { ComputedStyle } from '../../css/types.js';
import type { PlacedItem } from './layout-flex.js';
import { isRowDirection } from './yoga-style.js';

export interface FlexLine {
  /** Its items: [first, end) of the container's items in order-modified document order. */
  readonly first: number;
  readonly end: number;
  /** Its block-axis extent in the content box: the top and bottom of its items' margin boxes. */
  readonly top: number;
  readonly bottom: number;
}

const EPSILON = 1e-3;

/** The lines, across the block axis, of a container whose items are `items` and whose content height is `height`. */
export function blockAxisLines(items: readonly PlacedItem[], style: ComputedStyle, height: number): FlexLine[] {
  if (items.length === 0) return [];
  // A single-line row's line is its whole content box (§9.4 step 15).
  if (style.flexWrap === 'nowrap' || !isRowDirection(style)) return [extent(items, 0, items.length, 0, height)];
  // The main axis runs right to left in a row-reverse container, or a row one in rtl.
  const reverse = (style.flexDirection === 'row-reverse') !== (style.direction === 'rtl');
  // Margin-box edges along the main axis, measured from the main-start side.
  const start = (p: PlacedItem) => (reverse ? -(p.x + p.fragment.width + p.marginRight) : p.x - p.marginLeft);
  const end = (p: PlacedItem) => (reverse ? -(p.x - p.marginLeft) : p.x + p.fragment.width + p.marginRight);
  const lines: FlexLine[] = [];
  let first = 0;
  for (let i = 1; i <= items.length; i++) {
    if (i < items.length && start(items[i]!) >= end(items[i - 1]!) - EPSILON) continue;
    lines.push(extent(items, first, i, Infinity, -Infinity));
    first = i;
  }
  if (style.flexWrap === 'wrap-reverse') lines.reverse();
  return lines;
}

function extent(items: readonly PlacedItem[], first: number, end: number, top: number, bottom: number): FlexLine {
  for (let i = first; i < end; i++) {
    const p = items[i]!;
    top = Math.min(top, p.y - p.marginTop);
    bottom = Math.max(bottom, p.y + p.fragment.height + p.marginBottom);
  }
  return { first, end, top, bottom };
}
