// Issue 6's acceptance test: a 2,000-item Markdown document renders, every item's marker word
// extractable in order, and the timestamp on every page.
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/render.js';
import { poppler, writeTemp } from '../pdf/helpers.js';

/** 2,000 items: a heading every 50, a 30-row table every 100, label + content otherwise. */
function items(): { data: Record<string, unknown>[]; markers: string[] } {
  const data: Record<string, unknown>[] = [];
  const markers: string[] = [];
  for (let i = 0; i < 2000; i++) {
    const marker = `item${i}x`;
    markers.push(marker);
    if (i % 50 === 0) data.push({ heading: `Part ${marker}` });
    else if (i % 100 === 1) {
      const rows = [['Line', 'Amount']];
      for (let r = 0; r < 30; r++) rows.push([`row ${r}`, `$${r}.00`]);
      data.push({ label: marker, table: { rows } });
    } else data.push({ label: marker, content: `Clause with **bold** text, a [link](https://example.com/${i}) and\n- a list item` });
  }
  return { data, markers };
}

describe('a 2,000-item Markdown document', () => {
  it('renders every item in order, with the timestamp on every page', async () => {
    const { data, markers } = items();
    const { pdf, pageCount, warnings } = await renderDocument({ title: 'Long', data }, { deterministic: true, fontProvider: false });
    expect(warnings).toEqual([]);
    expect(pageCount).toBeGreaterThan(100);
    const file = writeTemp('long-markdown.pdf', pdf);
    const text = poppler('pdftotext', [file, '-']).stdout;
    let at = -1;
    for (const marker of markers) {
      const next = text.indexOf(marker, at + 1);
      expect(next, marker).toBeGreaterThan(at);
      at = next;
    }
    expect(text.split('Generated 1 Jan 2000, 00:00 UTC').length - 1).toBe(pageCount);
  }, 60_000);
});
