// The interactive form (ISO 32000-1 §12.7): each form-field display item becomes a field with
// a widget annotation on its page (§12.5.6.19), whose appearance streams (§12.5.5) are drawn
// while the page is painted, with the document's own embedded fonts (so any script shows);
// the fields and the AcroForm dictionary are written once every page exists.

import { PDFArray, PDFHexString, PDFName, type PDFContext, type PDFDict, type PDFObject, type PDFPage, type PDFRef } from 'pdf-lib';
import type { FormField } from '../paint/form-field.js';
import type { FormFieldItem } from '../paint/types.js';
import { transformedBounds } from '../paint/transform.js';
import { ContentStream, num } from './content-stream.js';
import { flateStream } from './flate.js';
import type { PaintContext } from './paint-context.js';
import { paintItems } from './paint-page.js';

/** A field's widget waiting to be written: PDF user space rectangle, its appearance's operators. */
export interface PendingField {
  readonly field: FormField;
  readonly rect: readonly [number, number, number, number];
  /** What the widget shows (the value, the on state), in the appearance's own space. */
  readonly appearance: string;
  /** Default appearance (§12.7.3.3): the /DR font, size and colour for text a viewer sets. */
  readonly da: string;
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
  const own: PaintContext = { ...ctx, canvas, matrix: undefined, links: [], anchors: [], bookmarks: [], fields: [] };
  // The appearance's space has its origin at the widget's lower-left corner (§12.5.5): the items are page coordinates.
  canvas.push(`1 0 0 1 ${num(-x0)} ${num(-(ctx.pageHeight - item.y - item.height))} cm`);
  paintItems(item.appearance, own);
  const { field } = item;
  const font = ctx.fonts.font(field.face);
  const c = field.color;
  const da = `/${font.resourceName} ${num(field.fontSize)} Tf ${num(c.r / 255)} ${num(c.g / 255)} ${num(c.b / 255)} rg`;
  ctx.fields.push({ field, rect: [x0, y0, x0 + area.width, y0 + area.height], appearance: canvas.toString(), da });
}

/** A page and the fields painted on it. */
export interface PageFields {
  readonly page: PDFPage;
  readonly fields: readonly PendingField[];
}

/**
 * Writes every page's fields and widgets, and the catalog's /AcroForm with them (§12.7.2):
 * /DR is the document's resource dictionary, whose fonts the /DA strings name; appearances
 * are all made, so /NeedAppearances is false.
 */
export function writeAcroForm(context: PDFContext, catalog: PDFDict, pages: readonly PageFields[], resources: PDFRef): void {
  const fields: PDFRef[] = [];
  const radios = new Map<string, RadioGroup>();
  let da: string | null = null;
  for (const { page, fields: pending } of pages) {
    for (const p of pending) {
      da ??= p.da;
      const widget = widgetEntries(context, page, p, resources);
      if (p.field.kind === 'radio') {
        let group = radios.get(p.field.name);
        if (!group) {
          group = { parent: context.nextRef(), kids: [], checked: null, da: p.da, flags: (p.field.readOnly ? READ_ONLY : 0) | (p.field.required ? REQUIRED : 0) };
          radios.set(p.field.name, group);
          fields.push(group.parent);
        }
        const kid = context.register(context.obj({ ...widget, Parent: group.parent }));
        group.kids.push({ ref: kid, value: p.field.onValue });
        if (p.field.checked) group.checked = p.field.onValue;
        addAnnotation(context, page, kid);
        continue;
      }
      const ref = context.register(context.obj({ ...widget, ...fieldEntries(context, p) }));
      fields.push(ref);
      addAnnotation(context, page, ref);
    }
  }
  for (const [name, group] of radios) writeRadioGroup(context, name, group);
  if (fields.length === 0) return;
  catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: fields, DA: PDFHexString.fromText(da ?? ''), DR: resources, NeedAppearances: false }));
}

interface RadioGroup {
  readonly parent: PDFRef;
  readonly kids: { ref: PDFRef; value: string }[];
  /** The export value of the last button marked checked (HTML: checking one unchecks the others). */
  checked: string | null;
  readonly da: string;
  /** ReadOnly and Required, as the first button of the group has them. */
  readonly flags: number;
}

/** The widget annotation's entries (§12.5.6.19) with its appearance dictionary. */
function widgetEntries(context: PDFContext, page: PDFPage, p: PendingField, resources: PDFRef): Entries {
  const [x0, y0, x1, y1] = p.rect;
  const width = x1 - x0;
  const height = y1 - y0;
  const stream = (content: string) => context.register(flateStream(context, content, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, round(width), round(height)], Resources: resources }));
  const entries: Entries = { Type: 'Annot', Subtype: 'Widget', Rect: context.obj(p.rect.map(round)), P: page.ref, F: PRINT, MK: context.obj({}) };
  const { field } = p;
  if (field.kind === 'checkbox' || field.kind === 'radio') {
    // §12.7.4.2.3: the on state is named by the export value; Off shows the empty box.
    const on = stream(`q\n${p.appearance}\nQ\n`);
    const off = stream('');
    const states = () => context.obj({ [field.onValue]: on, Off: off });
    entries.AP = context.obj({ N: states(), D: states() });
    entries.AS = PDFName.of(field.kind === 'checkbox' && field.checked ? field.onValue : 'Off');
  } else {
    // §12.7.3.3: a variable text field's appearance is marked content tagged Tx.
    entries.AP = context.obj({ N: stream(`/Tx BMC\nq\n${p.appearance}\nQ\nEMC\n`) });
  }
  return entries;
}

/** The field's own entries (§12.7.3.1 Table 220 and the kinds' tables), on the widget it shares a dictionary with. */
function fieldEntries(context: PDFContext, p: PendingField): Entries {
  const { field } = p;
  const base = (field.readOnly ? READ_ONLY : 0) | (field.required ? REQUIRED : 0);
  const entries: Entries = { T: PDFHexString.fromText(field.name), DA: PDFHexString.fromText(p.da) };
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
    case 'checkbox': {
      const state = PDFName.of(field.checked ? field.onValue : 'Off');
      return { ...entries, FT: 'Btn', Ff: base, V: state, DV: state };
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
      if (field.kind === 'list') entries.I = context.obj(field.options.flatMap((o, i) => (field.selected.includes(o.value) ? [i] : [])));
      return entries;
    }
    default:
      return entries;
  }
}

/** §12.7.4.2.4: one radio button field whose kids are its widgets; the checked one is its value. */
function writeRadioGroup(context: PDFContext, name: string, group: RadioGroup): void {
  const state = PDFName.of(group.checked ?? 'Off');
  for (const kid of group.kids) {
    const dict = context.lookup(kid.ref) as PDFDict;
    dict.set(PDFName.of('AS'), PDFName.of(kid.value === group.checked ? kid.value : 'Off'));
  }
  context.assign(group.parent, context.obj({
    FT: 'Btn',
    T: PDFHexString.fromText(name),
    Ff: group.flags | RADIO | NO_TOGGLE_TO_OFF,
    V: state,
    DV: state,
    DA: PDFHexString.fromText(group.da),
    Kids: group.kids.map((k) => k.ref),
  }));
}

/** Adds a widget to the page's /Annots, after its links. */
function addAnnotation(context: PDFContext, page: PDFPage, ref: PDFRef): void {
  const annots = page.node.lookup(PDFName.of('Annots'));
  if (annots instanceof PDFArray) annots.push(ref);
  else page.node.set(PDFName.of('Annots'), context.obj([ref]));
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
