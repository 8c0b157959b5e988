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

/** Takes the @import rules out of a sheet; relative url()s are resolved against `base` when given. */
export function splitImports(text: string, base: string | null): SplitSheet {
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

/** The font files and images a sheet names (url() values as written). */
export function sheetUrls(text: string): { fonts: string[]; images: string[] } {
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

function parseSheet(text: string): csstree.CssNode | null {
  if (!text.includes('url(') && !/@import/i.test(text)) return null;
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
