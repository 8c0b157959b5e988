// The development watermark: big diagonal text over every page, readable by text extraction,
// placed on the page as shown (crop box, rotation), leaving the page count alone.
import { degrees, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { stampWatermark } from '../../src/pdf/watermark.js';
import { writePdf } from '../../src/pdf/write.js';
import { fixturePdf } from '../fill/cast-fixture.js';
import { pageWords, renderPage } from '../fill/pdf-probe.js';
import { poppler, writeTemp } from './helpers.js';

/**
 * The watermark's text, left to right: poppler reads diagonal text in pieces of a letter or
 * a few, so these are the words at least `minHeight` tall (on a template, taller than its text).
 */
function watermarkOn(pdf: Uint8Array, page: number, minHeight = 0): string {
  const pieces = pageWords(pdf, page).filter((w) => w.yMax - w.yMin >= minHeight);
  return pieces.sort((a, b) => a.xMin - b.xMin).map((w) => w.text).join('');
}

/** The page as shown, and the centre of its ink (on a page with nothing but the watermark). */
async function inkOf(pdf: Uint8Array, page: number): Promise<{ width: number; height: number; cx: number; cy: number; darkest: number; count: number }> {
  const raster = await renderPage(pdf, page);
  let [sx, sy, count, darkest] = [0, 0, 0, 255];
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      const [r] = raster.at(x, y);
      darkest = Math.min(darkest, r);
      if (r < 250) [sx, sy, count] = [sx + x, sy + y, count + 1];
    }
  }
  return { width: raster.width, height: raster.height, cx: sx / count, cy: sy / count, darkest, count };
}

function pageCount(pdf: Uint8Array): number {
  return Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', [writeTemp('info.pdf', pdf)]).stdout)![1]);
}

describe('stampWatermark', () => {
  it('stamps every page of a template, keeping its pages and text', async () => {
    const doc = await PDFDocument.load(fixturePdf('test-pdf-nda.pdf'));
    stampWatermark(doc, 'DEVELOPMENT');
    const pdf = await doc.save();
    expect(pageCount(pdf)).toBe(2);
    for (const page of [1, 2]) expect(watermarkOn(pdf, page, 30)).toBe('DEVELOPMENT');
    expect(pageWords(pdf, 1).map((w) => w.text)).toContain('AGREEMENT');
  });

  it('centres the text on the page as shown: rotated pages and crop boxes', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]).setRotation(degrees(90));
    doc.addPage([612, 792]).setRotation(degrees(270));
    doc.addPage([612, 792]).setCropBox(100, 200, 300, 300);
    doc.addPage([400, 400]);
    stampWatermark(doc, 'DEVELOPMENT');
    const pdf = await doc.save();
    expect(pageCount(pdf)).toBe(4);
    const expected = [[792, 612], [792, 612], [300, 300], [400, 400]] as const;
    for (const [i, [width, height]] of expected.entries()) {
      expect(watermarkOn(pdf, i + 1)).toBe('DEVELOPMENT');
      const ink = await inkOf(pdf, i + 1);
      expect([ink.width, ink.height]).toEqual([width, height]);
      expect(Math.abs(ink.cx - width / 2)).toBeLessThan(12);
      expect(Math.abs(ink.cy - height / 2)).toBeLessThan(12);
      // Light: drawn over a good share of the page, but grey and see-through, never black.
      expect(ink.count).toBeGreaterThan(0.02 * width * height);
      expect(ink.darkest).toBeGreaterThan(150);
    }
  });

  it('shows characters outside WinAnsi as "?" instead of failing', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    stampWatermark(doc, 'DEV 開発');
    expect(watermarkOn(await doc.save(), 1)).toBe('DEV??');
  });

  it('shares one form among pages of one size, named once in a shared resource dictionary', async () => {
    const pages = Array.from({ length: 50 }, () => ({ width: 612, height: 792, items: [] }));
    const plain = await writePdf({ pages });
    const stamped = await writePdf({ pages, watermark: 'DEVELOPMENT' });
    const doc = await PDFDocument.load(stamped);
    const forms = doc.context.enumerateIndirectObjects().filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Form'));
    expect(forms).toHaveLength(1);
    const first = doc.getPage(0).node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    expect(first.keys().filter((key) => key.decodeText().startsWith('Wm')).map((key) => key.decodeText())).toEqual(['Wm1']);
    for (const page of doc.getPages()) expect(page.node.Resources()).toBe(doc.getPage(0).node.Resources());
    // A form is ~0.4 KB compressed; 50 of them would add ~20 KB. One, and a tiny stream per page.
    expect(stamped.length - plain.length).toBeLessThan(8 * 1024);
    expect(watermarkOn(stamped, 50)).toBe('DEVELOPMENT');
  });
});
