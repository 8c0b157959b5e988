// Component values: a declaration value parsed by css-tree and reduced to a small closed union
// (css-syntax-3 §5 "component values"), so property parsers never touch css-tree's AST.
import * as csstree from 'css-tree';
import { skipOpaque } from './opaque.js';

/** One component value. Identifiers keep their case in `value`; `lower` is for keyword tests. */
export type Component =
  | { readonly type: 'ident'; readonly value: string; readonly lower: string }
  | { readonly type: 'number'; readonly value: number; readonly integer: boolean }
  | { readonly type: 'percentage'; readonly value: number }
  | { readonly type: 'dimension'; readonly value: number; readonly unit: string }
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'hash'; readonly value: string }
  | { readonly type: 'url'; readonly value: string }
  | { readonly type: 'function'; readonly name: string; readonly args: readonly Component[]; readonly text: string }
  | { readonly type: 'parens'; readonly items: readonly Component[] }
  /** `[a b]`: grid line names (css-grid-1 §7.2). */
  | { readonly type: 'brackets'; readonly items: readonly Component[] }
  | { readonly type: 'op'; readonly value: ',' | '/' | '+' | '-' | '*' };

// Declaration values repeat a lot across rules; parsing each distinct text once keeps the
// cascade cheap. Bounded: cleared when it grows past the limit (STYLE.md practice 10).
const CACHE_LIMIT = 20_000;
const cache = new Map<string, readonly Component[] | null>();

// The cache's keys in all: a few long values must not hold on to a lot of memory either.
const CACHE_TEXT_LIMIT = 4 * 1024 * 1024;
let cachedText = 0;

/**
 * How deeply functions, parentheses and brackets may nest in a value. css-tree's parser and the
 * tree walks after it recurse once per level, so a value nested thousands deep would overflow
 * the stack; Blink bounds math expressions at the same depth (kMaxExpressionDepth).
 */
export const MAX_VALUE_NESTING = 100;

/** Parses a declaration value into component values, or null when css-tree cannot parse it. */
export function parseComponents(text: string): readonly Component[] | null {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const result = nestsTooDeeply(text) ? null : parseUncached(text);
  if (cache.size >= CACHE_LIMIT || cachedText + text.length > CACHE_TEXT_LIMIT) {
    cache.clear();
    cachedText = 0;
  }
  cache.set(text, result);
  cachedText += text.length;
  return result;
}

/** Empties the cache (tests, long-running processes). */
export function clearComponentCache(): void {
  cache.clear();
  cachedText = 0;
}

/**
 * True when blocks nest deeper than MAX_VALUE_NESTING in `text`: one linear scan, run before
 * css-tree sees the text. Strings, comments, escapes and unquoted url()s are skipped as the tokenizer would.
 */
export function nestsTooDeeply(text: string): boolean {
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const skipped = skipOpaque(text, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const ch = text.charCodeAt(i++);
    if (ch === 0x28 /* ( */ || ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (++depth > MAX_VALUE_NESTING) return true;
    } else if (ch === 0x29 || ch === 0x5d || ch === 0x7d) {
      if (depth > 0) depth--;
    }
  }
  return false;
}

function parseUncached(text: string): readonly Component[] | null {
  let failed = false;
  let ast: csstree.CssNode;
  try {
    ast = csstree.parse(text, {
      context: 'value',
      positions: false,
      onParseError: () => {
        failed = true;
      },
    });
  } catch {
    return null;
  }
  if (failed || ast.type !== 'Value') return null;
  return convertList(ast.children);
}

function convertList(list: csstree.List<csstree.CssNode>): Component[] | null {
  const out: Component[] = [];
  for (const node of list) {
    if (node.type === 'WhiteSpace') continue;
    const c = convert(node);
    if (c === null) return null;
    out.push(c);
  }
  return out;
}

function convert(node: csstree.CssNode): Component | null {
  switch (node.type) {
    case 'Identifier': {
      const value = node.name.includes('\\') ? csstree.ident.decode(node.name) : node.name;
      return { type: 'ident', value, lower: value.toLowerCase() };
    }
    case 'Number':
      return numberComponent(node.value);
    case 'Percentage':
      return { type: 'percentage', value: Number(node.value) };
    case 'Dimension':
      return { type: 'dimension', value: Number(node.value), unit: node.unit.toLowerCase() };
    case 'String':
      return { type: 'string', value: node.value };
    case 'Hash':
      return { type: 'hash', value: node.value };
    case 'Url':
      return { type: 'url', value: node.value };
    case 'Operator':
      return operator(node.value.trim());
    case 'Function': {
      const name = node.name.toLowerCase();
      if (name === 'url' || name === 'src') return urlFunction(node);
      const args = convertList(node.children);
      return args && functionComponent(name, args, node);
    }
    case 'Parentheses': {
      const items = convertList(node.children);
      return items && { type: 'parens', items };
    }
    case 'Brackets': {
      const items = convertList(node.children);
      return items && { type: 'brackets', items };
    }
    default:
      // Raw, unicode ranges…: nothing a modelled property accepts.
      return null;
  }
}

// A function's text is serialized when asked for: generating it for every function of a
// nested value would serialize the inner ones once per enclosing level (quadratic).
function functionComponent(name: string, args: readonly Component[], node: csstree.FunctionNode): Component {
  let text: string | undefined;
  let source: csstree.FunctionNode | null = node;
  return {
    type: 'function',
    name,
    args,
    get text() {
      if (text === undefined) {
        text = csstree.generate(source!);
        source = null;
      }
      return text;
    },
  };
}

function numberComponent(text: string): Component {
  const value = Number(text);
  return { type: 'number', value, integer: /^[+-]?\d+$/.test(text) };
}

function operator(value: string): Component | null {
  if (value === ',' || value === '/' || value === '+' || value === '-' || value === '*') return { type: 'op', value };
  return null;
}

// `url("x")` written as a function (quoted argument) arrives as Function in css-tree.
function urlFunction(node: csstree.FunctionNode): Component | null {
  const first = node.children.first;
  if (node.children.size !== 1 || first === null || first.type !== 'String') return null;
  return { type: 'url', value: first.value };
}

/** Splits components at top-level commas. `a, b c` → [[a], [b, c]]. */
export function splitCommas(items: readonly Component[]): Component[][] {
  const groups: Component[][] = [[]];
  for (const item of items) {
    if (item.type === 'op' && item.value === ',') groups.push([]);
    else groups[groups.length - 1]!.push(item);
  }
  return groups;
}

/** Splits components at top-level slashes (`font: 12px/1.5`, `border-radius: a / b`). */
export function splitSlashes(items: readonly Component[]): Component[][] {
  const groups: Component[][] = [[]];
  for (const item of items) {
    if (item.type === 'op' && item.value === '/') groups.push([]);
    else groups[groups.length - 1]!.push(item);
  }
  return groups;
}

/** The lower-cased keyword if `c` is an identifier, else null. */
export function keywordOf(c: Component | undefined): string | null {
  return c !== undefined && c.type === 'ident' ? c.lower : null;
}

/** True when the list is exactly one identifier equal to one of `words` (lower-case). */
export function isSingleKeyword(items: readonly Component[], ...words: string[]): boolean {
  return items.length === 1 && words.includes(keywordOf(items[0]) ?? '');
}
