// Page-level behaviour of a fill: the watermark, crop boxes, rotated content streams left
// intact, and pages with inherited resources.
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractAcroFormFields } from '../../src/fill/extract-fields.js';
import { fillPdf } from '../../src/fill/fill-pdf.js';
import type { CastField } from '../../src/fill/types.js';
import { poppler, writeTemp } from '../pdf/helpers.js';
import { examplePayload, fixturePdf } from './cast-fixture.js';
import { pageWords, pdfText, wordsIn } from './pdf-probe.js';

const field = (pageNum: number, x: number, y: number): CastField => ({ id: 'v', aliasId: 'v', name: 'v', type: 'shortText', pageNum, rect: { x, y, width: 200, height: 20 } });

describe('fill: pages', () => {
  it('stamps the watermark on every page when asked, and keeps the page count', async () => {
    const template = fixturePdf('sample-template-fillable.pdf');
    const fields = await extractAcroFormFields(template);
    const { pdf } = await fillPdf(template, fields, examplePayload('python-anvil__examples__fill_pdf.camelCase.json'), { watermark: 'DEVELOPMENT', deterministic: true });
    expect(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', [writeTemp('info.pdf', pdf)]).stdout)![1]).toBe('2');
    for (const page of [1, 2]) {
      const large = pageWords(pdf, page).filter((w) => w.yMax - w.yMin > 30).sort((a, b) => a.xMin - b.xMin);
      expect(large.map((w) => w.text).join('')).toBe('DEVELOPMENT');
    }
    expect(pdfText(pdf)).toContain('HELLOO');
  });

  it('places fields relative to the crop box of the page', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]).setCropBox(100, 100, 400, 500);
    const { pdf } = await fillPdf(await doc.save(), [field(0, 10, 450)], { data: { v: 'Cropped' } });
    // pdftotext measures from the media box's top-left corner: the field's box is x 110–310,
    // and its top is at 792 − (100 + 450 + 20) = 222.
    const words = pageWords(pdf, 1);
    expect(words.map((w) => w.text)).toEqual(['Cropped']);
    expect(words[0]!.xMin).toBeGreaterThan(110);
    expect(words[0]!.xMin).toBeLessThan(120);
    expect(words[0]!.yMin).toBeGreaterThan(222);
    expect(words[0]!.yMax).toBeLessThan(242);
  });

  it('keeps the template content and draws over pages whose resources are inherited and whose content leaves the state changed', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    page.drawText('Template text', { x: 50, y: 700, size: 12, font: doc.embedStandardFont(StandardFonts.Helvetica) });
    // Move the page's resources up to the page tree node (inherited, §7.7.3.4) and leave a
    // scaling `cm` unbalanced at the end of the content.
    const resources = page.node.get(PDFName.of('Resources'))!;
    page.node.delete(PDFName.of('Resources'));
    doc.catalog.Pages().set(PDFName.of('Resources'), resources);
    page.node.addContentStream(doc.context.register(doc.context.stream('0.5 0 0 0.5 0 0 cm')));
    const { pdf } = await fillPdf(await doc.save(), [field(0, 50, 600)], { data: { v: 'Filled text' } });
    const words = pageWords(pdf, 1);
    expect(words.map((w) => w.text)).toEqual(['Template', 'text', 'Filled', 'text']);
    expect(wordsIn(words, { x: 50, y: 600, width: 200, height: 20 }, 792).map((w) => w.text)).toEqual(['Filled', 'text']);
  });
});
