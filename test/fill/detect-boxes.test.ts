// Finding blanks on PDFs without a form: pages drawn with pdf-lib (underscores, lines, boxes,
// table grids, filled rules, form XObjects, a crop box), and the anvil NDA.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { castFieldTypeOf, detectedToCastFields, detectFieldBoxes, guessFieldType, type DetectedField } from '../../src/fill/detect-boxes.js';
import { TemplatePdfError } from '../../src/fill/errors.js';
import type { FieldRect } from '../../src/fill/types.js';
import { fixturePdf } from './cast-fixture.js';

/** Drawing helpers over one page, 11 pt Helvetica. */
function pen(page: PDFPage, font: PDFFont) {
  return {
    text: (s: string, x: number, y: number, size = 11) => page.drawText(s, { x, y, size, font }),
    line: (x1: number, y1: number, x2: number, y2: number, thickness = 1) =>
      page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color: rgb(0, 0, 0) }),
    box: (x: number, y: number, width: number, height: number) => page.drawRectangle({ x, y, width, height, borderWidth: 1, borderColor: rgb(0, 0, 0) }),
    /** Lines of a grid: `cols` widths from x0, `rows` rows of 20 pt up from y0. */
    grid(x0: number, y0: number, cols: number[], rows: number) {
      const xs = cols.reduce((acc, w) => [...acc, acc[acc.length - 1]! + w], [x0]);
      for (let r = 0; r <= rows; r++) this.line(xs[0]!, y0 + 20 * r, xs[xs.length - 1]!, y0 + 20 * r, 0.75);
      for (const x of xs) this.line(x, y0, x, y0 + 20 * rows, 0.75);
    },
  };
}

async function newDoc(): Promise<{ doc: PDFDocument; font: PDFFont }> {
  const doc = await PDFDocument.create();
  return { doc, font: await doc.embedFont(StandardFonts.Helvetica) };
}

/** A form page with one blank of each kind (and two things that are not blanks). */
async function formPdf(): Promise<Uint8Array> {
  const { doc, font } = await newDoc();
  const d = pen(doc.addPage([612, 792]), font);
  d.text('Full name: ____________________', 50, 740);
  d.text('Email:', 50, 700);
  d.line(90, 698, 290, 698);
  d.text('Date of birth', 320, 700);
  d.line(392, 698, 560, 698);
  d.text('Phone', 50, 656);
  d.box(150, 650, 200, 20);
  d.box(50, 620, 12, 12);
  d.text('I agree to the terms', 68, 622);
  d.text('Comments', 50, 590);
  d.box(50, 500, 300, 80);
  d.grid(50, 400, [120, 200], 3); // label column, empty value column
  d.text('Amount', 55, 446);
  d.text('Zip code', 55, 426);
  d.text('Signature', 55, 406);
  d.grid(50, 300, [150, 60, 100], 3); // a header row over two empty rows
  d.text('Item', 55, 346);
  d.text('Qty', 205, 346);
  d.text('Price', 265, 346);
  d.line(50, 260, 562, 260); // a rule across the page, no label: not a field
  d.text('Section', 50, 232);
  d.line(50, 229, 90, 229); // an underline: not a field
  d.line(50, 120, 250, 120);
  d.text('Signature', 50, 108); // signature-block captions under their lines
  d.line(300, 120, 450, 120);
  d.text('Date', 300, 108);
  return doc.save();
}

function summary(fields: readonly DetectedField[]): [string, string, string][] {
  return fields.map((f) => [f.source, f.type, f.label]);
}

function expectRect(actual: FieldRect, expected: FieldRect, within = 0.5): void {
  for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(actual[key] - expected[key]), `${key}: ${actual[key]} vs ${expected[key]}`).toBeLessThanOrEqual(within);
}

describe('detectFieldBoxes', () => {
  it('finds underscores, lines, boxes, a checkbox and table cells, labelled, typed and in reading order', async () => {
    const fields = await detectFieldBoxes(await formPdf());
    expect(summary(fields)).toEqual([
      ['underscores', 'fullName', 'Full name'],
      ['line', 'email', 'Email'],
      ['line', 'date', 'Date of birth'],
      ['box', 'phone', 'Phone'],
      ['box', 'checkbox', 'I agree to the terms'],
      ['box', 'longText', 'Comments'],
      ['tableCell', 'dollar', 'Amount'],
      ['tableCell', 'shortText', 'Zip code'],
      ['tableCell', 'signature', 'Signature'],
      ['tableCell', 'shortText', 'Item'],
      ['tableCell', 'shortText', 'Qty'],
      ['tableCell', 'dollar', 'Price'],
      ['tableCell', 'shortText', 'Item'],
      ['tableCell', 'shortText', 'Qty'],
      ['tableCell', 'dollar', 'Price'],
      ['line', 'signature', 'Signature'],
      ['line', 'date', 'Date'],
    ]);
    expect(fields.every((f) => f.pageNum === 0)).toBe(true);
    // On the underscores: from the first to the last, from just under the baseline, as tall as the
    // text. Helvetica advances, unkerned as drawn: "Full name: " 4946/1000 em, "_" 556/1000 em.
    expectRect(fields[0]!.rect, { x: 50 + 4.946 * 11, y: 740 - 2.2, width: 20 * 0.556 * 11, height: 14.3 }, 0.05);
    expectRect(fields[1]!.rect, { x: 90, y: 698, width: 200, height: 16 });
    expectRect(fields[3]!.rect, { x: 150, y: 650, width: 200, height: 20 });
    expectRect(fields[4]!.rect, { x: 50, y: 620, width: 12, height: 12 });
    expectRect(fields[6]!.rect, { x: 170, y: 440, width: 200, height: 20 });
    expectRect(fields[13]!.rect, { x: 200, y: 300, width: 60, height: 20 });
  });

  it('gives Cast fields unique camelCase aliasIds from the labels, and Cast types', async () => {
    const cast = detectedToCastFields(await detectFieldBoxes(await formPdf()));
    expect(cast.map((f) => f.aliasId)).toEqual([
      'fullName', 'email', 'dateOfBirth', 'phone', 'iAgreeToTheTerms', 'comments', 'amount', 'zipCode', 'signature',
      'item', 'qty', 'price', 'item2', 'qty2', 'price2', 'signature2', 'date',
    ]);
    expect(cast[0]).toMatchObject({ id: 'fullName', name: 'Full name', type: 'fullName', pageNum: 0 });
    expect(cast[8]!.type).toBe('shortText'); // a signature is written as text by fill
    expect(castFieldTypeOf('signatureDate')).toBe('date');
  });

  it('measures from the crop box, follows form XObject matrices, and reads thin filled and tinted rectangles', async () => {
    const { doc, font } = await newDoc();
    const inner = pen(doc.addPage([300, 200]), font);
    inner.text('Employer', 10, 106);
    inner.box(80, 100, 150, 20);
    const first = doc.addPage([612, 792]);
    first.setCropBox(36, 36, 540, 720);
    const d = pen(first, font);
    d.text('Title:', 100, 600);
    first.drawRectangle({ x: 135, y: 598, width: 150, height: 0.75, color: rgb(0, 0, 0) }); // a rule drawn as a filled rectangle
    d.text('Account', 100, 556);
    first.drawRectangle({ x: 160, y: 550, width: 150, height: 20, color: rgb(0.85, 0.9, 1) }); // a tinted field background
    first.drawRectangle({ x: 160, y: 500, width: 150, height: 20, color: rgb(1, 1, 1) }); // white: invisible, not a box
    first.drawRectangle({ x: 160, y: 470, width: 150, height: 20, color: rgb(0, 0, 0) }); // black: a bar, not a box
    first.drawPage(await doc.embedPage(doc.getPage(0)), { x: 100, y: 300, xScale: 0.5, yScale: 0.5 });
    doc.removePage(0);
    const fields = await detectFieldBoxes(await doc.save());
    expect(summary(fields)).toEqual([
      ['line', 'shortText', 'Title'],
      ['box', 'shortText', 'Account'],
      ['box', 'shortText', 'Employer'],
    ]);
    expectRect(fields[0]!.rect, { x: 135 - 36, y: 598.375 - 36, width: 150, height: 16 });
    expectRect(fields[1]!.rect, { x: 160 - 36, y: 550 - 36, width: 150, height: 20 });
    expectRect(fields[2]!.rect, { x: 100 + 40 - 36, y: 300 + 50 - 36, width: 75, height: 10 });
  });

  it('merges a blank found twice, labels boxes sharing an edge from outside, and numbers unlabelled blanks', async () => {
    const { doc, font } = await newDoc();
    const d = pen(doc.addPage([612, 792]), font);
    d.text('Employer', 50, 706);
    d.box(120, 700, 200, 20);
    d.text('__________________', 125, 706); // underscores inside the box: one field, the box
    d.text('First name', 50, 660);
    d.text('Last name', 250, 660);
    d.box(50, 630, 200, 20);
    d.box(250, 630, 200, 20); // shares the edge x = 250 with the first
    d.line(300, 500, 400, 500); // alone on the page
    d.line(300, 400, 400, 400);
    const fields = await detectFieldBoxes(await doc.save());
    expect(summary(fields)).toEqual([
      ['box', 'shortText', 'Employer'],
      ['tableCell', 'shortText', 'First name'],
      ['tableCell', 'shortText', 'Last name'],
      ['line', 'shortText', 'Field 1'],
      ['line', 'shortText', 'Field 2'],
    ]);
  });

  it('finds nothing in a table of text, a page frame or text alone', async () => {
    const { doc, font } = await newDoc();
    const page = doc.addPage([612, 792]);
    const d = pen(page, font);
    page.drawRectangle({ x: 20, y: 20, width: 572, height: 752, borderWidth: 2, borderColor: rgb(0, 0, 0) });
    d.grid(50, 600, [100, 100], 2);
    for (const [s, x, y] of [['Alpha', 55, 626], ['Beta', 155, 626], ['Gamma', 55, 606], ['Delta', 155, 606]] as const) d.text(s, x, y);
    d.text('Plain paragraph text with no blanks at all.', 50, 400);
    expect(await detectFieldBoxes(await doc.save())).toEqual([]);
  });

  it('stops at maxPages and maxFields', async () => {
    const { doc, font } = await newDoc();
    for (let p = 0; p < 3; p++) {
      const d = pen(doc.addPage([612, 792]), font);
      for (let i = 0; i < 4; i++) d.text(`Answer ${i + 1}: ________________`, 50, 700 - 30 * i);
    }
    const bytes = await doc.save();
    expect((await detectFieldBoxes(bytes)).map((f) => f.pageNum)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
    expect((await detectFieldBoxes(bytes, { maxPages: 1 })).map((f) => f.label)).toEqual(['Answer 1', 'Answer 2', 'Answer 3', 'Answer 4']);
    expect(await detectFieldBoxes(bytes, { maxFields: 6 })).toHaveLength(6);
  });

  it('refuses bytes that are not a PDF', async () => {
    await expect(detectFieldBoxes(new TextEncoder().encode('hello'))).rejects.toBeInstanceOf(TemplatePdfError);
  });

  it('reads the NDA: its prose blanks named after the nearby terms, the signature block unlabelled', async () => {
    const fields = await detectFieldBoxes(fixturePdf('test-pdf-nda.pdf'));
    expect(fields.every((f) => f.source === 'underscores')).toBe(true);
    expect(fields.map((f) => [f.pageNum, f.label])).toEqual([
      [0, 'Effective Date'],
      [0, 'by and between'],
      [0, 'Disclosing Party'],
      [0, 'Disclosing Party'],
      [0, 'Recipient'],
      [0, 'Purpose for Disclosure (“Business Purpose”)'],
      [1, 'law'],
      ...Array.from({ length: 9 }, (_, i) => [1, `Field ${i + 1}`]),
    ]);
    expect(fields[0]!.type).toBe('date');
    // Where pdftotext -bbox puts "____________________" (x 326.08–437.39, baseline near y 688.3).
    expectRect(fields[0]!.rect, { x: 326.08, y: 686.27, width: 111.31, height: 13.01 }, 0.1);
    expect(detectedToCastFields(fields).map((f) => f.aliasId).slice(0, 7)).toEqual([
      'effectiveDate', 'byAndBetween', 'disclosingParty', 'disclosingParty2', 'recipient', 'purposeForDisclosureBusinessPurpose', 'law',
    ]);
  });
});

describe('guessFieldType', () => {
  it.each([
    ['Date of Birth', 'date'],
    ['DOB', 'date'],
    ['Fecha de nacimiento / Birth', 'date'],
    ['Signature date', 'signatureDate'],
    ['Date signed', 'signatureDate'],
    ['E-mail', 'email'],
    ['Email address', 'email'],
    ['Signature', 'signature'],
    ['Sign here', 'signature'],
    ['Initials', 'initial'],
    ['Full name', 'fullName'],
    ['NAME', 'fullName'],
    ['Company name', 'shortText'],
    ['First name', 'shortText'],
    ['Téléphone / Tel', 'phone'],
    ['Mailing address', 'usAddress'],
    ['IP address', 'shortText'],
    ['SSN', 'ssn'],
    ['ZIP code', 'shortText'],
    ['Postal code', 'shortText'],
    ['Total amount', 'dollar'],
    ['Price ($)', 'dollar'],
    ['Update frequency', 'shortText'],
    ['Comments', 'shortText'],
  ] as const)('%s → %s', (label, type) => {
    expect(guessFieldType(label)).toBe(type);
  });
});
