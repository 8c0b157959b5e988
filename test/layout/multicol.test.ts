// Multi-column layout (css-multicol-1): the used column count and width (§3.4), balanced
// columns (§7.1), column rules (§4.5), and columns that continue across pages. Geometry is
// read back from the display lists: a 400pt-wide page area with 20pt lines, so that line
// and column positions are whole numbers.
import { describe, expect, it } from 'vitest';
import { INITIAL_STYLE } from '../../src/css/initial-style.js';
import type { ComputedStyle } from '../../src/css/types.js';
import { usedColumns } from '../../src/layout/multicol/column-geometry.js';
import type { DisplayItem, PageDisplayList } from '../../src/paint/types.js';
import { flatten, layout, runOn, runs, runWidth } from './helpers.js';

const page = '@page { size: 440pt 300pt; margin: 20pt }';
const base = `${page} body { margin: 0; font-size: 10pt; line-height: 20pt } p { margin: 0 }`;
/** n one-line paragraphs P1 … Pn. */
const lines = (n: number) => Array.from({ length: n }, (_, i) => `<p>P${i + 1}</p>`).join('');

describe('used column count and width (§3.4)', () => {
  const style = (over: Partial<ComputedStyle>): ComputedStyle => ({ ...INITIAL_STYLE, fontSize: 10, ...over });

  it('column-count alone divides the width, less the gaps', () => {
    expect(usedColumns(style({ columnCount: 3, columnGap: { abs: 20, pct: 0 } }), 400)).toEqual({ count: 3, width: (400 - 40) / 3, gap: 20 });
  });

  it('column-width alone: as many columns as fit, widened to fill the width', () => {
    // (400 + 10) / (100 + 10) = 3.7 → 3 columns of (410 / 3) − 10.
    const c = usedColumns(style({ columnWidth: 100 }), 400);
    expect(c.count).toBe(3);
    expect(c.width).toBeCloseTo(410 / 3 - 10, 6);
    expect(c.gap).toBe(10); // normal: 1em
  });

  it('both: column-count is the maximum', () => {
    expect(usedColumns(style({ columnWidth: 50, columnCount: 2 }), 400).count).toBe(2);
    expect(usedColumns(style({ columnWidth: 300, columnCount: 4 }), 400).count).toBe(1);
  });

  it('a tiny column width is bounded', () => {
    expect(usedColumns(style({ columnWidth: 0 }), 1e6).count).toBeLessThanOrEqual(1000);
  });
});

describe('balanced columns', () => {
  it('column-count: 2 splits eight lines four and four, side by side', async () => {
    const pages = await layout(`<div style="column-count: 2; column-gap: 20pt">${lines(8)}</div><p>After</p>`, base);
    expect(pages).toHaveLength(1);
    const x = (t: string) => runOn(pages, 0, t).x;
    const y = (t: string) => runOn(pages, 0, t).y;
    for (let i = 1; i <= 4; i++) expect(x(`P${i}`)).toBeCloseTo(20, 3);
    for (let i = 5; i <= 8; i++) expect(x(`P${i}`)).toBeCloseTo(20 + 190 + 20, 3);
    expect(y('P5')).toBeCloseTo(y('P1'), 3);
    // The container is as tall as its balanced columns: four lines.
    expect(y('After') - y('P1')).toBeCloseTo(80, 3);
  });

  it('three columns for seven lines: 3, 3, 1 — no column taller than needed', async () => {
    const pages = await layout(`<div style="columns: 3">${lines(7)}</div><p>After</p>`, base);
    const y0 = runOn(pages, 0, 'P1').y;
    expect(runOn(pages, 0, 'P4').y).toBeCloseTo(y0, 3);
    expect(runOn(pages, 0, 'P7').y).toBeCloseTo(y0, 3);
    expect(runOn(pages, 0, 'After').y - y0).toBeCloseTo(60, 3);
  });

  it('column-fill: auto fills the first column first when the height is constrained', async () => {
    const pages = await layout(`<div style="column-count: 2; column-fill: auto; height: 100pt">${lines(6)}</div>`, base);
    const x1 = runOn(pages, 0, 'P1').x;
    for (let i = 1; i <= 5; i++) expect(runOn(pages, 0, `P${i}`).x).toBeCloseTo(x1, 3);
    expect(runOn(pages, 0, 'P6').x).toBeGreaterThan(x1 + 100);
  });
});

describe('columns across pages', () => {
  it('a flow longer than a page fills the columns of each page and balances the last', async () => {
    // 260pt of page area: 13 lines a column, 26 a page; 40 lines → a full page, then 14 over two columns.
    const pages = await layout(`<div style="column-count: 2">${lines(40)}</div>`, base);
    expect(pages).toHaveLength(2);
    const texts = runs(pages).map((r) => r.text);
    expect(texts).toEqual(Array.from({ length: 40 }, (_, i) => `P${i + 1}`));
    expect(runOn(pages, 0, 'P14').x).toBeGreaterThan(runOn(pages, 0, 'P13').x + 100);
    expect(runOn(pages, 0, 'P26').x).toBeCloseTo(runOn(pages, 0, 'P14').x, 3);
    // Page 2: 14 lines balanced 7 and 7.
    expect(runOn(pages, 1, 'P27').y).toBeCloseTo(runOn(pages, 1, 'P34').y, 3);
    expect(runOn(pages, 1, 'P34').x).toBeGreaterThan(runOn(pages, 1, 'P27').x + 100);
  });
});

describe('column rules (§4.5)', () => {
  const rules = (pages: readonly PageDisplayList[]) => flatten(pages[0]!.items).filter((i): i is Extract<DisplayItem, { kind: 'line' }> => i.kind === 'line');

  it('a rule in the middle of each gap, as tall as the columns', async () => {
    const pages = await layout(`<div style="columns: 3; column-gap: 30pt; column-rule: 2pt dashed rgb(255, 0, 0)">${lines(6)}</div>`, base);
    const found = rules(pages);
    expect(found).toHaveLength(2);
    const width = (400 - 60) / 3;
    expect(found[0]!.x1).toBeCloseTo(20 + width + 15, 3);
    expect(found[1]!.x1).toBeCloseTo(20 + 2 * width + 45, 3);
    expect(found[0]!.y2 - found[0]!.y1).toBeCloseTo(40, 3);
    expect(found[0]).toMatchObject({ width: 2, style: 'dashed', color: { r: 255, g: 0, b: 0 } });
  });

  it('no rule after the last column that has content, and none for column-rule-style: none', async () => {
    expect(rules(await layout(`<div style="columns: 3; column-rule: 1pt solid">${lines(1)}</div>`, base))).toHaveLength(0);
    expect(rules(await layout(`<div style="columns: 2; column-rule-width: 4pt">${lines(4)}</div>`, base))).toHaveLength(0);
  });
});

describe('column-span: all (§6)', () => {
  it('a spanning heading splits the flow: columns above it balanced, the heading full width, columns below', async () => {
    const html = `<div style="column-count: 2; column-gap: 20pt">${lines(4)}<h2 style="column-span: all; margin: 0; font-size: 10pt">Spanner</h2>${lines(4).replace(/P(\d)/g, 'Q$1')}</div><p>After</p>`;
    const pages = await layout(html, base);
    const at = (t: string) => runOn(pages, 0, t);
    // P1–P4 in two columns of two lines.
    expect(at('P3').x).toBeGreaterThan(at('P1').x + 100);
    expect(at('P3').y).toBeCloseTo(at('P1').y, 3);
    // The spanner below both, at the container's left edge.
    expect(at('Spanner').y - at('P1').y).toBeCloseTo(40, 3);
    expect(at('Spanner').x).toBeCloseTo(20, 3);
    // Q1–Q4 below it, again two and two.
    expect(at('Q1').y - at('Spanner').y).toBeCloseTo(20, 3);
    expect(at('Q3').y).toBeCloseTo(at('Q1').y, 3);
    expect(at('Q3').x).toBeCloseTo(at('P3').x, 3);
    expect(at('After').y - at('Q1').y).toBeCloseTo(40, 3);
  });

  it('a spanner inside a plain block spans too: the block is split around it, its top edge above and its bottom edge below', async () => {
    const section = (inner: string) => `<section style="border: 5pt solid blue; padding: 0 5pt">${inner}</section>`;
    const html = `<div style="column-count: 2; column-gap: 20pt">${section(`${lines(4)}<h2 style="column-span: all; margin: 0; font-size: 10pt">Spanner</h2>${lines(4).replace(/P(\d)/g, 'Q$1')}`)}</div><p>After</p>`;
    const pages = await layout(html, base);
    const at = (t: string) => runOn(pages, 0, t);
    // P1–P4 in two columns of two lines, inside the section's left border and padding.
    expect(at('P1').x).toBeCloseTo(30, 3);
    expect(at('P3').x).toBeGreaterThan(at('P1').x + 100);
    // The section continues in the second column without its top border (sliced at the break).
    expect(at('P3').y).toBeCloseTo(at('P1').y - 5, 3);
    // The spanner at the container's full width (its left edge, no section border), below the
    // columns and the section's first piece, which has no bottom border.
    expect(at('Spanner').x).toBeCloseTo(20, 3);
    expect(at('Spanner').y - at('P1').y).toBeCloseTo(40, 3);
    // The section's second piece has no top border: Q1 follows the spanner's line directly.
    expect(at('Q1').y - at('Spanner').y).toBeCloseTo(20, 3);
    expect(at('Q3').y).toBeCloseTo(at('Q1').y, 3);
    // Its bottom border (5pt) comes after Q1–Q4.
    expect(at('After').y - at('Q1').y).toBeCloseTo(45, 3);
  });
});

describe('column height limits', () => {
  it('a container taller than the page whose content ends on the first page continues empty: the content is not laid out again', async () => {
    const pages = await layout(`<div style="column-count: 2; height: 400pt">${lines(3)}</div><p>After</p>`, base);
    expect(pages).toHaveLength(2);
    expect(runs(pages).map((r) => `${r.page}:${r.text}`)).toEqual(['0:P1', '0:P2', '0:P3', '1:After']);
  });

  it('content beyond a container whose height ends on this page goes into overflow columns beside it, not onto more pages (§8.2)', async () => {
    // 400pt tall: 260pt (26 lines in two columns) on the first page, 140pt (seven lines a column) on the second, where 24 lines need four.
    const pages = await layout(`<div style="column-count: 2; column-gap: 20pt; height: 400pt">${lines(50)}</div><p>After</p>`, base);
    expect(pages).toHaveLength(2);
    const second = runs([pages[1]!]);
    expect(second.map((r) => r.text)).toContain('P50');
    // Overflow columns continue in the inline direction, a column width and gap apart.
    const xs = [...new Set(second.filter((r) => r.text.startsWith('P')).map((r) => Math.round(r.x)))].sort((a, b) => a - b);
    expect(xs).toHaveLength(4);
    expect(xs[2]! - xs[1]!).toBeCloseTo(210, 0);
    // The container is its 140pt here, After below it.
    const top = Math.min(...second.filter((r) => r.text.startsWith('P')).map((r) => r.y));
    expect(runOn(pages, 1, 'After').y - top).toBeCloseTo(140, 3);
  });

  it('max-height caps the columns: column-fill: auto then fills the next column', async () => {
    const pages = await layout(`<div style="column-count: 2; column-fill: auto; max-height: 60pt">${lines(5)}</div><p>After</p>`, base);
    const at = (t: string) => runOn(pages, 0, t);
    expect(at('P3').x).toBeCloseTo(at('P1').x, 3);
    expect(at('P4').x).toBeGreaterThan(at('P1').x + 100);
    expect(at('P4').y).toBeCloseTo(at('P1').y, 3);
    // The container is max-height tall.
    expect(at('After').y - at('P1').y).toBeCloseTo(60, 3);
  });
});

describe('percentage heights in columns', () => {
  it('resolve against the multi-column container\'s height', async () => {
    // A 200pt container: each 50% block is 100pt tall, one per balanced column.
    const html = '<div style="column-count: 2; height: 200pt"><div style="height: 50%">A</div><div style="height: 50%">B</div></div><p>After</p>';
    const pages = await layout(html, base);
    const at = (t: string) => runOn(pages, 0, t);
    expect(at('B').x).toBeGreaterThan(at('A').x + 100);
    expect(at('B').y).toBeCloseTo(at('A').y, 3);
    expect(at('After').y - at('A').y).toBeCloseTo(200, 3);
  });
});

describe('intrinsic widths', () => {
  it('a shrink-to-fit multi-column box is as wide as its columns and gaps at their max-content width', async () => {
    // "P1" lines are one word: each column's max-content width is that word's; three columns and two 10pt gaps.
    const pages = await layout(`<div style="float: left; columns: 3; column-gap: 10pt">${lines(3)}</div>`, base);
    const at = (t: string) => runOn(pages, 0, t);
    const word = at('P1');
    expect(at('P2').y).toBeCloseTo(word.y, 3);
    // Each column is exactly as wide as the widest word (digits share one advance).
    expect(at('P2').x - at('P1').x).toBeCloseTo(runWidth(word.item) + 10, 3);
    expect(at('P3').x - at('P2').x).toBeCloseTo(runWidth(word.item) + 10, 3);
  });
});

describe('column breaks', () => {
  it('break-before: column starts the next column; outside columns it does nothing', async () => {
    const html = `<div style="column-count: 3">${lines(2)}<p style="break-before: column">P3</p><p>P4</p><p style="break-after: column">P5</p><p>P6</p></div><p style="break-before: column">Outside</p>`;
    const pages = await layout(html, base);
    expect(pages).toHaveLength(1);
    const at = (t: string) => runOn(pages, 0, t);
    expect(at('P2').x).toBeCloseTo(at('P1').x, 3);
    expect(at('P3').x).toBeGreaterThan(at('P1').x + 100);
    expect(at('P3').y).toBeCloseTo(at('P1').y, 3);
    expect(at('P5').x).toBeCloseTo(at('P3').x, 3);
    expect(at('P6').x).toBeGreaterThan(at('P3').x + 100);
    // The tallest column holds P3–P5; `Outside` follows the container on the same page.
    expect(at('Outside').y - at('P1').y).toBeCloseTo(60, 3);
  });

  it('break-before: page inside columns ends this page\'s columns: the content before it is balanced, the rest continues on the next page', async () => {
    const html = `<div style="column-count: 2">${lines(4)}<p style="break-before: page">P5</p><p>P6</p></div><p>After</p>`;
    const pages = await layout(html, base);
    expect(pages).toHaveLength(2);
    const at = (page: number, t: string) => runOn(pages, page, t);
    // Page 1: P1–P4 balanced over the two columns, two lines each; nothing else.
    expect(at(0, 'P2').x).toBeCloseTo(at(0, 'P1').x, 3);
    expect(at(0, 'P3').x).toBeGreaterThan(at(0, 'P1').x + 100);
    expect(at(0, 'P3').y).toBeCloseTo(at(0, 'P1').y, 3);
    expect(runs([pages[0]!]).map((r) => r.text)).not.toContain('P5');
    // Page 2: P5 and P6 balanced, one each, at the top of the page; then After.
    expect(at(1, 'P5').y).toBeCloseTo(at(0, 'P1').y, 3);
    expect(at(1, 'P6').y).toBeCloseTo(at(1, 'P5').y, 3);
    expect(at(1, 'P6').x).toBeGreaterThan(at(1, 'P5').x + 100);
    expect(at(1, 'After').y - at(1, 'P5').y).toBeCloseTo(20, 3);
  });
});
