// Filling turned pages (/Rotate 90, 180, 270; a widget's /MK /R): field rects stay in the
// unrotated crop box, and their content is drawn turned with the page so that it reads upright
// as shown. Poppler's pdftotext and pdftoppm report and render pages as shown, so every check
// here is in shown coordinates (pt from the shown top-left corner, y down).
import { PDFDict, PDFDocument, PDFName, PDFNumber, degrees, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { extractAcroFormFields } from '../../src/fill/extract-fields.js';
import { fillPdf } from '../../src/fill/fill-pdf.js';
import { displayedBox, normalizeRotation, pageRotation, rotatedFrame, type Rotation } from '../../src/fill/rotation.js';
import type { CastField, FieldRect } from '../../src/fill/types.js';
import { poppler, writeTemp } from '../pdf/helpers.js';
import { pageWords, renderPage, type Raster } from './pdf-probe.js';

const W = 612;
const H = 792;
const ROTATIONS = [0, 90, 180, 270] as const;

/** A box on the page as shown: pt from the shown top-left corner, y down. */
interface Shown {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * A point of the W × H page as shown turned clockwise by `rotation` → the same point in the
 * crop box (y up). Shown turned by 90, the crop box's left edge is the shown top edge.
 */
function toCrop(u: number, v: number, rotation: Rotation): [number, number] {
  switch (rotation) {
    case 0:
      return [u, H - v];
    case 90:
      return [v, u];
    case 180:
      return [W - u, v];
    case 270:
      return [W - v, H - u];
  }
}

/** The crop box rect that is shown as `box`. */
function rectShownAt(box: Shown, rotation: Rotation): FieldRect {
  const [x1, y1] = toCrop(box.left, box.top, rotation);
  const [x2, y2] = toCrop(box.left + box.width, box.top + box.height, rotation);
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

// The layout as shown; it fits both a portrait (612 × 792) and a landscape (792 × 612) page.
const SHOWN = {
  shortText: { left: 36, top: 36, width: 200, height: 20 },
  date: { left: 300, top: 36, width: 150, height: 20 },
  longText: { left: 36, top: 100, width: 150, height: 60 },
  textPerLetter: { left: 36, top: 200, width: 200, height: 24 },
  checkbox: { left: 36, top: 260, width: 30, height: 30 },
  radioYes: { left: 100, top: 260, width: 20, height: 20 },
  radioNo: { left: 140, top: 260, width: 20, height: 20 },
  image: { left: 300, top: 200, width: 100, height: 50 },
  line1: { left: 300, top: 100, width: 160, height: 16 },
  line2: { left: 300, top: 118, width: 160, height: 16 },
  line3: { left: 300, top: 136, width: 160, height: 16 },
} satisfies Record<string, Shown>;

const LONG = 'The quick brown fox jumps over the lazy dog and back again';
const PER_LINE = 'Ruled lines are filled one after another down the page';
const DATA = { shortText: 'Hello upright', date: '2024-03-05', longText: LONG, textPerLetter: 'ABCD1234', checkbox: true, radio: 'yes', image: 'https://example.com/two-tone.png', perLine: PER_LINE };

function castFor(rotation: Rotation): CastField[] {
  const at = (id: keyof typeof SHOWN) => rectShownAt(SHOWN[id], rotation);
  return [
    { id: 'f1', aliasId: 'shortText', name: 'Short', type: 'shortText', pageNum: 0, rect: at('shortText') },
    { id: 'f2', aliasId: 'date', name: 'Date', type: 'date', pageNum: 0, rect: at('date') },
    { id: 'f3', aliasId: 'longText', name: 'Long', type: 'longText', pageNum: 0, rect: at('longText') },
    { id: 'f4', aliasId: 'textPerLetter', name: 'Comb', type: 'textPerLetter', maxLength: 8, pageNum: 0, rect: at('textPerLetter') },
    { id: 'f5', aliasId: 'checkbox', name: 'Check', type: 'checkbox', pageNum: 0, rect: at('checkbox') },
    {
      id: 'f6', aliasId: 'radio', name: 'Radio', type: 'radioGroup', pageNum: 0,
      options: [{ id: 'yes', pageNum: 0, rect: at('radioYes') }, { id: 'no', pageNum: 0, rect: at('radioNo') }],
    },
    { id: 'f7', aliasId: 'image', name: 'Image', type: 'imageUrl', pageNum: 0, rect: at('image') },
    { id: 'f8', aliasId: 'perLine', name: 'Lines', type: 'textPerLine', pageNum: 0, lines: [at('line1'), at('line2'), at('line3')] },
  ];
}

/** A 2:1 PNG, red over blue: shown upright, red is on top. */
async function twoTonePng(): Promise<Uint8Array> {
  const pixels = Buffer.alloc(80 * 40 * 3);
  for (let y = 0; y < 40; y++) for (let x = 0; x < 80; x++) pixels.set(y < 20 ? [255, 0, 0] : [0, 0, 255], (y * 80 + x) * 3);
  return new Uint8Array(await sharp(pixels, { raw: { width: 80, height: 40, channels: 3 } }).png().toBuffer());
}

async function turnedTemplate(setRotation: (page: PDFPage, doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  setRotation(doc.addPage([W, H]), doc);
  return doc.save();
}

async function fillTurned(template: Uint8Array, rotation: Rotation): Promise<Uint8Array> {
  const png = await twoTonePng();
  const { pdf, warnings } = await fillPdf(template, castFor(rotation), { data: DATA }, { deterministic: true, fetchImage: async () => png });
  expect(warnings).toEqual([]);
  return pdf;
}

interface Line {
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
  readonly words: readonly { readonly text: string; readonly xMin: number; readonly yMin: number; readonly xMax: number; readonly yMax: number }[];
}

/** The text lines of page `page` (1-based) as poppler finds them on the page as shown. */
function shownLines(pdf: Uint8Array, page = 1): Line[] {
  const html = poppler('pdftotext', ['-bbox-layout', '-f', String(page), '-l', String(page), writeTemp('lines.pdf', pdf), '-']).stdout;
  const box = (m: RegExpMatchArray) => ({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]) });
  return [...html.matchAll(/<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([\s\S]*?)<\/line>/g)].map((m) => {
    const words = [...m[5]!.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((w) => ({ text: w[5]!, ...box(w) }));
    return { text: words.map((w) => w.text).join(' '), ...box(m), words };
  });
}

/** The lines whose centre lies in `box` (shown coordinates), top to bottom. */
function linesIn(lines: readonly Line[], box: Shown): Line[] {
  return lines
    .filter((l) => inside((l.xMin + l.xMax) / 2, (l.yMin + l.yMax) / 2, box))
    .sort((a, b) => a.yMin - b.yMin);
}

function inside(u: number, v: number, box: Shown, slack = 0): boolean {
  return u >= box.left - slack && u <= box.left + box.width + slack && v >= box.top - slack && v <= box.top + box.height + slack;
}

/** A line of text as a reader sees it: horizontal (about one 10 pt line tall), within `box`. */
function expectHorizontalIn(line: Line, box: Shown): void {
  expect(line.yMax - line.yMin).toBeLessThan(16);
  expect(line.xMax - line.xMin).toBeGreaterThan(line.yMax - line.yMin);
  for (const word of line.words) {
    expect(inside(word.xMin, word.yMin, box, 1)).toBe(true);
    expect(inside(word.xMax, word.yMax, box, 1)).toBe(true);
  }
}

/** Dark pixels of a shown box (72 dpi: 1 px = 1 pt). */
function dark(raster: Raster, box: Shown): number {
  let count = 0;
  for (let v = Math.ceil(box.top); v < box.top + box.height; v++) {
    for (let u = Math.ceil(box.left); u < box.left + box.width; u++) if (raster.at(u, v).every((c) => c < 128)) count++;
  }
  return count;
}

const quarter = (box: Shown, right: boolean, bottom: boolean): Shown => ({
  left: box.left + (right ? box.width / 2 : 0),
  top: box.top + (bottom ? box.height / 2 : 0),
  width: box.width / 2,
  height: box.height / 2,
});

describe('rotation: /Rotate and /MK /R values', () => {
  it('takes multiples of 90 modulo 360 (negative ones turning back) and ignores anything else', () => {
    const cases: [number | undefined, Rotation][] = [
      [0, 0], [90, 90], [180, 180], [270, 270], [360, 0], [450, 90], [720, 0], [-90, 270], [-180, 180], [-270, 90], [-360, 0], [-0, 0],
      [45, 0], [100, 0], [90.5, 0], [-45, 0], [Number.NaN, 0], [Number.POSITIVE_INFINITY, 0], [undefined, 0],
    ];
    for (const [value, expected] of cases) expect([value, normalizeRotation(value)]).toEqual([value, expected]);
    expect(Object.is(normalizeRotation(-360), 0)).toBe(true);
  });

  it("reads a page's /Rotate, its own, inherited from the page tree, or indirect; a malformed one is no rotation", async () => {
    const doc = await PDFDocument.create();
    const [own, inherited, indirect, malformed, negative] = [0, 1, 2, 3, 4].map(() => doc.addPage([W, H]));
    own!.setRotation(degrees(90));
    doc.catalog.Pages().set(PDFName.of('Rotate'), PDFNumber.of(180));
    indirect!.node.set(PDFName.of('Rotate'), doc.context.register(PDFNumber.of(270)));
    malformed!.node.set(PDFName.of('Rotate'), PDFName.of('Ninety'));
    negative!.node.set(PDFName.of('Rotate'), PDFNumber.of(-90));
    expect([own, inherited, indirect, malformed, negative].map((page) => pageRotation(page!))).toEqual([90, 180, 270, 0, 270]);
  });
});

describe('rotation: the shown frame and box', () => {
  const page = { width: W, height: H };
  const rect: FieldRect = { x: 50, y: 100, width: 30, height: 200 };

  /** The frame's y-up point → the crop box's. */
  const apply = ([a, b, c, d, e, f]: readonly number[], p: number, q: number): [number, number] => [a! * p + c! * q + e!, b! * p + d! * q + f!];

  it.each([
    // rotation, the rect as shown, the crop box corner shown at its top-left, the way text runs in the crop box
    { rotation: 0, box: { x: 50, y: 492, width: 30, height: 200 }, topLeft: [50, 300], run: [1, 0], size: [W, H] },
    { rotation: 90, box: { x: 100, y: 50, width: 200, height: 30 }, topLeft: [50, 100], run: [0, 1], size: [H, W] },
    { rotation: 180, box: { x: 532, y: 100, width: 30, height: 200 }, topLeft: [80, 100], run: [-1, 0], size: [W, H] },
    { rotation: 270, box: { x: 492, y: 532, width: 200, height: 30 }, topLeft: [80, 300], run: [0, -1], size: [H, W] },
  ] as const)('/Rotate $rotation', ({ rotation, box, topLeft, run, size }) => {
    const shown = displayedBox(rect, page, rotation);
    expect(shown).toEqual(box);
    const frame = rotatedFrame(page, rotation);
    expect([frame.width, frame.height]).toEqual(size);
    // Display-list (u, v) is the frame's (u, height − v): every corner of the shown box lands on a corner of the rect.
    const corner = (u: number, v: number) => apply(frame.matrix, u, frame.height - v);
    expect(corner(shown.x, shown.y)).toEqual(topLeft);
    const corners = [corner(shown.x, shown.y), corner(shown.x + shown.width, shown.y), corner(shown.x, shown.y + shown.height), corner(shown.x + shown.width, shown.y + shown.height)];
    expect(Math.min(...corners.map(([x]) => x))).toBe(rect.x);
    expect(Math.max(...corners.map(([x]) => x))).toBe(rect.x + rect.width);
    expect(Math.min(...corners.map(([, y]) => y))).toBe(rect.y);
    expect(Math.max(...corners.map(([, y]) => y))).toBe(rect.y + rect.height);
    // Text runs along the frame's x: in the crop box, the direction a reader of the turned page sees as rightwards.
    const [x0, y0] = apply(frame.matrix, 0, 0);
    const [x1, y1] = apply(frame.matrix, 1, 0);
    expect([x1 - x0, y1 - y0]).toEqual(run);
    // The whole shown page is the crop box.
    expect(displayedBox({ x: 0, y: 0, width: W, height: H }, page, rotation)).toEqual({ x: 0, y: 0, width: size[0], height: size[1] });
  });
});

describe.each(ROTATIONS)('fill: placed fields on a page with /Rotate %i', (rotation) => {
  const filled = (async () => fillTurned(await turnedTemplate((page) => page.setRotation(degrees(rotation))), rotation))();
  // The same layout on an unturned page: what a reader of the turned page must see.
  const upright = (async () => fillTurned(await turnedTemplate(() => {}), 0))();

  it('sets each text as horizontal lines in its box as shown', async () => {
    const lines = shownLines(await filled);
    const text = (id: keyof typeof SHOWN) => linesIn(lines, SHOWN[id]);
    const [short] = text('shortText');
    expect(short!.text).toBe('Hello upright');
    expectHorizontalIn(short!, SHOWN.shortText);
    const [date] = text('date');
    expect(date!.text).toBe('03/05/2024');
    expectHorizontalIn(date!, SHOWN.date);
    // Wrapped across the shown width, lines going down the shown height.
    const long = text('longText');
    expect(long.length).toBeGreaterThanOrEqual(2);
    expect(long.map((l) => l.text).join(' ')).toBe(LONG);
    for (const line of long) expectHorizontalIn(line, SHOWN.longText);
    // One letter per cell, left to right as shown.
    const comb = text('textPerLetter').flatMap((l) => l.words);
    expect(comb.map((w) => w.text)).toEqual([...'ABCD1234']);
    comb.forEach((word, i) => expect((word.xMin + word.xMax) / 2 - (SHOWN.textPerLetter.left + 12.5 + 25 * i)).toBeCloseTo(0, 0));
    const perLine = (['line1', 'line2', 'line3'] as const).map((id) => text(id).map((l) => l.text).join(' '));
    expect(perLine[0]).not.toBe('');
    expect(perLine[1]).not.toBe('');
    expect(perLine.filter((l) => l !== '').join(' ')).toBe(PER_LINE);
  });

  it('puts every line where the unturned page has it', async () => {
    const turned = shownLines(await filled);
    const reference = shownLines(await upright);
    const key = (l: Line) => `${l.text} ${[l.xMin, l.yMin, l.xMax, l.yMax].map((n) => n.toFixed(1)).join(' ')}`;
    expect(turned.map(key).sort()).toEqual(reference.map(key).sort());
  });

  it('draws the check mark, the radio dot and the image upright as shown', async () => {
    const raster = await renderPage(await filled, 1);
    expect([raster.width, raster.height]).toEqual(rotation % 180 === 0 ? [W, H] : [H, W]);
    // ✓: the long stroke rises to the top right; the top-left quarter is empty.
    const check = SHOWN.checkbox;
    expect(dark(raster, quarter(check, true, false))).toBeGreaterThan(20);
    expect(dark(raster, quarter(check, false, false))).toBe(0);
    expect(dark(raster, quarter(check, false, true))).toBeGreaterThan(10);
    expect(dark(raster, SHOWN.radioYes)).toBeGreaterThan(40);
    expect(dark(raster, SHOWN.radioNo)).toBe(0);
    // Red over blue, filling the 2:1 box.
    const { left, top, width, height } = SHOWN.image;
    const colour = (u: number, v: number) => raster.at(left + u * width, top + v * height);
    for (const u of [0.1, 0.5, 0.9]) {
      expect(colour(u, 0.25)).toEqual([255, 0, 0]);
      expect(colour(u, 0.75)).toEqual([0, 0, 255]);
    }
  });
});

describe('fill: /Rotate values a reader takes the unusual way', () => {
  const lines = async (rotate: (page: PDFPage, doc: PDFDocument) => void, layout: Rotation) => shownLines(await fillTurned(await turnedTemplate(rotate), layout));
  const key = (l: Line) => `${l.text} ${[l.xMin, l.yMin, l.xMax, l.yMax].map((n) => n.toFixed(1)).join(' ')}`;
  const set = (value: number) => (page: PDFPage) => page.node.set(PDFName.of('Rotate'), PDFNumber.of(value));

  it('turns by an inherited /Rotate, by -90 as by 270 and by 450 as by 90, and not at all by 45', async () => {
    const reference = (await lines(() => {}, 0)).map(key).sort();
    const inherited = await lines((_, doc) => doc.catalog.Pages().set(PDFName.of('Rotate'), PDFNumber.of(90)), 90);
    expect(inherited.map(key).sort()).toEqual(reference);
    expect((await lines(set(-90), 270)).map(key).sort()).toEqual(reference);
    expect((await lines(set(450), 90)).map(key).sort()).toEqual(reference);
    expect((await lines(set(45), 0)).map(key).sort()).toEqual(reference);
  });

  it('finds a field near the crop box bottom-left of a /Rotate 90 page at the top-left as shown', async () => {
    const template = await turnedTemplate((page) => page.setRotation(degrees(90)));
    const field: CastField = { id: 'v', aliasId: 'v', name: 'v', type: 'shortText', pageNum: 0, rect: { x: 40, y: 30, width: 20, height: 240 } };
    const { pdf } = await fillPdf(template, [field], { data: { v: 'Top left' } });
    const [line] = shownLines(pdf);
    // Shown: x from the rect's y (30–270), y from its x (40–60); the page is 792 wide.
    expect(line!.text).toBe('Top left');
    expectHorizontalIn(line!, { left: 30, top: 40, width: 240, height: 20 });
    expect(line!.xMin).toBeLessThan(36);
  });

  it('turns a cropped page about its crop box', async () => {
    const template = await turnedTemplate((page) => {
      page.setCropBox(100, 100, 400, 500);
      page.setRotation(degrees(90));
    });
    const field: CastField = { id: 'v', aliasId: 'v', name: 'v', type: 'shortText', pageNum: 0, rect: { x: 10, y: 20, width: 20, height: 200 } };
    const { pdf } = await fillPdf(template, [field], { data: { v: 'Cropped and turned' } });
    const [line] = shownLines(pdf);
    // pdftotext measures the media box as shown: user (x, y) is shown at (y, x); the rect is at user (110, 120).
    expect(line!.text).toBe('Cropped and turned');
    expectHorizontalIn(line!, { left: 120, top: 110, width: 200, height: 20 });
  });
});

describe('fill: AcroForm fields on turned pages', () => {
  /**
   * Page 1 is turned by 90 with widgets as pdf-lib makes them (/MK /R 0) and one as Acrobat
   * makes them on a turned page (/MK /R 90); page 2 is upright with a widget turned by /MK /R 90.
   */
  async function formTemplate(): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const turned = doc.addPage([W, H]);
    turned.setRotation(degrees(90));
    const upright = doc.addPage([W, H]);
    const form = doc.getForm();
    const add = (name: string, page: PDFPage, rect: FieldRect, r?: number) => {
      const field = form.createTextField(name);
      field.addToPage(page, { ...rect, borderWidth: 0 });
      if (r !== undefined) field.acroField.getWidgets()[0]!.getOrCreateAppearanceCharacteristics().setRotation(r);
    };
    add('name', turned, rectShownAt(SHOWN.shortText, 90));
    add('acrobat', turned, rectShownAt(SHOWN.date, 90), 90);
    const notes = form.createTextField('notes');
    notes.enableMultiline();
    notes.addToPage(turned, { ...rectShownAt(SHOWN.longText, 90), borderWidth: 0 });
    form.createCheckBox('agree').addToPage(turned, { ...rectShownAt(SHOWN.checkbox, 90), borderWidth: 0 });
    add('vertical', upright, { x: 500, y: 300, width: 24, height: 200 }, 90);
    return doc.save();
  }

  it('draws values upright as shown: by the page /Rotate, or by the widget /MK /R when it turns', async () => {
    const template = await formTemplate();
    const fields = await extractAcroFormFields(template);
    const mk = (await PDFDocument.load(template)).getForm().getField('name').acroField.getWidgets()[0]!.dict.lookup(PDFName.of('MK'), PDFDict);
    expect(mk.lookup(PDFName.of('R'))).toEqual(PDFNumber.of(0));
    const { pdf, warnings } = await fillPdf(template, fields, { data: { name: 'Robin Smith', acrobat: 'Upright too', notes: LONG, agree: true, vertical: 'Going upwards' } });
    expect(warnings).toEqual([]);
    const lines = shownLines(pdf, 1);
    const [name] = linesIn(lines, SHOWN.shortText);
    expect(name!.text).toBe('Robin Smith');
    expectHorizontalIn(name!, SHOWN.shortText);
    const [acrobat] = linesIn(lines, SHOWN.date);
    expect(acrobat!.text).toBe('Upright too');
    expectHorizontalIn(acrobat!, SHOWN.date);
    const notes = linesIn(lines, SHOWN.longText);
    expect(notes.length).toBeGreaterThanOrEqual(2);
    expect(notes.map((l) => l.text).join(' ')).toBe(LONG);
    for (const line of notes) expectHorizontalIn(line, SHOWN.longText);
    const raster = await renderPage(pdf, 1);
    expect(dark(raster, quarter(SHOWN.checkbox, true, false))).toBeGreaterThan(20);
    expect(dark(raster, quarter(SHOWN.checkbox, false, false))).toBe(0);
    // The upright page's widget turned by /MK /R 90: its text runs up its tall box, as the form's author turned it.
    const words = shownLines(pdf, 2).flatMap((l) => l.words);
    expect(words.map((w) => w.text)).toEqual(['Going', 'upwards']);
    const box = { left: 500, top: H - 500, width: 24, height: 200 };
    for (const word of words) {
      expect(word.yMax - word.yMin).toBeGreaterThan(word.xMax - word.xMin);
      expect(inside(word.xMin, word.yMin, box, 1) && inside(word.xMax, word.yMax, box, 1)).toBe(true);
    }
    expect(words[0]!.yMin).toBeGreaterThan(words[1]!.yMax);
    // Filled fields are flattened, on both pages.
    expect((await PDFDocument.load(pdf)).getForm().getFields()).toEqual([]);
  });
});

describe('fill: a malformed /Rotate', () => {
  it('is no rotation for the watermark too: a development fill of such a page does not fail', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    page.node.set(PDFName.of('Rotate'), PDFName.of('Sideways'));
    const template = await doc.save();
    const fields: CastField[] = [{ id: 'a', aliasId: 'a', name: 'A', type: 'shortText', pageNum: 0, rect: { x: 72, y: 700, width: 200, height: 20 } }];
    const { pdf } = await fillPdf(template, fields, { data: { a: 'Hello' } }, { watermark: 'DEVELOPMENT', deterministic: true });
    expect(poppler('pdftotext', [writeTemp('malformed-rotate.pdf', pdf), '-']).stdout).toContain('Hello');
    // The watermark's large letters, across the unturned page.
    const large = pageWords(pdf, 1).filter((w) => w.yMax - w.yMin > 30).sort((a, b) => a.xMin - b.xMin);
    expect(large.map((w) => w.text).join('')).toBe('DEVELOPMENT');
  });
});
