// Inline box metrics (CSS 2.1 §10.8.1): ascent/descent of the first available font, the
// half-leading from line-height, and baseline shifts from vertical-align.
import type { ComputedStyle } from '../../css/types.js';
import { PT_PER_PX } from '../../css/values/units.js';
import { FontRegistry } from '../../text/font-registry.js';
import { fontQueryOf } from '../../text/style-font.js';
import type { FontFace } from '../../text/types.js';

/** Font metrics of a style at its font size, pt; descent positive. */
export interface FontMetrics {
  readonly face: FontFace;
  readonly ascent: number;
  readonly descent: number;
  readonly lineGap: number;
  readonly xHeight: number;
}

const metricsCache = new WeakMap<ComputedStyle, FontMetrics>();

/** Metrics of the style's first available font (used for the inline box's content area and strut). */
export function fontMetrics(style: ComputedStyle): FontMetrics {
  let m = metricsCache.get(style);
  if (!m) {
    const face = FontRegistry.current().match(fontQueryOf(style));
    const s = style.fontSize / face.unitsPerEm;
    m = {
      face,
      ascent: roundedToCssPx(face.ascent * s),
      descent: roundedToCssPx(face.descent * s),
      lineGap: roundedToCssPx(face.lineGap * s),
      xHeight: (face.xHeight || face.unitsPerEm * 0.5) * s,
    };
    metricsCache.set(style, m);
  }
  return m;
}

/**
 * Line metrics rounded to CSS px as Blink does: Chromium rounds a font's ascent, descent and
 * line gap to whole px (SimpleFontData::PlatformInit), so `line-height: normal` line boxes are
 * whole px tall and baselines sit on whole px. Pages written against it (boxes of fixed height
 * beside lines of text) only line up with the same rounding.
 */
function roundedToCssPx(pt: number): number {
  return Math.round(pt / PT_PER_PX) * PT_PER_PX;
}

/** The used line-height of a style, pt (`normal` uses the font's ascent + descent + line gap). */
export function usedLineHeight(style: ComputedStyle): number {
  const lh = style.lineHeight;
  if (lh.kind === 'number') return lh.value * style.fontSize;
  if (lh.kind === 'length') return lh.value;
  const m = fontMetrics(style);
  return m.ascent + m.descent + m.lineGap;
}

/** The layout bounds of an inline box around its baseline: [top, bottom], y down, baseline at 0. */
export function layoutBounds(style: ComputedStyle): { top: number; bottom: number } {
  const m = fontMetrics(style);
  const halfLeading = (usedLineHeight(style) - (m.ascent + m.descent)) / 2;
  return { top: -(m.ascent + halfLeading), bottom: m.descent + halfLeading };
}

/**
 * Baseline shift of an inline box relative to its parent's baseline (positive = down), for
 * the vertical-align values that align to the parent (CSS 2.1 §10.8.1). `top` and `bottom`
 * align to the line box and are handled by the line builder; they shift 0 here.
 */
export function baselineShift(style: ComputedStyle, parent: ComputedStyle): number {
  const va = style.verticalAlign;
  if (va === 'baseline' || va === 'top' || va === 'bottom') return 0;
  const bounds = layoutBounds(style);
  return atomicShift(style, parent, bounds.top, bounds.bottom);
}

/** The baseline shift of a box whose bounds are [top, bottom] around its own baseline (atomic inlines, and inline boxes through baselineShift). */
export function atomicShift(style: ComputedStyle, parent: ComputedStyle, top: number, bottom: number): number {
  const va = style.verticalAlign;
  if (typeof va === 'object') return -(va.abs + (va.pct / 100) * usedLineHeight(style));
  switch (va) {
    case 'baseline': case 'top': case 'bottom': return 0;
    case 'sub': return parent.fontSize / 5;
    case 'super': return -parent.fontSize / 3;
    case 'text-top': return -fontMetrics(parent).ascent - top;
    case 'text-bottom': return fontMetrics(parent).descent - bottom;
    case 'middle': return -fontMetrics(parent).xHeight / 2 - (top + bottom) / 2;
  }
}
