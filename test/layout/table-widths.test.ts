// Table and column widths (CSS 2.1 §17.5.2, css-tables-3 §3.9): the distribution of a grid
// width over columns, the column metrics a table plan yields, and end-to-end geometry read
// back from the display list (each cell has its own background colour, and its content is a
// block of known width, so every expected width follows from the CSS).
import { describe, expect, it } from 'vitest';
import { buildBoxTree } from '../../src/boxes/build.js';
import type { Box, TableBox } from '../../src/boxes/types.js';
import { styleDocument } from '../../src/css/index.js';
import { parseHtml } from '../../src/dom/parse.js';
import { layoutAtomic } from '../../src/layout/block.js';
import { columnMetrics, distribute, tableGeometry, tableIntrinsicSizes, tableMarginLeft, type ColumnMetrics } from '../../src/layout/table/column-widths.js';
import { tablePlan } from '../../src/layout/table/plan.js';
import type { PageDisplayList, RectItem } from '../../src/paint/types.js';
import { flatten, layout, PX, runWith } from './helpers.js';

const close = (actual: number, expected: number, digits = 3) => expect(actual).toBeCloseTo(expected, digits);
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

function metrics(m: Partial<ColumnMetrics> & { min: number[] }): ColumnMetrics {
  const n = m.min.length;
  return { min: m.min, max: m.max ?? m.min, pct: m.pct ?? new Array(n).fill(0), fixed: m.fixed ?? new Array(n).fill(false) };
}

describe('distribute() (css-tables-3 §3.9.3)', () => {
  it('gives every column its min-content width when the target is at or below their sum', () => {
    const m = metrics({ min: [10, 20, 30], max: [40, 50, 60] });
    expect(distribute(m, 60)).toEqual([10, 20, 30]);
    expect(distribute(m, 5)).toEqual([10, 20, 30]);
  });

  it('gives every column its max-content width at exactly their sum', () => {
    const widths = distribute(metrics({ min: [10, 20], max: [30, 60] }), 90);
    close(widths[0]!, 30);
    close(widths[1]!, 60);
  });

  it('interpolates linearly between min-content and max-content', () => {
    // Halfway from 30 (sum of mins) to 90 (sum of maxes): each column halfway too.
    const widths = distribute(metrics({ min: [10, 20], max: [30, 60] }), 60);
    close(widths[0]!, 20);
    close(widths[1]!, 40);
  });

  it('gives the excess past max-content to auto columns in proportion to their max-content widths', () => {
    const widths = distribute(metrics({ min: [10, 20], max: [30, 60] }), 120);
    close(widths[0]!, 40);
    close(widths[1]!, 80);
  });

  it('gives a percentage column its percentage of the target, the rest to auto columns', () => {
    const widths = distribute(metrics({ min: [10, 10], max: [20, 20], pct: [50, 0] }), 200);
    close(widths[0]!, 100);
    close(widths[1]!, 100);
  });

  it('never gives a percentage column less than its min-content width', () => {
    const widths = distribute(metrics({ min: [80, 10], max: [80, 20], pct: [10, 0] }), 200);
    close(widths[0]!, 80);
    close(widths[1]!, 120);
  });

  it('grows fixed columns to their width before auto columns grow past min-content', () => {
    // min-content-specified guess: [50, 10] = 60; max-content guess: [50, 100] = 150.
    const m = metrics({ min: [10, 10], max: [50, 100], fixed: [true, false] });
    const at60 = distribute(m, 60);
    close(at60[0]!, 50);
    close(at60[1]!, 10);
    const at70 = distribute(m, 70);
    close(at70[0]!, 50);
    close(at70[1]!, 20);
  });

  it('keeps fixed columns at their width when auto columns can take the excess', () => {
    const widths = distribute(metrics({ min: [50, 10], max: [50, 100], fixed: [true, false] }), 300);
    close(widths[0]!, 50);
    close(widths[1]!, 250);
  });

  it('grows fixed columns in proportion to their widths when there are no auto columns', () => {
    const widths = distribute(metrics({ min: [50, 100], fixed: [true, true] }), 300);
    close(widths[0]!, 100);
    close(widths[1]!, 200);
  });

  it('grows percentage columns in proportion to their percentages when all columns are percentages', () => {
    const widths = distribute(metrics({ min: [0, 0], max: [0, 0], pct: [20, 30] }), 100);
    close(widths[0]!, 40);
    close(widths[1]!, 60);
  });

  it('shares the excess equally among empty auto columns', () => {
    const widths = distribute(metrics({ min: [0, 0, 0] }), 90);
    widths.forEach((w) => close(w, 30));
  });

  it('returns no widths for no columns', () => {
    expect(distribute(metrics({ min: [] }), 100)).toEqual([]);
  });

  it('always fills the target when it can, and never shrinks a column as the target grows', () => {
    // A small deterministic generator, so that failures reproduce.
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(random() * 5);
      const min = Array.from({ length: n }, () => Math.round(random() * 50));
      const max = min.map((v) => v + Math.round(random() * 100));
      const pctRaw = min.map(() => (random() < 0.3 ? Math.round(random() * 40) : 0));
      let total = 0;
      const pct = pctRaw.map((p) => { const q = Math.min(p, Math.max(0, 100 - total)); total += q; return q; });
      const fixed = min.map((_, c) => pct[c] === 0 && random() < 0.3);
      const m: ColumnMetrics = { min, max: max.map((v, c) => (fixed[c] ? Math.max(v, min[c]!) : v)), pct, fixed };
      let previous: number[] | null = null;
      for (let target = 0; target <= 600; target += 25) {
        const widths = distribute(m, target);
        expect(widths).toHaveLength(n);
        widths.forEach((w, c) => expect(w).toBeGreaterThanOrEqual(min[c]! - 1e-9));
        if (target >= sum(min)) close(sum(widths), target, 6);
        if (previous) widths.forEach((w, c) => expect(w).toBeGreaterThanOrEqual(previous![c]! - 1e-6));
        previous = widths;
      }
    }
  });
});

/** The first table box of a document (body margin 0, no border-spacing, cells without padding unless the CSS says otherwise). */
function firstTable(html: string, css = ''): TableBox {
  const styled = styleDocument(parseHtml(html), { authorCss: ['body { margin: 0 } table { border-spacing: 0 } td, th { padding: 0 }' + css] });
  const root = buildBoxTree(styled, { images: new Map() }).root;
  const find = (box: Box): TableBox | null => {
    if (box.kind === 'table') return box;
    const kids: readonly Box[] = box.kind === 'block' ? (box.content.kind === 'blocks' ? box.content.children : box.content.kind === 'inline' ? box.content.ifc.children : box.content.items)
      : box.kind === 'inline' ? box.children : box.kind === 'atomic' ? [box.box] : [];
    for (const k of kids) {
      const t = find(k);
      if (t) return t;
    }
    return null;
  };
  const table = find(root);
  if (!table) throw new Error('no table');
  return table;
}

/** A block of a known width (px) and 10px tall: min-content = max-content = its width. */
const block = (w: number) => `<div style="width:${w}px;height:10px"></div>`;

describe('columnMetrics()', () => {
  const metricsOf = (html: string, css = '') => columnMetrics(tablePlan(firstTable(html, css)), layoutAtomic);

  it('takes min/max-content widths from the cells, widest cell per column', () => {
    const m = metricsOf(`<table><tr><td>${block(50)}</td><td>${block(100)}</td></tr><tr><td>${block(70)}</td><td>${block(20)}</td></tr></table>`);
    close(m.min[0]!, 70 * PX);
    close(m.max[0]!, 70 * PX);
    close(m.min[1]!, 100 * PX);
    close(m.max[1]!, 100 * PX);
    expect(m.fixed).toEqual([false, false]);
    expect(m.pct).toEqual([0, 0]);
  });

  it('gives text a min-content of its longest word and a max-content of the whole line', () => {
    const m = metricsOf('<table><tr><td>aaaa bb</td></tr></table>');
    const wide = metricsOf('<table><tr><td>aaaa</td></tr></table>');
    close(m.min[0]!, wide.min[0]!);
    expect(m.max[0]!).toBeGreaterThan(m.min[0]!);
  });

  it('adds the cell padding and border to its widths', () => {
    const m = metricsOf(`<table><tr><td style="padding: 0 5px; border: 3px solid">${block(50)}</td></tr></table>`);
    close(m.min[0]!, (50 + 10 + 6) * PX);
    close(m.max[0]!, (50 + 10 + 6) * PX);
  });

  it('marks a column with an absolute cell width as fixed, that width being its min and max', () => {
    const m = metricsOf(`<table><tr><td style="width: 80px">${block(10)}</td><td>${block(10)}</td></tr></table>`);
    expect(m.fixed).toEqual([true, false]);
    close(m.min[0]!, 80 * PX);
    close(m.max[0]!, 80 * PX);
  });

  it('never lets a fixed width make a column narrower than its content', () => {
    const m = metricsOf(`<table><tr><td style="width: 30px">${block(60)}</td></tr></table>`);
    close(m.min[0]!, 60 * PX);
  });

  it('takes fixed widths from <col> elements', () => {
    const m = metricsOf(`<table><col style="width: 120px"><col><tr><td>${block(10)}</td><td>${block(10)}</td></tr></table>`);
    expect(m.fixed).toEqual([true, false]);
    close(m.min[0]!, 120 * PX);
  });

  it('records percentages and cuts those past 100% from the later columns', () => {
    const m = metricsOf('<table><tr><td style="width: 70%">a</td><td style="width: 50%">b</td><td style="width: 10%">c</td></tr></table>');
    expect(m.pct).toEqual([70, 30, 0]);
  });

  it('spreads a spanning cell over its columns in proportion to their max-content widths', () => {
    const m = metricsOf(`<table><tr><td colspan=2>${block(300)}</td></tr><tr><td>${block(50)}</td><td>${block(100)}</td></tr></table>`);
    close(m.min[0]!, 100 * PX);
    close(m.min[1]!, 200 * PX);
    close(m.max[0]!, 100 * PX);
    close(m.max[1]!, 200 * PX);
  });

  it('leaves the columns alone when a spanning cell already fits in them', () => {
    const m = metricsOf(`<table><tr><td colspan=2>${block(100)}</td></tr><tr><td>${block(50)}</td><td>${block(100)}</td></tr></table>`);
    close(m.max[0]!, 50 * PX);
    close(m.max[1]!, 100 * PX);
  });

  it('counts the border-spacing between spanned columns as room for a spanning cell', () => {
    // 10px spacing inside the span: the columns need 290px between them, 50:100 → 96.67 and 193.33.
    const m = metricsOf(`<table style="border-spacing: 10px"><tr><td colspan=2>${block(300)}</td></tr><tr><td>${block(50)}</td><td>${block(100)}</td></tr></table>`);
    close(sum(m.max) / PX, 290);
    close(m.max[1]! / m.max[0]!, 2);
  });

  it('shares a spanning percentage among the spanned columns', () => {
    const m = metricsOf(`<table><tr><td colspan=2 style="width: 60%"></td></tr><tr><td>${block(50)}</td><td>${block(100)}</td></tr></table>`);
    close(m.pct[0]!, 20);
    close(m.pct[1]!, 40);
  });
});

describe('tableGeometry()', () => {
  it('places columns after the border, the padding and one border-spacing, with spacing between them', () => {
    const plan = tablePlan(firstTable(`<table style="border: 4px solid; padding: 6px; border-spacing: 10px"><tr><td>${block(50)}</td><td>${block(100)}</td></tr></table>`));
    const geo = tableGeometry(plan, 1000 * PX, layoutAtomic);
    close(geo.columnWidths[0]!, 50 * PX);
    close(geo.columnWidths[1]!, 100 * PX);
    close(geo.columnX[0]!, (4 + 6 + 10) * PX);
    close(geo.columnX[1]!, (4 + 6 + 10 + 50 + 10) * PX);
    // border + padding on both sides and three spacings: (columns + 1) × spacing.
    close(geo.width, (150 + 2 * (4 + 6) + 3 * 10) * PX);
  });

  it('takes the table border-box width from `width` (tables are border-box in the UA sheet)', () => {
    const plan = tablePlan(firstTable(`<table style="width: 300px; border: 5px solid; border-spacing: 0"><tr><td>${block(50)}</td><td>${block(100)}</td></tr></table>`));
    const geo = tableGeometry(plan, 1000 * PX, layoutAtomic);
    close(geo.width, 300 * PX);
    close(sum(geo.columnWidths), 290 * PX);
    close(geo.columnWidths[1]! / geo.columnWidths[0]!, 2);
  });

  it('centres a table with auto margins and keeps a too-wide table at its left margin', () => {
    const plan = tablePlan(firstTable(`<table style="margin: 0 auto; border-spacing: 0"><tr><td>${block(100)}</td></tr></table>`));
    const marginLeft = (cb: number) => tableMarginLeft(plan.box.style, cb, tableGeometry(plan, cb, layoutAtomic).width, undefined, 'ltr');
    close(marginLeft(400 * PX), 150 * PX);
    expect(marginLeft(50 * PX)).toBe(0);
  });

  it('agrees with tableIntrinsicSizes(): an auto table at a huge width is its max-content wide', () => {
    const plan = tablePlan(firstTable(`<table style="border-spacing: 4px"><tr><td>aaa bbb ccc</td><td>${block(100)}</td></tr></table>`));
    const sizes = tableIntrinsicSizes(plan, layoutAtomic);
    close(tableGeometry(plan, 5000, layoutAtomic).width, sizes.max);
    close(tableGeometry(plan, 1, layoutAtomic).width, sizes.min);
  });
});

// ---------------------------------------------------------------------------------------------
// End to end. 400px × 400px pages without margins: the table's containing block is 400px.

const page = { width: '400px', height: '400px', margin: '0' };
const base = 'body { margin: 0; font-size: 12px; line-height: 20px } table { border-spacing: 0 } td, th { padding: 0 }'
  + ' .a { background: rgb(255, 0, 0) } .b { background: rgb(0, 0, 255) } .c { background: rgb(0, 255, 0) } .t { background: rgb(255, 255, 0) }';

const COLORS: Record<string, readonly [number, number, number]> = { a: [255, 0, 0], b: [0, 0, 255], c: [0, 255, 0], t: [255, 255, 0] };

/** The background rects of one class's boxes on a page, in px. */
function boxes(pages: readonly PageDisplayList[], cls: keyof typeof COLORS, pageIndex = 0): { x: number; y: number; width: number; height: number }[] {
  const [r, g, b] = COLORS[cls]!;
  return flatten(pages[pageIndex]!.items)
    .filter((i): i is RectItem => i.kind === 'rect' && i.color.r === r && i.color.g === g && i.color.b === b)
    .map((i) => ({ x: i.x / PX, y: i.y / PX, width: i.width / PX, height: i.height / PX }));
}

function one(pages: readonly PageDisplayList[], cls: keyof typeof COLORS) {
  const found = boxes(pages, cls);
  expect(found, `one box of class ${cls}`).toHaveLength(1);
  return found[0]!;
}

describe('auto table widths', () => {
  it('shrinks a narrow auto table to its max-content width', async () => {
    const pages = await layout(`<table class=t><tr><td class=a>${block(50)}</td><td class=b>${block(100)}</td></tr></table>`, base, page);
    const t = one(pages, 't');
    close(t.width, 150);
    close(one(pages, 'a').width, 50);
    close(one(pages, 'b').width, 100);
    close(one(pages, 'b').x, 50);
  });

  it('fills at most the available width when the content is long, every column at least min-content', async () => {
    const long = (word: string, n: number) => Array.from({ length: n }, () => word).join(' ');
    const pages = await layout(`<table class=t><tr><td class=a>${long('alpha', 40)}</td><td class=b>${long('beta', 80)}</td></tr></table>`, base, page);
    const t = one(pages, 't');
    close(t.width, 400);
    const a = one(pages, 'a');
    const b = one(pages, 'b');
    close(a.width + b.width, 400);
    // Both columns wrap (rows taller than one line), the one with more text gets more room.
    expect(a.height).toBeGreaterThan(20);
    expect(b.width).toBeGreaterThan(a.width);
  });

  it('never makes a table narrower than its min-content, even when `width` asks for less', async () => {
    const pages = await layout(`<table class=t style="width: 50px"><tr><td class=a>${block(60)}</td><td class=b>${block(40)}</td></tr></table>`, base, page);
    close(one(pages, 't').width, 100);
    close(one(pages, 'a').width, 60);
  });

  it('fills the container with width: 100%, excess in proportion to max-content (B twice A)', async () => {
    const pages = await layout(`<table class=t style="width: 100%"><tr><td class=a>${block(50)}</td><td class=b>${block(100)}</td></tr></table>`, base, page);
    close(one(pages, 't').width, 400);
    const a = one(pages, 'a');
    const b = one(pages, 'b');
    close(a.width + b.width, 400);
    close(b.width / a.width, 2);
  });

  it('resolves a percentage table width against the containing block', async () => {
    const pages = await layout(`<table class=t style="width: 50%"><tr><td class=a>${block(10)}</td><td class=b>${block(30)}</td></tr></table>`, base, page);
    close(one(pages, 't').width, 200);
    close(one(pages, 'b').width / one(pages, 'a').width, 3);
  });

  it('honours min-width and max-width on the table', async () => {
    const minW = await layout(`<table class=t style="min-width: 300px"><tr><td class=a>${block(10)}</td><td class=b>${block(20)}</td></tr></table>`, base, page);
    close(one(minW, 't').width, 300);
    const maxW = await layout(`<table class=t style="width: 100%; max-width: 200px"><tr><td class=a>${block(10)}</td><td class=b>${block(30)}</td></tr></table>`, base, page);
    close(one(maxW, 't').width, 200);
  });

  it('gives a percentage column its share of the table', async () => {
    const pages = await layout(`<table style="width: 100%"><tr><td class=a style="width: 25%">${block(10)}</td><td class=b>${block(10)}</td></tr></table>`, base, page);
    close(one(pages, 'a').width, 100);
    close(one(pages, 'b').width, 300);
  });

  it('widens an auto table so that a percentage column gets its share without starving the others', async () => {
    // The 75% left to the auto column must hold its 150px: the table is 200px, the 25% column 50px.
    const pages = await layout(`<table class=t><tr><td class=a style="width: 25%">${block(10)}</td><td class=b>${block(150)}</td></tr></table>`, base, page);
    close(one(pages, 't').width, 200);
    close(one(pages, 'a').width, 50);
    close(one(pages, 'b').width, 150);
  });

  it('keeps a fixed-width column at its width and gives the excess to the auto column', async () => {
    const pages = await layout(`<table style="width: 100%"><tr><td class=a style="width: 100px">${block(10)}</td><td class=b>${block(50)}</td></tr></table>`, base, page);
    close(one(pages, 'a').width, 100);
    close(one(pages, 'b').width, 300);
  });

  it('reads the width attribute of a td as a fixed width', async () => {
    const pages = await layout(`<table><tr><td class=a width=120>${block(10)}</td><td class=b>${block(10)}</td></tr></table>`, base, page);
    close(one(pages, 'a').width, 120);
    close(one(pages, 'b').width, 10);
  });

  it('treats a cell width as content-box unless box-sizing: border-box', async () => {
    const pages = await layout(`<table><tr><td class=a style="width: 100px; padding: 0 10px; box-sizing: border-box">${block(10)}</td><td class=b style="width: 100px; padding: 0 10px">${block(10)}</td></tr></table>`, base, page);
    close(one(pages, 'a').width, 100);
    close(one(pages, 'b').width, 120);
  });

  it('takes a column width from a <col>', async () => {
    const pages = await layout(`<table><col style="width: 120px"><col><tr><td class=a>${block(10)}</td><td class=b>${block(30)}</td></tr></table>`, base, page);
    close(one(pages, 'a').width, 120);
    close(one(pages, 'b').width, 30);
  });

  it('distributes a colspan cell over its columns in proportion to their widths', async () => {
    const pages = await layout(`<table class=t><tr><td class=c colspan=2>${block(300)}</td></tr><tr><td class=a>${block(50)}</td><td class=b>${block(100)}</td></tr></table>`, base, page);
    close(one(pages, 'c').width, 300);
    close(one(pages, 't').width, 300);
    close(one(pages, 'a').width, 100);
    close(one(pages, 'b').width, 200);
    close(one(pages, 'b').x, 100);
  });

  it('adds (columns + 1) horizontal and (rows + 1) vertical border-spacings', async () => {
    const row = `<tr><td class=a>${block(50)}</td><td class=b>${block(100)}</td></tr>`;
    const pages = await layout(`<table class=t style="border-spacing: 10px 5px">${row}${row}</table>`, base, page);
    const t = one(pages, 't');
    close(t.width, 150 + 3 * 10);
    close(t.height, 2 * 10 + 3 * 5);
    const a = boxes(pages, 'a');
    const b = boxes(pages, 'b');
    close(a[0]!.x, 10);
    close(b[0]!.x, 10 + 50 + 10);
    close(a[0]!.y, 5);
    close(a[1]!.y, 5 + 10 + 5);
  });

  it('puts the table border and padding around the spacing', async () => {
    const pages = await layout(`<table style="border: 5px solid rgb(0, 0, 0); padding: 7px; border-spacing: 3px"><tr><td class=a style="padding: 4px">${block(50)}</td></tr></table>`, base, page);
    const a = one(pages, 'a');
    close(a.x, 5 + 7 + 3);
    close(a.y, 5 + 7 + 3);
    close(a.width, 50 + 8);
  });

  it('centres a table with margin: auto', async () => {
    const pages = await layout(`<table class=t style="margin: 0 auto"><tr><td class=a>${block(50)}</td><td class=b>${block(100)}</td></tr></table>`, base, page);
    const t = one(pages, 't');
    close(t.x, (400 - 150) / 2);
    close(one(pages, 'a').x, 125);
  });

  it('right-aligns a table with margin-left: auto', async () => {
    const pages = await layout(`<table class=t style="margin-left: auto"><tr><td class=a>${block(50)}</td></tr></table>`, base, page);
    close(one(pages, 't').x, 350);
  });

  it('lets a table wider than the page (unbreakable words) overflow instead of failing', async () => {
    const pages = await layout(`<table class=t><tr><td class=a>${'x'.repeat(100)}</td><td class=b>${'y'.repeat(80)}</td></tr></table><p>after</p>`, base, page);
    expect(pages).toHaveLength(1);
    const a = one(pages, 'a');
    const b = one(pages, 'b');
    expect(a.width + b.width).toBeGreaterThan(400);
    // Each column is at least as wide as its word: the columns do not overlap.
    close(b.x, a.x + a.width);
    expect(a.x).toBe(0);
    // One line per cell: nothing was broken inside the words.
    close(a.height, 20);
    expect(runWith(pages, 'after').page).toBe(0);
  });

  it('shrink-wraps an inline-table', async () => {
    const pages = await layout(`<div>x<table class=t style="display: inline-table"><tr><td class=a>${block(50)}</td></tr></table>y</div>`, base, page);
    close(one(pages, 't').width, 50);
    expect(one(pages, 't').x).toBeGreaterThan(0);
    expect(runWith(pages, 'y').x / PX).toBeGreaterThanOrEqual(one(pages, 't').x + 50 - 1e-6);
  });

  it('sizes a nested table from its cells (its max-content is its cell’s contribution)', async () => {
    const pages = await layout(`<table><tr><td class=a><table><tr><td>${block(50)}</td><td>${block(70)}</td></tr></table></td><td class=b>${block(30)}</td></tr></table>`, base, page);
    close(one(pages, 'a').width, 120);
    close(one(pages, 'b').x, 120);
  });

  it('makes an inline-block exactly as wide as the separate-borders table inside it', async () => {
    const pages = await layout(`<div class=c style="display: inline-block"><table class=t style="border: 10px solid rgb(0, 0, 0)"><tr><td>${block(50)}</td></tr></table></div>`, base, page);
    close(one(pages, 't').width, 70);
    close(one(pages, 'c').width, 70);
  });

  // Regression test for a fixed bug: in the collapsing model the table's own border is counted twice in its intrinsic
  // contribution (once as half the collapsed border by tableIntrinsicSizes, once in full by
  // intrinsicContribution), so a shrink-to-fit box around it is 20px too wide.
  it('makes an inline-block exactly as wide as the collapsed-borders table inside it', async () => {
    const pages = await layout(`<div class=c style="display: inline-block"><table class=t style="border-collapse: collapse; border: 10px solid rgb(0, 0, 0)"><tr><td>${block(50)}</td></tr></table></div>`, base, page);
    // 50px of content and a 10px border on each side, whichever model.
    close(one(pages, 't').width, 70);
    close(one(pages, 'c').width, 70);
  });

  // Regression test for a fixed bug: a caption's min-content width does not widen the table (css-tables-3 §3.9.1 CAPMIN):
  // the caption is laid out at the grid's width and its content overflows.
  it('makes a table at least as wide as its caption’s min-content width', async () => {
    const pages = await layout(`<table class=t><caption class=a>${block(200)}</caption><tr><td>${block(50)}</td></tr></table>`, base, page);
    close(one(pages, 'a').width, 200);
    close(one(pages, 't').width, 200);
  });
});

describe('collapsed borders in widths', () => {
  it('splits a width: 200px collapsed table into equal columns and shares the inner border', async () => {
    const pages = await layout(`<table style="border-collapse: collapse; width: 200px"><tr><td class=a style="border: 4px solid rgb(0, 0, 0)">${block(10)}</td><td class=b style="border: 4px solid rgb(0, 0, 0)">${block(10)}</td></tr></table>`, base, page);
    const a = one(pages, 'a');
    const b = one(pages, 'b');
    // The cells' border boxes hold half of each border: the outer halves lie in the table's border.
    close(a.x, 2);
    close(a.width, b.width);
    close(b.x + b.width, 198);
  });
});

describe('table-layout: fixed', () => {
  const fixedBase = base + ' td { height: 10px }';

  it('takes column widths from the first row and splits the rest equally, ignoring later rows', async () => {
    const pages = await layout(`<table style="width: 300px; table-layout: fixed"><tr><td class=a style="width: 60px"></td><td class=b></td><td class=c></td></tr><tr><td>${block(250)}</td><td></td><td></td></tr></table>`, fixedBase, page);
    close(one(pages, 'a').width, 60);
    close(one(pages, 'b').width, 120);
    close(one(pages, 'c').width, 120);
    close(one(pages, 'c').x, 180);
  });

  it('ignores the content of the first row too', async () => {
    const pages = await layout(`<table style="width: 200px; table-layout: fixed"><tr><td class=a>${block(180)}</td><td class=b></td></tr></table>`, fixedBase, page);
    close(one(pages, 'a').width, 100);
    close(one(pages, 'b').width, 100);
  });

  it('takes widths from <col> before the first row', async () => {
    const pages = await layout(`<table style="width: 300px; table-layout: fixed"><col style="width: 50px"><col><tr><td class=a style="width: 200px"></td><td class=b></td></tr></table>`, fixedBase, page);
    close(one(pages, 'a').width, 50);
    close(one(pages, 'b').width, 250);
  });

  it('shares a colspan cell’s width among its columns', async () => {
    const pages = await layout(`<table style="width: 300px; table-layout: fixed"><tr><td class=a colspan=2 style="width: 100px"></td><td class=b></td></tr><tr><td class=c></td><td></td><td></td></tr></table>`, fixedBase, page);
    close(one(pages, 'a').width, 100);
    close(one(pages, 'b').width, 200);
    close(one(pages, 'c').width, 50);
  });

  it('resolves percentages against the table', async () => {
    const pages = await layout(`<table style="width: 300px; table-layout: fixed"><tr><td class=a style="width: 50%"></td><td class=b></td></tr></table>`, fixedBase, page);
    close(one(pages, 'a').width, 150);
    close(one(pages, 'b').width, 150);
  });

  it('adds the cell padding to a content-box width', async () => {
    const pages = await layout(`<table style="width: 300px; table-layout: fixed"><tr><td class=a style="width: 50px; padding: 0 10px"></td><td class=b></td></tr></table>`, fixedBase, page);
    close(one(pages, 'a').width, 70);
    close(one(pages, 'b').width, 230);
  });

  it('subtracts the border-spacing before sharing out the rest', async () => {
    const pages = await layout(`<table style="width: 300px; table-layout: fixed; border-spacing: 10px"><tr><td class=a style="width: 50px"></td><td class=b></td><td class=c></td></tr></table>`, fixedBase, page);
    close(one(pages, 'a').width, 50);
    close(one(pages, 'b').width, 105);
    close(one(pages, 'c').x, 10 + 50 + 10 + 105 + 10);
  });

  it('scales all-fixed columns up to the table width', async () => {
    const pages = await layout(`<table style="width: 300px; table-layout: fixed"><tr><td class=a style="width: 50px"></td><td class=b style="width: 100px"></td></tr></table>`, fixedBase, page);
    close(one(pages, 'a').width, 100);
    close(one(pages, 'b').width, 200);
  });

  it('widens the table when the first row asks for more than its width', async () => {
    const pages = await layout(`<table class=t style="width: 100px; table-layout: fixed"><tr><td class=a style="width: 80px"></td><td class=b style="width: 70px"></td></tr></table>`, fixedBase, page);
    close(one(pages, 'a').width, 80);
    close(one(pages, 'b').width, 70);
    close(one(pages, 't').width, 150);
  });

  it('falls back to the automatic algorithm when the table width is auto', async () => {
    const pages = await layout(`<table style="table-layout: fixed"><tr><td class=a style="width: 50px"></td><td class=b>${block(120)}</td></tr></table>`, fixedBase, page);
    close(one(pages, 'a').width, 50);
    close(one(pages, 'b').width, 120);
  });
});

// The e-mail "button": an auto-width table in a centred cell whose cell holds an inline-block
// link. The inline-block's max-content width counts in the table's max-content width, so the
// table gets it when it fits (CSS 2.1 §17.5.2.2), not one word per line.
describe('an inline-block in an auto-width table', () => {
  it('gives the table its max-content width when that fits', async () => {
    const html = '<table width="100%"><tr><td align="center"><table cellpadding="0" cellspacing="0"><tr><td>'
      + '<a href="#" style="display: inline-block; padding: 10px 20px">Click here to pay</a></td></tr></table></td></tr></table>';
    const pages = await layout(html, 'body { margin: 0; font-size: 12px; line-height: 20px }', { width: '400px', height: '300px', margin: '0' });
    const click = runWith(pages, 'Click');
    expect(runWith(pages, 'pay').y).toBeCloseTo(click.y);
    expect(runWith(pages, 'here').y).toBeCloseTo(click.y);
  });
});
