// Filling each kind of AcroForm field (made with pdf-lib): values drawn into the widgets,
// filled fields flattened, the rest left interactive.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractAcroFormFields } from '../../src/fill/extract-fields.js';
import { fillPdf } from '../../src/fill/fill-pdf.js';
import { imageFetcherFromLoader } from '../../src/fill/field-image.js';
import { createResourceLoader } from '../../src/resources/net/index.js';
import { darkPixels, pageWords, renderPage, wordsIn } from './pdf-probe.js';
import { redPng } from './cast-fixture.js';

async function formTemplate(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  const notes = form.createTextField('notes');
  notes.enableMultiline();
  notes.addToPage(page, { x: 50, y: 600, width: 150, height: 60, borderWidth: 0 });
  const code = form.createTextField('code');
  code.setMaxLength(4);
  code.enableCombing();
  code.addToPage(page, { x: 50, y: 500, width: 160, height: 20, borderWidth: 0 });
  form.createCheckBox('agree').addToPage(page, { x: 50, y: 400, width: 20, height: 20, borderWidth: 0 });
  const radio = form.createRadioGroup('color');
  radio.addOptionToPage('red', page, { x: 50, y: 300, width: 20, height: 20, borderWidth: 0 });
  radio.addOptionToPage('blue', page, { x: 100, y: 300, width: 20, height: 20, borderWidth: 0 });
  form.createTextField('left alone').addToPage(page, { x: 300, y: 300, width: 100, height: 20 });
  return doc.save();
}

describe('fill: AcroForm field kinds', () => {
  it('fills multiline, comb, check box and radio fields and flattens them', async () => {
    const template = await formTemplate();
    const fields = await extractAcroFormFields(template);
    const text = 'The quick brown fox jumps over the lazy dog again and again';
    const { pdf, warnings } = await fillPdf(template, fields, { data: { notes: text, code: 'AB12', agree: true, color: 'blue' } });
    expect(warnings).toEqual([]);
    const words = pageWords(pdf, 1);
    const notes = wordsIn(words, { x: 50, y: 600, width: 150, height: 60 }, 792);
    expect(notes.map((w) => w.text).join(' ')).toBe(text);
    expect(new Set(notes.map((w) => Math.round(w.yMin))).size).toBeGreaterThan(1);
    const code = wordsIn(words, { x: 50, y: 500, width: 160, height: 20 }, 792);
    expect(code.map((w) => w.text)).toEqual(['A', 'B', '1', '2']);
    const page = await renderPage(pdf, 1);
    expect(darkPixels(page, { x: 50, y: 400, width: 20, height: 20 })).toBeGreaterThan(15);
    expect(darkPixels(page, { x: 100, y: 300, width: 20, height: 20 })).toBeGreaterThan(40);
    expect(darkPixels(page, { x: 50, y: 300, width: 20, height: 20 })).toBe(0);
    const left = (await PDFDocument.load(pdf)).getForm().getFields().map((f) => f.getName());
    expect(left).toEqual(['left alone']);
  });

  it('flattens an unchecked check box without a mark', async () => {
    const template = await formTemplate();
    const { pdf } = await fillPdf(template, await extractAcroFormFields(template), { data: { agree: false } });
    expect(darkPixels(await renderPage(pdf, 1), { x: 50, y: 400, width: 20, height: 20 })).toBe(0);
    expect((await PDFDocument.load(pdf)).getForm().getFields().map((f) => f.getName())).not.toContain('agree');
  });
});

describe('imageFetcherFromLoader', () => {
  it('fetches through the resource loader (a data: URL here) and refuses what it refuses', async () => {
    const loader = createResourceLoader({ cache: null });
    try {
      const fetchImage = imageFetcherFromLoader(loader);
      const png = await redPng();
      const bytes = await fetchImage(`data:image/png;base64,${Buffer.from(png).toString('base64')}`);
      expect(Buffer.from(bytes!).equals(Buffer.from(png))).toBe(true);
      await expect(fetchImage('ftp://example.com/a.png')).rejects.toThrow(/scheme/);
    } finally {
      await loader.close();
    }
  });
});
