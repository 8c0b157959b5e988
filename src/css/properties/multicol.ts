// Multi-column layout properties (css-multicol-1 §2–§7): column-count, column-width, the
// `columns` shorthand, column rules, column-span and column-fill. column-gap, shared with flex
// and grid, is in alignment.ts (`normal` is 1em in multi-column containers).
import type { ComputedStyle } from '../types.js';
import { parseColor } from '../values/color.js';
import { keywordOf, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseLength } from '../values/length.js';
import { PT_PER_PX } from '../values/units.js';
import { BORDER_STYLES, parseBorderWidth } from './box.js';
import { lineParts } from './shorthands-box.js';
import { keywordLonghand, longhand, type Expansion, type LonghandDef, type ShorthandDef } from './registry.js';

/** `auto` or a positive integer (§3.2). */
function countValue(c: Component | undefined): Computer<ComputedStyle['columnCount']> | null {
  if (keywordOf(c) === 'auto') return constant('auto');
  return c?.type === 'number' && Number.isInteger(c.value) && c.value >= 1 ? constant(c.value) : null;
}

/** `auto` or a non-negative length (§3.1). */
function widthValue(c: Component | undefined): Computer<ComputedStyle['columnWidth']> | null {
  if (keywordOf(c) === 'auto') return constant('auto');
  return parseLength(c);
}

function ruleStyleValue(c: Component | undefined): Computer<ComputedStyle['columnRuleStyle']> | null {
  const word = keywordOf(c);
  return word !== null && (BORDER_STYLES as readonly string[]).includes(word) ? constant(word as ComputedStyle['columnRuleStyle']) : null;
}

const single = <T>(parse: (c: Component | undefined) => Computer<T> | null) => (items: readonly Component[]): Computer<T> | null => (items.length === 1 ? parse(items[0]) : null);

const MEDIUM: Computer<number> = constant(3 * PT_PER_PX);

/** `<'column-width'> || <'column-count'>`: a bare number is the count, a length the width (§3.3). */
function expandColumns(items: readonly Component[]): Expansion | null {
  if (items.length < 1 || items.length > 2) return null;
  let width: Computer<unknown> | null = null;
  let count: Computer<unknown> | null = null;
  for (const c of items) {
    if (keywordOf(c) === 'auto') continue;
    const asCount: Computer<unknown> | null = count === null && c.type === 'number' ? countValue(c) : null;
    const asWidth: Computer<unknown> | null = asCount === null && width === null ? parseLength(c) : null;
    if (asCount) count = asCount;
    else if (asWidth) width = asWidth;
    else return null;
  }
  return new Map<string, Computer<unknown>>([
    ['column-width', width ?? constant('auto')],
    ['column-count', count ?? constant('auto')],
  ]);
}

function expandColumnRule(items: readonly Component[]): Expansion | null {
  const parts = lineParts(items, ruleStyleValue, parseColor);
  if (parts === null) return null;
  return new Map<string, Computer<unknown>>([
    ['column-rule-width', parts.width ?? MEDIUM],
    ['column-rule-style', parts.style ?? constant('none')],
    ['column-rule-color', parts.color ?? ((ctx) => ctx.color)],
  ]);
}

export const MULTICOL_LONGHANDS: readonly LonghandDef[] = [
  longhand('column-count', 'columnCount', false, single(countValue)),
  longhand('column-width', 'columnWidth', false, single(widthValue)),
  longhand('column-rule-style', 'columnRuleStyle', false, single(ruleStyleValue)),
  longhand('column-rule-width', 'columnRuleWidth', false, parseBorderWidth, MEDIUM),
  longhand('column-rule-color', 'columnRuleColor', false, single(parseColor), (ctx) => ctx.color),
  keywordLonghand('column-span', 'columnSpan', false, ['none', 'all']),
  keywordLonghand('column-fill', 'columnFill', false, ['balance', 'auto', 'balance-all']),
];

export const MULTICOL_SHORTHANDS: readonly ShorthandDef[] = [
  { name: 'columns', longhands: ['column-width', 'column-count'], expand: expandColumns },
  { name: 'column-rule', longhands: ['column-rule-width', 'column-rule-style', 'column-rule-color'], expand: expandColumnRule },
];
