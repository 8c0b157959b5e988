// The structure tree of a tagged PDF (ISO 32000-1 §14.7.2, §14.8): written once every page
// exists, from the tags of the pages' marked-content sequences (marked-content.ts) and of
// the annotations (links, widgets). One structure element per element with a role
// (paint/structure.ts), nested as the elements are; a list item's marker goes in its Lbl and
// the rest in its LBody. Each element's kids — structure elements, marked-content references
// (MCRs) and object references (OBJRs) — are in document order (ContentTag.position), so the
// reading order is the document's, across pages and whatever order paint drew in.

import { PDFDict, PDFHexString, PDFName, PDFNumber, type PDFContext, type PDFObject, type PDFRef } from 'pdf-lib';
import type { DomElement } from '../dom/types.js';
import { documentLanguage, ownLanguage, structureOwner, structureRoleOf } from '../paint/structure.js';
import type { ContentTag, Paragraph } from '../paint/types.js';

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

type Kid =
  | { readonly position: number; readonly seq: number; readonly node: StructNode }
  | { readonly position: number; readonly seq: number; readonly mcid: number; readonly page: PDFRef }
  | { readonly position: number; readonly seq: number; readonly annotation: PDFRef; readonly page: PDFRef };

interface StructNode {
  readonly role: string;
  /** Set late on the Document (when content outside the root element came first). */
  element: DomElement | null;
  readonly ref: PDFRef;
  readonly kids: Kid[];
  parent: StructNode | null;
  /** The page of the first content, the /Pg MCRs on it need not repeat. */
  page: PDFRef | null;
  /** A list item's Lbl and LBody. */
  label: StructNode | null;
  body: StructNode | null;
  /** A Figure's description from its image (ContentTag.alt), when its element has none. */
  alt: string | null;
  /** The anonymous paragraphs (P) of a grouping element, by their span in document order. */
  paragraphs: { readonly span: Paragraph; readonly node: StructNode }[] | null;
}

/**
 * Writes /StructTreeRoot with its /ParentTree (§14.7.4.4: page i's MCIDs under key i, then one
 * key per annotation), the pages' /StructParents and /Tabs /S, the annotations' /StructParent,
 * and the catalog's /MarkInfo, /Lang (the root element's `lang`) and DisplayDocTitle. Returns
 * the elements of the Figures written without /Alt (PDF/UA-1 7.3 asks for one: conformance.ts).
 */
export function writeStructureTree(context: PDFContext, catalog: PDFDict, pages: readonly TaggedPage[], annotations: readonly TaggedAnnotation[]): DomElement[] {
  const tree = new TreeBuilder(context);
  const parentTree: PDFObject[] = [];
  pages.forEach((page, index) => {
    const owners = page.tags.map((tag, mcid) => tree.addContent(tag, mcid, page.ref));
    page.node.set(PDFName.of('StructParents'), PDFNumber.of(index));
    // §12.5 Table 30 (PDF/UA-1 7.18.3): annotations are visited in structure order.
    page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
    parentTree.push(PDFNumber.of(index), context.obj(owners.map((node) => node.ref)));
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
      const text = textContent(annotation.tag.element, null);
      if (text !== '' && !dict.has(PDFName.of('Contents'))) dict.set(PDFName.of('Contents'), PDFHexString.fromText(text));
    } else if (role === 'Form') {
      // PDF/UA-1 7.18.1: a field's name for assistive technology (§12.7.3.1 /TU), from its label.
      const name = accessibleName(annotation.tag.element, labels);
      const field = dict.lookupMaybe(PDFName.of('Parent'), PDFDict) ?? dict;
      if (name !== '' && !field.has(PDFName.of('TU'))) field.set(PDFName.of('TU'), PDFHexString.fromText(name));
    }
    parentTree.push(PDFNumber.of(key++), node.ref);
  }
  const rootRef = context.nextRef();
  const document = tree.write(rootRef);
  context.assign(rootRef, context.obj({
    Type: 'StructTreeRoot',
    K: document.ref,
    ParentTree: context.obj({ Nums: parentTree }),
    ParentTreeNextKey: key,
  }));
  catalog.set(PDFName.of('StructTreeRoot'), rootRef);
  catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
  const lang = document.element ? documentLanguage(document.element) : null;
  if (lang) catalog.set(PDFName.of('Lang'), PDFHexString.fromText(lang));
  catalog.set(PDFName.of('ViewerPreferences'), context.obj({ DisplayDocTitle: true }));
  return tree.figuresWithoutAlt;
}

const TYPE = PDFName.of('Type');
const S = PDFName.of('S');
const P = PDFName.of('P');
const K = PDFName.of('K');
const PG = PDFName.of('Pg');
const MCR = PDFName.of('MCR');
const MCID = PDFName.of('MCID');
const OBJR = PDFName.of('OBJR');
const OBJ = PDFName.of('Obj');

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

  constructor(private readonly context: PDFContext) {}

  /** An MCR for `tag`'s content; returns the structure element it is in. */
  addContent(tag: ContentTag, mcid: number, page: PDFRef): StructNode {
    const owner = this.nodeOf(tag.element);
    let node = tag.label ? this.labelOf(owner) : this.bodyOf(owner);
    if (tag.paragraph !== null) node = this.paragraphOf(node, tag.paragraph);
    if (tag.alt !== undefined) node.alt ??= tag.alt;
    node.kids.push({ position: tag.position, seq: this.seq++, mcid, page });
    node.page ??= page;
    return node;
  }

  /** An OBJR for an annotation, after its element's content. */
  addAnnotation(annotation: TaggedAnnotation): StructNode {
    const node = this.bodyOf(this.nodeOf(annotation.tag.element));
    node.kids.push({ position: Infinity, seq: this.seq++, annotation: annotation.ref, page: annotation.page });
    node.page ??= annotation.page;
    return node;
  }

  /** Writes every structure element under the Document, which it returns. */
  write(root: PDFRef): StructNode {
    const document = this.documentNode();
    this.writeNode(document, root);
    return document;
  }

  /**
   * A structure element with its kids (§14.7.2 Table 323). Dictionaries are built entry by
   * entry, without /Type (optional) and with a lone kid not in an array: a table of thousands
   * of cells writes thousands of them.
   */
  private writeNode(node: StructNode, parent: PDFRef): void {
    if (node.paragraphs !== null) this.gatherIntoParagraphs(node, node.paragraphs);
    const kids = node.role === 'LI' ? [node.label, node.body].flatMap((n) => (n ? [{ position: 0, seq: 0, node: n }] : [])) : node.kids;
    if (!inOrder(kids)) kids.sort(byDocumentOrder);
    const k: PDFObject[] = [];
    for (const kid of kids) {
      if ('node' in kid) {
        this.writeNode(kid.node, node.ref);
        k.push(kid.node.ref);
      } else if ('mcid' in kid) {
        k.push(kid.page === node.page ? PDFNumber.of(kid.mcid) : this.dict([[TYPE, MCR], [PG, kid.page], [MCID, PDFNumber.of(kid.mcid)]]));
      } else k.push(this.dict([[TYPE, OBJR], [OBJ, kid.annotation], [PG, kid.page]]));
    }
    const dict = this.dict([[S, PDFName.of(node.role)], [P, parent]]);
    if (k.length === 1) dict.set(K, k[0]!);
    else if (k.length > 1) dict.set(K, this.context.obj(k));
    if (node.page) dict.set(PG, node.page);
    if (node.element && !addAttributes(this.context, node, node.element, dict)) this.figuresWithoutAlt.push(node.element);
    this.context.assign(node.ref, dict);
  }

  /** The P of an anonymous paragraph in `parent`, made at its first content. */
  private paragraphOf(parent: StructNode, span: Paragraph): StructNode {
    let node = this.paragraphs.get(span);
    if (node === undefined) {
      node = this.childOf(parent, 'P');
      parent.kids.push({ position: span.start, seq: this.seq++, node });
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
      const into = 'node' in kid && !this.isParagraph(kid.node) ? containing(paragraphs, kid.position) : null;
      if (into !== null && 'node' in kid) {
        into.kids.push(kid);
        kid.node.parent = into;
      } else stay.push(kid);
    }
    parent.kids.length = 0;
    parent.kids.push(...stay);
  }

  private isParagraph(node: StructNode): boolean {
    return node.role === 'P' && node.element === null;
  }

  private dict(entries: readonly (readonly [PDFName, PDFObject])[]): PDFDict {
    return PDFDict.fromMapWithContext(new Map(entries), this.context);
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
    const node = this.newNode(role, element);
    this.nodes.set(element, node);
    const above = element.parent ? structureOwner(element.parent) : null;
    const parent = this.bodyOf(above ? this.nodeOf(above) : this.documentNode());
    node.parent = parent;
    parent.kids.push({ position: element.order, seq: this.seq++, node });
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
    return { role, element, ref: this.context.nextRef(), kids: [], parent: null, page: null, label: null, body: null, alt: null, paragraphs: null };
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

/** /Alt, /Lang and the table attributes (§14.8.5.7) of an element's structure element; false for a Figure without /Alt. */
function addAttributes(context: PDFContext, node: StructNode, element: DomElement, dict: PDFDict): boolean {
  if (element.parent !== null) {
    const lang = ownLanguage(element);
    if (lang) dict.set(PDFName.of('Lang'), PDFHexString.fromText(lang));
  }
  if (node.role === 'L') {
    dict.set(PDFName.of('A'), context.obj({ O: 'List', ListNumbering: listNumbering(element) }));
  } else if (node.role === 'Figure') {
    const alt = altText(element) ?? node.alt;
    if (alt === null) return false;
    dict.set(PDFName.of('Alt'), PDFHexString.fromText(alt));
  } else if (node.role === 'TH' || node.role === 'TD') {
    const table: Record<string, PDFObject | string | number> = { O: 'Table' };
    const rows = span(element.attrs.get('rowspan'), MAX_ROW_SPAN);
    const columns = span(element.attrs.get('colspan'), MAX_COLUMN_SPAN);
    if (rows > 1) table.RowSpan = rows;
    if (columns > 1) table.ColSpan = columns;
    if (node.role === 'TH') table.Scope = headerScope(element);
    if (Object.keys(table).length > 1) dict.set(PDFName.of('A'), context.obj(table));
  }
  return true;
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

/** A figure's alternate description (PDF/UA-1 7.3): `alt`, `aria-label`, `title` (an `img` with `alt=""` is an artifact: structure.ts). */
function altText(element: DomElement): string | null {
  const own = element.attrs.get('alt') ?? element.attrs.get('aria-label') ?? element.attrs.get('title');
  return own === undefined ? null : own.trim();
}
/** A link's /Contents is at most this long (characters). */
const MAX_CONTENTS = 500;

/**
 * A form control's name (HTML-AAM §4.1.1, simplified): `aria-label`, the text of its `<label
 * for=id>`, else of the `<label>` around it (without the controls' own text), `title`,
 * `placeholder`.
 */
function accessibleName(control: DomElement, labels: LabelIndex): string {
  const own = control.attrs.get('aria-label')?.trim();
  if (own) return own;
  const id = control.attrs.get('id');
  const labelFor = id ? labels.forId(control, id) : undefined;
  if (labelFor) {
    const text = textContent(labelFor, control);
    if (text !== '') return text;
  }
  for (let e = control.parent; e !== null; e = e.parent) {
    if (e.tagName !== 'label') continue;
    const text = textContent(e, control);
    if (text !== '') return text;
    break;
  }
  return (control.attrs.get('title') ?? control.attrs.get('placeholder') ?? '').trim();
}

/** The document's `<label for>` elements by their `for` (the first in document order), read once on first use. */
class LabelIndex {
  private byId: Map<string, DomElement> | null = null;

  forId(control: DomElement, id: string): DomElement | undefined {
    if (this.byId === null) {
      let root = control;
      while (root.parent !== null) root = root.parent;
      this.byId = new Map();
      const stack: DomElement[] = [root];
      while (stack.length > 0) {
        const element = stack.pop()!;
        const target = element.tagName === 'label' ? element.attrs.get('for') : undefined;
        if (target !== undefined && !this.byId.has(target)) this.byId.set(target, element);
        for (let i = element.children.length - 1; i >= 0; i--) {
          const child = element.children[i]!;
          if (child.kind === 'element') stack.push(child);
        }
      }
    }
    return this.byId.get(id);
  }
}

/** An element's text, white space collapsed, bounded; without the text of form controls (a select's options). */
function textContent(element: DomElement, skip: DomElement | null): string {
  let text = '';
  const stack: (DomElement | string)[] = [element];
  while (stack.length > 0 && text.length < MAX_CONTENTS) {
    const next = stack.pop()!;
    if (typeof next === 'string') {
      text += next;
      continue;
    }
    if (next === skip || (next !== element && (next.tagName === 'select' || next.tagName === 'textarea'))) continue;
    for (let i = next.children.length - 1; i >= 0; i--) {
      const child = next.children[i]!;
      stack.push(child.kind === 'element' ? child : child.text);
    }
  }
  return text.replace(/\s+/gu, ' ').trim().slice(0, MAX_CONTENTS);
}
