// The static position of an absolutely positioned child of a grid or flex container (css-align-3
// Appendix A): aligned in its static-position rectangle by the container's own rules — as the
// sole item of its grid area (css-grid-1 §9.2) or as the sole flex item (css-flexbox-1 §4.1).
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import { flexStaticShift } from '../flex/static-position.js';
import { gridStaticShift } from '../grid/abspos-area.js';
import type { BoxFragment } from '../types.js';

/** How far `laid`, laid out at the start of `rect`, moves to its aligned static position. */
export function staticAlignmentShift(container: BlockBox, child: BlockLevelBox, rect: { x: number; y: number; width: number; height: number }, laid: BoxFragment): { dx: number; dy: number } {
  return container.content.kind === 'flex' ? flexStaticShift(container, child, rect, laid) : gridStaticShift(container, child, rect, laid);
}
