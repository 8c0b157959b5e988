// The structure tree of a tagged PDF (ISO 32000-1 §14.7.2, §14.8): written once every page
// exists, from the tags of the pages' marked-content sequences (marked-content.ts) and of
// the annotations (links, widgets). One structure element per element with a role
// (paint/structure.ts), nested as the elements are; a list item's marker goes in its Lbl and
// the rest in its LBody. Each element's kids — structure elements, marked-content references
// (MCRs) and object references (OBJRs) — are in document order (ContentTag.position), so the
// reading order is the document's, across pages and whatever order paint drew in.

import { PDFDict, PDFHexString, PDFName, PDFNumber, PDFRef, type PDFContext } from 'pdf-lib';
import type { DomElement } from '../dom/types.js';
import { documentLanguage, ownLanguage, structureOwner, structureRoleOf } from '../paint/structure.js';
import type { ContentTag, Paragraph } from '../paint/types.js';
import { accessibleName, altText, LabelIndex, linkText } from './accessible-name.js';
import { TextObjects } from './text-objects.js';

/** A page's MCIDs: `tags[mcid]` is what the sequence belongs to. */
export interface TaggedPage {
  readonly ref: PDFRef;
  readonly node: PDFDict;
  readonly tags: readonly ContentTag[];
}

/** An annotation (a link, a widget) that belongs to a structure element (§14.7.4.3). */
export interface TaggedAnnotation {
  readonly ref: PDFRef;
  readonly page: PDFRef;
  readonly tag: ContentTag;
}

/** No object: object number 0 is never a page's or an annotation's. */
const NONE = 0;

/** A kid of a structure element: another one, a marked-content reference (MCR) or an object reference (OBJR). */
class Kid {
  constructor(
    /** Where it is in the document (ContentTag.position), then the order it came in. */
    readonly position: number,
    readonly seq: number,
    readonly node: StructNode | null,
    /** An MCR's MCID, else -1. */
    readonly mcid: number,
    /** The object number of the MCR's or OBJR's page. */
    readonly page: number,
    /** The object number of an OBJR's annotation, else NONE. */
    readonly annotation: number,
  ) {}
}

class StructNode {
  readonly kids: Kid[] = [];
  parent: StructNode | null = null;
  /** The object number of the page of the first content, which the MCRs on it need not repeat; NONE before. */
  page = NONE;
  /** A list item's Lbl and LBody. */
  label: StructNode | null = null;
  body: StructNode | null = null;
  /** A Figure's description from its image (ContentTag.alt), when its element has none. */
  alt: string | null = null;
  /** The anonymous paragraphs (P) of a grouping element, by their span in document order. */
  paragraphs: { readonly span: Paragraph; readonly node: StructNode }[] | null = null;

  constructor(
    readonly role: string,
    /** Set late on the Document (when content outside the root element came first). */
    public element: DomElement | null,
    /** Its object number. */
    readonly number: number,
  ) {}
}

/**
 * Writes /StructTreeRoot with its /ParentTree (§14.7.4.4: page i's MCIDs under key i, then one
 * key per annotation), the pages' /StructParents and /Tabs /S, the annotations' /StructParent,
 * and the catalog's /MarkInfo, /Lang (the root element's `lang`) and DisplayDocTitle. The
 * root, the parent tree and the structure elements are text objects (text-objects.ts),
 * returned for writeWithObjectStreams to write (pdf-lib's own save() does not know them), with
 * the elements of the Figures written without /Alt (PDF/UA-1 7.3 asks for one: conformance.ts).
 */
export function writeStructureTree(context: PDFContext, catalog: PDFDict, pages: readonly TaggedPage[], annotations: readonly TaggedAnnotation[]): { objects: TextObjects; figuresWithoutAlt: DomElement[] } {
  const objects = new TextObjects(context);
  const root = objects.reserve();
  const parentTree = objects.reserve();
  const tree = new TreeBuilder(objects);
  // One number tree node (§7.9.7) with every key, written as the keys come.
  objects.begin(parentTree);
  objects.ascii('<</Nums[');
  pages.forEach((page, index) => {
    const pageNumber = page.ref.objectNumber;
    objects.integer(index);
    objects.ascii('[');
    for (let mcid = 0; mcid < page.tags.length; mcid++) {
      if (mcid > 0) objects.space();
      objects.ref(tree.addContent(page.tags[mcid]!, mcid, pageNumber).number);
    }
    objects.ascii(']');
    page.node.set(PDFName.of('StructParents'), PDFNumber.of(index));
    // §12.5 Table 30 (PDF/UA-1 7.18.3): annotations are visited in structure order.
    page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
  });
  let key = pages.length;
  const labels = new LabelIndex();
  for (const annotation of annotations) {
    const node = tree.addAnnotation(annotation);
    const dict = context.lookup(annotation.ref, PDFDict);
    dict.set(PDFName.of('StructParent'), PDFNumber.of(key));
    const role = structureRoleOf(annotation.tag.element);
    if (role === 'Link') {
      // PDF/UA-1 7.18.5: a link says what it is for; its text does.
      const text = linkText(annotation.tag.element);
      if (text !== '' && !dict.has(PDFName.of('Contents'))) dict.set(PDFName.of('Contents'), PDFHexString.fromText(text));
    } else if (role === 'Form') {
      // PDF/UA-1 7.18.1: a field's name for assistive technology (§12.7.3.1 /TU), from its label.
      const name = accessibleName(annotation.tag.element, labels);
      const field = dict.lookupMaybe(PDFName.of('Parent'), PDFDict) ?? dict;
      if (name !== '' && !field.has(PDFName.of('TU'))) field.set(PDFName.of('TU'), PDFHexString.fromText(name));
    }
    objects.space();
    objects.integer(key++);
    objects.space();
    objects.ref(node.number);
  }
  objects.ascii(']>>');
  objects.end();
  const document = tree.write(root);
  objects.begin(root);
  objects.ascii('<</Type/StructTreeRoot/K ');
  objects.ref(document.number);
  objects.ascii('/ParentTree ');
  objects.ref(parentTree);
  objects.ascii('/ParentTreeNextKey ');
  objects.integer(key);
  objects.ascii('>>');
  objects.end();
  objects.checkComplete();
  catalog.set(PDFName.of('StructTreeRoot'), PDFRef.of(root));
  catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
  const lang = document.element ? documentLanguage(document.element) : null;
  if (lang) catalog.set(PDFName.of('Lang'), PDFHexString.fromText(lang));
  catalog.set(PDFName.of('ViewerPreferences'), context.obj({ DisplayDocTitle: true }));
  return { objects, figuresWithoutAlt: tree.figuresWithoutAlt };
}

function byDocumentOrder(a: Kid, b: Kid): number {
  return a.position - b.position || a.seq - b.seq;
}

/** Kids usually arrive in document order (paint order is mostly it): no sort then. */
function inOrder(kids: readonly Kid[]): boolean {
  for (let i = 1; i < kids.length; i++) if (byDocumentOrder(kids[i - 1]!, kids[i]!) > 0) return false;
  return true;
}

class TreeBuilder {
  private readonly nodes = new Map<DomElement, StructNode>();
  private readonly paragraphs = new Map<Paragraph, StructNode>();
  readonly figuresWithoutAlt: DomElement[] = [];
  /** The Document element: the root element's, or one made for content outside it. */
  private document: StructNode | null = null;
  private seq = 0;
  /** The element of the last content, and its structure element. */
  private lastElement: DomElement | null = null;
  private lastOwner: StructNode | null = null;

  constructor(private readonly objects: TextObjects) {}

  /** An MCR for `tag`'s content on the page numbered `page`; returns the structure element it is in. */
  addContent(tag: ContentTag, mcid: number, page: number): StructNode {
    // Sequences of one element often follow each other (a paragraph's lines, a cell's pieces).
    const owner = tag.element === this.lastElement ? this.lastOwner! : this.nodeOf(tag.element);
    this.lastElement = tag.element;
    this.lastOwner = owner;
    let node = tag.label ? this.labelOf(owner) : this.bodyOf(owner);
    if (tag.paragraph !== null) node = this.paragraphOf(node, tag.paragraph);
    if (tag.alt !== undefined) node.alt ??= tag.alt;
    node.kids.push(new Kid(tag.position, this.seq++, null, mcid, page, NONE));
    if (node.page === NONE) node.page = page;
    return node;
  }

  /** An OBJR for an annotation, after its element's content. */
  addAnnotation(annotation: TaggedAnnotation): StructNode {
    const node = this.bodyOf(this.nodeOf(annotation.tag.element));
    const page = annotation.page.objectNumber;
    node.kids.push(new Kid(Infinity, this.seq++, null, -1, page, annotation.ref.objectNumber));
    if (node.page === NONE) node.page = page;
    return node;
  }

  /** Writes every structure element under the Document, which it returns; `root` is the StructTreeRoot's object number. */
  write(root: number): StructNode {
    const document = this.documentNode();
    // Depth first, each element before its kids, without recursion (documents nest deep).
    const stack: [StructNode, number][] = [[document, root]];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      const [node, parent] = next;
      const kids = this.writeNode(node, parent);
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i]!, node.number]);
    }
    return document;
  }

  /**
   * A structure element with its kids (§14.7.2 Table 323), without /Type (optional) and with
   * a lone kid not in an array: a table of thousands of cells writes thousands of them.
   * Returns the structure elements among its kids.
   */
  private writeNode(node: StructNode, parent: number): StructNode[] {
    if (node.paragraphs !== null) this.gatherIntoParagraphs(node, node.paragraphs);
    const o = this.objects;
    const elements: StructNode[] = [];
    let kids: readonly Kid[] = node.kids;
    if (node.role === 'LI') {
      // A list item's kids are its Lbl and LBody.
      if (node.label !== null) elements.push(node.label);
      if (node.body !== null) elements.push(node.body);
      kids = [];
    } else if (!inOrder(node.kids)) node.kids.sort(byDocumentOrder);
    o.begin(node.number);
    o.ascii('<</S/');
    o.ascii(node.role);
    o.ascii('/P ');
    o.ref(parent);
    const count = elements.length + kids.length;
    if (count > 0) o.ascii(count === 1 ? '/K ' : '/K[');
    for (let i = 0; i < elements.length; i++) {
      if (i > 0) o.space();
      o.ref(elements[i]!.number);
    }
    for (let i = 0; i < kids.length; i++) {
      const kid = kids[i]!;
      if (i > 0) o.space();
      if (kid.node !== null) {
        elements.push(kid.node);
        o.ref(kid.node.number);
      } else if (kid.mcid < 0) {
        o.ascii('<</Type/OBJR/Obj ');
        o.ref(kid.annotation);
        o.ascii('/Pg ');
        o.ref(kid.page);
        o.ascii('>>');
      } else if (kid.page === node.page) {
        o.integer(kid.mcid);
      } else {
        o.ascii('<</Type/MCR/Pg ');
        o.ref(kid.page);
        o.ascii('/MCID ');
        o.integer(kid.mcid);
        o.ascii('>>');
      }
    }
    if (count > 1) o.ascii(']');
    if (node.page !== NONE) {
      o.ascii('/Pg ');
      o.ref(node.page);
    }
    if (node.element) {
      o.ascii(attributes(node, node.element));
      if (node.role === 'Figure' && figureAlt(node, node.element) === null) this.figuresWithoutAlt.push(node.element);
    }
    o.ascii('>>');
    o.end();
    return elements;
  }

  /** The P of an anonymous paragraph in `parent`, made at its first content. */
  private paragraphOf(parent: StructNode, span: Paragraph): StructNode {
    let node = this.paragraphs.get(span);
    if (node === undefined) {
      node = this.childOf(parent, 'P');
      parent.kids.push(new Kid(span.start, this.seq++, node, -1, NONE, NONE));
      (parent.paragraphs ??= []).push({ span, node });
      this.paragraphs.set(span, node);
    }
    return node;
  }

  /**
   * Moves the elements with roles that sit among a paragraph's text (a link, an image, a
   * control: their `order` within its span) from `parent` into that paragraph. The spans of
   * one parent's paragraphs do not overlap (each is one block's inline content): a binary search.
   */
  private gatherIntoParagraphs(parent: StructNode, paragraphs: { readonly span: Paragraph; readonly node: StructNode }[]): void {
    paragraphs.sort((a, b) => a.span.start - b.span.start);
    const stay: Kid[] = [];
    for (const kid of parent.kids) {
      const into = kid.node !== null && !this.isParagraph(kid.node) ? containing(paragraphs, kid.position) : null;
      if (into !== null && kid.node !== null) {
        into.kids.push(kid);
        kid.node.parent = into;
      } else stay.push(kid);
    }
    // Element by element: a spread of a document's many kids could overflow the call stack.
    parent.kids.length = 0;
    for (const kid of stay) parent.kids.push(kid);
  }

  private isParagraph(node: StructNode): boolean {
    return node.role === 'P' && node.element === null;
  }

  private nodeOf(element: DomElement): StructNode {
    const known = this.nodes.get(element);
    if (known) return known;
    const role = structureRoleOf(element) ?? 'Span';
    if (role === 'Document') {
      // The root element's: the one Document, made now if content outside it came first.
      const document = this.documentNode();
      document.element ??= element;
      this.nodes.set(element, document);
      return document;
    }
    const above = element.parent === null ? null : (this.nodes.get(element.parent) ?? structureOwner(element.parent));
    const parent = this.bodyOf(above === null ? this.documentNode() : above instanceof StructNode ? above : this.nodeOf(above));
    // Making a row makes its cells, this one among them: in order, with nothing to sort.
    const made = this.nodes.get(element);
    if (made) return made;
    const node = this.newNode(role, element);
    this.nodes.set(element, node);
    node.parent = parent;
    parent.kids.push(new Kid(element.order, this.seq++, node, -1, NONE, NONE));
    // Empty cells too: a row has all its cells, so that the table's columns line up (§14.8.4.3.4).
    if (role === 'TR') for (const cell of element.children) if (cell.kind === 'element' && (cell.tagName === 'td' || cell.tagName === 'th')) this.nodeOf(cell);
    return node;
  }

  private documentNode(): StructNode {
    return (this.document ??= this.newNode('Document', null));
  }

  /** Where a list item's content goes: its LBody (§14.8.4.3.3); any other element itself. */
  private bodyOf(node: StructNode): StructNode {
    if (node.role !== 'LI') return node;
    return (node.body ??= this.childOf(node, 'LBody'));
  }

  private labelOf(node: StructNode): StructNode {
    if (node.role !== 'LI') return node;
    return (node.label ??= this.childOf(node, 'Lbl'));
  }

  private childOf(parent: StructNode, role: string): StructNode {
    const node = this.newNode(role, null);
    node.parent = parent;
    return node;
  }

  private newNode(role: string, element: DomElement | null): StructNode {
    return new StructNode(role, element, this.objects.reserve());
  }
}

/** The paragraph (of spans sorted by start) whose span holds `position`, or null. */
function containing(paragraphs: readonly { readonly span: Paragraph; readonly node: StructNode }[], position: number): StructNode | null {
  let low = 0;
  let high = paragraphs.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const { span } = paragraphs[mid]!;
    if (position < span.start) high = mid - 1;
    else if (position > span.end) low = mid + 1;
    else return paragraphs[mid]!.node;
  }
  return null;
}

/** A Figure's description: its element's, else its image's (ContentTag.alt); null when it has none. */
function figureAlt(node: StructNode, element: DomElement): string | null {
  return altText(element) ?? node.alt;
}

/** /Alt, /Lang and the table attributes (§14.8.5.7) of an element's structure element, as dictionary entries (PDF syntax). */
function attributes(node: StructNode, element: DomElement): string {
  let text = '';
  if (element.parent !== null) {
    const lang = ownLanguage(element);
    if (lang) text += `/Lang${PDFHexString.fromText(lang).toString()}`;
  }
  if (node.role === 'L') {
    text += `/A<</O/List/ListNumbering/${listNumbering(element)}>>`;
  } else if (node.role === 'Figure') {
    const alt = figureAlt(node, element);
    if (alt !== null) text += `/Alt${PDFHexString.fromText(alt).toString()}`;
  } else if (node.role === 'TH' || node.role === 'TD') {
    let table = '';
    const rows = span(element.attrs.get('rowspan'), MAX_ROW_SPAN);
    const columns = span(element.attrs.get('colspan'), MAX_COLUMN_SPAN);
    if (rows > 1) table += `/RowSpan ${rows}`;
    if (columns > 1) table += `/ColSpan ${columns}`;
    if (node.role === 'TH') table += `/Scope/${headerScope(element)}`;
    if (table !== '') text += `/A<</O/Table${table}>>`;
  }
  return text;
}

/**
 * A list's /ListNumbering (§14.8.5.5 Table 347), from the list's kind and `type` (HTML
 * §4.4.5): bullets for `ul`, numbers or letters for `ol`.
 */
function listNumbering(list: DomElement): string {
  if (list.tagName !== 'ol') return 'Disc';
  switch (list.attrs.get('type')) {
    case 'a': return 'LowerAlpha';
    case 'A': return 'UpperAlpha';
    case 'i': return 'LowerRoman';
    case 'I': return 'UpperRoman';
    default: return 'Decimal';
  }
}

/** HTML §4.9.11: rowspan is clamped to 65534, colspan to 1000. */
const MAX_ROW_SPAN = 65534;
const MAX_COLUMN_SPAN = 1000;

function span(value: string | undefined, max: number): number {
  const n = value === undefined ? Number.NaN : Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 1 ? Math.min(n, max) : 1;
}

/**
 * A header cell's /Scope (§14.8.5.7 Table 349): its `scope` attribute, else by position (HTML
 * §4.9.10 auto state, simplified): in a thead or the table's first row it heads a column,
 * first in its row it heads a row.
 */
function headerScope(th: DomElement): string {
  const scope = th.attrs.get('scope')?.trim().toLowerCase();
  if (scope === 'row' || scope === 'rowgroup') return 'Row';
  if (scope === 'col' || scope === 'colgroup') return 'Column';
  const row = th.parent;
  if (row === null || row.parent?.tagName === 'thead' || isFirstRow(row)) return 'Column';
  const firstCell = row.children.find((c): c is DomElement => c.kind === 'element' && (c.tagName === 'td' || c.tagName === 'th'));
  return firstCell === th ? 'Row' : 'Column';
}

/** Whether `row` is the first row of its table (in a thead, tbody or directly in it). */
function isFirstRow(row: DomElement): boolean {
  const group = row.parent;
  if (group === null) return false;
  const table = group.tagName === 'table' ? group : group.parent;
  if (table === null || table.tagName !== 'table') return false;
  for (const child of table.children) {
    if (child.kind !== 'element') continue;
    if (child.tagName === 'tr') return child === row;
    if (child.tagName === 'thead' || child.tagName === 'tbody' || child.tagName === 'tfoot') {
      const first = child.children.find((c): c is DomElement => c.kind === 'element' && c.tagName === 'tr');
      if (first) return first === row;
    }
  }
  return false;
}
