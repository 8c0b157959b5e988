// Text properties (css-text-3, css-text-decor-3, CSS 2.1 §10.8 vertical-align): colour,
// alignment, spacing, white space, decoration and line breaking.
import type { ComputedStyle, LegacyAlign, TextAlign, TextDecorationLine, VerticalAlign } from '../types.js';
import { parseColor } from '../values/color.js';
import { keywordOf, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseLength, parseLengthPercentage } from '../values/length.js';
import { keywordLonghand, longhand, type LonghandDef } from './registry.js';

const TEXT_ALIGN: readonly TextAlign[] = ['left', 'right', 'center', 'justify', 'start', 'end', '-webkit-left', '-webkit-right', '-webkit-center'];
const TEXT_ALIGN_ALIASES: Readonly<Record<string, TextAlign>> = {
  '-moz-center': '-webkit-center',
  '-webkit-match-parent': 'start',
  'justify-all': 'justify',
  'match-parent': 'start',
};

/** One of the legacy values that also align block-level descendants. */
export function isLegacyAlign(value: TextAlign | 'auto'): value is LegacyAlign {
  return value === '-webkit-left' || value === '-webkit-right' || value === '-webkit-center';
}

// `color: currentcolor` is the parent's colour: the context's colour is the parent's here.
function parseColorProperty(items: readonly Component[]): Computer<ComputedStyle['color']> | null {
  return items.length === 1 ? parseColor(items[0]) : null;
}

function parseTextAlignLast(items: readonly Component[]): Computer<TextAlign | 'auto'> | null {
  const word = items.length === 1 ? keywordOf(items[0]) : null;
  if (word === 'auto') return constant('auto');
  const value = word === null ? undefined : (TEXT_ALIGN as readonly string[]).includes(word) ? (word as TextAlign) : TEXT_ALIGN_ALIASES[word];
  return value === undefined ? null : constant(value);
}

// css-text-3 §8.1: `<length-percentage> && hanging? && each-line?`; the keywords are not modelled.
function parseTextIndent(items: readonly Component[]): Computer<ComputedStyle['textIndent']> | null {
  const lengths = items.filter((c) => keywordOf(c) !== 'hanging' && keywordOf(c) !== 'each-line');
  return lengths.length === 1 ? parseLengthPercentage(lengths[0], { negative: true }) : null;
}

// letter-spacing and word-spacing: `normal | <length>`, normal = 0 extra space.
function parseSpacing(items: readonly Component[]): Computer<number> | null {
  if (items.length !== 1) return null;
  if (keywordOf(items[0]) === 'normal') return constant(0);
  return parseLength(items[0], { negative: true });
}

/** `text-decoration-line`: none | [underline || overline || line-through || blink]. */
export function parseDecorationLine(items: readonly Component[]): Computer<TextDecorationLine> | null {
  if (items.length === 0 || items.some((c) => c.type !== 'ident')) return null;
  const words = items.map((c) => keywordOf(c)!);
  if (words.length === 1 && words[0] === 'none') return constant({ underline: false, overline: false, lineThrough: false });
  if (new Set(words).size !== words.length) return null;
  if (!words.every((w) => w === 'underline' || w === 'overline' || w === 'line-through' || w === 'blink')) return null;
  return constant({ underline: words.includes('underline'), overline: words.includes('overline'), lineThrough: words.includes('line-through') });
}

export const DECORATION_STYLES = ['solid', 'double', 'dotted', 'dashed', 'wavy'] as const;

const VERTICAL_ALIGN_KEYWORDS = ['baseline', 'sub', 'super', 'top', 'middle', 'bottom', 'text-top', 'text-bottom'] as const;

// Percentages refer to the element's own line-height, which layout knows; kept symbolic.
function parseVerticalAlign(items: readonly Component[]): Computer<VerticalAlign> | null {
  if (items.length !== 1) return null;
  const word = keywordOf(items[0]);
  if (word !== null) return (VERTICAL_ALIGN_KEYWORDS as readonly string[]).includes(word) ? constant(word as VerticalAlign) : null;
  return parseLengthPercentage(items[0], { negative: true });
}

/**
 * The deprecated `word-break: break-word` (css-text-3 §5.2) acts as `word-break: normal` plus
 * `overflow-wrap: anywhere`; it is carried as this marker until compute.ts splits it.
 */
export const LEGACY_BREAK_WORD = 'break-word' as unknown as ComputedStyle['wordBreak'];

function parseWordBreak(items: readonly Component[]): Computer<ComputedStyle['wordBreak']> | null {
  const word = items.length === 1 ? keywordOf(items[0]) : null;
  if (word === 'normal' || word === 'break-all' || word === 'keep-all') return constant(word);
  return word === 'break-word' ? constant(LEGACY_BREAK_WORD) : null;
}

/**
 * The content language (HTML §3.2.6.2): set only by the presentational hint of a `lang` or
 * `xml:lang` attribute (as Gecko's internal `-x-lang`), so that hyphenation, Han glyph
 * variants and `quotes: auto` read it from the style like any inherited property.
 */
export const LANG_PROPERTY = '-quire-lang';

function parseLang(items: readonly Component[]): Computer<string> | null {
  const item = items.length === 1 ? items[0] : undefined;
  return item?.type === 'string' && item.value.length <= 64 ? constant(item.value.trim().toLowerCase()) : null;
}

/** Text longhands. `color` must be computed before anything that uses currentcolor. */
export const TEXT_LONGHANDS: readonly LonghandDef[] = [
  longhand('color', 'color', true, parseColorProperty),
  keywordLonghand('text-align', 'textAlign', true, TEXT_ALIGN, TEXT_ALIGN_ALIASES),
  longhand('text-align-last', 'textAlignLast', true, parseTextAlignLast),
  longhand('text-indent', 'textIndent', true, parseTextIndent),
  keywordLonghand('text-transform', 'textTransform', true, ['none', 'uppercase', 'lowercase', 'capitalize']),
  longhand('letter-spacing', 'letterSpacing', true, parseSpacing),
  longhand('word-spacing', 'wordSpacing', true, parseSpacing),
  keywordLonghand('white-space', 'whiteSpace', true, ['normal', 'pre', 'nowrap', 'pre-wrap', 'pre-line', 'break-spaces'], {
    '-moz-pre-wrap': 'pre-wrap',
  }),
  longhand('text-decoration-line', 'textDecorationLine', false, parseDecorationLine),
  longhand('text-decoration-color', 'textDecorationColor', false, parseColorProperty, (ctx) => ctx.color),
  keywordLonghand('text-decoration-style', 'textDecorationStyle', false, DECORATION_STYLES),
  longhand('vertical-align', 'verticalAlign', false, parseVerticalAlign),
  keywordLonghand('direction', 'direction', true, ['ltr', 'rtl']),
  keywordLonghand('overflow-wrap', 'overflowWrap', true, ['normal', 'break-word', 'anywhere']),
  longhand('word-break', 'wordBreak', true, parseWordBreak),
  keywordLonghand('hyphens', 'hyphens', true, ['none', 'manual', 'auto']),
  longhand(LANG_PROPERTY, 'lang', true, parseLang),
];
