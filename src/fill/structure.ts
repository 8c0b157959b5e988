// Filled values in a tagged template's logical structure (ISO 32000-1 §14.7–14.8, PDF/UA-1
// 7.1, 7.18). Each value drawn into a field is one marked-content sequence of its page: the
// `Do` of the value's form XObject inside `BDC … EMC` with an MCID after the page's own, so
// "the entire form XObject is part of the structure element's content" (§14.7.4.2, PDF 1.7
// reference §10.6.3). The structure element that holds it:
//   - an AcroForm widget that has one (its /StructParent, the element whose OBJR it is): the
//     value takes the OBJR's place there, so it keeps the template's reading order; the widget
//     is flattened away, and a Form element becomes a non-interactive field with the
//     PrintField attributes (§14.8.5.6 Table 348) saying what it was (text, check box, radio);
//   - otherwise a new element, after the document's own content, in page order and top to
//     bottom: `Form` with PrintField attributes for text, check marks and radio dots, `Figure`
//     with /Alt for an image. Its name (/Desc, and the /Alt of a mark that has no text) is the
//     field's /TU or name.
// The ParentTree (a number tree, §7.9.7) keeps the template's entries: a page's MCID array gets
// the new MCIDs, a page without one gets a new key. An untagged template is left untagged
// (fill-pdf.ts): marks of ours could not make it a tagged PDF.

import { decodePDFRawStream, PDFArray, PDFDict, PDFHexString, PDFName, PDFNull, PDFNumber, PDFRawStream, PDFRef, PDFStream, PDFString, type PDFContext, type PDFDocument, type PDFObject } from 'pdf-lib';
import type { AcroFieldNode, AcroKind } from './acroform-tree.js';
import type { DisplayBox } from './draw-text.js';
import type { FieldValue } from './field-value.js';
import type { CastField } from './types.js';

/** One value drawn on one page: what `mark` files in the structure. */
export interface DrawnValue {
  readonly field: CastField;
  readonly value: FieldValue;
  /** The template's AcroForm field, when the field is one. */
  readonly acro: AcroFieldNode | undefined;
  readonly pageIndex: number;
  readonly box: DisplayBox;
  readonly widget?: PDFDict;
}

/** A page's MCID array in the ParentTree, and the next free MCID. */
interface PageEntry {
  readonly ref: PDFRef;
  readonly owners: PDFArray;
  next: number;
}

/** A structure element this fill makes. */
interface NewElement {
  readonly ref: PDFRef;
  readonly dict: PDFDict;
  readonly page: PDFRef;
  /** Reading order: page, then top to bottom, then left to right. */
  readonly pageIndex: number;
  readonly top: number;
  readonly left: number;
  /** In place of a widget's OBJR (a Figure in the widget's element); else appended to the document. */
  readonly inPlace: boolean;
}

const K = PDFName.of('K');
const P = PDFName.of('P');
const S = PDFName.of('S');
const PG = PDFName.of('Pg');
const A = PDFName.of('A');
const ALT = PDFName.of('Alt');
const TYPE = PDFName.of('Type');
const OBJ = PDFName.of('Obj');
const NUMS = PDFName.of('Nums');
const KIDS = PDFName.of('Kids');
const STRUCT_PARENT = PDFName.of('StructParent');
const STRUCT_PARENTS = PDFName.of('StructParents');
/** A number tree is walked this deep at most (they are shallow: a few levels for thousands of keys). */
const MAX_TREE_DEPTH = 32;

/** The template's structure, as the fill adds to it; null when the template is not tagged. */
export function templateStructure(doc: PDFDocument): FillStructure | null {
  const value = doc.catalog.get(PDFName.of('StructTreeRoot'));
  const root = doc.context.lookup(value);
  if (!(root instanceof PDFDict)) return null;
  // An element's /P is an indirect reference: a direct root (rare, and wrong) is made indirect.
  const rootRef = value instanceof PDFRef ? value : doc.context.register(root);
  doc.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
  let parentTree = root.lookup(PDFName.of('ParentTree'));
  if (!(parentTree instanceof PDFDict)) {
    parentTree = doc.context.obj({ Nums: [] });
    root.set(PDFName.of('ParentTree'), parentTree);
  }
  return new FillStructure(doc, root, rootRef, parentTree as PDFDict);
}

export class FillStructure {
  private readonly context: PDFContext;
  private readonly pages = new Map<number, PageEntry>();
  private readonly created: NewElement[] = [];
  /** The element a field's values go in when it has no place of its own (one per field). */
  private readonly ofField = new Map<CastField, NewElement>();
  /** The elements that have their PrintField attributes (a field's element is described once). */
  private readonly described = new Set<PDFDict>();
  /** What takes a flattened widget's OBJR place: the MCID (or MCR) of its value, or a Figure. */
  private readonly replacing = new Map<PDFDict, PDFObject>();
  private nextKey: number;
  /** The ParentTree's entries, read once. */
  private readonly parents: Map<number, PDFObject>;

  constructor(private readonly doc: PDFDocument, private readonly root: PDFDict, private readonly rootRef: PDFRef, private readonly parentTree: PDFDict) {
    this.context = doc.context;
    this.parents = readNumberTree(parentTree);
    const declared = root.lookupMaybe(PDFName.of('ParentTreeNextKey'), PDFNumber)?.asNumber() ?? 0;
    let largest = -1;
    for (const key of this.parents.keys()) largest = Math.max(largest, key);
    this.nextKey = Math.max(Number.isInteger(declared) ? declared : 0, largest + 1);
  }

  /** Files one drawn value in the structure; returns the operands of its BDC (`/Form <</MCID 3>>`). */
  mark(drawn: DrawnValue): string {
    const page = this.page(drawn.pageIndex);
    const mcid = page.next++;
    const name = fieldName(drawn.field.name, drawn.acro);
    const owner = drawn.widget ? this.widgetElement(drawn.widget) : undefined;
    let holder: { readonly ref: PDFRef; readonly dict: PDFDict };
    if (owner && drawn.widget && drawn.value.kind !== 'image') {
      // The value takes the widget's place in its element.
      holder = owner;
      this.describe(owner.dict, drawn, name, true);
      this.replacing.set(drawn.widget, contentKid(this.context, owner.dict, page.ref, mcid));
    } else {
      if (owner && drawn.widget) {
        // An image is a Figure (PDF/UA-1 7.3), in the widget's element where the widget was.
        holder = this.newElement('Figure', owner.ref, drawn, true);
        holder.dict.set(ALT, PDFHexString.fromText(name));
        this.replacing.set(drawn.widget, holder.ref);
      } else holder = this.fieldElement(drawn, name);
      setKids(this.context, holder.dict, [...kidsOf(this.context, holder.dict), contentKid(this.context, holder.dict, page.ref, mcid)]);
    }
    setAt(page.owners, mcid, holder.ref);
    // The tag is the element's type (§14.7.4.2), written as a name (a template's own type may need escapes).
    return `${PDFName.of(roleOf(holder.dict)).toString()} <</MCID ${mcid}>>`;
  }

  /** The new element of a field without a place of its own, one per field however many widgets show it. */
  private fieldElement(drawn: DrawnValue, name: string): NewElement {
    const known = this.ofField.get(drawn.field);
    if (known) return known;
    const image = drawn.value.kind === 'image';
    const element = this.newElement(image ? 'Figure' : 'Form', this.rootRef, drawn, false);
    if (image) element.dict.set(ALT, PDFHexString.fromText(name));
    else this.describe(element.dict, drawn, name, false);
    this.ofField.set(drawn.field, element);
    return element;
  }

  /**
   * After the values are marked and before `fields` are flattened: each widget's OBJR is
   * replaced by its value (or removed: a check box left unticked draws nothing), so no element
   * refers to an annotation that is gone; the new elements join the document's; the
   * ParentTree's next key is updated.
   */
  finish(fields: readonly AcroFieldNode[]): void {
    for (const field of fields) {
      for (const { dict: widget } of field.widgets) {
        const owner = this.widgetElement(widget);
        if (!owner) continue;
        const kids = kidsOf(this.context, owner.dict);
        const index = kids.findIndex((kid) => refersTo(this.context, kid, widget));
        if (index < 0) continue;
        const replacement = this.replacing.get(widget);
        if (replacement === undefined) {
          kids.splice(index, 1);
          // A widget that shows nothing now (a box left unticked, a radio button not chosen): its element says so.
          if (roleOf(owner.dict) === 'Form' && !this.described.has(owner.dict)) {
            this.described.add(owner.dict);
            const role = printRole(field.kind);
            addAttributes(this.context, owner.dict, printField(this.context, role, false, null));
            if (!owner.dict.has(ALT) && (role === 'cb' || role === 'rb')) owner.dict.set(ALT, PDFHexString.fromText(`${fieldName(field.name, field)}: not checked`));
          }
        } else kids[index] = replacement;
        setKids(this.context, owner.dict, kids);
      }
    }
    this.appendToDocument(this.created.filter((element) => !element.inPlace));
    this.root.set(PDFName.of('ParentTreeNextKey'), PDFNumber.of(this.nextKey));
  }

  /** The new elements, in reading order, after the last kid of the document's top element. */
  private appendToDocument(elements: NewElement[]): void {
    if (elements.length === 0) return;
    elements.sort((a, b) => a.pageIndex - b.pageIndex || a.top - b.top || a.left - b.left);
    // The root's one kid (Document, usually) takes them; with several (or none), the root does.
    const top = kidsOf(this.context, this.root);
    const only = top.length === 1 && top[0] instanceof PDFRef ? this.context.lookup(top[0]) : undefined;
    const [parentRef, parent] = only instanceof PDFDict ? [top[0] as PDFRef, only] : [this.rootRef, this.root];
    for (const element of elements) element.dict.set(P, parentRef);
    setKids(this.context, parent, [...kidsOf(this.context, parent), ...elements.map((element) => element.ref)]);
  }

  /** The PrintField attributes (and, for a mark with no text to read, an /Alt) of a field's Form element, once. */
  private describe(element: PDFDict, drawn: DrawnValue, name: string, inPlace: boolean): void {
    if (roleOf(element) !== 'Form' || this.described.has(element)) return;
    this.described.add(element);
    const { value } = drawn;
    const role = drawn.acro ? printRole(drawn.acro.kind) : value.kind === 'check' ? 'cb' : value.kind === 'choice' ? 'rb' : 'tv';
    addAttributes(this.context, element, printField(this.context, role, value.kind === 'check' || value.kind === 'choice', inPlace ? null : name));
    if (element.has(ALT)) return;
    if (value.kind === 'check') element.set(ALT, PDFHexString.fromText(`${name}: checked`));
    else if (value.kind === 'choice') element.set(ALT, PDFHexString.fromText(`${name}: ${value.option}`));
  }

  /** The structure element a widget's /StructParent names (§14.7.4.4), when the template has one. */
  private widgetElement(widget: PDFDict | undefined): { ref: PDFRef; dict: PDFDict } | undefined {
    const key = widget?.lookupMaybe(STRUCT_PARENT, PDFNumber)?.asNumber();
    if (key === undefined) return undefined;
    const value = this.parents.get(key);
    if (!(value instanceof PDFRef)) return undefined;
    const dict = this.context.lookup(value);
    return dict instanceof PDFDict ? { ref: value, dict } : undefined;
  }

  /** The page's ParentTree array (made, with a new /StructParents key, when it has none) and its next MCID. */
  private page(pageIndex: number): PageEntry {
    const known = this.pages.get(pageIndex);
    if (known) return known;
    const page = this.doc.getPage(pageIndex);
    const key = page.node.lookupMaybe(STRUCT_PARENTS, PDFNumber)?.asNumber();
    const found = key === undefined ? undefined : this.context.lookup(this.parents.get(key));
    let owners: PDFArray;
    if (found instanceof PDFArray) owners = found;
    else {
      owners = this.context.obj([]);
      const fresh = this.nextKey++;
      const ref = this.context.register(owners);
      numberTreeAppend(this.context, this.parentTree, fresh, ref);
      this.parents.set(fresh, ref);
      page.node.set(STRUCT_PARENTS, PDFNumber.of(fresh));
    }
    const entry = { ref: page.ref, owners, next: Math.max(owners.size(), largestMcid(page.node) + 1) };
    this.pages.set(pageIndex, entry);
    return entry;
  }

  private newElement(role: string, parent: PDFRef, drawn: DrawnValue, inPlace: boolean): NewElement {
    const page = this.doc.getPage(drawn.pageIndex).ref;
    const dict = this.context.obj({ S: role, P: parent, Pg: page });
    const element = { ref: this.context.register(dict), dict, page, pageIndex: drawn.pageIndex, top: drawn.box.y, left: drawn.box.x, inPlace };
    this.created.push(element);
    return element;
  }
}

/** An attribute object added to the element's own (§14.7.5: /A is one object or an array of them). */
function addAttributes(context: PDFContext, element: PDFDict, attributes: PDFDict): void {
  const own = element.get(A);
  const resolved = context.lookup(own);
  if (own === undefined) element.set(A, attributes);
  else if (resolved instanceof PDFArray) resolved.push(attributes);
  else element.set(A, context.obj([own, attributes]));
}



/** §14.8.5.6 Table 348: /Role rb, cb, pb or tv; /checked for a check box or radio button; /Desc its name. */
function printField(context: PDFContext, role: string, checked: boolean, desc: string | null): PDFDict {
  const dict = context.obj({ O: 'PrintField', Role: role });
  if (role === 'cb' || role === 'rb') dict.set(PDFName.of('checked'), PDFName.of(checked ? 'on' : 'off'));
  if (desc !== null) dict.set(PDFName.of('Desc'), PDFHexString.fromText(desc));
  return dict;
}

function printRole(kind: AcroKind): string {
  switch (kind) {
    case 'checkbox': return 'cb';
    case 'radio': return 'rb';
    case 'pushbutton': return 'pb';
    default: return 'tv';
  }
}

/** The name assistive technology gives the field: its /TU (§12.7.3.1, inheritable), else `name`. */
function fieldName(name: string, acro: AcroFieldNode | undefined): string {
  for (let entry = acro?.entry; entry !== undefined; entry = entry.parent) {
    const tu = entry.dict.lookup(PDFName.of('TU'));
    const text = tu instanceof PDFHexString || tu instanceof PDFString ? tu.decodeText().trim() : '';
    if (text !== '') return text;
  }
  return name;
}

function roleOf(element: PDFDict): string {
  return element.lookupMaybe(S, PDFName)?.decodeText() ?? 'Span';
}

/** An MCID as a kid of `element`: the bare number on the element's /Pg, else an MCR with its page. */
function contentKid(context: PDFContext, element: PDFDict, page: PDFRef, mcid: number): PDFObject {
  const pg = element.get(PG);
  if (pg === undefined) element.set(PG, page);
  if (pg === undefined || (pg instanceof PDFRef && pg.objectNumber === page.objectNumber && pg.generationNumber === page.generationNumber)) return PDFNumber.of(mcid);
  return context.obj({ Type: 'MCR', Pg: page, MCID: mcid });
}

/** An element's /K as a list (a lone kid, an array, or nothing). */
function kidsOf(context: PDFContext, element: PDFDict): PDFObject[] {
  const k = element.get(K);
  if (k === undefined) return [];
  const resolved = context.lookup(k);
  return resolved instanceof PDFArray ? resolved.asArray() : [k];
}

function setKids(context: PDFContext, element: PDFDict, kids: readonly PDFObject[]): void {
  if (kids.length === 0) element.delete(K);
  else element.set(K, kids.length === 1 ? kids[0]! : context.obj([...kids]));
}

/** Whether `kid` is an OBJR (§14.7.4.3) of `annotation`. */
function refersTo(context: PDFContext, kid: PDFObject, annotation: PDFDict): boolean {
  const dict = context.lookup(kid);
  if (!(dict instanceof PDFDict) || dict.lookupMaybe(TYPE, PDFName)?.decodeText() !== 'OBJR') return false;
  return context.lookup(dict.get(OBJ)) === annotation;
}

/** Sets `array[index]`, padding with null (MCIDs the page's content does not register). */
function setAt(array: PDFArray, index: number, value: PDFObject): void {
  while (array.size() < index) array.push(PDFNull);
  if (array.size() === index) array.push(value);
  else array.set(index, value);
}

/** The largest MCID in the page's content streams, -1 for none (the ParentTree may not list them all). */
function largestMcid(page: PDFDict): number {
  const contents = page.lookup(PDFName.of('Contents'));
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.context.lookup(ref)) : [contents];
  let largest = -1;
  for (const stream of streams) {
    if (!(stream instanceof PDFStream)) continue;
    let text: string;
    try {
      text = Buffer.from(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents()).toString('latin1');
    } catch {
      continue; // a filter pdf-lib cannot decode: its MCIDs are not seen (the ParentTree's count still is)
    }
    for (const match of text.matchAll(/\/MCID\s+(\d+)/g)) largest = Math.max(largest, Number(match[1]));
  }
  return largest;
}

/**
 * A number tree's entries (§7.9.7): the leaves' /Nums, through /Kids, read once. Bounded: each
 * node is read once (a hostile tree may list a node twice, or loop), at most MAX_TREE_DEPTH deep.
 */
function readNumberTree(root: PDFDict): Map<number, PDFObject> {
  const entries = new Map<number, PDFObject>();
  const seen = new Set<PDFDict>();
  const read = (node: PDFDict, depth: number): void => {
    if (seen.has(node)) return;
    seen.add(node);
    const nums = node.lookup(NUMS);
    if (nums instanceof PDFArray) {
      for (let i = 0; i + 1 < nums.size(); i += 2) {
        const key = nums.lookup(i);
        if (key instanceof PDFNumber && !entries.has(key.asNumber())) entries.set(key.asNumber(), nums.get(i + 1)!);
      }
    }
    const kids = node.lookup(KIDS);
    if (!(kids instanceof PDFArray) || depth >= MAX_TREE_DEPTH) return;
    for (let i = 0; i < kids.size(); i++) {
      const kid = kids.lookup(i);
      if (kid instanceof PDFDict) read(kid, depth + 1);
    }
  };
  read(root, 0);
  return entries;
}

/** Adds `key` (larger than every key in the tree) at its end: to the root's /Nums, or a new last leaf of its /Kids. */
function numberTreeAppend(context: PDFContext, root: PDFDict, key: number, value: PDFObject): void {
  const kids = root.lookup(KIDS);
  if (kids instanceof PDFArray) {
    kids.push(context.register(context.obj({ Nums: [PDFNumber.of(key), value], Limits: [key, key] })));
    return;
  }
  const nums = root.lookup(NUMS);
  if (nums instanceof PDFArray) {
    nums.push(PDFNumber.of(key));
    nums.push(value);
  }
  else root.set(NUMS, context.obj([PDFNumber.of(key), value]));
}
