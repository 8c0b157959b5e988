// Tables across pages (css-break-3, css-tables-3 §3.10): breaks between rows, rows that move
// whole, rows split inside their cells, rowspans across a break, repeated header and footer
// groups, forced breaks, and a long table. Read back from the display lists' text.
import { describe, expect, it } from 'vitest';
import type { PageDisplayList, RectItem } from '../../src/paint/types.js';
import { encodePng } from '../helpers/images.js';
import { flatten, layout, pageText, PX, runs, runWith, type Run } from './helpers.js';

// 300px × 200px pages without margins, 20px lines: ten lines (or 20px rows) per page.
const small = { width: '300px', height: '200px', margin: '0' };
const PAGE_HEIGHT = 200 * PX;
const base = 'body { margin: 0; font-size: 12px; line-height: 20px } p { margin: 0 } table { border-spacing: 0 } td, th { padding: 0 }';

const rows = (n: number, cell = (i: number) => `<td>R${i}</td>`) => Array.from({ length: n }, (_, i) => `<tr>${cell(i + 1)}</tr>`).join('');
const lines = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`).join('<br>');

/** Runs whose whole text matches, in page order, then top to bottom. */
function matching(pages: readonly PageDisplayList[], pattern: RegExp): Run[] {
  return runs(pages).filter((r) => pattern.test(r.text)).sort((a, b) => a.page - b.page || a.y - b.y);
}

/** The numbers of runs like `R12`, in reading order. */
function numbers(pages: readonly PageDisplayList[], prefix: string): number[] {
  return matching(pages, new RegExp(`^${prefix}\\d+$`)).map((r) => Number(r.text.slice(prefix.length)));
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every glyph run lies on its page (its baseline is above the page's bottom edge). */
function expectAllOnPage(pages: readonly PageDisplayList[]): void {
  for (const r of runs(pages)) expect(r.y, `"${r.text}" on page ${r.page + 1} at y=${r.y / PX}px`).toBeLessThanOrEqual(PAGE_HEIGHT + 1e-6);
}

describe('breaking between rows', () => {
  it('breaks a long table between rows: every row exactly once, in order, ten per page', async () => {
    const pages = await layout(`<table>${rows(25)}</table>`, base, small);
    expect(pages).toHaveLength(3);
    expect(numbers(pages, 'R')).toEqual(range(1, 25));
    expect(pageText(pages, 0)).toBe(range(1, 10).map((i) => `R${i}`).join('|'));
    expect(runWith(pages, 'R11').page).toBe(1);
    // A new page starts with its first row at the top.
    expect(runWith(pages, 'R11').y).toBeLessThan(20 * PX);
    expectAllOnPage(pages);
  });

  it('keeps the cells of a row together when breaking between rows', async () => {
    const pages = await layout(`<table>${rows(15, (i) => `<td>A${i}</td><td>B${i}</td><td>C${i}</td>`)}</table>`, base, small);
    for (let i = 1; i <= 15; i++) {
      const pagesOfRow = new Set([`A${i}`, `B${i}`, `C${i}`].map((t) => runWith(pages, t).page));
      expect(pagesOfRow.size, `row ${i}`).toBe(1);
      expect(runWith(pages, `A${i}`).y).toBeCloseTo(runWith(pages, `C${i}`).y);
    }
    expect(numbers(pages, 'B')).toEqual(range(1, 15));
  });

  it('moves a row that does not fit whole to the next page', async () => {
    // Eight lines of text, a one-line row (page 1 now full at 180px), then a three-line row.
    const pages = await layout(`<p>${lines(8, 'P')}</p><table><tr><td>X1</td></tr><tr><td>${lines(3, 'Y')}</td><td>${lines(2, 'Z')}</td></tr></table>`, base, small);
    expect(pages).toHaveLength(2);
    expect(runWith(pages, 'X1').page).toBe(0);
    for (const t of ['Y1', 'Y2', 'Y3', 'Z1', 'Z2']) expect(runWith(pages, t).page, t).toBe(1);
    expect(runWith(pages, 'Y1').y).toBeLessThan(20 * PX);
  });

  it('starts a row taller than the space left on the page there and splits it, as Chromium does', async () => {
    // Five lines leave 100px; the eight-line row would fit on the next page but can break.
    const pages = await layout(`<p>${lines(5, 'P')}</p><table><tr><td>${lines(8, 'Y')}</td><td>Z1</td></tr><tr><td>R2</td></tr></table>`, base, small);
    expect(pages).toHaveLength(2);
    expect(numbers(pages, 'Y')).toEqual(range(1, 8));
    for (const t of ['Y1', 'Y5', 'Z1']) expect(runWith(pages, t).page, t).toBe(0);
    for (const t of ['Y6', 'Y8', 'R2']) expect(runWith(pages, t).page, t).toBe(1);
    expect(runWith(pages, 'Y6').y).toBeLessThan(20 * PX);
    expectAllOnPage(pages);
  });

  it('splits a later row too, after the rows that fit', async () => {
    const pages = await layout(`<p>${lines(3, 'P')}</p><table><tr><td>R1</td></tr><tr><td>${lines(9, 'Y')}</td></tr></table>`, base, small);
    expect(runWith(pages, 'R1').page).toBe(0);
    expect(runWith(pages, 'Y6').page).toBe(0);
    expect(runWith(pages, 'Y7').page).toBe(1);
    expect(numbers(pages, 'Y')).toEqual(range(1, 9));
  });

  it('keeps break-inside: avoid on a row: it moves whole', async () => {
    const pages = await layout(`<p>${lines(5, 'P')}</p><table><tr style="break-inside: avoid"><td>${lines(8, 'Y')}</td></tr></table>`, base, small);
    for (const t of ['Y1', 'Y8']) expect(runWith(pages, t).page, t).toBe(1);
  });

  it('moves a row whole when one of its cells starts with an image that does not fit', async () => {
    const img = `data:image/png;base64,${Buffer.from(encodePng(4, 4, () => [40, 90, 160])).toString('base64')}`;
    const pages = await layout(`<p>${lines(5, 'P')}</p><table><tr><td>${lines(8, 'Y')}</td><td><img src="${img}" style="display: block; width: 20px; height: 150px"></td></tr></table>`, base, small);
    expect(runWith(pages, 'Y1').page).toBe(1);
    const images = flatten(pages[0]!.items).filter((i) => i.kind === 'image');
    expect(images).toHaveLength(0);
  });

  it('counts the vertical border-spacing: (rows + 1) spacings fit in the page with the rows', async () => {
    // Rows 20px, spacing 10px: 10 + 6 × 30 = 190px fit, a seventh row would end at 220px.
    const pages = await layout(`<table style="border-spacing: 0 10px">${rows(10)}</table>`, base, small);
    expect(numbers(pages, 'R')).toEqual(range(1, 10));
    expect(runWith(pages, 'R6').page).toBe(0);
    expect(runWith(pages, 'R7').page).toBe(1);
  });

  it('moves a table whose first row does not fit after earlier content to the next page as a whole', async () => {
    // Nine lines leave 20px: the caption would fit, the two-line first row would not.
    const pages = await layout(`<p>${lines(9, 'P')}</p><table><caption>CAP</caption><tr><td>${lines(2, 'X')}</td></tr><tr><td>R2</td></tr></table>`, base, small);
    expect(pages).toHaveLength(2);
    expect(pageText(pages, 0)).toBe(range(1, 9).map((i) => `P${i}`).join('|'));
    expect(runWith(pages, 'CAP').page).toBe(1);
    expect(runWith(pages, 'X1').page).toBe(1);
    expect(runWith(pages, 'CAP').y).toBeLessThan(runWith(pages, 'X1').y);
  });

  it('keeps the caption with the first part of the table only', async () => {
    const pages = await layout(`<table><caption>CAP</caption>${rows(12)}</table>`, base, small);
    expect(matching(pages, /^CAP$/)).toHaveLength(1);
    expect(runWith(pages, 'CAP').page).toBe(0);
    expect(numbers(pages, 'R')).toEqual(range(1, 12));
    expect(runWith(pages, 'R9').page).toBe(0);
    expect(runWith(pages, 'R10').page).toBe(1);
  });

  it('moves a table with break-inside: avoid to the next page rather than split it', async () => {
    const pages = await layout(`<p>${lines(5, 'P')}</p><table style="break-inside: avoid">${rows(7)}</table>`, base, small);
    expect(numbers(pages, 'R').map((i) => runWith(pages, `R${i}`).page)).toEqual(new Array(7).fill(1));
  });

  it('continues a table inside a cell across pages', async () => {
    const pages = await layout(`<table><tr><td>OUT</td><td><table>${rows(15)}</table></td></tr></table>`, base, small);
    expect(pages).toHaveLength(2);
    expect(numbers(pages, 'R')).toEqual(range(1, 15));
    expect(runWith(pages, 'R10').page).toBe(0);
    expect(runWith(pages, 'R11').page).toBe(1);
    expect(matching(pages, /^OUT$/)).toHaveLength(1);
  });
});

describe('rows taller than a page', () => {
  it('splits a row taller than a page inside its cells; every line once, none lost', async () => {
    const pages = await layout(`<table><tr><td>${lines(15, 'T')}</td><td>${lines(12, 'U')}</td></tr><tr><td>AFTER</td></tr></table>`, base, small);
    expect(pages).toHaveLength(2);
    expect(numbers(pages, 'T')).toEqual(range(1, 15));
    expect(numbers(pages, 'U')).toEqual(range(1, 12));
    // The page is filled: ten lines of each cell on the first page.
    expect(runWith(pages, 'T10').page).toBe(0);
    expect(runWith(pages, 'T11').page).toBe(1);
    expect(runWith(pages, 'U10').page).toBe(0);
    expect(runWith(pages, 'U11').page).toBe(1);
    // Both cells continue at the top of the next page, side by side.
    expect(runWith(pages, 'T11').y).toBeCloseTo(runWith(pages, 'U11').y);
    expect(runWith(pages, 'T11').y).toBeLessThan(20 * PX);
    // The next row follows the rest of the split row.
    expect(runWith(pages, 'AFTER').page).toBe(1);
    expect(runWith(pages, 'AFTER').y).toBeGreaterThan(runWith(pages, 'T15').y);
    expectAllOnPage(pages);
  });

  it('splits a row over three pages when it needs to', async () => {
    const pages = await layout(`<table><tr><td>${lines(27, 'T')}</td></tr></table>`, base, small);
    expect(pages).toHaveLength(3);
    expect(numbers(pages, 'T')).toEqual(range(1, 27));
    expect(runWith(pages, 'T21').page).toBe(2);
  });

  it('splits a rowspan cell straddling a break: its lines divided between pages, none lost or repeated', async () => {
    // Six lines of text, then a three-row rowspan cell of eight lines beside rows r1..r3.
    const pages = await layout(`<p>${lines(6, 'P')}</p><table><tr><td rowspan=3>${lines(8, 'S')}</td><td>r1</td></tr><tr><td>r2</td></tr><tr><td>r3</td></tr><tr><td>x</td><td>r4</td></tr></table>`, base, small);
    expect(numbers(pages, 'S')).toEqual(range(1, 8));
    expect(numbers(pages, 'r')).toEqual(range(1, 4));
    const sPages = range(1, 8).map((i) => runWith(pages, `S${i}`).page);
    expect(sPages[0]).toBe(0);
    expect(sPages[7]).toBe(1);
    // Pages never go back: the split is a prefix on page 1, the rest on page 2.
    expect(sPages).toEqual([...sPages].sort());
    // The rowspan cell's lines on the first page sit beside the rows placed there.
    const lastOnFirst = matching(pages, /^S\d+$/).filter((r) => r.page === 0).at(-1)!;
    expect(lastOnFirst.y).toBeLessThanOrEqual(PAGE_HEIGHT);
    expectAllOnPage(pages);
  });

  // Regression test for a fixed bug (data loss): when the first row of a rowspan cell has no height of its own (the
  // rowspan cell is the only content of that row), a break before the next row drops the
  // cell entirely: none of its lines appear on any page.
  it('keeps a rowspan cell whose first row has no other content when the next row breaks', async () => {
    const pages = await layout(`<p>${lines(6, 'P')}</p><table><tr><td rowspan=2>${lines(8, 'S')}</td></tr><tr><td>r2</td></tr></table>`, base, small);
    expect(runWith(pages, 'r2')).toBeDefined();
    expect(numbers(pages, 'S')).toEqual(range(1, 8));
  });

  // Regression test for a fixed bug (data loss): the same at the top of a page: the rowspan cell is taller than the page
  // and its first row has zero height, so the break before row 2 drops it.
  it('keeps a rowspan cell taller than a page whose first row has no other content', async () => {
    const pages = await layout(`<table><tr><td rowspan=2>${lines(14, 'S')}</td><td></td></tr><tr><td>r2</td></tr></table>`, base, small);
    expect(numbers(pages, 'S')).toEqual(range(1, 14));
  });
});

describe('repeated header and footer groups', () => {
  const table = (attrs = '') => `<table${attrs}><thead><tr><th>HEAD</th></tr></thead><tbody>${rows(25)}</tbody><tfoot><tr><td>FOOT</td></tr></tfoot></table>`;

  it('repeats the thead at the top of every page the table spans', async () => {
    const pages = await layout(table(), base, small);
    expect(pages.length).toBeGreaterThan(2);
    const heads = matching(pages, /^HEAD$/);
    expect(heads.map((r) => r.page)).toEqual(range(0, pages.length - 1));
    for (const h of heads) {
      const first = matching(pages, /^R\d+$/).find((r) => r.page === h.page)!;
      expect(h.y, `header above the rows on page ${h.page + 1}`).toBeLessThan(first.y);
      expect(h.y).toBeLessThan(20 * PX);
    }
    expect(numbers(pages, 'R')).toEqual(range(1, 25));
    expectAllOnPage(pages);
  });

  it('repeats the tfoot at the bottom of every page the table spans', async () => {
    const pages = await layout(table(), base, small);
    const feet = matching(pages, /^FOOT$/);
    expect(feet.map((r) => r.page)).toEqual(range(0, pages.length - 1));
    for (const f of feet) {
      const last = matching(pages, /^R\d+$/).filter((r) => r.page === f.page).at(-1)!;
      expect(f.y, `footer below the rows on page ${f.page + 1}`).toBeGreaterThan(last.y);
    }
    // Header and footer take two of the ten rows a page holds.
    expect(pageText(pages, 0)).toBe(['HEAD', ...range(1, 8).map((i) => `R${i}`), 'FOOT'].join('|'));
  });

  it('repeats every row of a multi-row header', async () => {
    const pages = await layout(`<table><thead><tr><th>H1</th></tr><tr><th>H2</th></tr></thead>${rows(20)}</table>`, base, small);
    expect(pages).toHaveLength(3);
    for (let p = 0; p < pages.length; p++) expect(pageText(pages, p).startsWith('H1|H2|')).toBe(true);
    expect(numbers(pages, 'R')).toEqual(range(1, 20));
  });

  it('-fs-table-paginate: none shows the header only on the first page and the footer only on the last', async () => {
    const pages = await layout(table(' style="-fs-table-paginate: none"'), base, small);
    expect(matching(pages, /^HEAD$/).map((r) => r.page)).toEqual([0]);
    expect(matching(pages, /^FOOT$/).map((r) => r.page)).toEqual([pages.length - 1]);
    expect(numbers(pages, 'R')).toEqual(range(1, 25));
    // Without the repeated groups a continuation page holds ten body rows.
    expect(pageText(pages, 1)).toBe(range(10, 19).map((i) => `R${i}`).join('|'));
  });

  it('shows the footer of a table that fits on one page once, after the rows', async () => {
    const pages = await layout(`<table><thead><tr><th>HEAD</th></tr></thead><tfoot><tr><td>FOOT</td></tr></tfoot>${rows(3)}</table>`, base, small);
    expect(pageText(pages, 0)).toBe('HEAD|R1|R2|R3|FOOT');
  });

  it('draws the tfoot last even when it comes first in the source', async () => {
    const pages = await layout(`<table><tfoot><tr><td>FOOT</td></tr></tfoot><tbody>${rows(2)}</tbody></table>`, base, small);
    expect(pageText(pages, 0)).toBe('R1|R2|FOOT');
  });

  it('repeats the header beside a row split across pages', async () => {
    const pages = await layout(`<table><thead><tr><th>HEAD</th></tr></thead><tr><td>${lines(15, 'T')}</td></tr></table>`, base, small);
    expect(matching(pages, /^HEAD$/).map((r) => r.page)).toEqual([0, 1]);
    expect(numbers(pages, 'T')).toEqual(range(1, 15));
    expect(runWith(pages, 'T10').page).toBe(1);
    expect(runWith(pages, 'T9').page).toBe(0);
  });

  // Regression test for a fixed bug: without repetition the footer's space is not kept free on the last page, so a table
  // whose body exactly fills the page paints its footer below the page's bottom edge.
  it('-fs-table-paginate: none still keeps the footer on the page', async () => {
    const pages = await layout(`<table style="-fs-table-paginate: none"><tbody>${rows(10)}</tbody><tfoot><tr><td>FOOT</td></tr></tfoot></table>`, base, small);
    expect(numbers(pages, 'R')).toEqual(range(1, 10));
    expectAllOnPage(pages);
  });

  // Regression test for a fixed bug: header and footer groups are laid out once with no block
  // limit, so a header group taller than a page is never broken: its rows past the page's
  // end are painted below it.
  it('breaks a header group taller than a page instead of painting it off the page', async () => {
    const pages = await layout(`<table><thead>${rows(15, (i) => `<td>H${i}</td>`)}</thead></table><p>AFTER</p>`, base, small);
    expect(numbers(pages, 'H')).toEqual(range(1, 15));
    expectAllOnPage(pages);
  });

  // Regression test for a fixed bug: a header and footer that leave no room for body rows are still repeated: the footer
  // is painted below the page on every page (and each page holds a single overflowing row).
  it('does not paint a repeated footer off the page when header and footer fill it', async () => {
    const pages = await layout(`<table><thead><tr><td>${lines(9, 'H')}</td></tr></thead><tfoot><tr><td>F1<br>F2</td></tr></tfoot>${rows(5)}</table>`, base, small);
    expect(numbers(pages, 'R')).toEqual(range(1, 5));
    expectAllOnPage(pages);
  });
});

describe('bottom edges on the last page', () => {
  // Regression test for a fixed bug: bottom captions are placed after the rows without checking the space left, so a
  // caption below a table that fills the page is painted off the page.
  it('keeps a bottom caption on a page', async () => {
    const pages = await layout(`<table><caption style="caption-side: bottom">CAP</caption>${rows(10)}</table>`, base, small);
    expect(numbers(pages, 'R')).toEqual(range(1, 10));
    expectAllOnPage(pages);
  });

  // Regression test for a fixed bug: the table's bottom border and padding are not reserved when the last rows are
  // fitted, so they hang below the page.
  it('keeps the table’s bottom border on the page', async () => {
    // 20px border + nine 20px rows fill the page exactly: the bottom border needs 20px more.
    const pages = await layout(`<table style="border: 20px solid rgb(0, 128, 0)">${rows(9)}</table>`, base, small);
    expect(numbers(pages, 'R')).toEqual(range(1, 9));
    for (let p = 0; p < pages.length; p++) {
      for (const item of flatten(pages[p]!.items)) {
        if (item.kind === 'path') {
          for (const op of item.ops) if ('y' in op) expect(op.y, `border on page ${p + 1}`).toBeLessThanOrEqual(PAGE_HEIGHT + 1e-6);
        }
      }
    }
  });
});

describe('forced breaks', () => {
  it('break-before: page on a tr starts a new page', async () => {
    const pages = await layout(`<table><tr><td>a</td></tr><tr style="break-before: page"><td>b</td></tr><tr><td>c</td></tr></table>`, base, small);
    expect(pages).toHaveLength(2);
    expect(pageText(pages, 0)).toBe('a');
    expect(pageText(pages, 1)).toBe('b|c');
  });

  it('page-break-before: always on a tr works the same', async () => {
    const pages = await layout(`<table><tr><td>a</td></tr><tr style="page-break-before: always"><td>b</td></tr></table>`, base, small);
    expect(runWith(pages, 'b').page).toBe(1);
  });

  it('break-after: page on a tr starts a new page after it', async () => {
    const pages = await layout(`<table><tr style="break-after: page"><td>a</td></tr><tr><td>b</td></tr></table>`, base, small);
    expect(pageText(pages, 0)).toBe('a');
    expect(pageText(pages, 1)).toBe('b');
  });

  it('repeats the header after a forced break', async () => {
    const pages = await layout(`<table><thead><tr><th>HEAD</th></tr></thead><tr><td>a</td></tr><tr style="break-before: page"><td>b</td></tr></table>`, base, small);
    expect(pageText(pages, 1)).toBe('HEAD|b');
  });

  // Regression test for a fixed bug: a forced break before the first row does not propagate to the table
  // (css-break-3 §3.1), so it is ignored.
  it('break-before: page on the first tr breaks before the table', async () => {
    const pages = await layout(`<p>P</p><table><tr style="break-before: page"><td>a</td></tr><tr><td>b</td></tr></table>`, base, small);
    expect(runWith(pages, 'a').page).toBe(1);
  });

  // Regression test for a fixed bug: break-before on a row group (css-break-3 applies it to table row groups) is ignored.
  it('break-before: page on a tbody starts a new page', async () => {
    const pages = await layout(`<table><tbody><tr><td>a</td></tr></tbody><tbody style="break-before: page"><tr><td>b</td></tr></tbody></table>`, base, small);
    expect(runWith(pages, 'a').page).toBe(0);
    expect(runWith(pages, 'b').page).toBe(1);
  });
});

describe('collapsed borders across pages', () => {
  const table = `<table style="border-collapse: collapse"><thead><tr><th style="border: 2px solid rgb(255,0,0)">HEAD</th></tr></thead><tbody>${rows(20, (i) => `<td style="border: 2px solid rgb(0,0,255)">R${i}</td>`)}</tbody></table>`;

  it('draws the repeated header’s borders on every page', async () => {
    const pages = await layout(table, base, small);
    expect(pages.length).toBeGreaterThan(1);
    expect(numbers(pages, 'R')).toEqual(range(1, 20));
    for (let p = 0; p < pages.length; p++) {
      const red = flatten(pages[p]!.items).filter((i): i is RectItem => i.kind === 'rect' && i.color.r === 255 && i.color.b === 0);
      expect(red.length, `header borders on page ${p + 1}`).toBeGreaterThanOrEqual(4);
    }
  });

  // Regression test for a fixed bug: on continuation pages the grid starts at y = 0 without the table's top border half,
  // so the repeated header's top line is centred on the page edge and half of it is painted
  // above the page (it is fully inside on the first page).
  it('paints the repeated header’s top border inside the page', async () => {
    const pages = await layout(table, base, small);
    for (let p = 0; p < pages.length; p++) {
      for (const item of flatten(pages[p]!.items)) {
        if (item.kind === 'rect') expect(item.y, `rect on page ${p + 1}`).toBeGreaterThanOrEqual(-1e-6);
      }
    }
  });
});

describe('a long table', () => {
  it('renders 2,000 rows with every row number exactly once, in order, and the header on every page', async () => {
    const body = Array.from({ length: 2000 }, (_, i) => `<tr><td>N${i + 1}</td><td>x</td></tr>`).join('');
    const pages = await layout(`<table><thead><tr><th>HEAD</th><th>H2</th></tr></thead><tbody>${body}</tbody></table>`, base, small);
    // Nine body rows under the header on each page.
    expect(pages.length).toBe(Math.ceil(2000 / 9));
    const found = numbers(pages, 'N');
    expect(found).toHaveLength(2000);
    expect(found).toEqual(range(1, 2000));
    expect(matching(pages, /^HEAD$/)).toHaveLength(pages.length);
    expectAllOnPage(pages);
  });
});

describe('tables made only of a header or a footer group (WPT rowgroup-page-break-inside-avoid-1, -3)', () => {
  // Regression test for a fixed bug: a header group that did not fit after earlier content was
  // painted anyway, below the page, instead of moving the table to the next page.
  it('moves a header-only table that does not fit after earlier content to the next page', async () => {
    const pages = await layout(`<p>${lines(4, 'P')}</p><table><thead><tr><td>${lines(8, 'H')}</td></tr></thead></table>`, base, small);
    expect(runWith(pages, 'H1').page).toBe(1);
    expect(runWith(pages, 'H8').page).toBe(1);
  });

  // Regression test for a fixed bug: a footer-only table was placed after the (absent) rows
  // without any fit check, so it hung below the page.
  it('moves a footer-only table that does not fit after earlier content to the next page', async () => {
    const pages = await layout(`<p>${lines(4, 'P')}</p><table><tfoot><tr><td>${lines(8, 'F')}</td></tr></tfoot></table>`, base, small);
    expect(runWith(pages, 'F1').page).toBe(1);
    expect(runWith(pages, 'F8').page).toBe(1);
  });

  it('breaks a footer-only table taller than a page inside its cell, losing nothing', async () => {
    const pages = await layout(`<table><tfoot><tr><td>${lines(15, 'F')}</td></tr></tfoot></table>`, base, small);
    expect(pages.length).toBe(2);
    for (let i = 1; i <= 15; i++) expect(runs(pages).filter((r) => r.text === `F${i}`)).toHaveLength(1);
  });
});
