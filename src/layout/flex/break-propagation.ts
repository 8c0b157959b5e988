// Forced breaks that a flex container takes from its items (css-flexbox-1 §12): in a column,
// the break-before of its first item and the break-after of its last; in a row, those of the
// items of its first and last lines. Which items share a line is known only after layout, so
// in a multi-line row the first and last items stand for their lines here (the container
// itself propagates any item's break to its line, fragment-row.ts); in a single-line row
// every item is on the one line. Items are taken in order-modified document order (§5.4).
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import { isRowDirection } from './yoga-style.js';

/** The items whose break-before (`start`) or break-after (`end`) passes to the flex container. */
export function propagatingItems(box: BlockBox, side: 'start' | 'end'): readonly BlockLevelBox[] {
  if (box.content.kind !== 'flex') return [];
  const items = box.content.items.filter((b) => b.kind !== 'block' || (b.absolute === undefined && b.running === undefined));
  if (isRowDirection(box.style) && box.style.flexWrap === 'nowrap') return items;
  // The first (last) of the lowest (highest) `order`: one pass, no sort.
  let pick: BlockLevelBox | undefined;
  for (const b of items) {
    if (pick === undefined || (side === 'start' ? b.style.order < pick.style.order : b.style.order >= pick.style.order)) pick = b;
  }
  return pick === undefined ? [] : [pick];
}
