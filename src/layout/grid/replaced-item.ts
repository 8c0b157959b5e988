// A replaced grid item's size (css-grid-1 §6.2, css-align-3 §6.1): `stretch` (not `normal`,
// which acts as start for replaced boxes) fills the grid area in an axis where its size is
// auto and neither margin is auto, clamped by min/max; a box with an aspect ratio then
// takes its other size through the ratio when that one is not stretched too. Percentage
// heights resolve against the area's height (its containing block's, css-grid-1 §6.1).
import type { ReplacedBox } from '../../boxes/types.js';
import type { AlignmentKeyword, LengthPercentage } from '../../css/types.js';
import { blockMargins, horizontalFrame, maxWidthOrNone, minWidthOrZero, resolveAuto, resolveLength, resolveNone, verticalFrame } from '../box-model.js';
import { replacedSize } from '../replaced.js';

/**
 * The item's content-box size in an area `width` × `height` (height null while rows are
 * being sized: percentages then act as auto and nothing stretches in the block axis yet).
 */
export function replacedItemSize(box: ReplacedBox, width: number, height: number | null, justify: AlignmentKeyword, align: AlignmentKeyword): { width: number; height: number } {
  const s = box.style;
  const inline = justify === 'stretch' && s.width === 'auto' && s.marginLeft !== 'auto' && s.marginRight !== 'auto';
  const block = height !== null && align === 'stretch' && s.height === 'auto' && s.marginTop !== 'auto' && s.marginBottom !== 'auto';
  const own = replacedSize(box, width, height);
  if (!inline && !block) return own;
  const frameW = horizontalFrame(s, width);
  const frameH = verticalFrame(s, width);
  const minW = Math.max(0, resolveLength(minWidthOrZero(s.minWidth), width) - (s.boxSizing === 'border-box' ? frameW : 0));
  const maxW = Math.max(minW, resolveNone(maxWidthOrNone(s.maxWidth), width) - (s.boxSizing === 'border-box' ? frameW : 0));
  const heightOf = (v: LengthPercentage) => (v.pct === 0 || height !== null ? resolveLength(v, height ?? 0) : 0);
  const minH = Math.max(0, heightOf(s.minHeight) - (s.boxSizing === 'border-box' ? frameH : 0));
  const maxH = Math.max(minH, (s.maxHeight === 'none' ? Infinity : heightOf(s.maxHeight)) - (s.boxSizing === 'border-box' ? frameH : 0));
  const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);
  const m = blockMargins(s, width);
  const w = inline ? clamp(width - (resolveAuto(s.marginLeft, width) ?? 0) - (resolveAuto(s.marginRight, width) ?? 0) - frameW, minW, maxW) : undefined;
  const h = block ? clamp(height! - m.top - m.bottom - frameH, minH, maxH) : undefined;
  if (w !== undefined && h !== undefined) return { width: w, height: h };
  const ratio = box.natural === 'no-ratio' || box.intrinsicWidth <= 0 || box.intrinsicHeight <= 0 ? null : box.intrinsicWidth / box.intrinsicHeight;
  // Without a ratio, the other size is the box's own (its natural or specified one).
  if (ratio === null) return { width: w ?? own.width, height: h ?? own.height };
  if (w !== undefined) return { width: w, height: s.height === 'auto' ? clamp(w / ratio, minH, maxH) : own.height };
  return { width: s.width === 'auto' ? clamp(h! * ratio, minW, maxW) : own.width, height: h! };
}
