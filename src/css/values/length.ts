// Lengths, percentages and numbers as specified values (css-values-4 §5–6): `<length-percentage>`
// becomes a LengthPercentage computer, with calc() and friends allowed wherever a length is.
import type { LengthPercentage, Viewport } from '../types.js';
import { evaluateCalc, isMathFunction, parseMathFunction, type CalcNode } from './calc.js';
import { parseComponents, type Component } from './components.js';
import type { ComputeContext, Computer } from './context.js';
import { ABSOLUTE_PT, isLengthUnit, toPoints } from './units.js';

/**
 * A context for validating values before any element exists (dry-run evaluation). Its
 * viewport is the UA default page box, 8.5in × 11in (page.ts).
 */
export const PROBE_CONTEXT: ComputeContext = {
  parent: undefined as never,
  fontSize: 12,
  rootFontSize: 12,
  color: { r: 0, g: 0, b: 0, a: 1 },
  viewport: { width: 612, height: 792 },
};

export interface LengthOptions {
  /** Accept negative values (margins, offsets, text-indent). */
  readonly negative?: boolean;
  /** Accept percentages (otherwise only lengths). */
  readonly percent?: boolean;
}

export const ZERO: LengthPercentage = { abs: 0, pct: 0 };

/**
 * Parses one component as `<length-percentage>` (or `<length>` when percentages are not
 * allowed). Unitless zero is a length (css-values-4 §6); calc()/min()/max()/clamp() allowed.
 */
export function parseLengthPercentage(c: Component | undefined, options: LengthOptions = {}): Computer<LengthPercentage> | null {
  if (c === undefined) return null;
  const negative = options.negative ?? false;
  switch (c.type) {
    case 'number':
      return c.value === 0 ? () => ZERO : null;
    case 'percentage':
      if (!(options.percent ?? true) || (!negative && c.value < 0)) return null;
      return constantLp({ abs: 0, pct: c.value });
    case 'dimension':
      return dimensionComputer(c.value, c.unit, negative);
    case 'function':
      return isMathFunction(c.name) ? calcLengthComputer(c, options) : null;
    default:
      return null;
  }
}

/** Parses one component as a `<length>` and computes to a plain pt number. */
export function parseLength(c: Component | undefined, options: { negative?: boolean } = {}): Computer<number> | null {
  const lp = parseLengthPercentage(c, { ...options, percent: false });
  return lp && ((ctx) => lp(ctx).abs);
}

function constantLp(value: LengthPercentage): Computer<LengthPercentage> {
  return () => value;
}

function dimensionComputer(value: number, unit: string, negative: boolean): Computer<LengthPercentage> | null {
  if (!negative && value < 0) return null;
  const absolute = ABSOLUTE_PT[unit];
  if (absolute !== undefined) return constantLp({ abs: value * absolute, pct: 0 });
  if (!isLengthUnit(unit)) return null;
  return (ctx) => ({ abs: toPoints(value, unit, ctx) ?? 0, pct: 0 });
}

function calcLengthComputer(c: Component & { type: 'function' }, options: LengthOptions): Computer<LengthPercentage> | null {
  const node = parseMathFunction(c);
  if (node === null) return null;
  if (!(options.percent ?? true) && containsPercentage(node)) return null;
  const probe = evaluateCalc(node, PROBE_CONTEXT);
  if (probe === null || probe.kind !== 'length') return null;
  // css-values-4 §10.12: out-of-range results are clamped, not invalid.
  const clampNegative = !(options.negative ?? false);
  return (ctx) => {
    const r = evaluateCalc(node, ctx);
    if (r === null || r.kind !== 'length') return ZERO;
    return clampNegative && r.pct === 0 && r.abs < 0 ? ZERO : { abs: r.abs, pct: r.pct };
  };
}

function containsPercentage(node: CalcNode): boolean {
  switch (node.kind) {
    case 'pct':
      return true;
    case 'sum':
      return node.terms.some(containsPercentage);
    case 'product':
      return node.factors.some((f) => containsPercentage(f.node));
    case 'min':
    case 'max':
    case 'clamp':
      return node.args.some(containsPercentage);
    default:
      return false;
  }
}

/** Parses a `<number>` (or a calc() that yields one). */
export function parseNumber(c: Component | undefined, options: { negative?: boolean } = {}): Computer<number> | null {
  if (c === undefined) return null;
  if (c.type === 'number') {
    if (!(options.negative ?? false) && c.value < 0) return null;
    const v = c.value;
    return () => v;
  }
  if (c.type !== 'function' || !isMathFunction(c.name)) return null;
  const node = parseMathFunction(c);
  if (node === null) return null;
  const probe = evaluateCalc(node, PROBE_CONTEXT);
  if (probe === null || probe.kind !== 'number') return null;
  return (ctx) => {
    const r = evaluateCalc(node, ctx);
    return r !== null && r.kind === 'number' ? r.value : 0;
  };
}

/** Parses an `<integer>`. */
export function parseInteger(c: Component | undefined): number | null {
  return c !== undefined && c.type === 'number' && c.integer ? c.value : null;
}

/**
 * Resolves a length written in CSS text against a font size, for later stages that read
 * `extra` values (e.g. `border-spacing: 2px`). Returns null when `text` is not one length.
 * Pass the document's `initialContainingBlock` as `viewport` for `vw`/`vh` to be right.
 */
export function resolveLengthText(text: string, fontSize: number, rootFontSize: number = fontSize, viewport: Viewport = PROBE_CONTEXT.viewport): LengthPercentage | null {
  const items = parseComponents(text);
  if (items === null || items.length !== 1) return null;
  const lp = parseLengthPercentage(items[0], { negative: true });
  return lp && lp({ ...PROBE_CONTEXT, fontSize, rootFontSize, viewport });
}
