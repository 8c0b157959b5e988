// Box shorthands: margin, padding, inset, the border family (css-backgrounds-3 §4) and
// border-radius with its `/` syntax (§5.1), plus the two-value logical margin/padding pairs and overflow.
import { parseColor } from '../values/color.js';
import { keywordOf, splitSlashes, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseLengthPercentage } from '../values/length.js';
import { PT_PER_PX } from '../values/units.js';
import { BORDER_STYLES, parseBorderWidth, parseOverflowAxis } from './box.js';
import type { Expansion, ShorthandDef } from './registry.js';

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

/** CSS 2.1 §8.3: 1–4 values map to top, right, bottom, left. */
function boxValues<T>(items: readonly T[]): [T, T, T, T] | null {
  const [a, b, c, d] = items;
  switch (items.length) {
    case 1:
      return [a!, a!, a!, a!];
    case 2:
      return [a!, b!, a!, b!];
    case 3:
      return [a!, b!, c!, b!];
    case 4:
      return [a!, b!, c!, d!];
    default:
      return null;
  }
}

/** A four-sided shorthand whose longhands are `pattern` with `{side}` replaced. */
function fourSides(name: string, pattern: string, parse: (c: Component) => Computer<unknown> | null): ShorthandDef {
  const longhands = SIDES.map((s) => pattern.replace('{side}', s));
  return {
    name,
    longhands,
    expand: (items) => {
      const parsed = items.map(parse);
      if (parsed.some((p) => p === null)) return null;
      const sides = boxValues(parsed as Computer<unknown>[]);
      return sides && new Map(longhands.map((l, i) => [l, sides[i]!]));
    },
  };
}

/** A two-sided logical pair (`margin-block: a b` → start, end). */
function twoSides(name: string, longhands: readonly [string, string], parse: (c: Component) => Computer<unknown> | null): ShorthandDef {
  return {
    name,
    longhands,
    expand: (items) => {
      if (items.length < 1 || items.length > 2) return null;
      const start = parse(items[0]!);
      const end = items.length === 2 ? parse(items[1]!) : start;
      return start && end && new Map([[longhands[0], start], [longhands[1], end]]);
    },
  };
}

const marginValue = (c: Component): Computer<unknown> | null =>
  keywordOf(c) === 'auto' ? constant('auto') : parseLengthPercentage(c, { negative: true });
const paddingValue = (c: Component): Computer<unknown> | null => parseLengthPercentage(c);
const widthValue = (c: Component): Computer<unknown> | null => parseBorderWidth([c]);
const styleValue = (c: Component): Computer<unknown> | null => {
  const word = keywordOf(c);
  return word !== null && (BORDER_STYLES as readonly string[]).includes(word) ? constant(word) : null;
};
const colorValue = (c: Component): Computer<unknown> | null => parseColor(c);

const MEDIUM_WIDTH = constant(3 * PT_PER_PX);

/** A line's parts in any order (`<line-width> || <line-style> || <color>`), each at most once; null when something else is there. */
export function lineParts(
  items: readonly Component[],
  styleOf: (c: Component) => Computer<unknown> | null,
  colorOf: (c: Component) => Computer<unknown> | null,
): { width: Computer<unknown> | null; style: Computer<unknown> | null; color: Computer<unknown> | null } | null {
  if (items.length === 0 || items.length > 3) return null;
  let width: Computer<unknown> | null = null;
  let style: Computer<unknown> | null = null;
  let color: Computer<unknown> | null = null;
  for (const c of items) {
    const w: Computer<unknown> | null = width === null ? widthValue(c) : null;
    const s: Computer<unknown> | null = w === null && style === null ? styleOf(c) : null;
    const k: Computer<unknown> | null = w === null && s === null && color === null ? colorOf(c) : null;
    if (w === null && s === null && k === null) return null;
    width ??= w;
    style ??= s;
    color ??= k;
  }
  return { width, style, color };
}

/**
 * `<line-width> || <line-style> || <color>` for the given sides. Omitted parts reset to
 * their initial values: medium, none, currentcolor.
 */
function borderLine(name: string, sides: readonly string[]): ShorthandDef {
  const longhands = sides.flatMap((s) => [`border-${s}-width`, `border-${s}-style`, `border-${s}-color`]);
  return {
    name,
    longhands,
    expand: (items) => {
      const parts = lineParts(items, styleValue, colorValue);
      if (parts === null) return null;
      const { width, style, color } = parts;
      const out = new Map<string, Computer<unknown>>();
      for (const side of sides) {
        out.set(`border-${side}-width`, width ?? MEDIUM_WIDTH);
        out.set(`border-${side}-style`, style ?? constant('none'));
        out.set(`border-${side}-color`, color ?? ((ctx) => ctx.color));
      }
      return out;
    },
  };
}

const CORNERS = ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const;

// `border-radius: <lp>{1,4} [ / <lp>{1,4} ]?` — horizontal radii, then vertical ones.
function expandBorderRadius(items: readonly Component[]): Expansion | null {
  const parts = splitSlashes(items);
  if (parts.length > 2) return null;
  const parseAll = (group: readonly Component[]) => {
    const parsed = group.map((c) => parseLengthPercentage(c));
    return parsed.some((p) => p === null) ? null : boxValues(parsed as Computer<{ abs: number; pct: number }>[]);
  };
  const horizontal = parseAll(parts[0]!);
  const vertical = parts.length === 2 ? parseAll(parts[1]!) : horizontal;
  if (horizontal === null || vertical === null) return null;
  return new Map(CORNERS.map((corner, i) => [`border-${corner}-radius`, (ctx) => [horizontal[i]!(ctx), vertical[i]!(ctx)] as const]));
}

/** Box shorthands. */
export const BOX_SHORTHANDS: readonly ShorthandDef[] = [
  fourSides('margin', 'margin-{side}', marginValue),
  fourSides('padding', 'padding-{side}', paddingValue),
  fourSides('inset', '{side}', marginValue),
  fourSides('border-width', 'border-{side}-width', widthValue),
  fourSides('border-style', 'border-{side}-style', styleValue),
  fourSides('border-color', 'border-{side}-color', colorValue),
  borderLine('border', SIDES),
  ...SIDES.map((side) => borderLine(`border-${side}`, [side])),
  { name: 'border-radius', longhands: CORNERS.map((c) => `border-${c}-radius`), expand: expandBorderRadius },
  twoSides('margin-block', ['margin-top', 'margin-bottom'], marginValue),
  twoSides('padding-block', ['padding-top', 'padding-bottom'], paddingValue),
  // The inline-axis pairs set logical longhands, mapped by the direction (logical.ts).
  twoSides('margin-inline', ['margin-inline-start', 'margin-inline-end'], marginValue),
  twoSides('padding-inline', ['padding-inline-start', 'padding-inline-end'], paddingValue),
  twoSides('inset-inline', ['inset-inline-start', 'inset-inline-end'], marginValue),
  twoSides('border-inline-width', ['border-inline-start-width', 'border-inline-end-width'], widthValue),
  twoSides('border-inline-style', ['border-inline-start-style', 'border-inline-end-style'], styleValue),
  twoSides('border-inline-color', ['border-inline-start-color', 'border-inline-end-color'], colorValue),
  borderLine('border-inline', ['inline-start', 'inline-end']),
  borderLine('border-inline-start', ['inline-start']),
  borderLine('border-inline-end', ['inline-end']),
  // css-overflow-3 §3: `overflow: <x> <y>?`.
  twoSides('overflow', ['overflow-x', 'overflow-y'], (c) => parseOverflowAxis([c])),
];
