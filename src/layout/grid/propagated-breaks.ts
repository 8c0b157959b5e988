// Breaks that grid items pass on to their container (css-grid-1 §12): "the break-after
// property on the last row [is] propagated to the grid container". The items of each grid's
// last row are recorded when its tracks are sized, so that the break rules between the
// container and its next sibling can read them once the grid has been laid out.
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';

const lastRows = new WeakMap<BlockBox, readonly BlockLevelBox[]>();

export function recordLastRow(box: BlockBox, items: readonly BlockLevelBox[]): void {
  lastRows.set(box, items);
}

/** The items of the grid's last row, from its last layout (none before it was laid out). */
export function lastRowItems(box: BlockBox): readonly BlockLevelBox[] {
  return lastRows.get(box) ?? [];
}
