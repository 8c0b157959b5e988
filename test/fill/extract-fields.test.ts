import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractAcroFormFields } from '../../src/fill/extract-fields.js';
import { FillError } from '../../src/fill/errors.js';
import { fixturePdf } from './cast-fixture.js';

describe('extractAcroFormFields', () => {
  it('reads the 11 text fields of the sample template with camelCase aliasIds, pages and rects', async () => {
    const fields = await extractAcroFormFields(fixturePdf('sample-template-fillable.pdf'));
    expect(fields.map((f) => f.aliasId)).toEqual(['date', 'shortText', 'email', 'phone', 'name', 'street', 'city', 'state', 'zip', 'ssn', 'taxId']);
    expect(fields.every((f) => f.type === 'shortText' && f.pageNum === 0 && f.acroFieldName === f.name)).toBe(true);
    const date = fields.find((f) => f.name === 'Date')!;
    expect(date.rect!.x).toBeCloseTo(309.558, 2);
    expect(date.rect!.y).toBeCloseTo(587.357, 2);
    expect(date.rect!.width).toBeCloseTo(260.437, 2);
    expect(date.rect!.height).toBeCloseTo(28.693, 2);
    expect(fields.find((f) => f.name === 'Tax ID')!.aliasId).toBe('taxId');
  });

  it('finds no fields in PDFs without a form', async () => {
    expect(await extractAcroFormFields(fixturePdf('test-pdf-nda.pdf'))).toEqual([]);
    expect(await extractAcroFormFields(fixturePdf('node-anvil__test__assets__dummy.pdf'))).toEqual([]);
  });

  it('maps each field kind to a Cast type, with radio options from export values and unique ids', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const form = doc.getForm();
    form.createTextField('notes').setText('');
    form.getTextField('notes').enableMultiline();
    form.getTextField('notes').addToPage(page, { x: 10, y: 700, width: 200, height: 60 });
    const comb = form.createTextField('code');
    comb.setMaxLength(6);
    comb.enableCombing();
    comb.addToPage(page, { x: 10, y: 600, width: 120, height: 20 });
    form.createCheckBox('agree').addToPage(page, { x: 10, y: 500, width: 12, height: 12 });
    const radio = form.createRadioGroup('color');
    radio.addOptionToPage('red', page, { x: 10, y: 400, width: 12, height: 12 });
    radio.addOptionToPage('blue', page, { x: 40, y: 400, width: 12, height: 12 });
    form.createDropdown('state').addToPage(page, { x: 10, y: 300, width: 80, height: 20 });
    form.createTextField('Agree').addToPage(doc.addPage([612, 792]), { x: 10, y: 300, width: 80, height: 20 });
    form.createButton('submit').addToPage('Submit', page, { x: 300, y: 300, width: 80, height: 20 });
    const fields = await extractAcroFormFields(await doc.save());
    expect(fields.map((f) => [f.aliasId, f.type, f.pageNum])).toEqual([
      ['notes', 'longText', 0],
      ['code', 'textPerLetter', 0],
      ['agree', 'checkbox', 0],
      ['color', 'radioGroup', 0],
      ['state', 'shortText', 0],
      ['agree2', 'shortText', 1],
    ]);
    expect(fields[1]!.maxLength).toBe(6);
    const options = fields[3]!.options!;
    expect(options.map((o) => o.id)).toEqual(['red', 'blue']);
    // pdf-lib grows a widget by its border width: the rect is within a point of where it was put.
    expect(Math.abs(options[1]!.rect!.x - 40)).toBeLessThanOrEqual(1);
    expect(Math.abs(options[1]!.rect!.y - 400)).toBeLessThanOrEqual(1);
    expect(options[1]!.pageNum).toBe(0);
  });

  it('refuses bytes that are not a PDF with a FillError', async () => {
    await expect(extractAcroFormFields(new TextEncoder().encode('hello'))).rejects.toThrow(FillError);
  });
});
