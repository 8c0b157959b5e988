// Flexible box properties (css-flexbox-1 §5, §7): direction, wrapping, order, and the
// flexibility of items, with the flex and flex-flow shorthands.
import type { FlexBasis } from '../types.js';
import { keywordOf, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseInteger, parseLengthPercentage, parseNumber } from '../values/length.js';
import { keywordLonghand, longhand, type Expansion, type LonghandDef, type ShorthandDef } from './registry.js';

const DIRECTIONS = ['row', 'row-reverse', 'column', 'column-reverse'] as const;
const WRAPS = ['nowrap', 'wrap', 'wrap-reverse'] as const;

function parseFactor(items: readonly Component[]): Computer<number> | null {
  return items.length === 1 ? parseNumber(items[0]) : null;
}

/** `flex-basis: content | <'width'>` (§7.2); width's intrinsic keywords act as content. */
function parseBasis(items: readonly Component[]): Computer<FlexBasis> | null {
  if (items.length !== 1) return null;
  const word = keywordOf(items[0]);
  if (word === 'auto') return constant('auto');
  if (word === 'content' || word === 'min-content' || word === 'max-content' || word === 'fit-content') return constant('content');
  return parseLengthPercentage(items[0]);
}

function parseOrder(items: readonly Component[]): Computer<number> | null {
  const n = items.length === 1 ? parseInteger(items[0]) : null;
  return n === null ? null : constant(n);
}

/** Flex longhands. */
export const FLEX_LONGHANDS: readonly LonghandDef[] = [
  keywordLonghand('flex-direction', 'flexDirection', false, DIRECTIONS),
  keywordLonghand('flex-wrap', 'flexWrap', false, WRAPS),
  longhand('flex-grow', 'flexGrow', false, parseFactor),
  longhand('flex-shrink', 'flexShrink', false, parseFactor),
  longhand('flex-basis', 'flexBasis', false, parseBasis),
  longhand('order', 'order', false, parseOrder),
];

/** `flex: none | [ <'flex-grow'> <'flex-shrink'>? || <'flex-basis'> ]` (§7.1): an omitted basis is 0. */
function expandFlex(items: readonly Component[]): Expansion | null {
  const result = (grow: Computer<number>, shrink: Computer<number>, basis: Computer<FlexBasis>): Expansion =>
    new Map<string, Computer<unknown>>([['flex-grow', grow], ['flex-shrink', shrink], ['flex-basis', basis]]);
  const word = items.length === 1 ? keywordOf(items[0]) : null;
  if (word === 'none') return result(constant(0), constant(0), constant('auto'));
  if (word === 'auto') return result(constant(1), constant(1), constant('auto'));
  const numbers: Computer<number>[] = [];
  let basis: Computer<FlexBasis> | null = null;
  let previousWasFactor = false;
  for (const c of items) {
    // The factors are adjacent, grow first; a unitless 0 is a factor unless two came before (§7.1).
    const factor: Computer<number> | null = c.type === 'number' && (numbers.length === 0 || (numbers.length === 1 && previousWasFactor)) ? parseNumber(c) : null;
    previousWasFactor = factor !== null;
    if (factor !== null) numbers.push(factor);
    else if (basis === null && (basis = parseBasis([c])) !== null) continue;
    else return null;
  }
  if (numbers.length === 0 && basis === null) return null;
  return result(numbers[0] ?? constant(1), numbers[1] ?? constant(1), basis ?? constant({ abs: 0, pct: 0 }));
}

function expandFlexFlow(items: readonly Component[]): Expansion | null {
  const out = new Map<string, Computer<unknown>>();
  for (const c of items) {
    const word = keywordOf(c);
    const target = (DIRECTIONS as readonly (string | null)[]).includes(word) ? 'flex-direction' : (WRAPS as readonly (string | null)[]).includes(word) ? 'flex-wrap' : null;
    if (target === null || out.has(target)) return null;
    out.set(target, constant(word));
  }
  return out.size === 0 ? null : out;
}

/** flex and flex-flow. */
export const FLEX_SHORTHANDS: readonly ShorthandDef[] = [
  { name: 'flex', longhands: ['flex-grow', 'flex-shrink', 'flex-basis'], expand: expandFlex },
  { name: 'flex-flow', longhands: ['flex-direction', 'flex-wrap'], expand: expandFlexFlow },
];
