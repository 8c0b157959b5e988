// Filling the sample template's own AcroForm fields with the example payloads as they are.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractAcroFormFields } from '../../src/fill/extract-fields.js';
import { fillPdf } from '../../src/fill/fill-pdf.js';
import { poppler, writeTemp } from '../pdf/helpers.js';
import { FILL_EXAMPLES, examplePayload, fixturePdf } from './cast-fixture.js';
import { pageWords, pdfText, wordsIn } from './pdf-probe.js';

const TEMPLATE = fixturePdf('sample-template-fillable.pdf');
const ALL_FIELDS = ['Date', 'Short text', 'Email', 'Phone', 'Name', 'Street', 'City', 'State', 'Zip', 'SSN', 'Tax ID'];

async function remainingFields(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getForm().getFields().map((f) => f.getName());
}

describe('fill: the sample template with the example payloads', () => {
  for (const example of FILL_EXAMPLES) {
    it(`fills and flattens the fields ${example} names, ignoring the other keys`, async () => {
      const payload = examplePayload(example);
      const fields = await extractAcroFormFields(TEMPLATE);
      const { pdf, warnings } = await fillPdf(TEMPLATE, fields, payload, { deterministic: true });
      expect(warnings).toEqual([]);
      const text = pdfText(pdf);
      const data = payload.data;
      const expected: Record<string, string> = {
        shortText: String(data['shortText']),
        date: '2022-07-08', // the template's Date field is a text field: the value as given
        name: 'Robin W Smith',
        email: 'testy@example.com',
        phone: '(555) 444-3333',
        ssn: '456454567',
      };
      const filled = Object.keys(expected).filter((key) => key in data);
      for (const key of filled) expect(text).toContain(expected[key]);
      const filledNames = fields.filter((f) => filled.includes(f.aliasId)).map((f) => f.name);
      expect(await remainingFields(pdf)).toEqual(ALL_FIELDS.filter((name) => !filledNames.includes(name)));
      expect(poppler('pdfinfo', [writeTemp('info.pdf', pdf)]).stdout).toMatch(/Title:\s+My PDF Title/);
    });
  }

  it('draws a value inside its widget and removes the widget annotation', async () => {
    const fields = await extractAcroFormFields(TEMPLATE);
    const { pdf } = await fillPdf(TEMPLATE, fields, { data: { shortText: 'HELLOOW' } }, { deterministic: true });
    const shortText = fields.find((f) => f.aliasId === 'shortText')!;
    expect(wordsIn(pageWords(pdf, 1), shortText.rect!, 792).map((w) => w.text)).toEqual(['HELLOOW']);
    const annotations = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPage(0).node.Annots()!.size();
    expect(await annotations(pdf)).toBe((await annotations(TEMPLATE)) - 1);
  });

  it('accepts the AcroForm field name as a key, and removes the form when every field is filled', async () => {
    const fields = await extractAcroFormFields(TEMPLATE);
    const data = Object.fromEntries(ALL_FIELDS.map((name) => [name, `${name} value`]));
    const { pdf } = await fillPdf(TEMPLATE, fields, { data }, { deterministic: true });
    const text = pdfText(pdf);
    for (const name of ALL_FIELDS) expect(text).toContain(`${name} value`);
    expect(poppler('pdfinfo', [writeTemp('info.pdf', pdf)]).stdout).toMatch(/Form:\s+none/);
  });

  it('leaves every field as it was when no key matches', async () => {
    const fields = await extractAcroFormFields(TEMPLATE);
    const { pdf } = await fillPdf(TEMPLATE, fields, examplePayload('node-anvil__README__fill-payload.json'), { deterministic: true });
    expect(await remainingFields(pdf)).toEqual(ALL_FIELDS);
  });

  it('writes the same bytes twice when deterministic', async () => {
    const fields = await extractAcroFormFields(TEMPLATE);
    const payload = examplePayload('api-usage-examples__java__pdf-fill.json');
    const first = await fillPdf(TEMPLATE, fields, payload, { deterministic: true });
    const second = await fillPdf(TEMPLATE, fields, payload, { deterministic: true });
    expect(Buffer.from(first.pdf).equals(Buffer.from(second.pdf))).toBe(true);
  });
});
