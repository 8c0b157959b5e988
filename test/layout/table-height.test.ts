// A table's `height` (CSS 2.1 §17.5.3): a minimum for the table box's height, the extra over
// its rows going to the rows (css-tables-3 §3.10, as Chromium does: in proportion to their
// heights). Geometry read back from the painted rectangles (a box's background is its border box).
import { describe, expect, it } from 'vitest';
import type { DisplayItem, PageDisplayList, RectItem } from '../../src/paint/types.js';
import { flatten, layout } from './helpers.js';

const PAGE = { width: '400pt', height: '300pt', margin: '0' };

async function pages(html: string) {
  return layout(html, 'body { margin: 0 }', PAGE);
}

/** The border box of the rectangle painted in `rgb(r, g, b)`, rounded to 0.01pt. */
function rectOf(list: readonly PageDisplayList[], r: number, g: number, b: number): [number, number, number, number] {
  const found = flatten(list[0]!.items).find((i: DisplayItem): i is RectItem => i.kind === 'rect' && i.color.r === r && i.color.g === g && i.color.b === b);
  if (!found) throw new Error(`no rect rgb(${r}, ${g}, ${b})`);
  return [found.x, found.y, found.width, found.height].map((n) => Math.round(n * 100) / 100) as [number, number, number, number];
}

describe('the height of a table', () => {
  it('sizes an empty table (its content box, with the border and padding around it)', async () => {
    const p = await pages('<div style="display: table; width: 50pt; height: 60pt; padding: 5pt; border: 10pt solid black; background: rgb(255, 0, 0)"></div>');
    expect(rectOf(p, 255, 0, 0)).toEqual([0, 0, 80, 90]);
  });

  it('is a minimum: the rows grow in proportion to their heights', async () => {
    const p = await pages(`<table style="border-spacing: 0; height: 90pt; background: rgb(255, 0, 0)">
      <tr><td style="padding: 0; height: 10pt; width: 20pt; background: rgb(0, 0, 255)"></td></tr>
      <tr><td style="padding: 0; height: 20pt; width: 20pt; background: rgb(0, 128, 0)"></td></tr></table>`);
    expect(rectOf(p, 255, 0, 0)[3]).toBe(90);
    expect(rectOf(p, 0, 0, 255)).toEqual([0, 0, 20, 30]);
    expect(rectOf(p, 0, 128, 0)).toEqual([0, 30, 20, 60]);
  });

  it('grows only the rows with content and no specified height when there are such (as Chromium)', async () => {
    const p = await pages(`<table style="border-spacing: 0; height: 100pt; background: rgb(255, 0, 0)">
      <tr><td style="padding: 0; height: 30pt; width: 20pt; background: rgb(0, 0, 255)"></td></tr>
      <tr><td style="padding: 0; width: 20pt; background: rgb(0, 128, 0)"><div style="height: 10pt"></div></td></tr></table>`);
    expect(rectOf(p, 0, 0, 255)).toEqual([0, 0, 20, 30]);
    expect(rectOf(p, 0, 128, 0)).toEqual([0, 30, 20, 70]);
  });

  it('does not shrink a table whose rows are taller', async () => {
    const p = await pages(`<table style="border-spacing: 0; height: 10pt; background: rgb(255, 0, 0)">
      <tr><td style="padding: 0; height: 40pt; width: 20pt; background: rgb(0, 0, 255)"></td></tr></table>`);
    expect(rectOf(p, 255, 0, 0)[3]).toBe(40);
  });
});
