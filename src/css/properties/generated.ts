// Generated content and lists (css-content-3, css-lists-3): `content` items, counters, quotes
// and list-style. Kept unevaluated: boxes/ evaluates counters, attr() and quotes.
import type { Content, ContentItem, CounterList, ListStyleType } from '../types.js';
import { keywordOf, splitCommas, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseInteger } from '../values/length.js';
import { parseUrlImage } from './box.js';
import { keywordLonghand, longhand, type LonghandDef } from './registry.js';

export const LIST_STYLE_TYPES: readonly ListStyleType[] = [
  'disc', 'circle', 'square', 'decimal', 'decimal-leading-zero', 'lower-alpha', 'upper-alpha',
  'lower-latin', 'upper-latin', 'lower-roman', 'upper-roman', 'lower-greek', 'none',
];

// Names that css-counter-styles-3 would only treat as keywords; never counter style names.
const NOT_COUNTER_STYLE_NAMES = new Set(['inherit', 'initial', 'unset', 'revert', 'default']);

/**
 * A `<counter-style>` name. Styles the engine does not draw (armenian, cjk-decimal, …) fall
 * back to decimal, as css-counter-styles-3 §3.1 prescribes for unknown names.
 */
export function counterStyleName(c: Component | undefined): ListStyleType | null {
  if (c === undefined || c.type !== 'ident' || NOT_COUNTER_STYLE_NAMES.has(c.lower)) return null;
  return (LIST_STYLE_TYPES as readonly string[]).includes(c.lower) ? (c.lower as ListStyleType) : 'decimal';
}

/** `list-style-type: <counter-style> | none` (string markers are not modelled). */
export function parseListStyleType(items: readonly Component[]): Computer<ListStyleType> | null {
  const style = items.length === 1 ? counterStyleName(items[0]) : null;
  return style === null ? null : constant(style);
}

/** `content` (css-content-3 §2): normal | none | a list of items, alt text after `/` ignored. */
export function parseContent(items: readonly Component[]): Computer<Content> | null {
  const word = items.length === 1 ? keywordOf(items[0]) : null;
  if (word === 'normal' || word === 'none') return constant(word);
  const slash = items.findIndex((c) => c.type === 'op' && c.value === '/');
  const main = slash < 0 ? items : items.slice(0, slash);
  if (main.length === 0) return null;
  const out: ContentItem[] = [];
  for (const c of main) {
    const item = contentItem(c);
    if (item === null) return null;
    out.push(item);
  }
  return constant(Object.freeze(out));
}

function contentItem(c: Component): ContentItem | null {
  switch (c.type) {
    case 'string':
      return { kind: 'string', value: c.value };
    case 'url':
      return { kind: 'url', url: c.value };
    case 'ident':
      if (c.lower === 'open-quote' || c.lower === 'close-quote') return { kind: c.lower };
      // Quote depth changes without a mark; boxes/ sees them as functions without arguments.
      if (c.lower === 'no-open-quote' || c.lower === 'no-close-quote') return { kind: 'function', name: c.lower, args: '' };
      return null;
    case 'function':
      return functionItem(c);
    default:
      return null;
  }
}

function functionItem(c: Component & { type: 'function' }): ContentItem | null {
  const args = splitCommas(c.args);
  switch (c.name) {
    case 'attr':
      return c.args[0]?.type === 'ident' ? { kind: 'attr', name: c.args[0].value.toLowerCase() } : null;
    case 'counter': {
      const style = args.length === 2 ? counterStyleName(only(args[1]!)) : 'decimal';
      const name = counterName(only(args[0]!));
      return name !== null && style !== null && args.length <= 2 ? { kind: 'counter', name, style } : null;
    }
    case 'counters': {
      const name = counterName(only(args[0]!));
      const sep = only(args[1] ?? []);
      const style = args.length === 3 ? counterStyleName(only(args[2]!)) : 'decimal';
      if (name === null || sep?.type !== 'string' || style === null || args.length > 3) return null;
      return { kind: 'counters', name, separator: sep.value, style };
    }
    default:
      return { kind: 'function', name: c.name, args: functionArguments(c.text) };
  }
}

function only(group: readonly Component[]): Component | undefined {
  return group.length === 1 ? group[0] : undefined;
}

// The text between the outer parentheses of a serialized function.
function functionArguments(text: string): string {
  const open = text.indexOf('(');
  return text.slice(open + 1, text.endsWith(')') ? -1 : undefined);
}

function counterName(c: Component | undefined): string | null {
  if (c === undefined || c.type !== 'ident' || c.lower === 'none' || NOT_COUNTER_STYLE_NAMES.has(c.lower)) return null;
  return c.value;
}

/**
 * counter-reset / counter-increment / counter-set (css-lists-3 §4): `none` or
 * `[<counter-name> <integer>?]+`, with `defaultValue` when the integer is omitted.
 */
export function parseCounterList(defaultValue: number): (items: readonly Component[]) => Computer<CounterList> | null {
  return (items) => {
    if (items.length === 1 && keywordOf(items[0]) === 'none') return constant(Object.freeze([]));
    const out: { name: string; value: number }[] = [];
    for (let i = 0; i < items.length; i++) {
      const name = counterName(items[i]);
      if (name === null) return null;
      const value = parseInteger(items[i + 1]);
      if (value !== null) i++;
      out.push({ name, value: value ?? defaultValue });
    }
    return out.length === 0 ? null : constant(Object.freeze(out));
  };
}

// css-content-3 §3: `quotes: auto | none | [<string> <string>]+`.
function parseQuotes(items: readonly Component[]): Computer<readonly string[] | 'auto' | 'none'> | null {
  const word = items.length === 1 ? keywordOf(items[0]) : null;
  if (word === 'auto' || word === 'none') return constant(word);
  if (items.length === 0 || items.length % 2 !== 0 || items.some((c) => c.type !== 'string')) return null;
  return constant(Object.freeze(items.map((c) => (c as { value: string }).value)));
}

/** Generated-content and list longhands. */
export const GENERATED_LONGHANDS: readonly LonghandDef[] = [
  longhand('list-style-type', 'listStyleType', true, parseListStyleType),
  keywordLonghand('list-style-position', 'listStylePosition', true, ['inside', 'outside']),
  longhand('list-style-image', 'listStyleImage', true, parseUrlImage),
  longhand('content', 'content', false, parseContent),
  longhand('counter-reset', 'counterReset', false, parseCounterList(0)),
  longhand('counter-increment', 'counterIncrement', false, parseCounterList(1)),
  longhand('counter-set', 'counterSet', false, parseCounterList(0)),
  longhand('quotes', 'quotes', true, parseQuotes),
];
