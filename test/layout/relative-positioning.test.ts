// Relative positioning beyond block boxes (CSS 2.1 §9.2.1.1, §9.4.3, css-position-3 §3.3):
// blocks inside a relatively positioned inline, table rows and row groups. Geometry read back
// from painted rectangles; pages are 400×300pt with no margin; lengths in pt.
import { describe, expect, it } from 'vitest';
import type { DisplayItem, RectItem } from '../../src/paint/types.js';
import { placedGlyphs } from '../../src/paint/glyph-runs.js';
import { flatten, layout, runs } from './helpers.js';

const PAGE = { width: '400pt', height: '300pt', margin: '0' };

async function pages(html: string, css = '') {
  return layout(html, `body { margin: 0 } p { margin: 0 } td { padding: 0 } table { border-spacing: 0 } ${css}`, PAGE);
}

/** Painted rectangles of colour `rgb(r, g, b)` on the first page, in paint order, as [x, y, w, h]. */
function rectsOf(list: readonly { items: readonly DisplayItem[] }[], r: number, g: number, b: number): [number, number, number, number][] {
  return flatten(list[0]!.items)
    .filter((i): i is RectItem => i.kind === 'rect' && i.color.r === r && i.color.g === g && i.color.b === b)
    .map((i) => [i.x, i.y, i.width, i.height].map((n) => Math.round(n * 100) / 100) as [number, number, number, number]);
}

/** Index in the page's paint order of the first rectangle of colour `rgb(r, g, b)`. */
function paintIndex(list: readonly { items: readonly DisplayItem[] }[], r: number, g: number, b: number): number {
  return flatten(list[0]!.items).findIndex((i) => i.kind === 'rect' && i.color.r === r && i.color.g === g && i.color.b === b);
}

describe('a block inside a relatively positioned inline', () => {
  it('moves with the inline, and its percentages skip the anonymous block around it', async () => {
    const p = await pages(`<div style="width: 100pt; height: 100pt">
      <span style="position: relative; top: 100pt; left: 100pt">
        <div style="width: 20pt; height: 20pt; background: lime; position: relative; top: -50%; left: -50%"></div>
      </span></div>`);
    // (100, 100) from the inline, then (-50, -50): half the 100pt containing block's width and height.
    expect(rectsOf(p, 0, 255, 0)).toEqual([[50, 50, 20, 20]]);
  });
});

describe('relatively positioned table parts', () => {
  const cell = '<td><div style="width: 20pt; height: 20pt"></div></td>';
  it('a row moves its cells and its background, and paints over earlier positioned boxes', async () => {
    const p = await pages(`<div style="position: relative">
      <div style="position: absolute; top: 30pt; left: 0; width: 20pt; height: 20pt; background: red"></div>
      <table><tr style="position: relative; top: 30pt; background: lime">${cell}</tr><tr>${cell}</tr></table></div>`);
    expect(rectsOf(p, 0, 255, 0)).toEqual([[0, 30, 20, 20]]);
    expect(paintIndex(p, 0, 255, 0)).toBeGreaterThan(paintIndex(p, 255, 0, 0));
  });

  it('a row group moves its rows; its percentages refer to the table\'s specified height', async () => {
    const p = await pages(`<table style="height: 40pt"><tbody style="position: relative; top: 50%; left: 10pt">
      <tr><td style="background: lime"><div style="width: 20pt; height: 20pt"></div></td></tr></tbody></table>`);
    expect(rectsOf(p, 0, 255, 0)[0]!.slice(0, 2)).toEqual([10, 20]);
  });

  it('collapsed borders paint over positioned cells', async () => {
    const p = await pages(`<table style="border-collapse: collapse"><tr><td style="position: relative; background: lime; border: 2pt solid blue"><div style="width: 20pt; height: 20pt"></div></td></tr></table>`);
    const items = flatten(p[0]!.items);
    const cellAt = items.findIndex((i) => i.kind === 'rect' && i.color.g === 255);
    const blue = (c: { r: number; g: number; b: number } | null | undefined) => c?.b === 255 && c.g === 0;
    const isBorder = (i: DisplayItem) => (i.kind === 'rect' && blue(i.color)) || (i.kind === 'path' && (blue(i.fill) || blue(i.stroke?.color)));
    const lastBorder = items.length - 1 - [...items].reverse().findIndex(isBorder);
    expect(cellAt).toBeGreaterThanOrEqual(0);
    expect(lastBorder).toBeGreaterThan(cellAt);
  });
});

describe('the baseline of an inline-block', () => {
  it('skips tables: a table\'s rows are not line boxes of its flow', async () => {
    const p = await pages(`<div>A<div style="display: inline-block; width: 100pt"><div>Y</div><table><tr><td>X</td></tr></table></div>B</div>`);
    const y = (text: string) => runs(p).find((r) => r.text.includes(text))!.y;
    expect(y('B')).toBeCloseTo(y('Y'), 3);
    expect(y('X')).toBeGreaterThan(y('B'));
  });
});

describe('a relatively positioned inline box', () => {
  it('moves its text, its nested boxes and its inline-blocks, not the text after it', async () => {
    const html = (style: string) => `<p style="width: 200pt">Abc <span style="${style}">Def <b style="background: lime">Ghi</b> <span style="display: inline-block; width: 10pt; height: 10pt; background: blue"></span></span> Jkl</p>`;
    const still = await pages(html(''));
    const moved = await pages(html('position: relative; top: 6pt; left: 10%'));
    // Where the word's first glyph is drawn (runs merge across inline boxes that do not move).
    const at = (p: typeof still, text: string) => {
      const run = runs(p).find((r) => r.text.includes(text))!;
      const glyph = placedGlyphs(run.item)[run.text.indexOf(text)]!;
      return { x: run.x + glyph.x, y: run.y };
    };
    for (const text of ['Def', 'Ghi']) {
      expect(at(moved, text).x - at(still, text).x).toBeCloseTo(20, 3); // 10% of the 200pt block
      expect(at(moved, text).y - at(still, text).y).toBeCloseTo(6, 3);
    }
    expect(at(moved, 'Jkl').x).toBeCloseTo(at(still, 'Jkl').x, 3);
    expect(at(moved, 'Jkl').y).toBeCloseTo(at(still, 'Jkl').y, 3);
    const [lime] = rectsOf(moved, 0, 255, 0);
    const [limeStill] = rectsOf(still, 0, 255, 0);
    expect(lime![0] - limeStill![0]).toBeCloseTo(20, 1);
    const [blue] = rectsOf(moved, 0, 0, 255);
    const [blueStill] = rectsOf(still, 0, 0, 255);
    expect(blue![1] - blueStill![1]).toBeCloseTo(6, 1);
  });
});
