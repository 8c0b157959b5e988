// The static position of an absolutely positioned child of a flex container (css-flexbox-1
// §4.1): where it would be as the container's sole flex item, its auto margins taken as zero
// — placed in the content box by justify-content on the main axis and align-self on the cross
// axis (css-align-3 Appendix A). Layout records each container's content box when it lays the
// container out; positioned layout, which runs right after on the same fragment, reads it here.
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import type { AlignmentKeyword } from '../../css/types.js';
import { blockMargins, resolveAuto } from '../box-model.js';
import type { BoxFragment } from '../types.js';
import { isRowDirection } from './yoga-style.js';

/** Where the content box starts in the border box on the first fragment, its width, and the padding below it. */
interface FlexContentBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly paddingBottom: number;
}

const contentBoxes = new WeakMap<BlockBox, FlexContentBox>();

export function recordFlexContentBox(box: BlockBox, content: FlexContentBox): void {
  contentBoxes.set(box, content);
}

/** The content box of flex container fragment `f`, relative to its border box: the rectangle its absolutely positioned children are aligned in. */
export function flexContentBox(box: BlockBox, f: BoxFragment): { x: number; y: number; width: number; height: number } {
  const s = box.style;
  const c = contentBoxes.get(box) ?? { x: s.borderLeftWidth, y: s.borderTopWidth, width: Math.max(0, f.width - s.borderLeftWidth - s.borderRightWidth), paddingBottom: 0 };
  const y = f.isFirst ? c.y : 0;
  return { x: c.x, y, width: c.width, height: Math.max(0, f.height - y - (f.isLast ? c.paddingBottom + s.borderBottomWidth : 0)) };
}

/** Which physical end each kind of start keyword means in one axis: true when it is the right or bottom. */
interface AxisStarts {
  readonly flexStartAtEnd: boolean;
  readonly startAtEnd: boolean;
  readonly selfStartAtEnd: boolean;
  /** left/right are physical in the horizontal axis; in the vertical one they mean start (css-align-3 §4.2). */
  readonly horizontal: boolean;
}

/** The offset of a margin box leaving `free` room, from the axis' physical start; `safe` aligns an overflowing box at start (css-align-3 §4.4). */
function offset(align: AlignmentKeyword, safe: boolean, free: number, axis: AxisStarts): number {
  let atEnd: boolean;
  switch (safe && free < 0 ? 'start' : align) {
    case 'center':
    case 'space-around':
    case 'space-evenly':
      // A distribution with one item falls back to center, or to flex-start below (css-align-3 §5.1).
      return free / 2;
    case 'flex-end':
    case 'last baseline':
      atEnd = !axis.flexStartAtEnd;
      break;
    case 'start':
      atEnd = axis.startAtEnd;
      break;
    case 'end':
      atEnd = !axis.startAtEnd;
      break;
    case 'self-start':
      atEnd = axis.selfStartAtEnd;
      break;
    case 'self-end':
      atEnd = !axis.selfStartAtEnd;
      break;
    case 'left':
    case 'right':
      atEnd = axis.horizontal ? align === 'right' : axis.startAtEnd;
      break;
    default:
      // normal, stretch, space-between, flex-start and (first) baseline: flex-start.
      atEnd = axis.flexStartAtEnd;
  }
  return atEnd ? free : 0;
}

/**
 * How far an absolutely positioned child of `container` whose insets are auto in an axis moves
 * from the start of `rect`, the container's content box; `laid` was laid out at the
 * rectangle's start, in the rectangle's coordinates.
 */
export function flexStaticShift(container: BlockBox, child: BlockLevelBox, rect: { x: number; y: number; width: number; height: number }, laid: BoxFragment): { dx: number; dy: number } {
  const c = container.style;
  const s = child.style;
  const row = isRowDirection(c);
  const reverse = c.flexDirection === 'row-reverse' || c.flexDirection === 'column-reverse';
  const wrapReverse = c.flexWrap === 'wrap-reverse';
  const rtl = c.direction === 'rtl';
  const horizontal: AxisStarts = { flexStartAtEnd: rtl !== (row ? reverse : wrapReverse), startAtEnd: rtl, selfStartAtEnd: s.direction === 'rtl', horizontal: true };
  const vertical: AxisStarts = { flexStartAtEnd: row ? wrapReverse : reverse, startAtEnd: false, selfStartAtEnd: false, horizontal: false };
  const self = s.alignSelf === 'auto' ? c.alignItems : s.alignSelf;
  const selfSafe = s.alignSelf === 'auto' ? c.alignItemsSafe : s.alignSelfSafe;
  let dx = 0;
  if (s.left === 'auto' && s.right === 'auto') {
    const size = laid.x - rect.x + laid.width + (resolveAuto(s.marginRight, rect.width) ?? 0);
    dx = offset(row ? c.justifyContent : self, row ? c.justifyContentSafe : selfSafe, rect.width - size, horizontal);
  }
  let dy = 0;
  if (s.top === 'auto' && s.bottom === 'auto') {
    const size = laid.y - rect.y + laid.height + blockMargins(s, rect.width).bottom;
    dy = offset(row ? self : c.justifyContent, row ? selfSafe : c.justifyContentSafe, rect.height - size, vertical);
  }
  return { dx, dy };
}

