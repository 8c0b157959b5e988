// Box model arithmetic (CSS 2.1 chapter 8 and §10.3.3): padding, borders, margins and the
// used width of block-level boxes in normal flow.
import type { ComputedStyle, IntrinsicSizeKeyword, LengthPercentage, LengthPercentageAuto, LengthPercentageNone } from '../css/types.js';
import type { IntrinsicSizes } from './intrinsic.js';

export interface Edges {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

export const NO_EDGES: Edges = { top: 0, right: 0, bottom: 0, left: 0 };

/** A percentage resolves against `base` (the containing block's width for margins and padding). */
export function resolveLength(value: LengthPercentage, base: number): number {
  return value.abs + (value.pct === 0 ? 0 : (value.pct / 100) * base);
}

export function resolveAuto(value: LengthPercentageAuto, base: number): number | null {
  return value === 'auto' ? null : resolveLength(value, base);
}

export function resolveNone(value: LengthPercentageNone, base: number): number {
  return value === 'none' ? Infinity : resolveLength(value, base);
}

/** True for min-content, max-content and fit-content. */
export function isIntrinsicKeyword(value: LengthPercentage | 'auto' | 'none' | IntrinsicSizeKeyword): value is IntrinsicSizeKeyword {
  return value === 'min-content' || value === 'max-content' || value === 'fit-content';
}

/** An intrinsic keyword's content-box width (css-sizing-3 §3.1): fit-content is the content's size fitted to `available`. */
export function intrinsicWidth(keyword: IntrinsicSizeKeyword, sizes: IntrinsicSizes, available: number): number {
  if (keyword === 'min-content') return sizes.min;
  if (keyword === 'max-content') return sizes.max;
  return Math.min(Math.max(sizes.min, available), sizes.max);
}

/** A width where intrinsic keywords do not apply (tables, replaced boxes, margin boxes): they act as auto. */
export function widthOrAuto(value: LengthPercentageAuto | IntrinsicSizeKeyword): LengthPercentageAuto {
  return isIntrinsicKeyword(value) ? 'auto' : value;
}

/** A min-width where intrinsic keywords do not apply: 0 (as auto). */
export function minWidthOrZero(value: LengthPercentage | IntrinsicSizeKeyword): LengthPercentage {
  return isIntrinsicKeyword(value) ? { abs: 0, pct: 0 } : value;
}

/** A max-width where intrinsic keywords do not apply: none. */
export function maxWidthOrNone(value: LengthPercentageNone | IntrinsicSizeKeyword): LengthPercentageNone {
  return isIntrinsicKeyword(value) ? 'none' : value;
}

export function paddingOf(style: ComputedStyle, cbWidth: number): Edges {
  return {
    top: resolveLength(style.paddingTop, cbWidth),
    right: resolveLength(style.paddingRight, cbWidth),
    bottom: resolveLength(style.paddingBottom, cbWidth),
    left: resolveLength(style.paddingLeft, cbWidth),
  };
}

/** Left and right padding plus border: what a box adds around its content width. */
export function horizontalFrame(style: ComputedStyle, cbWidth: number): number {
  const p = paddingOf(style, cbWidth);
  return p.left + p.right + style.borderLeftWidth + style.borderRightWidth;
}

/** Top and bottom padding plus border: what a box adds around its content height. */
export function verticalFrame(style: ComputedStyle, cbWidth: number): number {
  const p = paddingOf(style, cbWidth);
  return p.top + p.bottom + style.borderTopWidth + style.borderBottomWidth;
}

export function borderOf(style: ComputedStyle): Edges {
  return { top: style.borderTopWidth, right: style.borderRightWidth, bottom: style.borderBottomWidth, left: style.borderLeftWidth };
}

/** Block-axis margins; `auto` is 0 there (CSS 2.1 §10.6.3). */
export function blockMargins(style: ComputedStyle, cbWidth: number): { top: number; bottom: number } {
  return { top: resolveAuto(style.marginTop, cbWidth) ?? 0, bottom: resolveAuto(style.marginBottom, cbWidth) ?? 0 };
}

/** Used inline-axis geometry of a block-level box: margins and the content-box width. */
export interface InlineGeometry {
  readonly marginLeft: number;
  readonly marginRight: number;
  readonly contentWidth: number;
}

/**
 * CSS 2.1 §10.3.3 (and §10.4 for min/max): solve margin-left + border + padding + width +
 * margin-right = containing block width. `autoWidth` gives the width when `width: auto` for
 * boxes that shrink to fit (inline-blocks) instead of filling the line. `intrinsic` gives the
 * content's min- and max-content widths, which the keywords of css-sizing-3 §3.1 stand for;
 * without it they act as auto (none, 0 for the limits). `cbDirection` is the containing
 * block's direction: its end margin gives way when the values are over-constrained.
 */
export function solveInlineGeometry(
  style: ComputedStyle,
  cbWidth: number,
  autoWidth?: (available: number) => number,
  intrinsic?: () => IntrinsicSizes,
  cbDirection: 'ltr' | 'rtl' = style.direction,
): InlineGeometry {
  // Inlined arithmetic, no closures: this runs for every block-level box (a table cell, a paragraph).
  const frame = resolveLength(style.paddingLeft, cbWidth) + resolveLength(style.paddingRight, cbWidth) + style.borderLeftWidth + style.borderRightWidth;
  const ml = resolveAuto(style.marginLeft, cbWidth);
  const mr = resolveAuto(style.marginRight, cbWidth);
  const available = Math.max(0, cbWidth - (ml ?? 0) - (mr ?? 0) - frame);
  // Keywords are content-box sizes already: box-sizing does not apply to them.
  const styleWidth = style.width;
  let specified: number | null;
  if (isIntrinsicKeyword(styleWidth)) specified = intrinsic ? intrinsicWidth(styleWidth, intrinsic(), available) : null;
  else specified = styleWidth === 'auto' ? null : toContentSize(style, frame, resolveLength(styleWidth, cbWidth));
  let width: number;
  // Auto margins are 0 when the width fills the line or shrinks to fit (CSS 2.1 §10.3.3, §10.3.9).
  let marginsAreZero = specified === null;
  // Shrink-to-fit is min(max(min-content, available), max-content) (CSS 2.1 §10.3.5): wider than
  // the space when the min-content width is.
  if (specified === null) width = autoWidth ? autoWidth(available) : available;
  else width = specified;
  const maxWidth = style.maxWidth;
  const minWidth = style.minWidth;
  const max = isIntrinsicKeyword(maxWidth) ? (intrinsic ? intrinsicWidth(maxWidth, intrinsic(), available) : Infinity) : toContentSize(style, frame, resolveNone(maxWidth, cbWidth));
  const min = isIntrinsicKeyword(minWidth) ? (intrinsic ? intrinsicWidth(minWidth, intrinsic(), available) : 0) : toContentSize(style, frame, resolveLength(minWidth, cbWidth));
  const clamped = Math.max(min, Math.min(width, max));
  if (clamped !== width && !autoWidth) marginsAreZero = false;
  width = clamped;
  return solveMargins(ml, mr, cbWidth - width - frame, marginsAreZero, cbDirection, width);
}

/** A specified width or height as a content-box size, `frame` being the padding and border along that axis. */
function toContentSize(style: ComputedStyle, frame: number, w: number): number {
  return style.boxSizing === 'border-box' ? Math.max(0, w - frame) : w;
}

/**
 * Distributes the inline space left over between auto margins; over-constrained, the end
 * margin gives: margin-right in ltr, margin-left in rtl (CSS 2.1 §10.3.3).
 */
function solveMargins(ml: number | null, mr: number | null, space: number, widthFills: boolean, direction: 'ltr' | 'rtl', contentWidth: number): InlineGeometry {
  if (widthFills) return { marginLeft: ml ?? 0, marginRight: mr ?? 0, contentWidth };
  if (ml === null && mr === null) return { marginLeft: Math.max(0, space / 2), marginRight: Math.max(0, space / 2), contentWidth };
  if (ml === null || (mr !== null && direction === 'rtl')) return { marginLeft: space - (mr ?? 0), marginRight: mr ?? 0, contentWidth };
  return { marginLeft: ml, marginRight: space - ml, contentWidth };
}

/**
 * A height, min-height or max-height in pt: a percentage resolves against the containing
 * block's definite height `base` (CSS 2.1 §10.5), or is null when that height is not definite.
 */
function resolveHeight(value: LengthPercentage, base: number | null): number | null {
  if (value.pct === 0) return value.abs;
  return base === null ? null : resolveLength(value, base);
}

/**
 * Used content height from `height`, `min-height` and `max-height` and the content's own
 * height. `percentageBase` is the containing block's definite height, null when it has none:
 * then percentages act as auto (none for max-height, 0 for min-height).
 */
export function resolveContentHeight(style: ComputedStyle, contentHeight: number, frame: number, percentageBase: number | null = null): number {
  const h = style.height === 'auto' ? null : resolveHeight(style.height, percentageBase);
  let height = h === null ? contentHeight : toContentSize(style, frame, h);
  const maxValue = style.maxHeight === 'none' ? null : resolveHeight(style.maxHeight, percentageBase);
  const max = maxValue === null ? Infinity : toContentSize(style, frame, maxValue);
  const minValue = resolveHeight(style.minHeight, percentageBase);
  const min = minValue === null ? 0 : toContentSize(style, frame, minValue);
  height = Math.max(min, Math.min(height, max));
  return height;
}

/**
 * The content height when it does not depend on the content (a length, or a percentage of a
 * definite height), after min/max; null when it does. Percentages inside resolve against it.
 */
export function definiteContentHeight(style: ComputedStyle, frame: number, percentageBase: number | null): number | null {
  if (style.height === 'auto' || resolveHeight(style.height, percentageBase) === null) return null;
  return resolveContentHeight(style, 0, frame, percentageBase);
}

/** True when the box's height does not depend on its content. */
export function hasFixedHeight(style: ComputedStyle, percentageBase: number | null = null): boolean {
  return style.height !== 'auto' && resolveHeight(style.height, percentageBase) !== null;
}
