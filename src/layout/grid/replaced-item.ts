// A replaced grid item's size (css-grid-1 §6.2, css-align-3 §6.1): `stretch` (not `normal`,
// which acts as start for replaced boxes) fills the grid area in an axis where its size is
// auto and neither margin is auto, clamped by min/max; a box with an aspect ratio then
// takes its other size through the ratio when that one is not stretched too.
import type { ReplacedBox } from '../../boxes/types.js';
import type { AlignmentKeyword, LengthPercentage } from '../../css/types.js';
import { blockMargins, horizontalFrame, maxWidthOrNone, minWidthOrZero, resolveAuto, resolveLength, resolveNone, verticalFrame } from '../box-model.js';
import { replacedSize } from '../replaced.js';

/** The content-box size a stretched replaced item takes; undefined in an axis not stretched (its own sizing applies). */
export interface StretchedSize {
  readonly width: number | undefined;
  readonly height: number | undefined;
}

const NOT_STRETCHED: StretchedSize = { width: undefined, height: undefined };

/** `height` is the grid area's (null while rows are being sized: nothing stretches in the block axis yet). */
export function stretchedReplacedSize(box: ReplacedBox, width: number, height: number | null, justify: AlignmentKeyword, align: AlignmentKeyword): StretchedSize {
  const s = box.style;
  const inline = justify === 'stretch' && s.width === 'auto' && s.marginLeft !== 'auto' && s.marginRight !== 'auto';
  const block = height !== null && align === 'stretch' && s.height === 'auto' && s.marginTop !== 'auto' && s.marginBottom !== 'auto';
  if (!inline && !block) return NOT_STRETCHED;
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
  if (ratio === null) {
    // No ratio: the other size is the box's own (its natural or specified one).
    const own = replacedSize(box, width, height);
    return { width: w ?? own.width, height: h ?? own.height };
  }
  if (w !== undefined) return { width: w, height: s.height === 'auto' ? clamp(w / ratio, minH, maxH) : undefined };
  return { width: s.width === 'auto' ? clamp(h! * ratio, minW, maxW) : undefined, height: h };
}
