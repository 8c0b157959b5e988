// What a fill refuses: a malformed payload or wrongly typed values (ValidationError, each
// problem under its property path) and templates that are not usable PDFs (FillError).
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { FillError } from '../../src/fill/errors.js';
import { fillPdf } from '../../src/fill/fill-pdf.js';
import { MAX_VALUE_LENGTH } from '../../src/fill/limits.js';
import type { CastField, FillPayload } from '../../src/fill/types.js';
import { ValidationError, type ValidationFailure } from '../../src/request/errors.js';
import { fixturePdf, placedCast } from './cast-fixture.js';
import { pdfText } from './pdf-probe.js';

const TEMPLATE = fixturePdf('node-anvil__test__assets__dummy.pdf');
const FIELDS = placedCast(0);

async function failuresOf(payload: unknown, fields: readonly CastField[] = FIELDS): Promise<ValidationFailure[]> {
  try {
    await fillPdf(TEMPLATE, fields, payload as FillPayload);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return [...(error as ValidationError).fields];
  }
  throw new Error('expected a ValidationError');
}

describe('fill: payload validation', () => {
  it('requires data to be an object', async () => {
    expect(await failuresOf({})).toEqual([{ property: 'data', message: 'Required' }]);
    expect(await failuresOf({ data: [1] })).toEqual([{ property: 'data', message: 'must be an object of { aliasId: value }' }]);
    expect(await failuresOf('text')).toEqual([{ property: '', message: 'the request body must be a JSON object' }]);
  });

  it('checks fontSize, textColor and title, all at once', async () => {
    const failures = await failuresOf({ data: {}, fontSize: 100, textColor: 'red', title: 5 });
    expect(failures.map((f) => f.property)).toEqual(['fontSize', 'textColor', 'title']);
  });

  it('reports bad values together with bad body fields', async () => {
    const failures = await failuresOf({ data: { checkbox: 'yes' }, textColor: 'red' });
    expect(failures.map((f) => f.property).sort()).toEqual(['data.checkbox', 'textColor']);
  });

  it('lists every wrongly typed value under data.<key>', async () => {
    const failures = await failuresOf({
      data: { shortText: { foo: 1 }, checkbox: 'yes', integer: 'abc', date: 20220708, name: [1], image: 5, radioGroup: {}, usAddress: { street1: ['x'] } },
    });
    expect(failures.map((f) => f.property).sort()).toEqual(
      ['data.checkbox', 'data.date', 'data.image', 'data.integer', 'data.name', 'data.radioGroup', 'data.shortText', 'data.usAddress'],
    );
    expect(failures.find((f) => f.property === 'data.checkbox')!.message).toBe('expected true or false for a checkbox field');
    expect(failures.find((f) => f.property === 'data.shortText')!.message).toMatch(/expected a string, or a name, address or phone object/);
  });

  it('caps the length of a value', async () => {
    const failures = await failuresOf({ data: { shortText: 'x'.repeat(MAX_VALUE_LENGTH + 1) } });
    expect(failures).toEqual([{ property: 'data.shortText', message: `must be at most ${MAX_VALUE_LENGTH} characters for a shortText field` }]);
  });

  it('ignores unknown keys and leaves null or missing values empty', async () => {
    const { pdf, warnings } = await fillPdf(TEMPLATE, FIELDS, { data: { nothing: { deep: [1] }, shortText: null, email: 'a@b.c' } });
    expect(warnings).toEqual([]);
    const text = pdfText(pdf);
    expect(text).toContain('a@b.c');
    expect(text).not.toContain('HELLO');
  });

  it('accepts numeric strings for numbers and "true"/"false" for checkboxes; draws a non-ISO date as given with a warning', async () => {
    const { pdf, warnings } = await fillPdf(TEMPLATE, FIELDS, { data: { dollar: '1234.5', checkbox: 'false', date: 'July 8' } });
    const text = pdfText(pdf);
    expect(text).toContain('$1,234.50');
    expect(text).toContain('July 8');
    expect(warnings).toEqual(['data.date: "July 8" is not a YYYY-MM-DD date; drawn as given']);
  });
});

describe('fill: templates that cannot be filled', () => {
  it('refuses bytes that are not a PDF', async () => {
    const attempt = fillPdf(new TextEncoder().encode('not a pdf at all'), FIELDS, { data: {} });
    await expect(attempt).rejects.toThrow(FillError);
    await expect(attempt).rejects.toThrow(/not a PDF/);
  });

  it('refuses a truncated PDF', async () => {
    await expect(fillPdf(TEMPLATE.slice(0, 200), FIELDS, { data: {} })).rejects.toThrow(FillError);
  });

  it('refuses an encrypted PDF', async () => {
    const doc = await PDFDocument.load(TEMPLATE);
    doc.context.trailerInfo.Encrypt = doc.context.register(doc.context.obj({ Filter: PDFName.of('Standard'), V: 1, R: 2 }));
    const encrypted = await doc.save({ useObjectStreams: false });
    await expect(fillPdf(encrypted, FIELDS, { data: {} })).rejects.toThrow(/encrypted/);
  });

  it('refuses more fields than it fills', async () => {
    const many = Array.from({ length: 2001 }, (_, i): CastField => ({ id: `f${i}`, aliasId: `f${i}`, name: `f${i}`, type: 'shortText', pageNum: 0, rect: { x: 0, y: 0, width: 10, height: 10 } }));
    await expect(fillPdf(TEMPLATE, many, { data: {} })).rejects.toThrow(FillError);
  });

  it('warns about fields placed off the template', async () => {
    const off: CastField = { id: 'x', aliasId: 'x', name: 'x', type: 'shortText', pageNum: 5, rect: { x: 0, y: 0, width: 10, height: 10 } };
    const { warnings } = await fillPdf(TEMPLATE, [off], { data: { x: 'y' } });
    expect(warnings).toEqual(['a field is placed on page 6, which the template does not have; not drawn']);
  });
});
