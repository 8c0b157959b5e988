// What a style sheet needs from outside: its @import rules, the font files of its @font-face
// rules and the images its declarations name (background-image, list-style-image, content).
// Found with css-tree before the css/ stage runs, so that everything is fetched up front.
import * as csstree from 'css-tree';

export interface SheetImport {
  readonly url: string;
  /** The import's media query list, or null for all media. */
  readonly media: string | null;
}

/** A sheet's @import rules (taken out of the text) and the rest of it. */
export interface SplitSheet {
  readonly imports: readonly SheetImport[];
  /** The sheet without its @import rules, its url()s made absolute against the base when one was given. */
  readonly text: string;
}

/**
 * Takes the @import rules out of a sheet; relative url()s are resolved against `base` when given.
 * Answered from a per-process cache for a text and base seen before (a document API gets the
 * same template CSS request after request); the result is frozen and shared.
 */
export function splitImports(text: string, base: string | null): SplitSheet {
  if (!needsParse(text)) return { imports: [], text };
  // Keyed by the text, then by the base (a few per text at most): no long key is built per call.
  const byBase = splitMemo.get(text) ?? splitMemo.set(text, new Map());
  const baseKey = base === null ? 'n' : `b${base}`;
  const hit = byBase.get(baseKey);
  if (hit !== undefined) return hit;
  const split = deepFreeze(splitImportsUncached(text, base));
  if (byBase.size >= MAX_BASES_PER_TEXT) byBase.delete(byBase.keys().next().value!);
  byBase.set(baseKey, split);
  return split;
}

/** Bound: results kept per sheet text (one per base URL it was read against). */
const MAX_BASES_PER_TEXT = 8;

function splitImportsUncached(text: string, base: string | null): SplitSheet {
  const ast = parseSheet(text);
  if (ast === null) return { imports: [], text };
  const imports: SheetImport[] = [];
  const list = (ast as csstree.StyleSheet).children;
  list.forEach((node, item) => {
    if (node.type !== 'Atrule' || node.name.toLowerCase() !== 'import') return;
    const found = importOf(node);
    if (found) imports.push({ url: base ? absolute(found.url, base) : found.url, media: found.media });
    list.remove(item);
  });
  if (base) {
    csstree.walk(ast, (node) => {
      if (node.type === 'Url') node.value = absolute(node.value, base);
    });
  }
  return { imports, text: imports.length === 0 && !base ? text : csstree.generate(ast) };
}

/** What sheetUrls finds; shared between callers (frozen), so not to be changed. */
export interface SheetUrls {
  readonly fonts: readonly string[];
  readonly images: readonly string[];
}

/** The font files and images a sheet names (url() values as written); cached per process like splitImports. */
export function sheetUrls(text: string): SheetUrls {
  if (!needsParse(text)) return NO_URLS;
  return urlsMemo.get(text) ?? urlsMemo.set(text, deepFreeze(sheetUrlsUncached(text)));
}

const NO_URLS: SheetUrls = Object.freeze({ fonts: Object.freeze([]), images: Object.freeze([]) });

function sheetUrlsUncached(text: string): SheetUrls {
  const fonts: string[] = [];
  const images: string[] = [];
  const ast = parseSheet(text);
  if (ast === null) return { fonts, images };
  csstree.walk(ast, {
    visit: 'Atrule',
    enter(node) {
      if (node.name.toLowerCase() !== 'font-face' || node.block === null) return;
      csstree.walk(node.block, { visit: 'Url', enter: (url) => void fonts.push(url.value) });
    },
  });
  csstree.walk(ast, {
    visit: 'Declaration',
    enter(node) {
      if (!IMAGE_PROPERTIES.has(node.property.toLowerCase())) return;
      csstree.walk(node, { visit: 'Url', enter: (url) => void images.push(url.value) });
    },
  });
  return { fonts, images };
}

/**
 * A per-process LRU of results computed from style sheet text, keyed by the exact inputs.
 * Bounded by the keys' total length (the results are smaller than the texts they come from);
 * keys longer than one sheet's bound are not kept. Values must be immutable: callers share them.
 * Only for pure functions (no warnings, no other effects), so that a hit is the same as a call.
 */
export class SheetMemo<V> {
  private readonly entries = new Map<string, V>();
  private total = 0;

  constructor(
    private readonly maxTotal = 4 * 1024 * 1024,
    private readonly maxKey = 512 * 1024,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** Keeps `value` under `key` (when the key is not too long) and returns it. */
  set(key: string, value: V): V {
    if (key.length > this.maxKey) return value;
    if (this.entries.delete(key)) this.total -= key.length;
    this.entries.set(key, value);
    this.total += key.length;
    for (const oldest of this.entries.keys()) {
      if (this.total <= this.maxTotal) break;
      this.entries.delete(oldest);
      this.total -= oldest.length;
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Freezes plain objects and arrays throughout (Sets are left alone: none reach here). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value as object)) deepFreeze(inner);
  }
  return value;
}

const splitMemo = new SheetMemo<Map<string, SplitSheet>>();
const urlsMemo = new SheetMemo<SheetUrls>();

/** The images a `style` attribute names. */
export function declarationUrls(text: string): string[] {
  if (!text.includes('url(')) return [];
  let ast: csstree.CssNode;
  try {
    ast = csstree.parse(text, { context: 'declarationList', positions: false, onParseError: () => {} });
  } catch {
    return [];
  }
  const images: string[] = [];
  csstree.walk(ast, {
    visit: 'Declaration',
    enter(node) {
      if (IMAGE_PROPERTIES.has(node.property.toLowerCase())) csstree.walk(node, { visit: 'Url', enter: (url) => void images.push(url.value) });
    },
  });
  return images;
}

/** Properties whose url()s are images the engine draws. */
const IMAGE_PROPERTIES: ReadonlySet<string> = new Set(['background', 'background-image', 'list-style', 'list-style-image', 'content']);

/** Whether a sheet can hold anything these functions look for (else it is not parsed). */
function needsParse(text: string): boolean {
  return text.includes('url(') || /@import/i.test(text);
}

function parseSheet(text: string): csstree.CssNode | null {
  if (!needsParse(text)) return null;
  try {
    return csstree.parse(text, { positions: false, parseRulePrelude: false, parseAtrulePrelude: true, onParseError: () => {} });
  } catch {
    return null;
  }
}

/** `@import url(x) media` or `@import "x" media`. */
function importOf(node: csstree.Atrule): SheetImport | null {
  const prelude = node.prelude;
  if (prelude === null || prelude.type !== 'AtrulePrelude') return null;
  let url: string | null = null;
  const rest: csstree.CssNode[] = [];
  prelude.children.forEach((child) => {
    if (url === null && child.type === 'Url') url = child.value;
    else if (url === null && child.type === 'String') url = child.value;
    else if (child.type !== 'WhiteSpace' || rest.length > 0) rest.push(child);
  });
  if (url === null) return null;
  const media = rest.map((n) => csstree.generate(n)).join('').trim();
  return { url, media: media === '' ? null : media };
}

/** A URL resolved against a base; unparsable ones stay as written (the fetch then reports them). */
export function absolute(url: string, base: string): string {
  if (url.startsWith('data:')) return url;
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}
