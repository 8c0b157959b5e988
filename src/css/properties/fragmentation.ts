// Fragmentation properties (css-break-3 §3–4) and the named page (css-page-3 §7.1).
import type { BreakInside, BreakValue } from '../types.js';
import { keywordOf, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseInteger } from '../values/length.js';
import { keywordLonghand, longhand, type LonghandDef } from './registry.js';

export const BREAK_VALUES: readonly BreakValue[] = ['auto', 'avoid', 'page', 'always', 'left', 'right', 'avoid-page', 'column', 'recto', 'verso'];
export const BREAK_INSIDE_VALUES: readonly BreakInside[] = ['auto', 'avoid', 'avoid-page'];

// orphans and widows: positive integers (css-break-3 §4.4).
function parsePositiveInteger(items: readonly Component[]): Computer<number> | null {
  const n = items.length === 1 ? parseInteger(items[0]) : null;
  return n !== null && n >= 1 ? constant(n) : null;
}

// `page: auto | <custom-ident>` (names are case-sensitive).
function parsePageName(items: readonly Component[]): Computer<string> | null {
  if (items.length !== 1 || items[0]!.type !== 'ident') return null;
  return keywordOf(items[0]) === 'auto' ? constant('auto') : constant(items[0]!.value);
}

/** Fragmentation longhands. */
export const FRAGMENTATION_LONGHANDS: readonly LonghandDef[] = [
  keywordLonghand('break-before', 'breakBefore', false, BREAK_VALUES, { 'avoid-column': 'auto' }),
  keywordLonghand('break-after', 'breakAfter', false, BREAK_VALUES, { 'avoid-column': 'auto' }),
  keywordLonghand('break-inside', 'breakInside', false, BREAK_INSIDE_VALUES, { 'avoid-column': 'auto' }),
  longhand('orphans', 'orphans', true, parsePositiveInteger),
  longhand('widows', 'widows', true, parsePositiveInteger),
  longhand('page', 'page', false, parsePageName),
];
