// Line-breaking controls that were kept as text in `extra` until inline layout read them:
// css-text-4 §6 hyphenate-character and hyphenate-limit-chars, css-text-3 §5.3 line-break,
// and css-overflow-4 §4.1 text-overflow (what a line cut at a clipping box's edge ends with).
import type { HyphenateLimitChars } from '../types.js';
import { keywordOf, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { keywordLonghand, longhand, type LonghandDef } from './registry.js';

/** `auto | <string>`: null for auto (the font's U+2010 or U+002D, chosen in layout). */
function parseHyphenateCharacter(items: readonly Component[]): Computer<string | null> | null {
  const item = items.length === 1 ? items[0]! : undefined;
  if (keywordOf(item) === 'auto') return constant(null);
  // A bounded string: it is drawn at the end of every hyphenated line.
  return item?.type === 'string' && item.value.length <= 16 ? constant(item.value) : null;
}

/** The UA's choices for `auto` (css-text-4 §6.2 suggests 5 2 2, as Chromium uses). */
export const AUTO_LIMIT_CHARS: HyphenateLimitChars = Object.freeze({ word: 5, before: 2, after: 2 });

/**
 * `[auto | <integer>]{1,3}`: minimum word length, characters before and after the hyphen. A
 * missing third value copies the second; a missing second is auto.
 */
function parseHyphenateLimitChars(items: readonly Component[]): Computer<HyphenateLimitChars> | null {
  if (items.length < 1 || items.length > 3) return null;
  const values: (number | 'auto')[] = [];
  for (const item of items) {
    if (keywordOf(item) === 'auto') values.push('auto');
    else if (item.type === 'number' && item.integer && item.value >= 0) values.push(Math.min(item.value, 1000));
    else return null;
  }
  const second = values[1] ?? 'auto';
  const third = values[2] ?? second;
  const pick = (v: number | 'auto', auto: number) => (v === 'auto' ? auto : v);
  return constant(Object.freeze({ word: pick(values[0]!, AUTO_LIMIT_CHARS.word), before: pick(second, AUTO_LIMIT_CHARS.before), after: pick(third, AUTO_LIMIT_CHARS.after) }));
}

/**
 * `[clip | ellipsis | <string>]{1,2}`: the text that ends a line cut at the end edge, null for
 * clip. With two values the second is for the line's end edge (left-to-right: the right).
 */
function parseTextOverflow(items: readonly Component[]): Computer<string | null> | null {
  if (items.length < 1 || items.length > 2) return null;
  let end: string | null = null;
  for (const item of items) {
    const word = keywordOf(item);
    if (word === 'clip') end = null;
    else if (word === 'ellipsis') end = '\u2026';
    else if (item.type === 'string' && item.value.length <= 64) end = item.value;
    else return null;
  }
  return constant(end);
}

export const LINE_BREAKING_LONGHANDS: readonly LonghandDef[] = [
  longhand('hyphenate-character', 'hyphenateCharacter', true, parseHyphenateCharacter),
  longhand('hyphenate-limit-chars', 'hyphenateLimitChars', true, parseHyphenateLimitChars),
  keywordLonghand('line-break', 'lineBreak', true, ['auto', 'loose', 'normal', 'strict', 'anywhere']),
  longhand('text-overflow', 'textOverflow', false, parseTextOverflow),
];
