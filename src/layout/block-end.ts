// The block-end edges that a box's last fragment must hold (css-break-3 §4.4 with
// box-decoration-break: slice): the bottom padding and border of the box and of every
// ancestor that ends with it, and the bottom margins between them, which no break truncates.
// Where the content would fit but these edges would not, the break comes earlier, before the
// last line or inside or before the last child, so that the edges go on with content.
import type { BlockBox, BlockLevelBox } from '../boxes/types.js';
import { bottomAdjoinsChild, collapsedBottom, collapsesThrough, joinStruts, strutSize } from './margins.js';
import type { ConstraintSpace } from './types.js';
import { isFloating } from './float/place.js';

const EPSILON = 1e-6;

/**
 * What a box's content must leave below itself when the box ends here: the box's bottom
 * padding and border and what the box itself must leave. None when the box's end does not
 * follow its content (a fixed height).
 */
export function contentEndReserve(space: ConstraintSpace, bottomEdge: number, fixedHeight: boolean): number {
  return fixedHeight ? 0 : space.endReserve + bottomEdge;
}

/** Content that ends at `bottom` fits in `limit` together with the end edges. */
export function endFits(bottom: number, reserve: number, limit: number): boolean {
  return bottom + reserve <= limit + EPSILON;
}

/** The index of the child that ends the content (the last one that does not collapse through), or -1. */
export function lastInFlowChild(children: readonly BlockLevelBox[], width: number): number {
  let i = children.length - 1;
  // Floats are out of flow: the box's end edges follow its last in-flow child.
  while (i >= 0 && (isFloating(children[i]!) || collapsesThrough(children[i]!, width))) i--;
  return i;
}

/**
 * The end reserve of child `i` of a box whose content must leave `reserve`: only the child
 * that ends the content has one, with the bottom margins after it when they stay inside the
 * box (when they adjoin the box's own, its parent counts them).
 */
export function childEndReserve(box: BlockBox, children: readonly BlockLevelBox[], i: number, last: number, width: number, reserve: number): number {
  if (i !== last) return 0;
  if (bottomAdjoinsChild(box, width)) return reserve;
  let strut = collapsedBottom(children[i]!, width);
  for (let k = i + 1; k < children.length; k++) strut = joinStruts(strut, collapsedBottom(children[k]!, width));
  return Math.max(0, reserve + strutSize(strut));
}
