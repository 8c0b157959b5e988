// Replaced elements (CSS 2.1 §10.3.2, §10.4, §10.6.2): the used size of an image from its
// intrinsic size and ratio, the specified width/height and min/max; and where the image is
// drawn inside that box (css-images-3 §5.5 object-fit, §5.6 object-position).
//
// The HTML width/height attributes arrive as CSS width/height (presentational hints), so an
// author's `height: auto` overrides the attribute, as in browsers (`max-width: 100%;
// height: auto` keeps the image's ratio).
import type { ReplacedBox } from '../boxes/types.js';
import type { ObjectFit, ObjectPosition } from '../css/properties/object.js';
import type { LengthPercentage } from '../css/types.js';
import { horizontalFrame, maxWidthOrNone, minWidthOrZero, resolveAuto, resolveLength, resolveNone, verticalFrame, widthOrAuto } from './box-model.js';

/**
 * Used content-box size of a replaced box in a containing block `cbWidth` wide; `cbHeight`
 * when the containing block's height is definite (an absolutely positioned box's), which
 * percentage heights then resolve against.
 */
export function replacedSize(box: ReplacedBox, cbWidth: number, cbHeight: number | null = null): { width: number; height: number } {
  const s = box.style;
  const borderBox = s.boxSizing === 'border-box';
  const frameW = borderBox ? horizontalFrame(s, cbWidth) : 0;
  const frameH = borderBox ? verticalFrame(box.style, cbWidth) : 0;
  const content = (value: number, frame: number) => Math.max(0, value - frame);
  // A replaced box's min- and max-content widths are its natural width: keywords act as auto.
  const cssW = resolveAuto(widthOrAuto(s.width), cbWidth);
  // A percentage height against an indefinite containing block height behaves as auto (CSS 2.1 §10.5).
  const heightOf = (value: LengthPercentage): number | null => (value.pct === 0 ? value.abs : cbHeight === null ? null : resolveLength(value, cbHeight));
  const cssH = s.height === 'auto' ? null : heightOf(s.height);
  const specW = cssW !== null ? content(cssW, frameW) : null;
  const specH = cssH !== null ? content(cssH, frameH) : null;
  const minW = content(resolveLength(minWidthOrZero(s.minWidth), cbWidth), frameW);
  const maxW = Math.max(minW, content(resolveNone(maxWidthOrNone(s.maxWidth), cbWidth), frameW));
  const minH = content(heightOf(s.minHeight) ?? 0, frameH);
  const maxH = Math.max(minH, s.maxHeight === 'none' ? Infinity : content(heightOf(s.maxHeight) ?? Infinity, frameH));
  const clampW = (w: number) => Math.min(Math.max(w, minW), maxW);
  const clampH = (h: number) => Math.min(Math.max(h, minH), maxH);
  const iw = box.intrinsicWidth;
  const ih = box.intrinsicHeight;
  const ratio = box.natural === 'no-ratio' ? null : iw > 0 && ih > 0 ? iw / ih : 1;
  if (specW === null && specH === null) {
    if (box.natural !== 'ratio-only' || ratio === null) return constrainRatio(iw, ih, minW, maxW, minH, maxH);
    const margins = (resolveAuto(s.marginLeft, cbWidth) ?? 0) + (resolveAuto(s.marginRight, cbWidth) ?? 0);
    const width = clampW(Math.max(0, cbWidth - margins - horizontalFrame(s, cbWidth)));
    return { width, height: clampH(width / ratio) };
  }
  if (specH === null) {
    // The height follows the used (clamped) width, then is clamped itself.
    const width = clampW(specW!);
    return { width, height: clampH(ratio === null ? ih : width / ratio) };
  }
  if (specW === null) {
    const height = clampH(specH);
    return { width: clampW(ratio === null ? iw : height * ratio), height };
  }
  return { width: clampW(specW), height: clampH(specH) };
}

/**
 * Min- and max-content contributions of a replaced box's content width (css-sizing-3 §5.2.2):
 * a percentage width or max-width cannot be resolved while the container is being sized, so
 * the image is compressible (min-content 0) and its max-content size ignores the percentage.
 * Resolved against 0 instead, `max-width: 100%` gives an image in a table cell or an
 * inline-block no width at all. Not wired in yet: intrinsic.ts (compute(), and inline
 * content's atomic pieces, measured by layoutAtomic at width 0) should use it.
 */
export function replacedContributions(box: ReplacedBox): { min: number; max: number } {
  const s = box.style;
  const width = widthOrAuto(s.width);
  const maxWidth = maxWidthOrNone(s.maxWidth);
  const pctWidth = width !== 'auto' && width.pct !== 0;
  const pctMax = maxWidth !== 'none' && maxWidth.pct !== 0;
  if (!pctWidth && !pctMax) {
    const { width } = replacedSize(box, 0);
    return { min: width, max: width };
  }
  const style = { ...s, width: pctWidth ? 'auto' : s.width, maxWidth: pctMax ? 'none' : s.maxWidth } as const;
  return { min: 0, max: replacedSize({ ...box, style }, 0).width };
}

/**
 * CSS 2.1 §10.4's table for width and height both auto: the intrinsic size scaled to meet
 * min/max while keeping its ratio where the constraints allow (max already ≥ min).
 */
export function constrainRatio(w: number, h: number, minW: number, maxW: number, minH: number, maxH: number): { width: number; height: number } {
  const size = (width: number, height: number) => ({ width, height });
  if (w <= 0 || h <= 0) return size(Math.min(Math.max(w, minW), maxW), Math.min(Math.max(h, minH), maxH));
  if (w > maxW && h > maxH) return maxW / w <= maxH / h ? size(maxW, Math.max(minH, (maxW * h) / w)) : size(Math.max(minW, (maxH * w) / h), maxH);
  if (w < minW && h < minH) return minW / w <= minH / h ? size(Math.min(maxW, (minH * w) / h), minH) : size(minW, Math.min(maxH, (minW * h) / w));
  if (w < minW && h > maxH) return size(minW, maxH);
  if (w > maxW && h < minH) return size(maxW, minH);
  if (w > maxW) return size(maxW, Math.max((maxW * h) / w, minH));
  if (w < minW) return size(minW, Math.min((minW * h) / w, maxH));
  if (h > maxH) return size(Math.max((maxH * w) / h, minW), maxH);
  if (h < minH) return size(Math.min((minH * w) / h, maxW), minH);
  return size(w, h);
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Where the image is drawn, relative to the content box's top-left corner: its size from
 * object-fit (css-images-3 §5.5) and its offset from object-position (§5.6, percentages of
 * the space left over, which is negative when the image overflows). The caller clips to the
 * content box when the rectangle reaches outside it.
 */
export function objectFitRect(fit: ObjectFit, position: ObjectPosition, boxWidth: number, boxHeight: number, intrinsicWidth: number, intrinsicHeight: number): Rect {
  let width = boxWidth;
  let height = boxHeight;
  if (fit !== 'fill' && intrinsicWidth > 0 && intrinsicHeight > 0) {
    const contain = Math.min(boxWidth / intrinsicWidth, boxHeight / intrinsicHeight);
    const scale =
      fit === 'contain' ? contain
      : fit === 'cover' ? Math.max(boxWidth / intrinsicWidth, boxHeight / intrinsicHeight)
      : fit === 'none' ? 1
      : Math.min(1, contain); // scale-down: the smaller of none and contain
    width = intrinsicWidth * scale;
    height = intrinsicHeight * scale;
  }
  return {
    x: resolveLength(position.x, boxWidth - width),
    y: resolveLength(position.y, boxHeight - height),
    width,
    height,
  };
}
