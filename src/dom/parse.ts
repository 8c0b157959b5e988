// HTML → DomDocument with parse5. Accepts anything a browser accepts: fragments are placed in
// a synthesized html/body exactly as the HTML parsing algorithm does. Like Chromium's parser,
// elements nested deeper than MAX_DEPTH are attached at that depth, which bounds the recursion
// of every later stage.
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { SVG_LIMITS } from '../resources/svg/limits.js';
import { SVG_NAMESPACE, svgMarkup } from './svg-markup.js';
import { textGatheringAdapter, textValue } from './text-gathering-adapter.js';
import type { DocumentMetaName, DocumentSheet, DomDocument, DomElement, DomNode, DomText } from './types.js';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Element = DefaultTreeAdapterMap['element'];
type P5Text = DefaultTreeAdapterMap['textNode'];

interface MutableElement {
  kind: 'element';
  tagName: string;
  attrs: ReadonlyMap<string, string>;
  children: DomNode[];
  parent: DomElement | null;
  elementIndex: number;
  order: number;
}

/** Nesting depth beyond which elements become siblings (Chromium uses 512 as well). */
export const MAX_DEPTH = 512;

/** Parses an HTML string into the engine's element tree. Never throws on malformed HTML. */
export function parseHtml(html: string): DomDocument {
  // A byte order mark is the encoding's, not text: decoding drops it (HTML §13.2.3.1, WHATWG
  // Encoding "decode"), but a file read as UTF-8 keeps it, and parse5 would take it for text
  // before the doctype (a stray line in the body, and quirks mode).
  const p5 = parse(html.charCodeAt(0) === 0xfeff ? html.slice(1) : html, { treeAdapter: textGatheringAdapter });
  const htmlEl = p5.childNodes.find((n): n is P5Element => 'tagName' in n && n.tagName === 'html');
  if (!htmlEl) throw new Error('parse5 produced no <html> element');
  const styleSheets: DocumentSheet[] = [];
  let title: string | null = null;
  const meta = new Map<DocumentMetaName, string>();
  const attachmentLinks: { href: string; title: string | null }[] = [];
  let order = 0;
  const inlineSvgs = new Map<DomElement, string>();
  // parse5 makes a new string for each tag and attribute name: one copy each instead (a table
  // of 18,000 cells held 18,000 "td" strings for the whole render).
  const names = new Map<string, string>();
  const intern = (name: string): string => {
    const known = names.get(name);
    if (known !== undefined) return known;
    names.set(name, name);
    return name;
  };

  const convert = (src: P5Element, parent: DomElement | null, elementIndex: number, depth: number): DomElement => {
    const el: MutableElement = {
      kind: 'element',
      tagName: intern(src.tagName),
      attrs: attributesOf(src, intern),
      children: [],
      parent,
      elementIndex,
      order: order++,
    };
    const self = el as DomElement;
    if (src.tagName === 'svg' && src.namespaceURI === SVG_NAMESPACE) {
      // A replaced element (boxes/build.ts): its subtree is an SVG document, not boxes. Its
      // <style> elements still style the whole document, as in browsers.
      inlineSvgs.set(self, svgMarkup(src, SVG_LIMITS.maxBytes));
      for (const text of svgStyleTexts(src)) styleSheets.push({ kind: 'style', text, media: null });
      return self;
    }
    if (src.tagName === 'style') {
      styleSheets.push({ kind: 'style', text: textOf(src), media: el.attrs.get('media') ?? null });
    } else if (src.tagName === 'link' && isStylesheetLink(el)) {
      styleSheets.push({ kind: 'link', href: el.attrs.get('href')!.trim(), media: el.attrs.get('media') ?? null });
    } else if (src.tagName === 'title' && title === null) {
      title = textOf(src).trim();
    } else if (src.tagName === 'meta') {
      const name = metaName(el);
      if (name !== null && !meta.has(name)) meta.set(name, el.attrs.get('content')!.trim());
    } else if (src.tagName === 'link' && isAttachmentLink(el)) {
      attachmentLinks.push({ href: el.attrs.get('href')!.trim(), title: el.attrs.get('title') ?? null });
    }
    let index = 0;
    const kids = src.tagName === 'template' ? [] : flattenBeyond(src.childNodes, depth);
    const children: DomNode[] = [];
    for (const child of kids) {
      if ('tagName' in child) children.push(convert(child as P5Element, self, index++, depth + 1));
      else if (child.nodeName === '#text') {
        const text: DomText = { kind: 'text', text: textValue(child as P5Text), parent: self };
        children.push(text);
      }
    }
    // The tree lives for the render: a copy holds no spare capacity from push() (room for 17).
    el.children = children.slice();
    return self;
  };

  const root = convert(htmlEl, null, 0, 0);
  return { root, styleSheets, title, meta, attachmentLinks, inlineSvgs };
}

// Most elements have no attributes: they share one empty map rather than each making one.
const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();

function attributesOf(src: P5Element, intern: (name: string) => string): ReadonlyMap<string, string> {
  if (src.attrs.length === 0) return NO_ATTRIBUTES;
  const attrs = new Map<string, string>();
  for (const a of src.attrs) attrs.set(intern(a.name), a.value);
  return attrs;
}

/** The text of each `<style>` in an SVG subtree, in document order (iterative: no stack depth). */
function svgStyleTexts(svg: P5Element): string[] {
  const out: string[] = [];
  const stack: P5Node[] = [...svg.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!('tagName' in node)) continue;
    if (node.tagName === 'style' && node.namespaceURI === SVG_NAMESPACE) out.push(textOf(node));
    else for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
  }
  return out;
}

/**
 * The children of an element at `depth`; at MAX_DEPTH the whole subtree is flattened into
 * one list in document order (iteratively, so no recursion depends on the input).
 */
function flattenBeyond(children: readonly P5Node[], depth: number): readonly P5Node[] {
  if (depth < MAX_DEPTH) return children;
  const out: P5Node[] = [];
  const stack: P5Node[] = [...children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if ('tagName' in node) {
      const el = node as P5Element;
      out.push({ ...el, childNodes: [] } as P5Element);
      for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]!);
    } else out.push(node);
  }
  return out;
}

function textOf(el: P5Node): string {
  if (el.nodeName === '#text') return textValue(el as P5Text);
  if ('childNodes' in el) return el.childNodes.map(textOf).join('');
  return '';
}

/** `<link rel="stylesheet" href>`, not an alternate one (HTML §4.6.7.11). */
function isStylesheetLink(el: { attrs: ReadonlyMap<string, string> }): boolean {
  const rel = (el.attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
  return rel.includes('stylesheet') && !rel.includes('alternate') && (el.attrs.get('href') ?? '').trim() !== '';
}

const META_NAMES: readonly DocumentMetaName[] = ['author', 'description', 'keywords', 'generator'];

/** The metadata name of a `<meta name content>` (names are ASCII case-insensitive, HTML §4.2.5), or null. */
function metaName(el: { attrs: ReadonlyMap<string, string> }): DocumentMetaName | null {
  const name = (el.attrs.get('name') ?? '').trim().toLowerCase() as DocumentMetaName;
  return META_NAMES.includes(name) && el.attrs.has('content') ? name : null;
}

/** `<link rel=attachment href>` (WeasyPrint's convention for files embedded in the PDF). */
function isAttachmentLink(el: { attrs: ReadonlyMap<string, string> }): boolean {
  const rel = (el.attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
  return rel.includes('attachment') && (el.attrs.get('href') ?? '').trim() !== '';
}
