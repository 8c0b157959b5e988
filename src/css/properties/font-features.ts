// OpenType feature properties (css-fonts-4 §6–7): font-kerning, font-variant-ligatures,
// -caps, -numeric, -position and the font-variant shorthand, font-feature-settings, and
// font-synthesis (§8.1). Computed values stay as written (keyword lists); text/style-shaping.ts
// turns them into one feature map per style.
import type { FontSynthesis, FontVariantCaps } from '../types.js';
import { isSingleKeyword, keywordOf, splitCommas, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseInteger } from '../values/length.js';
import { keywordLonghand, longhand, type Expansion, type LonghandDef, type ShorthandDef } from './registry.js';

/** Keyword groups of `font-variant-ligatures` (§6.4): at most one keyword of each. */
const LIGATURE_GROUPS: readonly (readonly string[])[] = [
  ['common-ligatures', 'no-common-ligatures'],
  ['discretionary-ligatures', 'no-discretionary-ligatures'],
  ['historical-ligatures', 'no-historical-ligatures'],
  ['contextual', 'no-contextual'],
];

/** Keyword groups of `font-variant-numeric` (§6.7). */
const NUMERIC_GROUPS: readonly (readonly string[])[] = [
  ['lining-nums', 'oldstyle-nums'],
  ['proportional-nums', 'tabular-nums'],
  ['diagonal-fractions', 'stacked-fractions'],
  ['ordinal'],
  ['slashed-zero'],
];

/** `font-variant-east-asian` keywords (§6.10), accepted by the shorthand; the longhand is not modelled. */
const EAST_ASIAN_GROUPS: readonly (readonly string[])[] = [
  ['jis78', 'jis83', 'jis90', 'jis04', 'simplified', 'traditional'],
  ['full-width', 'proportional-width'],
  ['ruby'],
];

export const FONT_VARIANT_CAPS: readonly FontVariantCaps[] = [
  'normal', 'small-caps', 'all-small-caps', 'petite-caps', 'all-petite-caps', 'unicase', 'titling-caps',
];

const POSITIONS = ['normal', 'sub', 'super'] as const;

/**
 * Words of a `[a || b || …]` value, each from a different group, in the order written; null
 * when a word is unknown or a group repeats.
 */
function groupedWords(items: readonly Component[], groups: readonly (readonly string[])[]): string[] | null {
  const used = new Set<number>();
  const words: string[] = [];
  for (const c of items) {
    const word = c.type === 'ident' ? c.lower : null;
    const group = word === null ? -1 : groups.findIndex((g) => g.includes(word));
    if (group < 0 || used.has(group)) return null;
    used.add(group);
    words.push(word!);
  }
  return words;
}

/** `normal | none | [common… || discretionary… || historical… || contextual…]`; [] is normal. */
function parseLigatures(items: readonly Component[]): Computer<readonly string[]> | null {
  if (isSingleKeyword(items, 'normal')) return constant(NORMAL);
  if (isSingleKeyword(items, 'none')) return constant(NONE);
  const words = items.length > 0 ? groupedWords(items, LIGATURE_GROUPS) : null;
  return words && constant(Object.freeze(words));
}

/** `normal | [figure || spacing || fraction || ordinal || slashed-zero]`; [] is normal. */
function parseNumeric(items: readonly Component[]): Computer<readonly string[]> | null {
  if (isSingleKeyword(items, 'normal')) return constant(NORMAL);
  const words = items.length > 0 ? groupedWords(items, NUMERIC_GROUPS) : null;
  return words && constant(Object.freeze(words));
}

const NORMAL: readonly string[] = Object.freeze([]);
const NONE: readonly string[] = Object.freeze(['none']);

/** The largest feature value accepted (OpenType alternates are 16-bit glyph indices). */
const MAX_FEATURE_VALUE = 65_535;

/**
 * `normal | <feature-tag-value>#` (§7.1): a 4-character ASCII string, then an integer ≥ 0 or
 * on (1) / off (0); 1 when absent. A later setting of the same tag wins.
 */
function parseFeatureSettings(items: readonly Component[]): Computer<readonly (readonly [string, number])[]> | null {
  if (isSingleKeyword(items, 'normal')) return constant(Object.freeze([]));
  const settings: (readonly [string, number])[] = [];
  for (const group of splitCommas(items)) {
    const tag = group[0];
    if (tag?.type !== 'string' || !/^[\x20-\x7e]{4}$/.test(tag.value) || group.length > 2) return null;
    let value = 1;
    if (group.length === 2) {
      const word = keywordOf(group[1]);
      const n = parseInteger(group[1]);
      if (word === 'on') value = 1;
      else if (word === 'off') value = 0;
      else if (n !== null && n >= 0) value = Math.min(n, MAX_FEATURE_VALUE);
      else return null;
    }
    settings.push([tag.value, value]);
  }
  return constant(Object.freeze(settings));
}

const ALL_SYNTHESIS: FontSynthesis = Object.freeze({ weight: true, style: true, smallCaps: true });

/** `none | [weight || style || small-caps || position]` (§8.1; position is accepted and unused). */
function parseSynthesis(items: readonly Component[]): Computer<FontSynthesis> | null {
  if (isSingleKeyword(items, 'none')) return constant(Object.freeze({ weight: false, style: false, smallCaps: false }));
  const words = items.length > 0 ? groupedWords(items, [['weight'], ['style'], ['small-caps'], ['position']]) : null;
  if (words === null) return null;
  return constant(Object.freeze({ weight: words.includes('weight'), style: words.includes('style'), smallCaps: words.includes('small-caps') }));
}

export const INITIAL_FONT_SYNTHESIS = ALL_SYNTHESIS;

export const FONT_FEATURE_LONGHANDS: readonly LonghandDef[] = [
  keywordLonghand('font-kerning', 'fontKerning', true, ['auto', 'normal', 'none']),
  longhand('font-variant-ligatures', 'fontVariantLigatures', true, parseLigatures),
  keywordLonghand('font-variant-caps', 'fontVariantCaps', true, FONT_VARIANT_CAPS),
  longhand('font-variant-numeric', 'fontVariantNumeric', true, parseNumeric),
  keywordLonghand('font-variant-position', 'fontVariantPosition', true, POSITIONS),
  longhand('font-feature-settings', 'fontFeatureSettings', true, parseFeatureSettings),
  longhand('font-synthesis', 'fontSynthesis', true, parseSynthesis),
];

/**
 * `font-variant` (§6.11): `normal | none | [ligature values || caps || numeric values ||
 * position || east-asian values]`. `none` sets ligatures to none and the rest to normal.
 */
function expandFontVariant(items: readonly Component[]): Expansion | null {
  const ligatures: string[] = [];
  const numeric: string[] = [];
  const eastAsian: string[] = [];
  let caps: string | null = null;
  let position: string | null = null;
  if (isSingleKeyword(items, 'none')) ligatures.push('none');
  else if (!isSingleKeyword(items, 'normal')) {
    if (items.length === 0) return null;
    for (const c of items) {
      const word = c.type === 'ident' ? c.lower : '';
      const take = (list: string[], groups: readonly (readonly string[])[]): boolean => {
        const group = groups.find((g) => g.includes(word));
        if (!group || list.some((w) => group.includes(w))) return false;
        list.push(word);
        return true;
      };
      if (LIGATURE_GROUPS.some((g) => g.includes(word))) {
        if (!take(ligatures, LIGATURE_GROUPS)) return null;
      } else if (NUMERIC_GROUPS.some((g) => g.includes(word))) {
        if (!take(numeric, NUMERIC_GROUPS)) return null;
      } else if (EAST_ASIAN_GROUPS.some((g) => g.includes(word))) {
        if (!take(eastAsian, EAST_ASIAN_GROUPS)) return null;
      } else if (word !== 'normal' && (FONT_VARIANT_CAPS as readonly string[]).includes(word) && caps === null) caps = word;
      else if ((word === 'sub' || word === 'super') && position === null) position = word;
      else return null;
    }
  }
  return new Map<string, Computer<unknown>>([
    ['font-variant-ligatures', constant(ligatures.length === 0 ? NORMAL : Object.freeze(ligatures))],
    ['font-variant-caps', constant(caps ?? 'normal')],
    ['font-variant-numeric', constant(numeric.length === 0 ? NORMAL : Object.freeze(numeric))],
    ['font-variant-position', constant(position ?? 'normal')],
    ['font-variant-east-asian', constant(eastAsian.length === 0 ? 'normal' : eastAsian.join(' '))],
  ]);
}

export const FONT_FEATURE_SHORTHANDS: readonly ShorthandDef[] = [
  {
    name: 'font-variant',
    longhands: ['font-variant-ligatures', 'font-variant-caps', 'font-variant-numeric', 'font-variant-position', 'font-variant-east-asian'],
    expand: expandFontVariant,
  },
];
