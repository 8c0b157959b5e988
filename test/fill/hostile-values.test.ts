// Every fill field type against values and boxes that do not fit: very long words, thousands
// of characters, line breaks, emoji, CJK, RTL and control characters, empty strings, tiny,
// zero-sized and huge boxes, the largest and smallest font sizes. Each fill must come back
// as a PDF (text shrunk, wrapped or cut, with warnings), never as an exception.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawPerLine } from '../../src/fill/draw-text.js';
import { extractAcroFormFields } from '../../src/fill/extract-fields.js';
import { fillPdf } from '../../src/fill/fill-pdf.js';
import { MAX_VALUE_LENGTH } from '../../src/fill/limits.js';
import type { TextStyle } from '../../src/fill/text-style.js';
import type { CastField, FieldRect, FillPayload } from '../../src/fill/types.js';
import { fixturePdf, placedCast, redPng } from './cast-fixture.js';
import { pageWords, wordsIn } from './pdf-probe.js';

const TEMPLATE = fixturePdf('node-anvil__test__assets__dummy.pdf');
const PAGE_HEIGHT = 842;

/** Strings every text-like field type takes (they are drawn as given when they cannot be formatted). */
const STRINGS: readonly (readonly [string, string])[] = [
  ['empty', ''],
  ['spaces only', '   \t  '],
  ['a 300-character word', 'x'.repeat(300)],
  ['the longest value, one word', 'W'.repeat(MAX_VALUE_LENGTH)],
  ['thousands of words', 'lorem ipsum dolor '.repeat(500)],
  ['line breaks', `${'\n'.repeat(40)}a\r\nb\rc\u2028d\u2029e${'\r\n'.repeat(40)}`],
  ['emoji', '👩‍👩‍👧‍👦🏳️‍🌈😀👍🏽'.repeat(200)],
  ['CJK', '漢字かなカナ한국어'.repeat(400)],
  ['RTL', 'مرحبا بالعالم שלום עולם '.repeat(100)],
  ['control characters', '\u0000\u0001\u0007\u001b[31m\u007f\u0085\u200b\u200e\u202e\ufeff\uffff\ud800 end'],
  ['one huge grapheme', `e${'\u0301'.repeat(3000)}`],
  ['mixed', `${'ab'.repeat(50)} 漢字 👍 שלום ${'\u0000'.repeat(10)}\n${'x'.repeat(200)}`],
];

const TEXT_KEYS = ['shortText', 'date', 'name', 'email', 'phone', 'usAddress', 'ssn', 'ein', 'textPerLetter', 'longText', 'textPerLine', 'radioGroup', 'image'] as const;

/** The payload that sets `text` into every field that takes a string. */
function stringPayload(text: string): FillPayload {
  return { data: { ...Object.fromEntries(TEXT_KEYS.map((key) => [key, text])), checkbox: true } };
}

/** Numbers at the edges, into the number types. */
const NUMBERS: readonly (readonly [string, number | string])[] = [
  ['the largest double', Number.MAX_VALUE],
  ['the most negative', -Number.MAX_VALUE],
  ['the smallest positive', Number.MIN_VALUE],
  ['negative zero', -0],
  ['a 40-digit string', '1234567890'.repeat(4)],
  ['a padded string', '  $1,234.50%  '],
];

/** The fixture's fields moved into boxes `resize` makes, with `extra` field properties. */
function cast(resize: (rect: FieldRect) => FieldRect, extra: Partial<CastField> = {}): CastField[] {
  return placedCast(0).map((field) => ({
    ...field,
    ...extra,
    ...(field.rect ? { rect: resize(field.rect) } : {}),
    ...(field.lines ? { lines: field.lines.map(resize) } : {}),
    ...(field.options ? { options: field.options.map((o) => ({ ...o, ...(o.rect ? { rect: resize(o.rect) } : {}) })) } : {}),
  }) as CastField);
}

const GEOMETRIES: readonly (readonly [string, CastField[]])[] = [
  ['their own boxes', cast((r) => r)],
  ['2 pt boxes at 72 pt', cast((r) => ({ ...r, width: 2, height: 2 }), { fontSize: 72 })],
  ['zero-width boxes', cast((r) => ({ ...r, width: 0 }))],
  ['zero-height boxes', cast((r) => ({ ...r, height: 0 }))],
  ['boxes as wide as the page and 1 pt tall at 1 pt', cast((r) => ({ ...r, x: 0, width: 595, height: 1 }), { fontSize: 1 })],
  ['boxes hanging off the page', cast((r) => ({ ...r, x: r.x + 5000, y: -r.y - 5000 }))],
  ['fields with settings out of range', cast((r) => r, { fontSize: Number.NaN, maxLength: Number.POSITIVE_INFINITY, alignment: 'justify' as 'left', textColor: '#zzz' })],
];

const png = await redPng();
/** A PNG header claiming 100000 × 100000 pixels, and nothing after it. */
const HUGE_PNG = Uint8Array.from(Buffer.from('89504e470d0a1a0a0000000d49484452000186a0000186a00806000000', 'hex'));
const IMAGES: Readonly<Record<string, Uint8Array>> = {
  'data:red': png,
  'data:empty': new Uint8Array(0),
  'data:garbage': Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256),
  'data:huge': HUGE_PNG,
};
const fetchImage = async (url: string) => IMAGES[url] ?? null;

/** The fill succeeds and its output is a PDF with the template's page. */
async function expectPdf(fields: readonly CastField[], payload: FillPayload): Promise<{ pdf: Uint8Array; warnings: string[] }> {
  const result = await fillPdf(TEMPLATE, fields, payload, { deterministic: true, fetchImage });
  expect((await PDFDocument.load(result.pdf)).getPageCount()).toBe(1);
  return result;
}

/** Name, address and phone objects with members that do not fit. */
const OBJECTS: FillPayload = {
  data: {
    name: { firstName: 'x'.repeat(5000), mi: '\u0000', lastName: '漢'.repeat(5000) },
    usAddress: { street1: '\n'.repeat(100), street2: '', city: 'y'.repeat(9000), state: '👍'.repeat(500), zip: Number.MAX_VALUE, country: 'שלום'.repeat(300) },
    phone: { num: '9'.repeat(5000), region: 'US' },
  },
};

describe.each(GEOMETRIES)('fill: hostile values in %s', (_, fields) => {
  it.each(STRINGS)('%s', async (_name, text) => {
    await expectPdf(fields, stringPayload(text));
  });

  it('name, address and phone objects', async () => {
    await expectPdf(fields, OBJECTS);
  });

  it.each(Object.keys(IMAGES))('image %s', async (url) => {
    await expectPdf(fields, { data: { image: url } });
  });

  it.each(NUMBERS)('%s', async (_name, value) => {
    await expectPdf(fields, { data: { integer: value, decimalNumber: value, dollar: value, percent: value } });
  });
});

/** A form whose text, multiline, comb, check box and radio fields have tiny and empty widgets. */
async function formTemplate(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  const boxes = [{ width: 150, height: 20 }, { width: 3, height: 3 }, { width: 0, height: 0 }];
  boxes.forEach((size, i) => {
    const at = (row: number) => ({ x: 50 + 180 * i, y: 700 - 60 * row, ...size, borderWidth: 0 });
    form.createTextField(`line${i}`).addToPage(page, at(0));
    const notes = form.createTextField(`notes${i}`);
    notes.enableMultiline();
    notes.addToPage(page, at(1));
    const comb = form.createTextField(`comb${i}`);
    comb.setMaxLength(5);
    comb.enableCombing();
    comb.addToPage(page, at(2));
    form.createCheckBox(`check${i}`).addToPage(page, at(3));
    form.createRadioGroup(`radio${i}`).addOptionToPage('a', page, at(4));
  });
  return doc.save();
}

describe('fill: hostile values in AcroForm fields', async () => {
  const template = await formTemplate();
  const fields = await extractAcroFormFields(template);

  it('reads all fifteen fields, the empty widgets too', () => {
    expect(fields).toHaveLength(15);
  });

  it.each(STRINGS)('%s', async (_name, text) => {
    const data = Object.fromEntries(fields.map((f) => [f.aliasId, f.type === 'checkbox' ? true : f.type === 'radioGroup' ? 'a' : text]));
    const { pdf } = await fillPdf(template, fields, { data }, { deterministic: true });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
  });
});

describe('fill: text that cannot fit is cut inside its box', () => {
  const line: FieldRect = { x: 50, y: 400, width: 300, height: 16 };
  const word = 'x'.repeat(300);

  it('a 300-character word on a 300 pt textPerLine line', async () => {
    const field: CastField = { id: 'l', aliasId: 'lines', name: 'Lines', type: 'textPerLine', pageNum: 0, lines: [line] };
    const { pdf, warnings } = await expectPdf([field], { data: { lines: word } });
    expect(warnings).toEqual(['field lines: the text needs more than its 1 lines; the rest is left out']);
    const words = pageWords(pdf, 1);
    const drawn = wordsIn(words, line, PAGE_HEIGHT);
    expect(drawn).toHaveLength(1);
    // A prefix of the word, as much as the line holds, and nothing outside the line.
    expect(word.startsWith(drawn[0]!.text)).toBe(true);
    expect(drawn[0]!.text.length).toBeGreaterThan(30);
    expect(drawn[0]!.text.length).toBeLessThan(300);
    expect(drawn[0]!.xMax).toBeLessThanOrEqual(line.x + line.width);
    // Nothing of it anywhere else on the page (the template's own words aside).
    expect(words.filter((w) => w.text.includes('x'))).toEqual(drawn);
  });

  it('the same word over three lines wraps onto each', async () => {
    const lines = [0, 1, 2].map((i) => ({ ...line, y: line.y - 16 * i }));
    const field: CastField = { id: 'l', aliasId: 'lines', name: 'Lines', type: 'textPerLine', pageNum: 0, lines };
    const { pdf } = await expectPdf([field], { data: { lines: word } });
    const words = pageWords(pdf, 1);
    for (const box of lines) {
      const drawn = wordsIn(words, box, PAGE_HEIGHT);
      expect(drawn).toHaveLength(1);
      expect(drawn[0]!.xMax).toBeLessThanOrEqual(box.x + box.width);
    }
  });

  it('a character wider than its textPerLine line is clipped to the line\'s box', () => {
    const style: TextStyle = { query: { families: ['Noto Sans'], weight: 400, style: 'normal' }, size: 10, color: { r: 0, g: 0, b: 0, a: 1 }, align: 'left' };
    const boxes = [{ x: 10, y: 10, width: 3, height: 12 }, { x: 10, y: 22, width: 3, height: 12 }];
    const { items, overflow } = drawPerLine('WWW', boxes, style);
    expect(overflow).toBe(true);
    expect(items.map((item) => item.kind === 'clip' && { x: item.x, y: item.y, width: item.width, height: item.height })).toEqual(boxes);
  });

  it('a textPerLetter field whose maxLength is no count of boxes takes a box per character', async () => {
    const rect: FieldRect = { x: 50, y: 400, width: 200, height: 20 };
    for (const maxLength of [Number.NaN, 0, -3]) {
      const field: CastField = { id: 'c', aliasId: 'code', name: 'Code', type: 'textPerLetter', pageNum: 0, rect, maxLength };
      const { pdf } = await expectPdf([field], { data: { code: 'AB12' } });
      expect(wordsIn(pageWords(pdf, 1), rect, PAGE_HEIGHT).map((w) => w.text)).toEqual(['A', 'B', '1', '2']);
    }
  });

  it('radio and image values that name nothing are warnings', async () => {
    const { warnings } = await expectPdf(placedCast(0), { data: { radioGroup: 'x'.repeat(5000), image: 'not a url', checkbox: false } });
    expect(warnings.some((w) => w.includes('is not one of its options'))).toBe(true);
    expect(warnings.some((w) => w.includes('image not a url'))).toBe(true);
  });
});
