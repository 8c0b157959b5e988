// Font properties (css-fonts-4 §2–3, CSS 2.1 §10.8 for line-height): family lists, absolute and
// relative sizes, numeric weights with bolder/lighter, style (font-variant-caps and the
// other feature properties: font-features.ts).
import type { FontStyle, LineHeight } from '../types.js';
import { keywordOf, splitCommas, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseLengthPercentage, parseNumber } from '../values/length.js';
import { PT_PER_PX } from '../values/units.js';
import { longhand, type LonghandDef } from './registry.js';

const GENERIC_FAMILIES = new Set([
  'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'math', 'emoji', 'fangsong',
  'ui-serif', 'ui-sans-serif', 'ui-monospace', 'ui-rounded',
]);

/** `<family-name>#`: strings, or runs of identifiers joined by a space; generics lower-cased. */
export function parseFontFamily(items: readonly Component[]): Computer<readonly string[]> | null {
  const families: string[] = [];
  for (const group of splitCommas(items)) {
    const family = familyName(group);
    if (family === null) return null;
    families.push(family);
  }
  return constant(Object.freeze(families));
}

/** One `<family-name>` or generic family: a string, or a run of identifiers (generic names lower-cased). */
export function familyName(group: readonly Component[]): string | null {
  if (group.length === 1 && group[0]!.type === 'string') return group[0]!.value;
  if (group.length === 0 || group.some((c) => c.type !== 'ident')) return null;
  const idents = group as readonly (Component & { type: 'ident' })[];
  if (idents.length === 1 && GENERIC_FAMILIES.has(idents[0]!.lower)) return idents[0]!.lower;
  return idents.map((c) => c.value).join(' ');
}

// css-fonts-4 §2.5.1: the sizes browsers use for the absolute-size keywords with medium = 16px.
const ABSOLUTE_SIZES_PX: Readonly<Record<string, number>> = {
  'xx-small': 9,
  'x-small': 10,
  small: 13,
  medium: 16,
  large: 18,
  'x-large': 24,
  'xx-large': 32,
  'xxx-large': 48,
};

/** CSS 2.1 §15.7: the relative-size keywords scale the parent's size by 1.2. */
const RELATIVE_SIZE_RATIO = 1.2;

/**
 * `font-size`. The context's fontSize is the parent's here (em and % refer to it);
 * `rem` on the root refers to the initial size.
 */
export function parseFontSize(c: Component | undefined): Computer<number> | null {
  if (c === undefined) return null;
  const word = keywordOf(c);
  if (word !== null) {
    if (word === 'smaller') return (ctx) => ctx.fontSize / RELATIVE_SIZE_RATIO;
    if (word === 'larger') return (ctx) => ctx.fontSize * RELATIVE_SIZE_RATIO;
    const px = ABSOLUTE_SIZES_PX[word];
    return px === undefined ? null : constant(px * PT_PER_PX);
  }
  const lp = parseLengthPercentage(c);
  return lp && ((ctx) => {
    const v = lp(ctx);
    return Math.max(0, v.abs + (v.pct / 100) * ctx.fontSize);
  });
}

/** `font-weight`: a number 1–1000, normal, bold, or bolder/lighter relative to the parent. */
export function parseFontWeight(c: Component | undefined): Computer<number> | null {
  if (c === undefined) return null;
  switch (keywordOf(c)) {
    case 'normal':
      return constant(400);
    case 'bold':
      return constant(700);
    case 'bolder':
      return (ctx) => bolder(ctx.parent.fontWeight);
    case 'lighter':
      return (ctx) => lighter(ctx.parent.fontWeight);
    case null:
      break;
    default:
      return null;
  }
  const n = parseNumber(c);
  if (n === null) return null;
  if (c.type === 'number' && (c.value < 1 || c.value > 1000)) return null;
  return (ctx) => Math.min(1000, Math.max(1, n(ctx)));
}

// css-fonts-4 §2.2.1, "Bolder/Lighter Mappings" table.
function bolder(parent: number): number {
  if (parent < 350) return 400;
  if (parent < 550) return 700;
  if (parent < 900) return 900;
  return parent;
}

function lighter(parent: number): number {
  if (parent < 100) return parent;
  if (parent < 550) return 100;
  if (parent < 750) return 400;
  return 700;
}

/** `font-style`: normal | italic | oblique [<angle>]. */
export function parseFontStyle(items: readonly Component[]): Computer<FontStyle> | null {
  const word = keywordOf(items[0]);
  if (items.length === 1 && (word === 'normal' || word === 'italic' || word === 'oblique')) return constant(word);
  if (items.length === 2 && word === 'oblique' && items[1]!.type === 'dimension') return constant('oblique');
  return null;
}

/** `line-height` (CSS 2.1 §10.8.1): numbers stay numbers; lengths and % become pt. */
export function parseLineHeight(c: Component | undefined): Computer<LineHeight> | null {
  if (c === undefined) return null;
  if (keywordOf(c) === 'normal') return constant({ kind: 'normal' });
  const n = parseNumber(c);
  if (n !== null) return (ctx) => ({ kind: 'number', value: Math.max(0, n(ctx)) });
  const lp = parseLengthPercentage(c);
  return lp && ((ctx) => {
    const v = lp(ctx);
    return { kind: 'length', value: Math.max(0, v.abs + (v.pct / 100) * ctx.fontSize) };
  });
}

function single<T>(parse: (c: Component | undefined) => Computer<T> | null): (items: readonly Component[]) => Computer<T> | null {
  return (items) => (items.length === 1 ? parse(items[0]) : null);
}

/** Font longhands. font-size must be computed before anything that uses em. */
export const FONT_LONGHANDS: readonly LonghandDef[] = [
  longhand('font-size', 'fontSize', true, single(parseFontSize)),
  longhand('font-family', 'fontFamily', true, parseFontFamily),
  longhand('font-weight', 'fontWeight', true, single(parseFontWeight)),
  longhand('font-style', 'fontStyle', true, parseFontStyle),
  longhand('line-height', 'lineHeight', true, single(parseLineHeight)),
];

