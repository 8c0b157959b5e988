// The interactive form (ISO 32000-1 §12.7): each form-field display item becomes a field with
// a widget annotation on its page (§12.5.6.19), whose appearance streams (§12.5.5) are drawn
// while the page is painted, with the document's own embedded fonts (so any script shows);
// the fields and the AcroForm dictionary are written once every page exists.

import { PDFArray, PDFHexString, PDFName, PDFString, type PDFContext, type PDFDict, type PDFObject, type PDFPage, type PDFRef } from 'pdf-lib';
import type { FormField } from '../paint/form-field.js';
import type { ContentTag, FormFieldItem } from '../paint/types.js';
import { transformedBounds } from '../paint/transform.js';
import { ContentStream, num } from './content-stream.js';
import { flateStream } from './flate.js';
import type { PaintContext } from './paint-context.js';
import type { ResourceRegistry } from './resources.js';
import type { TaggedAnnotation } from './structure-tree.js';
import { paintItems } from './paint-page.js';

/** A field's widget waiting to be written: PDF user space rectangle, its appearance's operators. */
export interface PendingField {
  readonly field: FormField;
  readonly rect: readonly [number, number, number, number];
  /** What the widget shows (the value, the on state), in the appearance's own space. */
  readonly appearance: string;
  /** Default appearance (§12.7.3.3): the /DR font, size and colour for text a viewer sets. */
  readonly da: string;
  /** The Form structure element the widget belongs to (tagged PDF); null: none. */
  readonly tag: ContentTag | null;
}

/** A dictionary's entries as context.obj() takes them: PDF objects, names (strings) and numbers. */
type Entries = Record<string, PDFObject | string | number>;

/** Table 221, 226, 228, 230: field flags, bit n as 1 << (n − 1). */
const READ_ONLY = 1 << 0;
const REQUIRED = 1 << 1;
const MULTILINE = 1 << 12;
const PASSWORD = 1 << 13;
const NO_TOGGLE_TO_OFF = 1 << 14;
const RADIO = 1 << 15;
const COMBO = 1 << 17;
const MULTI_SELECT = 1 << 21;
/** Table 165: the Print annotation flag (widgets print, as the page content does). */
const PRINT = 4;

/**
 * Paints a field's appearance now (its glyphs take CIDs in our fonts like page text) and keeps
 * the field for writeAcroForm. Inside a transform the widget covers the transformed box's bounds.
 */
export function collectFormField(item: FormFieldItem, ctx: PaintContext): void {
  if (!(item.width > 0 && item.height > 0)) return;
  const area = ctx.matrix ? transformedBounds(ctx.matrix, item) : item;
  const x0 = area.x;
  const y0 = ctx.pageHeight - area.y - area.height;
  const canvas = new ContentStream();
  // An appearance stream is no page content: no marked content in it.
  const own: PaintContext = { ...ctx, canvas, marks: null, matrix: undefined, links: [], anchors: [], bookmarks: [], fields: [] };
  // The appearance's space has its origin at the widget's lower-left corner (§12.5.5): the items
  // are page coordinates. (Under a transform they are drawn untransformed at that corner.)
  canvas.push(`1 0 0 1 ${num(-item.x)} ${num(-(ctx.pageHeight - item.y - item.height))} cm`);
  paintItems(item.appearance, own);
  const { field } = item;
  const c = field.color;
  const da = `/${typingFont(field, ctx)} ${num(field.fontSize)} Tf ${num(c.r / 255)} ${num(c.g / 255)} ${num(c.b / 255)} rg`;
  ctx.fields.push({ field, rect: [x0, y0, x0 + area.width, y0 + area.height], appearance: canvas.toString(), da, tag: ctx.marks !== null ? item.tag ?? null : null });
}

/**
 * The /DR font named in /DA, which a viewer draws typed text with. Our fonts are subsets holding
 * the glyphs of the defaults only, so a text or choice field whose text is all WinAnsi names
 * the standard Helvetica (§9.6.2.2; every viewer has it, with every WinAnsi glyph); a field
 * holding other scripts keeps its own font, whose glyphs are what it is likely to be typed in.
 */
function typingFont(field: FormField, ctx: PaintContext): string {
  const typed = field.kind === 'text' || field.kind === 'combo' || field.kind === 'list';
  if (typed && isWinAnsi(field.value) && field.options.every((o) => isWinAnsi(o.label))) return HELVETICA;
  return ctx.fonts.font(field.face).resourceName;
}

/** The /DR name of the standard Helvetica; only /DR has it: no page content draws with it, so nothing asks for it to be embedded. */
const HELVETICA = 'Helv';

/**
 * Characters of WinAnsiEncoding (Annex D.2): printable Latin-1, the Windows-1252 extras, line
 * breaks and tabs. (From a string: the bundler writes strings in ASCII, not regex literals.)
 */
const WIN_ANSI = new RegExp('^[\\t\\n\\r\\x20-\\x7e\\xa0-\\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$', 'u');

function isWinAnsi(text: string): boolean {
  return WIN_ANSI.test(text);
}

/** A page and the fields painted on it. */
export interface PageFields {
  readonly page: PDFPage;
  readonly fields: readonly PendingField[];
}

/**
 * Writes every page's fields and widgets, and the catalog's /AcroForm with them (§12.7.2):
 * /DR holds the fonts the /DA strings name (the document's and the standard Helvetica); appearances
 * are all made, so /NeedAppearances is false. The widgets of one name (a radio group; a
 * control in a running or fixed element, shown on every page) are the kids of one field.
 */
export function writeAcroForm(context: PDFContext, catalog: PDFDict, pages: readonly PageFields[], resources: ResourceRegistry, tagged: TaggedAnnotation[]): void {
  const byName = new Map<string, PlacedWidget[]>();
  for (const { page, fields } of pages) {
    for (const pending of fields) {
      const widgets = byName.get(pending.field.name);
      if (widgets) widgets.push({ page, pending });
      else byName.set(pending.field.name, [{ page, pending }]);
    }
  }
  if (byName.size === 0) return;
  const fields = [...byName.values()].map((widgets) => writeField(context, widgets, resources.ref, tagged));
  const da = byName.values().next().value![0]!.pending.da;
  const fonts = resources.fontDict();
  fonts.set(PDFName.of(HELVETICA), context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' }));
  catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: fields, DA: PDFString.of(da), DR: context.obj({ Font: fonts }), NeedAppearances: false }));
}

interface PlacedWidget {
  readonly page: PDFPage;
  readonly pending: PendingField;
}

/**
 * One field and its widgets: a single widget shares the field's dictionary (§12.5.6.19);
 * several (and radio buttons, always) are its /Kids. The first widget's field describes it; a
 * radio group's value is the last button marked checked (HTML: checking one unchecks the rest).
 */
function writeField(context: PDFContext, widgets: readonly PlacedWidget[], resources: PDFRef, tagged: TaggedAnnotation[]): PDFRef {
  const first = widgets[0]!.pending;
  const field = first.field;
  const on = field.kind === 'radio' ? lastChecked(widgets) : field.checked ? field.onValue : null;
  const entries = fieldEntries(context, first, on);
  if (widgets.length === 1 && field.kind !== 'radio') {
    const ref = context.register(context.obj({ ...widgetEntries(context, widgets[0]!, on, resources), ...entries }));
    addAnnotation(context, widgets[0]!, ref, tagged);
    return ref;
  }
  const parent = context.nextRef();
  const kids = widgets.map((widget) => {
    const kid = context.register(context.obj({ ...widgetEntries(context, widget, on, resources), Parent: parent }));
    addAnnotation(context, widget, kid, tagged);
    return kid;
  });
  context.assign(parent, context.obj({ ...entries, Kids: kids }));
  return parent;
}

function lastChecked(widgets: readonly PlacedWidget[]): string | null {
  let on: string | null = null;
  for (const { pending } of widgets) if (pending.field.checked) on = pending.field.onValue;
  return on;
}

/** The widget annotation's entries (§12.5.6.19) with its appearance dictionary; `on` is the field's on state, null when off. */
function widgetEntries(context: PDFContext, { page, pending: p }: PlacedWidget, on: string | null, resources: PDFRef): Entries {
  const [x0, y0, x1, y1] = p.rect;
  const width = x1 - x0;
  const height = y1 - y0;
  const stream = (content: string) => context.register(flateStream(context, content, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, round(width), round(height)], Resources: resources }));
  const entries: Entries = { Type: 'Annot', Subtype: 'Widget', Rect: context.obj(p.rect.map(round)), P: page.ref, F: PRINT, MK: context.obj({}) };
  const { field } = p;
  if (field.kind === 'checkbox' || field.kind === 'radio') {
    // §12.7.4.2.3: the on state is named by the export value; Off shows the empty box.
    const onStream = stream(`q\n${p.appearance}\nQ\n`);
    const offStream = stream('');
    const states = () => context.obj({ [field.onValue]: onStream, Off: offStream });
    entries.AP = context.obj({ N: states(), D: states() });
    entries.AS = PDFName.of(on === field.onValue ? on : 'Off');
  } else {
    // §12.7.3.3: a variable text field's appearance is marked content tagged Tx.
    entries.AP = context.obj({ N: stream(`/Tx BMC\nq\n${p.appearance}\nQ\nEMC\n`) });
  }
  return entries;
}

/** The field's own entries (§12.7.3.1 Table 220 and the kinds' tables), on the widget it shares a dictionary with. */
function fieldEntries(context: PDFContext, p: PendingField, on: string | null): Entries {
  const { field } = p;
  const base = (field.readOnly ? READ_ONLY : 0) | (field.required ? REQUIRED : 0);
  // /DA is a byte string of content-stream operators (Table 222), not a text string: readers parse its bytes.
  const entries: Entries = { T: PDFHexString.fromText(field.name), DA: PDFString.of(p.da) };
  // Table 222: quadding, for the appearances a viewer makes of the text it is given.
  if (field.alignment !== 'left') entries.Q = field.alignment === 'center' ? 1 : 2;
  switch (field.kind) {
    case 'text':
      entries.FT = 'Tx';
      entries.Ff = base | (field.multiline ? MULTILINE : 0) | (field.password ? PASSWORD : 0);
      if (field.value !== '') {
        entries.V = PDFHexString.fromText(field.value);
        entries.DV = PDFHexString.fromText(field.value);
      }
      if (field.maxLength !== null) entries.MaxLen = field.maxLength;
      return entries;
    case 'checkbox':
    case 'radio': {
      // §12.7.4.2: the value is the on state's name, or Off.
      const state = PDFName.of(on ?? 'Off');
      return { ...entries, FT: 'Btn', Ff: base | (field.kind === 'radio' ? RADIO | NO_TOGGLE_TO_OFF : 0), V: state, DV: state };
    }
    case 'combo':
    case 'list': {
      entries.FT = 'Ch';
      entries.Ff = base | (field.kind === 'combo' ? COMBO : 0) | (field.kind === 'list' ? MULTI_SELECT : 0);
      // Table 231: an option is its export value and its text, or one string when they agree.
      entries.Opt = context.obj(field.options.map((o) => (o.value === o.label ? PDFHexString.fromText(o.label) : [PDFHexString.fromText(o.value), PDFHexString.fromText(o.label)])));
      const values = field.kind === 'combo' ? (field.options.length > 0 ? [field.value] : []) : field.selected;
      if (values.length > 0) {
        const value = values.length === 1 ? PDFHexString.fromText(values[0]!) : context.obj(values.map((v) => PDFHexString.fromText(v)));
        entries.V = value;
        entries.DV = value;
      }
      const selected = new Set(field.selected);
      if (field.kind === 'list') entries.I = context.obj(field.options.flatMap((o, i) => (selected.has(o.value) ? [i] : [])));
      return entries;
    }
  }
}

/** Adds a widget to the page's /Annots, after its links. */
function addAnnotation(context: PDFContext, { page, pending }: PlacedWidget, ref: PDFRef, tagged: TaggedAnnotation[]): void {
  if (pending.tag !== null) tagged.push({ ref, page: page.ref, tag: pending.tag });
  const annots = page.node.lookup(PDFName.of('Annots'));
  if (annots instanceof PDFArray) annots.push(ref);
  else page.node.set(PDFName.of('Annots'), context.obj([ref]));
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
