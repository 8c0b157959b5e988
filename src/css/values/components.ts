// Component values: a declaration value parsed by css-tree and reduced to a small closed union
// (css-syntax-3 §5 "component values"), so property parsers never touch css-tree's AST.
import * as csstree from 'css-tree';

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
  | { readonly type: 'op'; readonly value: ',' | '/' | '+' | '-' | '*' };

// Declaration values repeat a lot across rules; parsing each distinct text once keeps the
// cascade cheap. Bounded: cleared when it grows past the limit (STYLE.md practice 10).
const CACHE_LIMIT = 20_000;
const cache = new Map<string, readonly Component[] | null>();

/** Parses a declaration value into component values, or null when css-tree cannot parse it. */
export function parseComponents(text: string): readonly Component[] | null {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const result = parseUncached(text);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, result);
  return result;
}

/** Empties the cache (tests, long-running processes). */
export function clearComponentCache(): void {
  cache.clear();
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
      return args && { type: 'function', name, args, text: csstree.generate(node) };
    }
    case 'Parentheses': {
      const items = convertList(node.children);
      return items && { type: 'parens', items };
    }
    default:
      // Raw, brackets, unicode ranges…: nothing a modelled property accepts.
      return null;
  }
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
