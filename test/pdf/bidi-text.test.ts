// Copy and search of right-to-left text: glyphs are written in visual order with their own
// characters in ToUnicode, and Poppler gives the words back in logical order.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';
import { poppler, writeTemp } from './helpers.js';

const FONTS = path.resolve('node_modules/@fontsource/noto-sans-hebrew/files');

describe('bidirectional text in the PDF', () => {
  it('pdftotext gives a Hebrew sentence with an English word and a number back as typed', async () => {
    const sentence = 'שלום עולם, זה מבחן של Quire עם 123 מספרים (בסוגריים).';
    const html = `<p dir="rtl">${sentence}</p>`;
    const css = '@font-face { font-family: Hebrew; src: url(noto-sans-hebrew-hebrew-400-normal.woff2) } body { font-family: Hebrew, sans-serif }';
    const pdf = await render({ type: 'html', data: { html, css } }, { deterministic: true, fileRoot: FONTS, baseUrl: `file://${FONTS}/` });
    const text = poppler('pdftotext', [writeTemp('bidi-hebrew.pdf', pdf), '-']).stdout;
    // Poppler wraps runs of the other direction in embedding marks and moves the spaces around
    // them (it does the same with Chromium's PDFs); the words come back as typed, in order.
    const words = sentence.match(/[\p{L}\p{N}]+/gu)!;
    let from = 0;
    for (const word of words) {
      const at = text.indexOf(word, from);
      expect(at, `${word} in ${text}`).toBeGreaterThanOrEqual(0);
      from = at + word.length;
    }
    expect(text).toContain('(בסוגריים)');
  });
});
