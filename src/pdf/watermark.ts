// A watermark across every page (documents made with a development key say so): large, light,
// semi-transparent text on the diagonal of the page as it is shown, i.e. of the crop box
// turned by /Rotate. Drawn with the standard Helvetica (no font file, WinAnsi text) in a form
// XObject of its own resources, laid over the page's content; `drawFormOverPage` is that
// overlay step, which the fill engine uses too.

import { PDFArray, PDFDict, PDFName, PDFStream, StandardFonts, type PDFDocument, type PDFFont, type PDFPage, PDFRef } from 'pdf-lib';
import { num } from './content-stream.js';
import { pageRotation } from './page-rotation.js';

/** Fill grey and opacity of the watermark text. */
const GREY = 0.55;
const OPACITY = 0.22;
/** The text spans at most this share of the page's diagonal, and its size is at most this share of the shorter side. */
const DIAGONAL_SHARE = 0.6;
const MAX_SIZE_SHARE = 0.18;
/** Helvetica's cap height, in ems (AFM CapHeight 718). */
const CAP_HEIGHT = 0.718;

/** The marked-content tag and properties of a watermark in a tagged PDF. */
const WATERMARK_ARTIFACT = '/Artifact <</Type /Pagination /Subtype /Watermark>>';

/**
 * Stamps `text` diagonally across the middle of every page of `doc`. Characters Helvetica's
 * WinAnsi encoding lacks become "?". Call it when every page's /Resources exist (a PdfWriter
 * document: after its ResourceRegistry is written).
 */
export function stampWatermark(doc: PDFDocument, text: string, tagged = false): void {
  const font = doc.embedStandardFont(StandardFonts.Helvetica);
  const label = winAnsiText(text, font);
  if (label.trim() === '') return;
  const state = doc.context.register(doc.context.obj({ Type: 'ExtGState', ca: OPACITY, CA: OPACITY }));
  const resources = { Font: { F: font.ref }, ExtGState: { GS: state } };
  // One form per distinct shown box: pages of the same size and rotation share it, so a
  // resource dictionary shared by every page (PdfWriter's) names it once, not once per page.
  const forms = new Map<string, PDFRef>();
  for (const page of doc.getPages()) {
    const box = shownBox(page);
    const key = `${box.x},${box.y},${box.width},${box.height},${box.rotate}`;
    let form = forms.get(key);
    if (form === undefined) {
      form = doc.context.register(doc.context.flateStream(watermarkContent(label, font, box), {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [box.x, box.y, box.x + box.width, box.y + box.height],
        Resources: resources,
      }));
      forms.set(key, form);
    }
    // In a tagged PDF the stamp is a pagination artifact (ISO 32000-1 §14.8.2.2.2: a watermark).
    drawFormOverPage(page, form, 'Wm', tagged ? WATERMARK_ARTIFACT : null);
  }
}

/** The page's crop box (else media box) in user space, with its /Rotate in degrees (0, 90, 180, 270). */
interface ShownBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly rotate: number;
}

/**
 * `BT … Tm … Tj ET`: the text centred on the box, along the diagonal that rises left to right
 * as the page is shown. /Rotate turns the page clockwise when shown, so a direction at angle
 * θ on screen is θ + rotate in user space.
 */
function watermarkContent(label: string, font: PDFFont, box: ShownBox): string {
  const turned = box.rotate === 90 || box.rotate === 270;
  const [shownWidth, shownHeight] = turned ? [box.height, box.width] : [box.width, box.height];
  const angle = Math.atan2(shownHeight, shownWidth) + (box.rotate * Math.PI) / 180;
  const size = Math.min(MAX_SIZE_SHARE * Math.min(box.width, box.height), (DIAGONAL_SHARE * Math.hypot(box.width, box.height)) / Math.max(1e-6, font.widthOfTextAtSize(label, 1)));
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const half = font.widthOfTextAtSize(label, size) / 2;
  const rise = (CAP_HEIGHT * size) / 2;
  // From the centre: back half the text's width along the baseline, down half its cap height.
  const x = box.x + box.width / 2 - half * cos + rise * sin;
  const y = box.y + box.height / 2 - half * sin - rise * cos;
  const matrix = [cos, sin, -sin, cos, x, y].map(num).join(' ');
  return `q\n/GS gs\n${num(GREY)} g\nBT\n/F ${num(size)} Tf\n${matrix} Tm\n${font.encodeText(label).toString()} Tj\nET\nQ`;
}

/** The text with every character Helvetica (WinAnsi) cannot show replaced by "?". */
function winAnsiText(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/\s+/g, ' ').slice(0, 200)].map((char) => (supported.has(char.codePointAt(0)!) ? char : '?')).join('');
}

function shownBox(page: PDFPage): ShownBox {
  const box = page.getCropBox();
  const normal = {
    x: Math.min(box.x, box.x + box.width),
    y: Math.min(box.y, box.y + box.height),
    width: Math.abs(box.width) || 612,
    height: Math.abs(box.height) || 792,
  };
  return { ...normal, rotate: pageRotation(page) };
}

/**
 * Draws the form XObject `form` over the page's content: the existing content streams are
 * wrapped in q … Q (so whatever state they leave does not move the overlay), and a stream
 * drawing the form is appended. The form is named in the page's /Resources /XObject with the
 * first free `<prefix><n>`, or with the name it already has there (pages sharing one resource
 * dictionary and one form share the entry). Throws when the page's /Resources cannot be read.
 */
export function drawFormOverPage(page: PDFPage, form: PDFRef, prefix: string, marked: string | null = null): void {
  drawFormsOverPage(page, [{ form, marked }], prefix);
}

/** A form XObject to draw, with the operands of the BDC around its `Do` (null: none). */
export interface OverlayForm {
  readonly form: PDFRef;
  readonly marked: string | null;
}

/** drawFormOverPage for several forms, drawn in order by one appended stream. */
export function drawFormsOverPage(page: PDFPage, forms: readonly OverlayForm[], prefix: string): void {
  const { context } = page.doc;
  const xObjects = subDictionary(pageResources(page), 'XObject');
  const draws = forms.map(({ form, marked }) => {
    const name = existingName(xObjects, form) ?? freeName(xObjects, prefix);
    xObjects.set(PDFName.of(name), form);
    return marked === null ? `/${name} Do` : `${marked} BDC\n/${name} Do\nEMC`;
  });
  const draw = context.register(context.stream(`q\n${draws.join('\n')}\nQ`));
  const existing = page.node.get(PDFName.of('Contents'));
  const resolved = existing === undefined ? undefined : context.lookup(existing);
  // A reference that resolves to nothing is a stream already written out (PdfWriter's pages).
  const streams = resolved instanceof PDFArray ? resolved.asArray() : existing instanceof PDFRef || resolved instanceof PDFStream ? [existing!] : [];
  const wrapped = streams.length > 0 ? [context.getPushGraphicsStateContentStream(), ...streams, context.getPopGraphicsStateContentStream()] : [];
  page.node.set(PDFName.of('Contents'), context.obj([...wrapped, draw]));
}

/** The name `xObjects` already gives `form`, if any. */
function existingName(xObjects: PDFDict, form: PDFRef): string | undefined {
  for (const [key, value] of xObjects.entries()) {
    if (value === form || (value instanceof PDFRef && value.objectNumber === form.objectNumber && value.generationNumber === form.generationNumber)) return key.decodeText();
  }
  return undefined;
}

/** The first `<prefix><n>` (n = 1, 2, …) not yet in `xObjects`. */
function freeName(xObjects: PDFDict, prefix: string): string {
  let n = 1;
  while (xObjects.has(PDFName.of(`${prefix}${n}`))) n++;
  return `${prefix}${n}`;
}

/** The page's resource dictionary (its own or inherited, §7.7.3.4); a new one when it has none. */
function pageResources(page: PDFPage): PDFDict {
  const value = page.node.getInheritableAttribute(PDFName.of('Resources'));
  if (value === undefined) {
    const fresh = page.doc.context.obj({});
    page.node.set(PDFName.of('Resources'), fresh);
    return fresh;
  }
  const dict = page.doc.context.lookup(value);
  if (!(dict instanceof PDFDict)) throw new Error(`page ${page.ref.toString()}: its /Resources is not a dictionary (not written yet?)`);
  return dict;
}

/** `resources[key]` as a dictionary, created when absent. */
function subDictionary(resources: PDFDict, key: string): PDFDict {
  const value = resources.lookup(PDFName.of(key));
  if (value instanceof PDFDict) return value;
  const fresh = resources.context.obj({});
  resources.set(PDFName.of(key), fresh);
  return fresh;
}
