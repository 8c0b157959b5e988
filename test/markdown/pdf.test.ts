// Markdown mode end to end: request body → renderDocument → PDF, read back with pdftotext and
// pdfinfo. Deterministic renders (generation time 2000-01-01T00:00Z) without the font provider.
import { describe, expect, it } from 'vitest';
import { E2E, renderPdf } from './helpers.js';

const STAMP = 'Generated 1 Jan 2000, 00:00 UTC';
/** pdftotext output with runs of white space folded, for phrases that may wrap. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('Markdown PDF: text', () => {
  it('shows label, heading, content, table cells and the timestamp', async () => {
    const pdf = await renderPdf({
      data: [
        { heading: 'Quarterly Report', label: 'Prepared for ACME', content: 'Revenue grew **twelve** percent.\n\n- first point\n- second point' },
        { table: { rows: [['Region', 'Sales'], ['North', '1200'], ['South', '980']] } },
      ],
    });
    const text = flat(pdf.text());
    for (const phrase of ['Quarterly Report', 'Prepared for ACME', 'Revenue grew twelve percent.', 'first point', 'second point', 'Region', 'Sales', 'North', '1200', 'South', '980', STAMP]) {
      expect(text, phrase).toContain(phrase);
    }
    expect(text).not.toContain('**');
    expect(pdf.pageCount).toBe(1);
    expect(pdf.warnings).toEqual([]);
  });

  it('label text with markup shows the markup literally', async () => {
    const pdf = await renderPdf({ logo: false, data: [{ label: '<b>Literal</b> **stars**', content: 'x' }] });
    expect(flat(pdf.text())).toContain('<b>Literal</b> **stars**');
  });

  it('creationDate sets the timestamp and the PDF dates', async () => {
    const creationDate = new Date('2027-03-09T14:05:00Z');
    const pdf = await renderPdf({ data: [{ content: 'dated' }] }, { ...E2E, creationDate });
    const text = flat(pdf.text());
    expect(text).toContain('Generated 9 Mar 2027, 14:05 UTC');
    expect(text).not.toContain(STAMP);
    expect(pdf.info()).toMatch(/CreationDate:\s+\w+ Mar {1,2}9 14:05:00 2027 UTC/);
  });

  it('includeTimestamp: false leaves the timestamp out', async () => {
    const pdf = await renderPdf({ includeTimestamp: false, data: [{ content: 'undated' }] });
    const text = flat(pdf.text());
    expect(text).toContain('undated');
    expect(text).not.toContain('Generated');
  });

  it('shows the timestamp on every page, next to a bottom-left page counter', async () => {
    const data = Array.from({ length: 60 }, (_, i) => ({ label: `Entry ${i}`, content: `Paragraph number ${i} with some words to fill the line.` }));
    const pdf = await renderPdf({ data, page: { pageCount: 'bottomLeft' } });
    expect(pdf.pageCount).toBeGreaterThanOrEqual(2);
    for (let p = 1; p <= pdf.pageCount; p++) {
      const text = flat(pdf.text(p));
      expect(text, `page ${p}`).toContain(STAMP);
      expect(text, `page ${p}`).toContain(`Page ${p} of ${pdf.pageCount}`);
    }
  });

  it('the title is the PDF Title', async () => {
    const pdf = await renderPdf({ title: 'Invoice <42> & "Co" – März', data: [{ content: 'body' }] });
    expect(pdf.info()).toMatch(/^Title:\s+Invoice <42> & "Co" – März$/m);
    // The title is metadata, not page text.
    expect(flat(pdf.text())).not.toContain('Invoice');
  });
});

describe('Markdown PDF: pagination', () => {
  it('a 200-row table spans several pages with its header row on every page', async () => {
    const rows = [['Item code', 'Description', 'Amount'], ...Array.from({ length: 200 }, (_, i) => [`IC-${1000 + i}`, `Row ${i} description`, String(i * 7)])];
    const pdf = await renderPdf({ data: [{ label: 'Inventory', table: { rows, rowGridlines: true } }] });
    expect(pdf.pageCount).toBeGreaterThanOrEqual(3);
    for (let p = 1; p <= pdf.pageCount; p++) {
      const text = flat(pdf.text(p));
      for (const head of ['Item code', 'Description', 'Amount']) expect(text, `page ${p}: ${head}`).toContain(head);
    }
    // Every data row is there exactly once, in order.
    const all = pdf.text();
    let at = -1;
    for (let i = 0; i < 200; i++) {
      const found = all.indexOf(`IC-${1000 + i}`);
      expect(found, `row ${i}`).toBeGreaterThan(at);
      expect(all.indexOf(`IC-${1000 + i}`, found + 1), `row ${i} twice`).toBe(-1);
      at = found;
    }
    // The header text appears once per page, not once per row.
    expect(all.split('Item code').length - 1).toBe(pdf.pageCount);
  });

  it('without firstRowHeaders the first row is not repeated', async () => {
    const rows = [['FirstRowText', 'x'], ...Array.from({ length: 150 }, (_, i) => [`R${i}`, 'y'])];
    const pdf = await renderPdf({ data: [{ table: { rows, firstRowHeaders: false } }] });
    expect(pdf.pageCount).toBeGreaterThanOrEqual(2);
    expect(pdf.text().split('FirstRowText').length - 1).toBe(1);
    expect(pdf.text(2)).not.toContain('FirstRowText');
  });

  /**
   * Twenty one-line items, then `tail`, with the bottom margin swept over more than one item's
   * height so that, for some margin, the last item's first block just fits on page 1 but what
   * follows does not. Returns the pages of `words` per margin.
   */
  async function sweep(tail: object[], words: string[]) {
    const fillers = Array.from({ length: 20 }, (_, i) => ({ content: `Filler${i}` }));
    const results: { margin: number; pages: number[] }[] = [];
    for (let margin = 196; margin <= 300; margin += 4) {
      const pdf = await renderPdf({ logo: false, includeTimestamp: false, page: { marginBottom: `${margin}px` }, data: [...fillers, ...tail] });
      results.push({ margin, pages: words.map((w) => pdf.pageOf(w)) });
    }
    return results;
  }

  it('a label is never left alone at the bottom of a page: it moves on with its content', async () => {
    const withContent = await sweep([{ label: 'KeepLabel', content: 'KeepContent' }], ['Filler19', 'KeepLabel', 'KeepContent']);
    // Control: the same label with nothing after it stays on page 1 whenever it fits there.
    const alone = await sweep([{ label: 'KeepLabel' }], ['Filler19', 'KeepLabel']);
    for (const { margin, pages } of withContent) {
      expect(pages.every((p) => p > 0), `margin ${margin}: ${pages}`).toBe(true);
      expect(pages[1], `margin ${margin}: label and content on pages ${pages[1]} and ${pages[2]}`).toBe(pages[2]);
    }
    // The case that matters happened: the label would fit on page 1, yet went to page 2 with its content.
    const tested = withContent.filter((r, i) => r.pages[0] === 1 && r.pages[1] === 2 && alone[i]!.pages[1] === 1);
    expect(tested.length, JSON.stringify({ withContent, alone })).toBeGreaterThan(0);
  }, 60_000);

  it('a heading-only item is not left alone at the bottom of a page: it moves on with the next item', async () => {
    const withNext = await sweep([{ heading: 'KeepHeading' }, { content: 'NextContent' }], ['Filler19', 'KeepHeading', 'NextContent']);
    const alone = await sweep([{ heading: 'KeepHeading' }], ['Filler19', 'KeepHeading']);
    for (const { margin, pages } of withNext) {
      expect(pages.every((p) => p > 0), `margin ${margin}: ${pages}`).toBe(true);
      expect(pages[1], `margin ${margin}: heading and next item on pages ${pages[1]} and ${pages[2]}`).toBe(pages[2]);
    }
    const tested = withNext.filter((r, i) => r.pages[0] === 1 && r.pages[1] === 2 && alone[i]!.pages[1] === 1);
    expect(tested.length, JSON.stringify({ withNext, alone })).toBeGreaterThan(0);
  }, 60_000);

  // A chain of avoided breaks (heading → label → content in one item): the break moves back
  // past every avoided break (src/layout/block.ts, breakBefore). It used to move back one
  // sibling only, leaving the heading alone at the bottom of the page.
  it('an item\'s heading stays with its label and content (chain of avoided breaks)', async () => {
    const results = await sweep([{ heading: 'KeepHeading', label: 'KeepLabel', content: 'KeepContent' }], ['Filler19', 'KeepHeading', 'KeepLabel', 'KeepContent']);
    for (const { margin, pages } of results) {
      expect(pages.every((p) => p > 0), `margin ${margin}: ${pages}`).toBe(true);
      expect(new Set(pages.slice(1)).size, `margin ${margin}: heading, label, content on pages ${pages.slice(1)}`).toBe(1);
    }
  }, 60_000);
});
