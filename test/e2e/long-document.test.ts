// Issue 2's acceptance test: a 100-page document of headings and paragraphs renders with every
// word extractable by pdftotext, a stable page count, and no text outside the page area.
import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';
import { renderToDisplayLists } from '../../src/render.js';
import { placedGlyphs } from '../../src/paint/glyph-runs.js';
import { flatten } from '../layout/helpers.js';
import { poppler, writeTemp } from '../pdf/helpers.js';

const WORDS = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu'.split(' ');

/** Deterministic prose: section n, paragraph p gets a unique marker word then varied words. */
function document(sections: number): { html: string; markers: string[] } {
  const markers: string[] = [];
  let html = '';
  for (let s = 1; s <= sections; s++) {
    html += `<h2>Section ${s}</h2>`;
    for (let p = 1; p <= 4; p++) {
      const marker = `m${s}x${p}`;
      markers.push(marker);
      const words = Array.from({ length: 70 }, (_, i) => WORDS[(s * 7 + p * 3 + i * 5) % WORDS.length]);
      html += `<p>${marker} ${words.join(' ')}.</p>`;
    }
  }
  return { html, markers };
}

describe('a 100-page document', () => {
  const { html, markers } = document(170);
  const body = { type: 'html' as const, title: 'Long document', data: { html, css: 'p { text-align: justify }' } };

  it('renders at least 100 pages, the same count every time, with every word extractable in order', async () => {
    const first = await render(body, { deterministic: true });
    const second = await render(body, { deterministic: true });
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const path = writeTemp('long.pdf', first);
    const pages = Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', [path]).stdout)![1]);
    expect(pages).toBeGreaterThanOrEqual(100);
    const text = poppler('pdftotext', [path, '-']).stdout;
    let at = -1;
    for (const marker of markers) {
      const found = text.indexOf(marker, at + 1);
      expect(found, `marker ${marker} missing or out of order`).toBeGreaterThan(at);
      at = found;
    }
    const extracted = text.split(/\s+/).filter((w) => WORDS.includes(w.replace(/[.]$/, '')));
    expect(extracted.length).toBe(markers.length * 70);
  }, 120_000);

  it('keeps every glyph run inside the page content area', async () => {
    const { pages } = await renderToDisplayLists(body, { deterministic: true });
    const margin = 37.5; // default 50px margins
    for (const [i, page] of pages.entries()) {
      for (const item of flatten(page.items)) {
        if (item.kind !== 'glyphs') continue;
        const last = placedGlyphs(item).at(-1)!;
        expect(item.x, `page ${i + 1}`).toBeGreaterThanOrEqual(margin - 0.01);
        expect(item.x + last.x, `page ${i + 1}`).toBeLessThanOrEqual(page.width - margin + 0.01);
        expect(item.y, `page ${i + 1}`).toBeGreaterThan(margin);
        expect(item.y, `page ${i + 1}`).toBeLessThanOrEqual(page.height - margin);
      }
    }
  }, 120_000);
});
