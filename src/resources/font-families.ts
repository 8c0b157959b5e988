// The font family names a document asks for, found before styling so that the resources stage
// can fetch the ones only a font provider has: every `font-family` and `font` declaration of
// its style sheets (after @import inlining) and `style` attributes, and `<font face>`; and the
// names its @font-face rules define. Whether a rule applies to anything is not asked: a family
// named anywhere is fetched.
import * as csstree from 'css-tree';
import { deepFreeze, SheetMemo } from './css-urls.js';
import { familyName } from '../css/properties/font.js';
import { FONT_SHORTHANDS } from '../css/properties/shorthands-font.js';
import { parseComponents, splitCommas } from '../css/values/components.js';
import type { ComputeContext } from '../css/values/context.js';
import type { DomElement } from '../dom/types.js';

export interface DocumentFamilies {
  /** Family names as written (case kept), in order of first use, without repeats. */
  readonly used: readonly string[];
  /** Names that @font-face rules define, lowercased (CSS matches family names case-insensitively). */
  readonly defined: ReadonlySet<string>;
}

/** Bounds: names collected per document (a provider is asked for far fewer). */
const MAX_NAMES = 1000;

/** The family names of the sheets' and the elements' declarations. */
export function documentFontFamilies(sheets: readonly string[], root: DomElement | null): DocumentFamilies {
  const used = new Set<string>();
  const defined = new Set<string>();
  const add = (names: readonly string[]) => {
    for (const name of names) if (used.size < MAX_NAMES && name !== '') used.add(name);
  };
  for (const text of sheets) {
    const found = sheetFamilies(text);
    if (found === null) continue;
    add(found.used);
    for (const name of found.defined) defined.add(name);
  }
  if (root) collectElementFamilies(root, add);
  return { used: [...used], defined };
}

/** What one sheet's text names: families its declarations use and its @font-face rules define. */
interface SheetFamilies {
  /** As written, in order of first use, without repeats (not capped: the document's list is). */
  readonly used: readonly string[];
  /** Lowercased. */
  readonly defined: readonly string[];
}

/** Per-process: the same template sheet arrives request after request. Entries are frozen and shared. */
const sheetMemo = new SheetMemo<SheetFamilies | null>();

/** A sheet's families, or null when it names none (or cannot be parsed); cached by its text. */
function sheetFamilies(text: string): SheetFamilies | null {
  if (!/font/i.test(text)) return null;
  const hit = sheetMemo.get(text);
  if (hit !== undefined) return hit;
  return sheetMemo.set(text, deepFreeze(sheetFamiliesUncached(text)));
}

function sheetFamiliesUncached(text: string): SheetFamilies | null {
  const ast = parse(text, 'stylesheet');
  if (ast === null) return null;
  const used = new Set<string>();
  const defined = new Set<string>();
  csstree.walk(ast, {
    visit: 'Declaration',
    enter(this: csstree.WalkContext, node: csstree.Declaration) {
      const property = node.property.toLowerCase();
      if (this.atrule?.name.toLowerCase() === 'font-face') {
        if (property === 'font-family') for (const name of familyList(valueText(node))) defined.add(name.toLowerCase());
        return;
      }
      for (const name of declarationFamilies(property, valueText(node))) if (name !== '') used.add(name);
    },
  });
  return { used: [...used], defined: [...defined] };
}

/** The families a `font-family` or `font` declaration names (none for other properties). */
export function declarationFamilies(property: string, value: string): string[] {
  if (property === 'font-family') return familyList(value);
  if (property !== 'font') return [];
  try {
    const items = parseComponents(value);
    const expansion = items && FONT_SHORTHANDS.find((s) => s.name === 'font')!.expand(items, value);
    const family = expansion?.get('font-family');
    if (!family) return [];
    // The shorthand's family list is a constant: it needs nothing from the context.
    const names = family({} as ComputeContext);
    return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    // A value the shorthand cannot take names no family; styling will say so.
    return [];
  }
}

/**
 * `<family-name>#` leniently: each comma-separated item that is a string or a run of
 * identifiers is a name, whatever the other items are (a `var()` does not hide the rest).
 */
export function familyList(value: string): string[] {
  const items = parseComponents(value);
  if (items === null) return [];
  const names: string[] = [];
  for (const group of splitCommas(items)) {
    const name = familyName(group);
    if (name !== null) names.push(name);
  }
  return names;
}

/** `style` attributes and `<font face>`, depth first. */
function collectElementFamilies(root: DomElement, add: (names: readonly string[]) => void): void {
  const stack: DomElement[] = [root];
  // Iterative: element trees are deep and wide without bound.
  while (stack.length > 0) {
    const el = stack.pop()!;
    const style = el.attrs.get('style');
    if (style && /font/i.test(style)) {
      const ast = parse(style, 'declarationList');
      if (ast) csstree.walk(ast, { visit: 'Declaration', enter: (node) => add(declarationFamilies(node.property.toLowerCase(), valueText(node))) });
    }
    if (el.tagName === 'font') {
      const face = el.attrs.get('face');
      if (face) add(familyList(face));
    }
    for (let i = el.children.length - 1; i >= 0; i--) {
      const child = el.children[i]!;
      if (child.kind === 'element') stack.push(child);
    }
  }
}

function parse(text: string, context: 'stylesheet' | 'declarationList'): csstree.CssNode | null {
  try {
    return csstree.parse(text, { context, positions: false, parseRulePrelude: false, parseAtrulePrelude: false, parseValue: false, onParseError: () => {} });
  } catch {
    return null;
  }
}

function valueText(node: csstree.Declaration): string {
  return node.value.type === 'Raw' ? node.value.value : csstree.generate(node.value);
}
