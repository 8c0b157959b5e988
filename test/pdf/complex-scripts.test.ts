// Copy and search of complex scripts: shaping reorders (the Devanagari i-matra is drawn before
// its consonant), splits (Thai SARA AM) and stacks marks, so one glyph's ToUnicode entry
// cannot say what a cluster stands for; the writer wraps such clusters in ActualText spans.
// pdftotext must give back the source text in logical order.
import { inflateSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { PDFDocument, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/render.js';
import { poppler, writeTemp } from './helpers.js';

const require = createRequire(import.meta.url);
/** The @fontsource folder: the fonts are read from inside it as the document's file root. */
const FONTSOURCE = dirname(dirname(require.resolve('@fontsource/noto-sans-thai/package.json')));

const LINES = {
  devanagari: 'हिन्दी भाषा में किताबें पढ़ना धर्म क्षत्रिय ज्ञान प्यार कि कौन',
  thai: 'น้ำ สวัสดีครับ ที่นี่ ญี่ปุ่น ก่ำ กำ',
  arabic: 'السلام',
};

function html(): string {
  const faces = Object.keys(LINES)
    .map((s) => `@font-face { font-family: "N ${s}"; src: url(file:///noto-sans-${s}/files/noto-sans-${s}-${s}-400-normal.woff2) }`)
    .join('\n');
  const paragraphs = Object.entries(LINES).map(([s, text]) => `<p style='font-family: "N ${s}"'>${text}</p>`).join('\n');
  return `<style>${faces}</style>${paragraphs}`;
}

let path: string;
let bytes: Uint8Array;

beforeAll(async () => {
  const result = await renderDocument({ type: 'html', data: { html: html() } }, { fileRoot: FONTSOURCE, deterministic: true });
  expect(result.warnings).toEqual([]);
  bytes = result.pdf;
  path = writeTemp('complex-scripts.pdf', bytes);
});

const normalise = (text: string) => text.replace(/[\u202a-\u202e]/g, '').replace(/\s+/g, ' ').trim();

describe('complex scripts in the PDF', () => {
  it('pdftotext gives back each line in logical order', () => {
    const lines = poppler('pdftotext', ['-raw', '-enc', 'UTF-8', path, '-']).stdout.split('\n').map(normalise).filter((l) => l !== '');
    expect(lines).toEqual(Object.values(LINES));
  });

  it('wraps reordered and multi-glyph clusters in ActualText spans, and only those', async () => {
    const doc = await PDFDocument.load(bytes);
    const streams = doc.context.enumerateIndirectObjects().map(([, o]) => o).filter((o): o is PDFRawStream => o instanceof PDFRawStream);
    const text = streams.map((s) => { try { return new TextDecoder('latin1').decode(inflateSync(s.contents)); } catch { return ''; } }).join('\n');
    const spans = [...text.matchAll(/\/ActualText <FEFF([0-9A-F]*)>/g)].map((m) => String.fromCharCode(...m[1]!.match(/..../g)!.map((h) => parseInt(h, 16))));
    expect(spans).toContain('कि');
    expect(spans).toContain('น้ำ');
    // Every span closes; the plain Arabic word and the spaces need none.
    expect(text.match(/ BDC\n/g)!.length).toBe(text.match(/\nEMC\n/g)!.length);
    expect(spans.some((s) => s.includes(' ') || /[\u0600-\u06ff]/.test(s))).toBe(false);
    // क is only ever drawn inside spans; its glyph still gets its ToUnicode entry (from the
    // cmap), for readers that ignore ActualText.
    expect(text).toMatch(/<[0-9A-F]{4}> <0915>\n/);
  });
});

describe('ActualText spans', () => {
  it('are not written for Latin text or a leader that repeats one glyph', async () => {
    const html = `<p>Office fluffy waffles, naïve café.</p><p style="width: 200pt">Chapter<span></span>12</p><ul><li>item</li></ul>`;
    const pdf = (await renderDocument({ type: 'html', data: { html, css: 'p span::after { content: leader(".") }' } }, { deterministic: true })).pdf;
    const doc = await PDFDocument.load(pdf);
    const streams = doc.context.enumerateIndirectObjects().map(([, o]) => o).filter((o): o is PDFRawStream => o instanceof PDFRawStream);
    const text = streams.map((s) => { try { return new TextDecoder('latin1').decode(inflateSync(s.contents)); } catch { return ''; } }).join('\n');
    expect(text).toContain(' TJ');
    expect(text).not.toContain('ActualText');
  });
});
