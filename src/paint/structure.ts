// The logical structure of a document (ISO 32000-1 §14.7, §14.8.4 standard structure types):
// which HTML elements become structure elements, with which role. Elements without a role
// (span, b, em …) are transparent: their content belongs to the nearest ancestor with one.
// The mapping follows Chromium's tagged PDF output (Sect, Art, Div for landmarks) and PDF/UA-1.

import type { DomElement } from '../dom/types.js';
import type { ContentTag, ImageResource } from './types.js';

/** The standard structure types Quire writes (§14.8.4, Tables 333–340). */
export type StructureRole =
  | 'Document' | 'Art' | 'Sect' | 'Div' | 'BlockQuote' | 'Caption'
  | 'H1' | 'H2' | 'H3' | 'H4' | 'H5' | 'H6' | 'P'
  | 'L' | 'LI' | 'Lbl' | 'LBody'
  | 'Table' | 'THead' | 'TBody' | 'TFoot' | 'TR' | 'TH' | 'TD'
  | 'Span' | 'Quote' | 'Link' | 'Code' | 'Figure' | 'Form';

const ROLES: ReadonlyMap<string, StructureRole> = new Map<string, StructureRole>([
  ['html', 'Document'],
  ['h1', 'H1'], ['h2', 'H2'], ['h3', 'H3'], ['h4', 'H4'], ['h5', 'H5'], ['h6', 'H6'],
  ['p', 'P'],
  ['ul', 'L'], ['ol', 'L'], ['li', 'LI'],
  ['table', 'Table'], ['thead', 'THead'], ['tbody', 'TBody'], ['tfoot', 'TFoot'], ['tr', 'TR'], ['th', 'TH'], ['td', 'TD'],
  ['caption', 'Caption'], ['figcaption', 'Caption'],
  // A <figure> groups its images (each a Figure with its /Alt) and caption: an /Alt of its
  // own would hide the caption from a screen reader.
  ['img', 'Figure'], ['svg', 'Figure'], ['canvas', 'Figure'], ['figure', 'Div'],
  ['blockquote', 'BlockQuote'], ['q', 'Quote'],
  ['code', 'Code'], ['pre', 'Code'], ['kbd', 'Code'], ['samp', 'Code'],
  ['input', 'Form'], ['select', 'Form'], ['textarea', 'Form'],
  ['article', 'Art'], ['section', 'Sect'],
  // A plain <div> is transparent (Chromium makes it a Div, which says nothing): documents nest
  // many, and each would be one more object in the file.
  ['main', 'Div'], ['nav', 'Div'], ['aside', 'Div'], ['header', 'Div'], ['footer', 'Div'],
  ['dl', 'Div'], ['dt', 'Div'], ['dd', 'Div'], ['address', 'Div'],
]);

/**
 * The element's structure role, or null when it is transparent. `<a>` is a Link only with an
 * href; an element without a role of its own whose `lang` differs from its parent's is a Span
 * carrying the language (§14.9.2).
 */
export function structureRoleOf(element: DomElement): StructureRole | null {
  const role = ROLES.get(element.tagName);
  if (role !== undefined) return role;
  if (element.tagName === 'a') return element.attrs.has('href') ? 'Link' : null;
  // The body is the Document's content (its `lang` is the document's: documentLanguage).
  if (element.tagName === 'body') return null;
  if (isParagraph(element)) return 'P';
  return element.parent !== null && changesLanguage(element) ? 'Span' : null;
}

/**
 * Block containers without a role of their own (HTML §4.4.15 `div` and its kin) that hold
 * text: as a paragraph (P) their text is not loose under a Document, Sect or Div (PDF/UA-1
 * 7.1: content is tagged with its semantic type).
 */
const BLOCK_CONTAINERS: ReadonlySet<string> = new Set(['div', 'center', 'search', 'dialog', 'summary', 'legend']);

/** HTML §3.2.5.2.5 phrasing content (the elements a paragraph is made of). */
const PHRASING: ReadonlySet<string> = new Set([
  'a', 'abbr', 'audio', 'b', 'bdi', 'bdo', 'br', 'button', 'canvas', 'cite', 'code', 'data', 'datalist', 'del', 'dfn', 'em',
  'embed', 'i', 'iframe', 'img', 'input', 'ins', 'kbd', 'label', 'map', 'mark', 'math', 'meter', 'noscript', 'object',
  'output', 'picture', 'progress', 'q', 'ruby', 's', 'samp', 'script', 'select', 'slot', 'small', 'span', 'strong', 'sub',
  'sup', 'svg', 'template', 'textarea', 'time', 'u', 'var', 'video', 'wbr',
]);

/** isParagraph's answer per element: the DOM does not change after parsing, and the question is asked per piece of text. */
const paragraphs = new WeakMap<DomElement, boolean>();

/**
 * Whether `element` is a block container holding a paragraph: a `div` (or kin) whose content
 * is phrasing content only, with some text (its P carries its `lang`). One that mixes text with
 * blocks is not: each of its anonymous blocks is a paragraph of its own (boxes/paragraph.ts).
 */
function isParagraph(element: DomElement): boolean {
  if (!BLOCK_CONTAINERS.has(element.tagName)) return false;
  let known = paragraphs.get(element);
  if (known === undefined) {
    known = element.children.every((child) => child.kind === 'text' || PHRASING.has(child.tagName)) && hasText(element);
    paragraphs.set(element, known);
  }
  return known;
}

/**
 * Whether the element's phrasing content has a character that is not white space. Linear over
 * the document: asked once per element (memoized), only of one whose children are all phrasing,
 * so no two walks share a subtree.
 */
function hasText(element: DomElement): boolean {
  const stack: DomElement[] = [element];
  while (stack.length > 0) {
    for (const child of stack.pop()!.children) {
      if (child.kind === 'text') {
        if (!isWhiteSpace(child.text)) return true;
      } else stack.push(child);
    }
  }
  return false;
}

/** HTML's ASCII white space only (what CSS collapses): a no-break space is content. */
function isWhiteSpace(text: string): boolean {
  return /^[ \t\n\f\r]*$/.test(text);
}

/** Roles that group other elements (§14.8.4.2, and a list's and a table's own): text directly in one is loose. */
const GROUPING: ReadonlySet<StructureRole> = new Set<StructureRole>(['Document', 'Art', 'Sect', 'Div', 'BlockQuote', 'L', 'Table', 'THead', 'TBody', 'TFoot', 'TR']);

/** Whether content owned by `element` (a structure owner) would sit loose in a grouping element. */
export function isGrouping(element: DomElement): boolean {
  const role = structureRoleOf(element);
  return role !== null && GROUPING.has(role);
}

/**
 * The tag of a text node's content (see contentTag); null — an artifact — for white space
 * between the elements of a grouping element (a figure's image and its caption): it would be
 * an empty piece of the structure.
 */
export function textTag(parent: DomElement, text: string, lastOrder: number): ContentTag | null {
  const tag = contentTag(parent, lastOrder);
  return tag === null || !isWhiteSpace(text) || !isGrouping(tag.element) ? tag : null;
}

/** The element's `lang` when it differs from the language it inherits (HTML §3.2.6.2), else null. */
export function ownLanguage(element: DomElement): string | null {
  return changesLanguage(element) ? element.attrs.get('lang')!.trim() : null;
}

function changesLanguage(element: DomElement): boolean {
  const lang = element.attrs.get('lang')?.trim();
  if (!lang) return false;
  for (let e = element.parent; e !== null; e = e.parent) {
    const inherited = e.attrs.get('lang')?.trim();
    if (inherited) return inherited.toLowerCase() !== lang.toLowerCase();
  }
  return true;
}

/** The document's language: the root element's `lang`, else its body's. */
export function documentLanguage(root: DomElement): string | null {
  const own = root.attrs.get('lang')?.trim();
  if (own) return own;
  const body = root.children.find((c): c is DomElement => c.kind === 'element' && c.tagName === 'body');
  return body?.attrs.get('lang')?.trim() || null;
}

/** The nearest element (itself included) with a structure role: what its content belongs to. */
export function structureOwner(element: DomElement): DomElement | null {
  for (let e: DomElement | null = element; e !== null; e = e.parent) if (structureRoleOf(e) !== null) return e;
  return null;
}

/**
 * The tag of content inside `element` (text, an image, a control) that comes after the
 * element begun last before it, `lastOrder` (see ContentTag); null when nothing owns it.
 */
export function contentTag(element: DomElement, lastOrder: number, label = false): ContentTag | null {
  const owner = structureOwner(element);
  return owner === null ? null : { element: owner, position: lastOrder + 0.5, label, paragraph: null };
}

/** The tag of an image drawn for `element`: an inline SVG's `<title>` is its description (SVG 2 §5.9). */
export function imageTag(element: DomElement, image: ImageResource): ContentTag | null {
  // HTML §4.8.4.4.9: `alt=""` says the image is decoration, which PDF/UA-1 7.3 makes an artifact.
  if (element.tagName === 'img' && element.attrs.get('alt')?.trim() === '') return null;
  const tag = contentTag(element, element.order);
  if (tag === null || image.format !== 'svg' || element.tagName !== 'svg') return tag;
  const title = svgTitle(image.data);
  return title === null ? tag : { element: tag.element, position: tag.position, label: false, paragraph: null, alt: title };
}

/** The text of the first `<title>` of an SVG file (its markup is bounded by the SVG limits). */
function svgTitle(data: Uint8Array): string | null {
  const match = /<title(?:\s[^>]*)?>([^<]*)<\/title>/u.exec(new TextDecoder().decode(data));
  if (!match) return null;
  const text = match[1]!.replace(/&(lt|gt|quot|apos|amp);/gu, (_, name: string) => ENTITIES[name]!).replace(/\s+/gu, ' ').trim();
  return text === '' ? null : text;
}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

/** Marker text that numbers (`1.`, `iv)`) is a label (Lbl); a bullet character (•, –) is decoration. */
export function isLabelText(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}
