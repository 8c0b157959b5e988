// Breaks that grid items pass on to their container (css-grid-1 §12): "The break-before
// property on the first row and the break-after property on the last row are propagated to
// the grid container." The items of each grid's first and last rows are recorded when its
// tracks are sized, so that the break rules between the container and its siblings can read
// them once the grid has been laid out (break-before: page on the first row is applied by the
// grid itself, which moves to the next fragmentainer: fragment-rows.ts).
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';

interface EdgeRows {
  readonly first: readonly BlockLevelBox[];
  readonly last: readonly BlockLevelBox[];
}

const edgeRows = new WeakMap<BlockBox, EdgeRows>();
const NONE: EdgeRows = { first: [], last: [] };

export function recordEdgeRows(box: BlockBox, first: readonly BlockLevelBox[], last: readonly BlockLevelBox[]): void {
  edgeRows.set(box, { first, last });
}

/** The items of the grid's first row, from its last layout (none before it was laid out). */
export function firstRowItems(box: BlockBox): readonly BlockLevelBox[] {
  return (edgeRows.get(box) ?? NONE).first;
}

/** The items of the grid's last row, likewise. */
export function lastRowItems(box: BlockBox): readonly BlockLevelBox[] {
  return (edgeRows.get(box) ?? NONE).last;
}
