// Length units (css-values-4 §6) converted to PDF points. Every length leaves css/ in pt
// (DESIGN.md invariant 3).
import type { ComputeContext, FontUnits } from './context.js';

/** 1px = 0.75pt: CSS pixels are 1/96 in (css-values-4 §6.2), PDF points 1/72 in. */
export const PT_PER_PX = 0.75;

export const ABSOLUTE_PT: Readonly<Record<string, number>> = {
  px: PT_PER_PX,
  pt: 1,
  pc: 12,
  in: 72,
  cm: 72 / 2.54,
  mm: 72 / 25.4,
  q: 72 / 101.6,
};

/** Converts `value unit` to pt in `ctx`, or null for a unit that is not a length. */
export function toPoints(value: number, unit: string, ctx: ComputeContext): number | null {
  const absolute = ABSOLUTE_PT[unit];
  if (absolute !== undefined) return value * absolute;
  switch (unit) {
    case 'em':
      return value * ctx.fontSize;
    case 'rem':
      return value * ctx.rootFontSize;
    // From the first available font; without one, half an em, the fallback css-values-4
    // §6.1.1 allows.
    case 'ex':
      return value * (fontUnitsOf(ctx)?.ex ?? ctx.fontSize * 0.5);
    case 'ch':
      return value * (fontUnitsOf(ctx)?.ch ?? ctx.fontSize * 0.5);
    case 'ic':
      return value * ctx.fontSize;
    // Values are computed once, before pagination: every page sees the first page's area.
    case 'vw':
      return (value * ctx.viewport.width) / 100;
    case 'vh':
      return (value * ctx.viewport.height) / 100;
    case 'vmin':
      return (value * Math.min(ctx.viewport.width, ctx.viewport.height)) / 100;
    case 'vmax':
      return (value * Math.max(ctx.viewport.width, ctx.viewport.height)) / 100;
    default:
      return null;
  }
}

function fontUnitsOf(ctx: ComputeContext): FontUnits | null {
  const font = ctx.font ?? ctx.parent;
  return ctx.fontUnits?.(font.fontFamily, font.fontWeight, font.fontStyle, ctx.fontSize) ?? null;
}

/** True if `unit` is a length unit this engine knows. */
export function isLengthUnit(unit: string): boolean {
  return ABSOLUTE_PT[unit] !== undefined || RELATIVE_UNITS.has(unit);
}

const RELATIVE_UNITS = new Set(['em', 'rem', 'ex', 'ch', 'ic', 'vw', 'vh', 'vmin', 'vmax']);

