// Reading a PDF's interactive form (ISO 32000-1 §12.7): the terminal fields of the AcroForm
// field tree with their fully qualified names, kinds and widgets (the annotations that show
// them on pages). Walked by hand rather than through pdf-lib's PDFForm, which creates an
// AcroForm when there is none, warns on the console about XFA and recurses without bounds:
// this walk visits each dictionary once, to a fixed depth and at most `limit` fields.

import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString, type PDFDocument, type PDFObject } from 'pdf-lib';
import { MAX_FIELD_DEPTH, MAX_FIELDS } from './limits.js';
import { rectFromArray, visibleBox } from './page-box.js';
import { widgetRotation, type Rotation } from './rotation.js';
import type { FieldRect } from './types.js';

/** What a terminal field is, from /FT and the /Ff flags (§12.7.4). */
export type AcroKind = 'text' | 'multilineText' | 'combText' | 'checkbox' | 'radio' | 'choice' | 'pushbutton' | 'signature';

/** Where a dictionary of the field tree is listed: the array holding it, and its parent. */
export interface TreeEntry {
  readonly dict: PDFDict;
  /** The parent's /Kids or the AcroForm's /Fields. */
  readonly container: PDFArray;
  readonly parent?: TreeEntry;
}

/** One widget annotation of a field, on a page. */
export interface AcroWidget {
  readonly dict: PDFDict;
  /** 0-based page index. */
  readonly pageIndex: number;
  /** The annotation's /Rect, relative to the page's visible bottom-left corner. */
  readonly rect: FieldRect;
  /** Check boxes and radio buttons: the export value this widget stands for (/Opt, else its on-state name). */
  readonly exportValue?: string;
  /** /MK /R when it turns the widget's content (90, 180, 270 counterclockwise on the page); absent for none or 0. */
  readonly rotation?: Rotation;
}

/** A terminal field: the one that holds a value and owns the widgets. */
export interface AcroFieldNode {
  /** Fully qualified name (§12.7.3.2): the partial names from the root, joined by periods. */
  readonly name: string;
  readonly kind: AcroKind;
  /** Text fields: /MaxLen (the number of comb cells). */
  readonly maxLength?: number;
  readonly entry: TreeEntry;
  /** Widgets that are on a page, in /Kids order. */
  readonly widgets: readonly AcroWidget[];
}

/** Field properties that children inherit (§12.7.3.1 Table 220, §12.7.4.3). */
interface Inherited {
  readonly name: string;
  readonly type?: string;
  readonly flags: number;
  readonly maxLength?: number;
  readonly depth: number;
}

/** The terminal fields of the document's AcroForm, at most `limit`; [] without a form. */
export function readAcroFields(doc: PDFDocument, limit = MAX_FIELDS): AcroFieldNode[] {
  const form = doc.catalog.lookup(PDFName.of('AcroForm'));
  const fields = form instanceof PDFDict ? form.lookup(PDFName.of('Fields')) : undefined;
  if (!(fields instanceof PDFArray)) return [];
  const walk = new FieldWalk(doc, limit);
  walk.visitAll(fields, undefined, { name: '', flags: 0, depth: 0 });
  return walk.found;
}

class FieldWalk {
  readonly found: AcroFieldNode[] = [];
  private readonly seen = new Set<PDFDict>();
  private pages: PageLocator | undefined;

  constructor(private readonly doc: PDFDocument, private readonly limit: number) {}

  visitAll(array: PDFArray, parent: TreeEntry | undefined, inherited: Inherited): void {
    for (let i = 0; i < array.size() && this.found.length < this.limit; i++) {
      const dict = array.lookup(i);
      if (dict instanceof PDFDict && !this.seen.has(dict)) this.visit({ dict, container: array, parent }, inherited);
    }
  }

  private visit(entry: TreeEntry, outer: Inherited): void {
    this.seen.add(entry.dict);
    const inherited = inheritedOf(entry.dict, outer);
    const kids = entry.dict.lookup(PDFName.of('Kids'));
    const childFields = kids instanceof PDFArray && hasNamedKid(kids);
    if (childFields) {
      if (inherited.depth < MAX_FIELD_DEPTH) this.visitAll(kids, entry, { ...inherited, depth: inherited.depth + 1 });
      return;
    }
    const kind = kindOf(inherited);
    if (!kind || inherited.name === '') return;
    const widgetDicts = kids instanceof PDFArray ? dictsOf(kids) : [entry.dict];
    const widgets = this.widgetsOf(widgetDicts, kind, entry.dict);
    const maxLength = inherited.maxLength;
    this.found.push({ name: inherited.name, kind, entry, widgets, ...(maxLength !== undefined ? { maxLength } : {}) });
  }

  private widgetsOf(dicts: readonly PDFDict[], kind: AcroKind, field: PDFDict): AcroWidget[] {
    const button = kind === 'radio' || kind === 'checkbox';
    const options = button ? exportOptions(field) : undefined;
    const widgets: AcroWidget[] = [];
    dicts.forEach((dict, i) => {
      const page = (this.pages ??= new PageLocator(this.doc)).pageOf(dict);
      const rect = rectFromArray(asArray(dict.lookup(PDFName.of('Rect'))));
      if (page === undefined || !rect) return;
      const box = visibleBox(this.doc.getPage(page));
      const exportValue = button ? (options?.[i] ?? onState(dict)) : undefined;
      const rotation = widgetRotation(dict);
      widgets.push({
        dict,
        pageIndex: page,
        rect: { x: rect.x - box.x, y: rect.y - box.y, width: rect.width, height: rect.height },
        ...(exportValue !== undefined ? { exportValue } : {}),
        ...(rotation !== undefined ? { rotation } : {}),
      });
    });
    return widgets;
  }
}

/** Finds the page of a widget: the page whose /Annots lists it, else its /P entry. */
class PageLocator {
  private readonly byAnnotation = new Map<PDFDict, number>();
  private readonly byPageRef = new Map<PDFRef, number>();

  constructor(doc: PDFDocument) {
    doc.getPages().forEach((page, index) => {
      this.byPageRef.set(page.ref, index);
      const annots = asArray(page.node.lookup(PDFName.of('Annots')));
      for (const dict of annots ? dictsOf(annots) : []) if (!this.byAnnotation.has(dict)) this.byAnnotation.set(dict, index);
    });
  }

  pageOf(widget: PDFDict): number | undefined {
    const listed = this.byAnnotation.get(widget);
    if (listed !== undefined) return listed;
    const p = widget.get(PDFName.of('P'));
    return p instanceof PDFRef ? this.byPageRef.get(p) : undefined;
  }
}

function inheritedOf(dict: PDFDict, outer: Inherited): Inherited {
  const partial = textOf(dict.lookup(PDFName.of('T')));
  const type = dict.lookup(PDFName.of('FT'));
  const flags = dict.lookup(PDFName.of('Ff'));
  const maxLength = dict.lookup(PDFName.of('MaxLen'));
  return {
    name: partial === undefined ? outer.name : outer.name === '' ? partial : `${outer.name}.${partial}`,
    type: type instanceof PDFName ? type.decodeText() : outer.type,
    flags: flags instanceof PDFNumber ? flags.asNumber() : outer.flags,
    maxLength: maxLength instanceof PDFNumber ? maxLength.asNumber() : outer.maxLength,
    depth: outer.depth,
  };
}

// §12.7.4.2.1 Table 226, §12.7.4.3 Table 228 (bit n is 1 << (n − 1)).
const RADIO = 1 << 15;
const PUSHBUTTON = 1 << 16;
const MULTILINE = 1 << 12;
const COMB = 1 << 24;

function kindOf({ type, flags, maxLength }: Inherited): AcroKind | undefined {
  switch (type) {
    case 'Tx':
      if (flags & MULTILINE) return 'multilineText';
      return flags & COMB && maxLength !== undefined && maxLength > 0 ? 'combText' : 'text';
    case 'Btn':
      return flags & PUSHBUTTON ? 'pushbutton' : flags & RADIO ? 'radio' : 'checkbox';
    case 'Ch':
      return 'choice';
    case 'Sig':
      return 'signature';
    default:
      return undefined;
  }
}

/** A field's children are fields (not only widgets) when one of them has a partial name. */
function hasNamedKid(kids: PDFArray): boolean {
  return dictsOf(kids).some((kid) => kid.has(PDFName.of('T')));
}

/** §12.7.4.2.1: /Opt gives each widget's export value, in /Kids order. */
function exportOptions(field: PDFDict): (string | undefined)[] | undefined {
  const opt = field.lookup(PDFName.of('Opt'));
  return opt instanceof PDFArray ? Array.from({ length: opt.size() }, (_, i) => textOf(opt.lookup(i))) : undefined;
}

/** The widget's appearance state other than Off (§12.7.4.2.3): the value that turns it on. */
function onState(widget: PDFDict): string | undefined {
  const ap = widget.lookup(PDFName.of('AP'));
  const normal = ap instanceof PDFDict ? ap.lookup(PDFName.of('N')) : undefined;
  if (!(normal instanceof PDFDict)) return undefined;
  const on = normal.keys().find((key) => key.decodeText() !== 'Off');
  return on?.decodeText();
}

function textOf(value: PDFObject | undefined): string | undefined {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;
}

function asArray(value: PDFObject | undefined): PDFArray | undefined {
  return value instanceof PDFArray ? value : undefined;
}

function dictsOf(array: PDFArray): PDFDict[] {
  const dicts: PDFDict[] = [];
  for (let i = 0; i < array.size(); i++) {
    const dict = array.lookup(i);
    if (dict instanceof PDFDict) dicts.push(dict);
  }
  return dicts;
}
