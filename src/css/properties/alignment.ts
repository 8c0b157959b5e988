// Box alignment (css-align-3) shared by flex and grid layout: the content distribution,
// self- and item-alignment properties, their place-* shorthands, and the gaps between
// items (§8). `unsafe` overflow alignment is the default and is dropped; `safe` (§4.4) is
// carried as a prefix of the keyword until compute.ts moves it to its own field.
import type { ContentAlignment, ItemAlignment, LengthPercentage, SelfAlignment } from '../types.js';
import { keywordOf, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseLengthPercentage } from '../values/length.js';
import { longhand, type Expansion, type LonghandDef, type ShorthandDef } from './registry.js';

const POSITIONS = ['start', 'end', 'flex-start', 'flex-end', 'center', 'left', 'right'] as const;
const SELF_POSITIONS = ['self-start', 'self-end'] as const;
const DISTRIBUTIONS = ['space-between', 'space-around', 'space-evenly', 'stretch'] as const;

/** What a computed alignment keyword starts with while it carries `safe`. */
export const SAFE_PREFIX = 'safe ';

/** One alignment value: `normal`, a keyword, a baseline position, or an overflow position then a keyword. */
function alignmentWord(items: readonly Component[], allowed: ReadonlySet<string>): string | null {
  const words = items.map(keywordOf);
  if (words.some((w) => w === null)) return null;
  // justify-content takes no <baseline-position> (css-align-3 §5.1); the others do.
  const baseline = allowed.has('baseline');
  if (words.length === 1) {
    const w = words[0]!;
    return allowed.has(w) ? w : null;
  }
  if (words.length !== 2) return null;
  const [a, b] = words as [string, string];
  // <baseline-position>: [ first | last ]? baseline.
  if (b === 'baseline' && (a === 'first' || a === 'last')) return !baseline ? null : a === 'first' ? 'baseline' : 'last baseline';
  // <overflow-position>? <self-position | content-position>.
  if ((a === 'safe' || a === 'unsafe') && allowed.has(b) && b !== 'normal' && b !== 'stretch' && b !== 'baseline' && !b.startsWith('space-') && b !== 'auto') return a === 'safe' ? SAFE_PREFIX + b : b;
  return null;
}

function alignmentParser<T extends string>(words: readonly string[]): (items: readonly Component[]) => Computer<T> | null {
  const allowed = new Set(words);
  return (items) => {
    const w = alignmentWord(items, allowed);
    return w === null ? null : constant(w as T);
  };
}

const CONTENT_WORDS = ['normal', ...DISTRIBUTIONS, ...POSITIONS];
const ITEM_WORDS = ['normal', 'stretch', 'baseline', ...POSITIONS, ...SELF_POSITIONS];
const SELF_WORDS = ['auto', ...ITEM_WORDS];

const parseJustifyContent = alignmentParser<ContentAlignment>(CONTENT_WORDS);
const parseContent = alignmentParser<ContentAlignment>([...CONTENT_WORDS, 'baseline']);
const parseItems = alignmentParser<ItemAlignment>(ITEM_WORDS);
const parseSelf = alignmentParser<SelfAlignment>(SELF_WORDS);

// justify-items also takes `legacy` (css-align-3 §6.1); without inheritance of legacy it acts as normal.
function parseJustifyItems(items: readonly Component[]): Computer<ItemAlignment> | null {
  const words = items.map(keywordOf);
  if (words.includes('legacy')) return words.length <= 2 ? constant('normal') : null;
  return parseItems(items);
}

/** `row-gap`/`column-gap`: normal | <length-percentage [0,∞]> (css-align-3 §8.1). */
function parseGap(items: readonly Component[]): Computer<LengthPercentage | 'normal'> | null {
  if (items.length !== 1) return null;
  if (keywordOf(items[0]) === 'normal') return constant('normal');
  return parseLengthPercentage(items[0]);
}

/** Alignment and gap longhands. */
export const ALIGNMENT_LONGHANDS: readonly LonghandDef[] = [
  longhand('justify-content', 'justifyContent', false, parseJustifyContent),
  longhand('align-content', 'alignContent', false, parseContent),
  longhand('justify-items', 'justifyItems', false, parseJustifyItems),
  longhand('align-items', 'alignItems', false, parseItems),
  longhand('justify-self', 'justifySelf', false, parseSelf),
  longhand('align-self', 'alignSelf', false, parseSelf),
  longhand('row-gap', 'rowGap', false, parseGap),
  longhand('column-gap', 'columnGap', false, parseGap),
];

/** Splits `a b` for a place-* shorthand at a point where both halves parse; one value sets both. */
function placeShorthand(name: string, align: string, justify: string, parse: (items: readonly Component[]) => Computer<unknown> | null): ShorthandDef {
  return {
    name,
    longhands: [align, justify],
    expand: (items): Expansion | null => {
      for (let cut = 1; cut <= items.length; cut++) {
        const first = parse(items.slice(0, cut));
        if (first === null) continue;
        const rest = items.slice(cut);
        const second = rest.length === 0 ? first : parse(rest);
        if (second !== null) return new Map([[align, first], [justify, second]]);
      }
      return null;
    },
  };
}

function expandGap(items: readonly Component[]): Expansion | null {
  if (items.length < 1 || items.length > 2) return null;
  const row = parseGap([items[0]!]);
  const column = items.length === 2 ? parseGap([items[1]!]) : row;
  return row && column ? new Map([['row-gap', row], ['column-gap', column]]) : null;
}

/** place-content, place-items, place-self (css-align-3 §5.3, §6.3, §6.4) and gap (§8.2). */
export const ALIGNMENT_SHORTHANDS: readonly ShorthandDef[] = [
  placeShorthand('place-content', 'align-content', 'justify-content', parseContent),
  placeShorthand('place-items', 'align-items', 'justify-items', parseItems),
  placeShorthand('place-self', 'align-self', 'justify-self', parseSelf),
  { name: 'gap', longhands: ['row-gap', 'column-gap'], expand: expandGap },
];
