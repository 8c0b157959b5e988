// Relative positioning (CSS 2.1 §9.4.3): the box is shifted after layout, without moving
// anything else. Opposite offsets cancel; when both of a pair are set, left (right in rtl)
// and top win. Percentages refer to the containing block's width, or its height when that
// is definite (otherwise top and bottom percentages act as auto, §9.3.2).
import type { ComputedStyle } from '../../css/types.js';
import { resolveAuto, resolveLength } from '../box-model.js';

export interface Offset {
  readonly x: number;
  readonly y: number;
}

export function relativeOffset(style: ComputedStyle, cbWidth: number, cbHeight: number | null): Offset {
  const left = resolveAuto(style.left, cbWidth);
  const right = resolveAuto(style.right, cbWidth);
  const vertical = (v: ComputedStyle['top']) => (v === 'auto' || (v.pct !== 0 && cbHeight === null) ? null : resolveLength(v, cbHeight ?? 0));
  const top = vertical(style.top);
  const bottom = vertical(style.bottom);
  const x = style.direction === 'rtl' ? (right !== null ? -right : left ?? 0) : left ?? (right !== null ? -right : 0);
  return { x, y: top ?? (bottom !== null ? -bottom : 0) };
}

/**
 * The shift of what sits inside the relatively positioned inline boxes of `path` (outermost
 * first): their offsets add up (CSS 2.1 §9.4.3). Percentages refer to the block container's
 * width; its height is not known while its lines are built, so vertical ones count as auto.
 * Null when none of them is positioned, the common case.
 */
export function inlinePathOffset(path: readonly { readonly style: ComputedStyle }[], cbWidth: number, own?: ComputedStyle): Offset | null {
  let sum: Offset | null = null;
  for (const box of path) if (box.style.position === 'relative') sum = plus(sum, relativeOffset(box.style, cbWidth, null));
  if (own?.position === 'relative') sum = plus(sum, relativeOffset(own, cbWidth, null));
  return sum;
}

function plus(a: Offset | null, b: Offset): Offset {
  return a ? { x: a.x + b.x, y: a.y + b.y } : b;
}
