// Grid layout (css-grid-1): track sizing, placement, auto-placement, alignment, items laid
// out by our own layout, fragmentation between rows. Geometry read back from the painted
// rectangles (a box's background is its border box).
import { describe, expect, it } from 'vitest';
import type { DisplayItem, PageDisplayList, RectItem } from '../../src/paint/types.js';
import { encodePng } from '../helpers/images.js';
import { flatten, layout, runWith } from './helpers.js';

const PAGE = { width: '400pt', height: '300pt', margin: '0' };

async function pages(html: string, css = '') {
  return layout(html, `body { margin: 0 } ${css}`, PAGE);
}

/** The border box [x, y, width, height] of the rectangle painted in `color` (one of the named test colours) on `page`. */
function rectOf(list: readonly PageDisplayList[], color: string, page = 0): [number, number, number, number] {
  const [r, g, b] = COLORS[color]!;
  const found = flatten(list[page]!.items).find((i: DisplayItem): i is RectItem => i.kind === 'rect' && i.color.r === r && i.color.g === g && i.color.b === b);
  if (!found) throw new Error(`no ${color} rect on page ${page}`);
  return [found.x, found.y, found.width, found.height].map((n) => Math.round(n * 100) / 100) as [number, number, number, number];
}

const COLORS: Record<string, [number, number, number]> = {
  red: [255, 0, 0], lime: [0, 255, 0], blue: [0, 0, 255], yellow: [255, 255, 0], aqua: [0, 255, 255], fuchsia: [255, 0, 255], gray: [128, 128, 128],
};

/** A div with a background colour and extra style. */
const cell = (color: string, style = '', text = '') => `<div style="background: ${color}; ${style}">${text}</div>`;

describe('grid track sizing', () => {
  it('sizes fixed, auto and fr columns: fr takes the space left', async () => {
    const p = await pages(`<div style="display: grid; width: 300pt; grid-template-columns: 50pt 1fr auto">
      ${cell('red', 'height: 10pt')}${cell('lime', 'height: 10pt')}<div style="background: blue; width: 30pt; height: 10pt"></div></div>`);
    expect(rectOf(p, 'red')).toEqual([0, 0, 50, 10]);
    expect(rectOf(p, 'lime')).toEqual([50, 0, 220, 10]);
    expect(rectOf(p, 'blue')).toEqual([270, 0, 30, 10]);
  });

  it('shares fr space by flex factor, after gaps', async () => {
    const p = await pages(`<div style="display: grid; width: 300pt; grid-template-columns: 40pt 1fr 2fr; column-gap: 20pt">
      ${cell('red', 'height: 5pt')}${cell('lime', 'height: 5pt')}${cell('blue', 'height: 5pt')}</div>`);
    expect(rectOf(p, 'lime')).toEqual([60, 0, 73.33, 5]);
    expect(rectOf(p, 'blue')).toEqual([153.33, 0, 146.67, 5]);
  });

  it('minmax(): a fixed maximum caps the track; a flexible one takes the rest', async () => {
    const p = await pages(`<div style="display: grid; width: 300pt; grid-template-columns: minmax(100pt, 1fr) minmax(50pt, 80pt)">
      ${cell('red', 'height: 5pt')}${cell('lime', 'height: 5pt')}</div>`);
    expect(rectOf(p, 'red')).toEqual([0, 0, 220, 5]);
    expect(rectOf(p, 'lime')).toEqual([220, 0, 80, 5]);
  });

  it('repeat(auto-fill) makes as many columns as fit', async () => {
    const items = ['red', 'lime', 'blue', 'yellow', 'aqua'].map((c) => cell(c, 'height: 10pt')).join('');
    const p = await pages(`<div style="display: grid; width: 300pt; gap: 10pt; grid-template-columns: repeat(auto-fill, 60pt)">${items}</div>`);
    // (300 + 10) / 70 = 4 columns; the fifth item wraps to the second row.
    expect(rectOf(p, 'yellow')).toEqual([210, 0, 60, 10]);
    expect(rectOf(p, 'aqua')).toEqual([0, 20, 60, 10]);
  });

  it('a 1fr column does not shrink below its item\'s min-content width', async () => {
    const p = await pages(`<div style="display: grid; width: 100pt; grid-template-columns: 1fr 1fr">
      ${cell('red', '', '<div style="width: 80pt; height: 5pt"></div>')}${cell('lime', 'height: 5pt')}</div>`);
    expect(rectOf(p, 'red')[2]).toBe(80);
    expect(rectOf(p, 'lime')).toEqual([80, 0, 20, 5]);
  });

  it('rows take the height of their text, wrapped at the column width by our line layout; items stretch to the row', async () => {
    const p = await pages(`<div style="display: grid; width: 300pt; grid-template-columns: 60pt 1fr; font: 10pt/12pt sans-serif">
      ${cell('red', '', 'one two three four five six seven eight nine ten')}${cell('lime', '', 'x')}</div>`);
    const [, , w, h] = rectOf(p, 'red');
    expect(w).toBe(60);
    expect(h).toBeGreaterThanOrEqual(48); // several lines of 12pt
    expect(h % 12).toBe(0);
    expect(rectOf(p, 'lime')).toEqual([60, 0, 240, h]);
  });

  it('a definite height shares out fr rows', async () => {
    const p = await pages(`<div style="display: grid; height: 90pt; grid-template-rows: 30pt 1fr 2fr">${cell('red')}${cell('lime')}${cell('blue')}</div>`);
    expect(rectOf(p, 'lime')).toEqual([0, 30, 400, 20]);
    expect(rectOf(p, 'blue')).toEqual([0, 50, 400, 40]);
  });

  it('an auto height below the min-height: flexible and auto rows fill the min-height', async () => {
    const p = await pages(`<div style="display: grid; min-height: 90pt; grid-template-rows: 1fr 2fr">${cell('red')}${cell('lime')}</div>`);
    expect(rectOf(p, 'red')).toEqual([0, 0, 400, 30]);
    expect(rectOf(p, 'lime')).toEqual([0, 30, 400, 60]);
    const q = await pages(`<div style="display: grid; min-height: 50pt">${cell('blue')}</div>`);
    expect(rectOf(q, 'blue')).toEqual([0, 0, 400, 50]);
  });
});

describe('grid placement', () => {
  it('places items in named areas', async () => {
    const p = await pages(`<div style="display: grid; width: 300pt; grid-template-columns: 100pt 1fr; grid-template-rows: 20pt 30pt;
      grid-template-areas: 'head head' 'side main'">
      ${cell('red', 'grid-area: main')}${cell('lime', 'grid-area: head')}${cell('blue', 'grid-area: side')}</div>`);
    expect(rectOf(p, 'red')).toEqual([100, 20, 200, 30]);
    expect(rectOf(p, 'lime')).toEqual([0, 0, 300, 20]);
    expect(rectOf(p, 'blue')).toEqual([0, 20, 100, 30]);
  });

  it('places items by line numbers, negative lines and named lines', async () => {
    const p = await pages(`<div style="display: grid; width: 300pt; grid-template-columns: [a] 100pt [b] 100pt [c] 100pt [d]; grid-auto-rows: 10pt">
      ${cell('red', 'grid-column: 2 / 4; grid-row: 2')}${cell('lime', 'grid-column: -2; grid-row: 1')}${cell('blue', 'grid-column: a / c; grid-row: 3')}</div>`);
    expect(rectOf(p, 'red')).toEqual([100, 10, 200, 10]);
    expect(rectOf(p, 'lime')).toEqual([200, 0, 100, 10]);
    expect(rectOf(p, 'blue')).toEqual([0, 20, 200, 10]);
  });

  it('adds implicit columns before the explicit grid for lines before it', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: 100pt; grid-auto-columns: 50pt; grid-auto-rows: 10pt">
      ${cell('red', 'grid-column: 1')}${cell('lime', 'grid-column: span 1 / 1; grid-row: 1')}</div>`);
    expect(rectOf(p, 'lime')).toEqual([0, 0, 50, 10]);
    expect(rectOf(p, 'red')).toEqual([50, 0, 100, 10]);
  });

  it('auto-places sparse by default and fills holes with dense', async () => {
    const html = (flow: string) => `<div style="display: grid; grid-template-columns: repeat(3, 50pt); grid-auto-rows: 10pt; grid-auto-flow: ${flow}">
      ${cell('red', 'grid-column: span 2')}${cell('lime', 'grid-column: span 2')}${cell('blue')}</div>`;
    const sparse = await pages(html('row'));
    expect(rectOf(sparse, 'lime')).toEqual([0, 10, 100, 10]);
    expect(rectOf(sparse, 'blue')).toEqual([100, 10, 50, 10]);
    const dense = await pages(html('row dense'));
    expect(rectOf(dense, 'blue')).toEqual([100, 0, 50, 10]);
  });

  it('auto-places in columns with grid-auto-flow: column, implicit columns sized by grid-auto-columns', async () => {
    const p = await pages(`<div style="display: grid; grid-template-rows: 10pt 10pt; grid-auto-flow: column; grid-auto-columns: 40pt">
      ${cell('red')}${cell('lime')}${cell('blue')}</div>`);
    expect(rectOf(p, 'lime')).toEqual([0, 10, 40, 10]);
    expect(rectOf(p, 'blue')).toEqual([40, 0, 40, 10]);
  });

  it('keeps huge line numbers bounded', async () => {
    const p = await pages(`<div style="display: grid; grid-auto-columns: 1pt; grid-auto-rows: 5pt">${cell('red', 'grid-column: 100000')}</div>`);
    expect(rectOf(p, 'red')[0]).toBe(999);
  });
});

describe('grid alignment', () => {
  it('justify-items and align-self place items inside their areas', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: 100pt; grid-template-rows: 50pt; justify-items: center">
      ${cell('red', 'width: 20pt; height: 10pt; align-self: end')}</div>`);
    expect(rectOf(p, 'red')).toEqual([40, 40, 20, 10]);
  });

  it('justify-content distributes the tracks', async () => {
    const p = await pages(`<div style="display: grid; width: 300pt; grid-template-columns: 50pt 50pt; justify-content: space-between; grid-auto-rows: 5pt">
      ${cell('red')}${cell('lime')}</div>`);
    expect(rectOf(p, 'lime')).toEqual([250, 0, 50, 5]);
  });

  it('an item that is not stretched is at least as wide as its min-content width, overflowing a narrow area', async () => {
    const p = await pages(`<div style="display: grid; grid-template: 10pt / 10pt; justify-items: start">${cell('red', 'height: 5pt', '<div style="width: 60pt"></div>')}</div>`);
    expect(rectOf(p, 'red')).toEqual([0, 0, 60, 5]);
  });

  it('a percentage width of an item that is not stretched resolves against its area', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: 200pt; justify-items: center">${cell('red', 'width: 50%; height: 5pt')}</div>`);
    expect(rectOf(p, 'red')).toEqual([50, 0, 100, 5]);
  });

  it('space-around and space-evenly fall back to safe center: an overflowing grid stays at the start', async () => {
    for (const k of ['space-around', 'space-evenly']) {
      const p = await pages(`<div style="display: grid; width: 60pt; grid-template-columns: 50pt 50pt; justify-content: ${k}; grid-auto-rows: 5pt">${cell('red')}${cell('lime')}</div>`);
      expect(rectOf(p, 'red')).toEqual([0, 0, 50, 5]);
    }
  });

  it('an item that is not stretched is as wide as its content', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: 200pt; justify-items: start">${cell('red', 'height: 5pt', '<div style="width: 30pt"></div>')}</div>`);
    expect(rectOf(p, 'red')).toEqual([0, 0, 30, 5]);
  });

  it('in an auto height, flexible rows are sized again in the height found: factors below 1 leave part of it free', async () => {
    const p = await pages(`<div style="display: grid; grid-template-rows: minmax(0, 0.5fr) auto; background: aqua">
      <div style="height: 100pt"></div>${cell('lime', 'height: 10pt')}</div>`);
    // First 0.5 × 100pt + 10pt = 60pt; in 60pt the fr row takes half of the 50pt left.
    expect(rectOf(p, 'lime')[1]).toBe(25);
    expect(rectOf(p, 'aqua')[3]).toBe(60);
  });

  it('in an auto height, percentage rows act as auto, then resolve against the height found (css-grid-2 §7.2.1)', async () => {
    const p = await pages(`<div style="display: grid; grid-template-rows: auto 50%; background: aqua">
      <div style="height: 40pt"></div>${cell('lime', 'min-height: 10pt')}</div>`);
    // 40pt + 10pt = 50pt; the row is then 25pt, overflowing the grid, which stays 50pt tall (as in Chromium).
    expect(rectOf(p, 'aqua')[3]).toBe(50);
    expect(rectOf(p, 'lime')).toEqual([0, 40, 400, 25]);
  });

  it('an auto minimum is clamped by a fixed max track sizing function (css-grid-1 §6.6)', async () => {
    const p = await pages(`<div style="display: grid; width: 100pt; grid-template-columns: minmax(auto, 20pt) 1fr">
      <div><div style="width: 50pt; height: 10pt"></div></div>${cell('lime', 'height: 10pt')}</div>`);
    // The first column holds 20pt of the item's 50pt minimum; the second takes the rest.
    expect(rectOf(p, 'lime')).toEqual([20, 0, 80, 10]);
  });
});

describe('grid baseline alignment', () => {
  const font = 'font-size: 10pt; line-height: 10pt';

  it('align-items: baseline shims items of a row to a shared first baseline, and the shim sizes the row', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: 50pt 50pt; align-items: baseline; ${font}">
      ${cell('red', 'padding-top: 20pt', 'A')}${cell('lime', 'padding-bottom: 30pt', 'B')}${cell('blue', 'height: 5pt')}</div>`);
    expect(rectOf(p, 'red')).toEqual([0, 0, 50, 30]);
    // B's baseline comes down 20pt to A's; its 40pt box then ends at 60pt, the row's end.
    expect(rectOf(p, 'lime')).toEqual([50, 20, 50, 40]);
    expect(rectOf(p, 'blue')).toEqual([0, 60, 50, 5]);
    expect(runWith(p, 'A').y).toBeCloseTo(runWith(p, 'B').y, 3);
  });

  it('last baseline aligns the last baselines of a row against its end', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: 50pt 50pt; grid-template-rows: 100pt; align-items: last baseline; ${font}">
      ${cell('red', 'padding-bottom: 20pt', 'A')}${cell('lime', '', 'B')}</div>`);
    expect(rectOf(p, 'red')).toEqual([0, 70, 50, 30]);
    expect(rectOf(p, 'lime')).toEqual([50, 70, 50, 10]);
  });

  it('an item spanning rows shares the first baseline of its first row', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: 50pt 50pt; align-items: baseline; ${font}">
      ${cell('red', 'grid-row: 1 / span 2; padding-top: 15pt', 'A')}${cell('lime', 'grid-row: 1', 'B')}</div>`);
    expect(rectOf(p, 'lime')[1]).toBe(15);
  });

  it('an item whose percentage height depends on an intrinsic row takes its fallback alignment (start)', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: 50pt 50pt; align-items: baseline; ${font}">
      ${cell('red', 'padding-top: 20pt', 'A')}${cell('lime', 'height: 50%', 'B')}</div>`);
    expect(rectOf(p, 'lime')[1]).toBe(0);
  });

  it('an inline-grid sits on the baseline of its first row\'s baseline-aligned items (css-grid-1 §10.8)', async () => {
    const p = await pages(`<div style="${font}">text <div style="display: inline-grid; grid-template-columns: 40pt 40pt; align-items: baseline">
      ${cell('red', 'padding-top: 25pt', 'A')}${cell('lime', '', 'B')}<div>C</div></div></div>`);
    expect(runWith(p, 'A').y).toBeCloseTo(runWith(p, 'text').y, 3);
  });

  it('without baseline-aligned items, a grid takes the baseline of the first item of its first row in grid order', async () => {
    // The item placed in column 1 comes first in grid order, though second in the document.
    const p = await pages(`<div style="${font}">text <div style="display: inline-grid; grid-template-columns: 40pt 40pt; align-items: start">
      ${cell('red', 'grid-area: 1 / 2; padding-top: 25pt', 'A')}${cell('lime', 'grid-area: 1 / 1; padding-top: 5pt', 'B')}</div></div>`);
    expect(runWith(p, 'B').y).toBeCloseTo(runWith(p, 'text').y, 3);
  });

  it('a grid whose first item has no baseline synthesizes one from the item\'s border box bottom (css-grid-2 §10.8)', async () => {
    // The grid's padding and the item's margin put the grid's bottom edge 15pt below the item's.
    const p = await pages(`<div style="${font}">text <div style="display: inline-block"><div style="display: grid; grid-template: 30pt / 30pt; padding-bottom: 10pt">${cell('red', 'margin-bottom: 5pt')}</div></div></div>`);
    const red = rectOf(p, 'red');
    expect(runWith(p, 'text').y).toBeCloseTo(red[1] + red[3], 3);
  });
});

describe('tables as grid items', () => {
  it('a table stretches to its area in both axes under normal alignment (css-align-3 §6.1), margins outside', async () => {
    const p = await pages(`<div style="display: grid; grid-template: 60pt / 80pt">
      <div style="display: table; border: 3pt solid black; margin: 0 5pt; background: lime"></div></div>`);
    expect(rectOf(p, 'lime')).toEqual([5, 0, 70, 60]);
  });

  it('a table aligned start keeps its own size', async () => {
    const p = await pages(`<div style="display: grid; grid-template: 60pt / 80pt; place-items: start">
      <div style="display: table; width: 20pt; height: 10pt; background: lime"></div></div>`);
    expect(rectOf(p, 'lime')).toEqual([0, 0, 20, 10]);
  });
});

describe('replaced grid items', () => {
  const png = (w: number, h: number) => `data:image/png;base64,${Buffer.from(encodePng(w, h, () => [0, 128, 0])).toString('base64')}`;
  const imageBox = async (html: string) => {
    const p = await pages(html);
    const found = flatten(p[0]!.items).filter((i) => i.kind === 'image');
    expect(found).toHaveLength(1);
    const i = found[0]! as { x: number; y: number; width: number; height: number };
    return [i.x, i.y, i.width, i.height].map((v) => Math.round(v * 100) / 100);
  };

  it('normal keeps an image at its natural size, at the start of its area', async () => {
    expect(await imageBox(`<div style="display: grid; grid-template: 100pt / 100pt"><img src="${png(40, 20)}"></div>`)).toEqual([0, 0, 30, 15]);
  });

  it('justify-self: stretch fills the area\'s width and the height follows the ratio', async () => {
    expect(await imageBox(`<div style="display: grid; grid-template: 100pt / 100pt"><img src="${png(40, 20)}" style="justify-self: stretch"></div>`)).toEqual([0, 0, 100, 50]);
  });

  it('align-self: stretch fills the height; an auto margin beside it keeps the other axis from stretching', async () => {
    expect(await imageBox(`<div style="display: grid; grid-template: 80pt / 300pt"><img src="${png(40, 20)}" style="place-self: stretch; margin-right: auto"></div>`)).toEqual([0, 0, 160, 80]);
  });

  it('a percentage max-height resolves against the grid area\'s height', async () => {
    expect(await imageBox(`<div style="display: grid; grid-template-rows: 100pt"><img src="${png(200, 200)}" style="max-height: 50%"></div>`)).toEqual([0, 0, 50, 50]);
  });

  it('an image with a percentage max-width does not hold an auto column open (compressible, css-sizing-3 §5.2.2)', async () => {
    expect(await imageBox(`<div style="display: grid; width: 75pt"><img src="${png(400, 400)}" style="width: 150pt; max-width: 100%"></div>`)).toEqual([0, 0, 75, 75]);
  });

  it('a stretched size is clamped by max-width', async () => {
    expect(await imageBox(`<div style="display: grid; grid-template: 100pt / 100pt"><img src="${png(40, 20)}" style="justify-self: stretch; max-width: 60pt"></div>`)).toEqual([0, 0, 60, 30]);
  });
});

describe('percentage gaps', () => {
  it('a percentage row gap in an auto height is 0 for the height, then resolves against it', async () => {
    const p = await pages(`<div style="display: grid; width: 200pt; gap: 10%; grid-template: 90pt 90pt / 90pt 90pt; background: gray">
      ${cell('red')}${cell('lime')}${cell('blue')}</div>`);
    // Column gap: 10% of 200pt; row gap: 10% of the 180pt the rows make.
    expect(rectOf(p, 'lime')).toEqual([110, 0, 90, 90]);
    expect(rectOf(p, 'blue')).toEqual([0, 108, 90, 90]);
    expect(rectOf(p, 'gray')).toEqual([0, 0, 200, 180]);
  });
});

describe('absolutely positioned children of a grid', () => {
  it('end the text run around them: the text on each side is an item of its own', async () => {
    const p = await pages(`<div style="display: grid">Two <span style="position: absolute"></span>lines</div>`);
    expect(runWith(p, 'lines').y).toBeGreaterThan(runWith(p, 'Two').y);
  });

  it('take their grid area as containing block; auto lines stand for the padding edges', async () => {
    const p = await pages(`<div style="display: grid; position: relative; padding: 10pt; grid-template-columns: 100pt 100pt; grid-template-rows: 20pt 30pt">
      ${cell('red', 'position: absolute; grid-area: 2 / 2 / 3 / 3; left: 0; right: 0; top: 0; bottom: 0')}
      ${cell('lime', 'position: absolute; grid-column: 2 / auto; top: 0; height: 5pt; left: 0; right: 0')}
      ${cell('blue', 'position: absolute; grid-row: 2; grid-column: 1; width: 10pt; height: 10pt; align-self: end')}</div>`);
    expect(rectOf(p, 'red')).toEqual([110, 30, 100, 30]);
    // Column line 2 to the padding edge; no row placement: the padding box's height.
    expect(rectOf(p, 'lime')).toEqual([110, 0, 290, 5]);
    // Auto insets: its static position aligned by align-self in its area (row 2 to the padding edge).
    expect(rectOf(p, 'blue')).toEqual([10, 60, 10, 10]);
  });

  it('in a right-to-left grid, the static position aligns start and last baseline from the right, left and right stay physical', async () => {
    const abs = (color: string, justify: string) => cell(color, `position: absolute; grid-area: 1 / 1; width: 10pt; height: 5pt; justify-self: ${justify}`);
    const p = await pages(`<div style="display: grid; position: relative; direction: rtl; width: 100pt; grid-template: 20pt / 100pt">
      ${abs('red', 'start')}${abs('lime', 'last baseline')}${abs('blue', 'right')}${abs('yellow', 'left')}</div>`);
    expect(rectOf(p, 'red')[0]).toBe(90);
    expect(rectOf(p, 'lime')[0]).toBe(0);
    expect(rectOf(p, 'blue')[0]).toBe(90);
    expect(rectOf(p, 'yellow')[0]).toBe(0);
  });

  it('a grid that is not the containing block aligns their static position in its content box', async () => {
    const p = await pages(`<div style="display: grid; padding: 10pt 20pt; width: 100pt; height: 50pt; grid-template-columns: 30pt; align-items: center">
      ${cell('red', 'position: absolute; grid-area: 1 / 1; width: 10pt; height: 10pt')}
      ${cell('lime', 'position: absolute; width: 10pt; height: 10pt; justify-self: end; align-self: end')}
      ${cell('blue', 'position: absolute; width: 10pt; height: 10pt; justify-self: last baseline; align-self: baseline')}</div>`);
    // Centred in the content box (grid-area plays no part: the page is the containing block).
    expect(rectOf(p, 'red')).toEqual([20, 30, 10, 10]);
    expect(rectOf(p, 'lime')).toEqual([110, 50, 10, 10]);
    // Baseline values fall back to start (first) and end (last).
    expect(rectOf(p, 'blue')).toEqual([110, 10, 10, 10]);
  });

  it('a deeper descendant whose containing block is the grid takes the grid area of its placement too', async () => {
    const p = await pages(`<div style="display: grid; position: relative; grid-template-columns: 50pt 50pt; grid-template-rows: 50pt 50pt">
      <div>${cell('red', 'position: absolute; grid-area: 2 / 2 / 3 / 3; left: 0; bottom: 0; width: 100%; height: 50%')}</div></div>`);
    expect(rectOf(p, 'red')).toEqual([50, 75, 50, 25]);
  });

  it('the same line twice: the end line is dropped, and the padding edge stands for it', async () => {
    const p = await pages(`<div style="display: grid; position: relative; width: 100pt; grid-template-columns: 30pt 30pt; grid-template-rows: 20pt">
      ${cell('red', 'position: absolute; grid-column: 2 / 2; grid-row: 1; left: 0; right: 0; top: 0; bottom: 0')}</div>`);
    expect(rectOf(p, 'red')).toEqual([30, 0, 70, 20]);
  });
});

describe('right-to-left grids', () => {
  it('run their columns from the right, and start alignment is on the right', async () => {
    const p = await pages(`<div style="display: grid; direction: rtl; width: 200pt; grid-template-columns: 50pt 100pt; justify-items: start">
      ${cell('red', 'width: 20pt; height: 10pt')}${cell('lime', 'width: 20pt; height: 10pt')}</div>`);
    expect(rectOf(p, 'red')).toEqual([180, 0, 20, 10]);
    expect(rectOf(p, 'lime')).toEqual([130, 0, 20, 10]);
  });

  it('mirror the grid areas of absolutely positioned children and their static position', async () => {
    const p = await pages(`<div style="display: grid; direction: rtl; position: relative; width: 200pt; padding-right: 10pt; grid-template-columns: 50pt 100pt; grid-template-rows: 40pt">
      ${cell('red', 'position: absolute; grid-column: 2 / 3; grid-row: 1; left: 0; right: 0; top: 0; height: 5pt')}
      ${cell('lime', 'position: absolute; grid-column: 1 / auto; grid-row: 1; width: 10pt; height: 10pt')}</div>`);
    expect(rectOf(p, 'red')).toEqual([50, 0, 100, 5]);
    // Line 1 (the content box's right edge) to the left padding edge; auto insets: start-aligned, at the area's right.
    expect(rectOf(p, 'lime')).toEqual([190, 0, 10, 10]);
  });
});

describe('grid containers', () => {
  it('nests grids: the inner grid is sized as an item, then lays out its own items', async () => {
    const p = await pages(`<div style="display: grid; width: 300pt; grid-template-columns: 100pt 1fr">
      ${cell('red', 'height: 5pt')}<div style="display: grid; grid-template-columns: 1fr 1fr">${cell('lime', 'height: 5pt')}${cell('blue', 'height: 5pt')}</div></div>`);
    expect(rectOf(p, 'lime')).toEqual([100, 0, 100, 5]);
    expect(rectOf(p, 'blue')).toEqual([200, 0, 100, 5]);
  });

  it('an inline-grid shrinks to its columns and sits on the line', async () => {
    const p = await pages(`<div style="font: 10pt/12pt sans-serif">A<div style="display: inline-grid; grid-template-columns: auto auto; background: gray">
      <div style="width: 20pt; height: 5pt"></div><div style="width: 30pt; height: 5pt"></div></div></div>`);
    expect(rectOf(p, 'gray')[2]).toBe(50);
  });

  it('wraps text runs in anonymous items', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: 100pt 100pt; font: 10pt/12pt sans-serif">Loose text${cell('red', 'height: 5pt')}</div>`);
    expect(runWith(p, 'Loose').x).toBe(0);
    expect(rectOf(p, 'red')[0]).toBe(100);
  });

  it('splits a row that crosses the page end, its items breaking in parallel there (as Chromium does)', async () => {
    const rows = ['red', 'lime', 'blue', 'yellow'].map((c) => cell(c)).join('');
    const p = await pages(`<div style="display: grid; grid-auto-rows: 120pt; row-gap: 10pt">${rows}</div>`);
    expect(p.length).toBe(2);
    expect(rectOf(p, 'lime', 0)).toEqual([0, 130, 400, 120]);
    expect(rectOf(p, 'blue', 0)).toEqual([0, 260, 400, 40]);
    expect(rectOf(p, 'blue', 1)).toEqual([0, 0, 400, 80]);
    expect(rectOf(p, 'yellow', 1)).toEqual([0, 90, 400, 120]);
  });

  it('moves a row whose item avoids breaking inside to the next page whole; the gap at the break is truncated', async () => {
    const rows = ['red', 'lime', 'blue', 'yellow'].map((c) => cell(c, c === 'blue' ? 'break-inside: avoid' : '')).join('');
    const p = await pages(`<div style="display: grid; grid-auto-rows: 120pt; row-gap: 10pt">${rows}</div>`);
    expect(p.length).toBe(2);
    expect(rectOf(p, 'blue', 1)).toEqual([0, 0, 400, 120]);
    expect(rectOf(p, 'yellow', 1)).toEqual([0, 130, 400, 120]);
  });

  it('splits a row taller than the page and goes on with the next rows below its end (no loop)', async () => {
    const p = await pages(`<div style="display: grid">${cell('red', 'height: 50pt')}${cell('lime', 'height: 500pt')}${cell('blue', 'height: 50pt')}</div>`);
    expect(p.length).toBe(2);
    expect(rectOf(p, 'red', 0)[1]).toBe(0);
    expect(rectOf(p, 'lime', 0)).toEqual([0, 50, 400, 250]);
    expect(rectOf(p, 'lime', 1)).toEqual([0, 0, 400, 250]);
    expect(rectOf(p, 'blue', 1)).toEqual([0, 250, 400, 50]);
  });

  it('starts the row of an item with break-before: page on a new page (css-grid-1 §12: the break propagates to the row)', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: 1fr 1fr; grid-auto-rows: 20pt">
      ${cell('red')}${cell('lime')}${cell('blue', 'break-before: page')}${cell('yellow')}</div>`);
    expect(p.length).toBe(2);
    expect(rectOf(p, 'lime', 0)).toEqual([200, 0, 200, 20]);
    expect(rectOf(p, 'blue', 1)).toEqual([0, 0, 200, 20]);
    expect(rectOf(p, 'yellow', 1)).toEqual([200, 0, 200, 20]);
  });

  it('breaks before a row at break-before: column in a multi-column container, and ignores it on a page', async () => {
    const grid = `<div style="display: grid; grid-auto-rows: 20pt">${cell('red')}${cell('lime', 'break-before: column')}</div>`;
    const inColumns = await pages(`<div style="columns: 2; column-gap: 0; width: 400pt">${grid}</div>`);
    expect(rectOf(inColumns, 'lime', 0)).toEqual([200, 0, 200, 20]);
    const onPage = await pages(grid);
    expect(rectOf(onPage, 'lime', 0)).toEqual([0, 20, 400, 20]);
  });

  it('passes break-before on the first row and break-after on the last row to the container', async () => {
    const p = await pages(`${cell('gray', 'height: 10pt')}<div style="display: grid; grid-template-columns: 1fr 1fr; grid-auto-rows: 20pt">
      ${cell('red', 'break-before: page')}${cell('lime')}${cell('blue')}${cell('yellow', 'break-after: page')}</div>${cell('aqua', 'height: 10pt')}`);
    expect(p.length).toBe(3);
    expect(rectOf(p, 'red', 1)).toEqual([0, 0, 200, 20]);
    expect(rectOf(p, 'yellow', 1)).toEqual([200, 20, 200, 20]);
    expect(rectOf(p, 'aqua', 2)).toEqual([0, 0, 400, 10]);
  });

  it('passes break-after: avoid on the last row to the container: it goes on with the block after it', async () => {
    const p = await pages(`${cell('gray', 'height: 10pt')}<div style="display: grid; grid-auto-rows: 100pt">
      ${cell('red')}${cell('lime', 'break-after: avoid')}</div>${cell('blue', 'height: 100pt; break-inside: avoid')}`);
    expect(rectOf(p, 'red', 1)).toEqual([0, 0, 400, 100]);
    expect(rectOf(p, 'blue', 1)).toEqual([0, 200, 400, 100]);
  });

  it('moves the rows after a break-after: avoid row boundary with it (break-after: avoid propagates to the row)', async () => {
    // Rows of 100pt with 10pt gaps: the third (220pt–320pt) does not fit and cannot split.
    const p = await pages(`<div style="display: grid; grid-auto-rows: 100pt; row-gap: 10pt">
      ${cell('red')}${cell('lime', 'break-after: avoid')}${cell('blue', 'break-inside: avoid')}</div>`);
    expect(rectOf(p, 'red', 0)).toEqual([0, 0, 400, 100]);
    expect(rectOf(p, 'lime', 1)).toEqual([0, 0, 400, 100]);
    expect(rectOf(p, 'blue', 1)).toEqual([0, 110, 400, 100]);
  });

  it('moves a row whose item has size containment (monolithic, css-contain-2 §3.1) to the next page whole', async () => {
    const rows = ['red', 'lime', 'blue'].map((c) => cell(c, c === 'blue' ? 'contain: size' : '')).join('');
    const p = await pages(`<div style="display: grid; grid-auto-rows: 120pt; row-gap: 10pt">${rows}</div>`);
    expect(rectOf(p, 'lime', 0)).toEqual([0, 130, 400, 120]);
    expect(rectOf(p, 'blue', 1)).toEqual([0, 0, 400, 120]);
  });

  it('moves a grid with break-inside: avoid to the next page whole', async () => {
    const p = await pages(`${cell('gray', 'height: 200pt')}<div style="display: grid; grid-auto-rows: 60pt; break-inside: avoid">${cell('red')}${cell('lime')}</div>`);
    expect(rectOf(p, 'red', 1)).toEqual([0, 0, 400, 60]);
    expect(rectOf(p, 'lime', 1)).toEqual([0, 60, 400, 60]);
  });

  it('cuts an item spanning rows at a break between them; it fills its area on the next page', async () => {
    // Rows of 100pt with 10pt gaps; lime avoids breaking, so the break falls before row 3.
    const p = await pages(`<div style="display: grid; grid-template-columns: 1fr 1fr; grid-auto-rows: 100pt; row-gap: 10pt">
      ${cell('red', 'grid-row: span 3')}${cell('blue')}${cell('yellow')}${cell('lime', 'break-inside: avoid')}</div>`);
    expect(rectOf(p, 'red', 0)).toEqual([0, 0, 200, 300]);
    expect(rectOf(p, 'yellow', 0)).toEqual([200, 110, 200, 100]);
    expect(rectOf(p, 'red', 1)).toEqual([0, 0, 200, 100]);
    expect(rectOf(p, 'lime', 1)).toEqual([200, 0, 200, 100]);
  });

  it('grows a row whose item is pushed down by the break: the next row follows its tallest piece (§12.1 step 3)', async () => {
    // Four monolithic 80pt lines: three fit on the 300pt page, the fourth goes on. The row is
    // 320pt unfragmented (20pt left for page 2) but 80pt on page 2.
    const line = '<span style="display: inline-block; vertical-align: top; width: 10pt; height: 80pt"></span><br>';
    const p = await pages(`<div style="display: grid; grid-template-columns: 1fr 1fr; line-height: 0; orphans: 1; widows: 1">
      ${cell('red')}${cell('lime', '', line.repeat(4))}${cell('blue', 'height: 10pt')}</div>`);
    expect(rectOf(p, 'red', 0)).toEqual([0, 0, 200, 300]);
    expect(rectOf(p, 'red', 1)).toEqual([0, 0, 200, 80]);
    expect(rectOf(p, 'lime', 1)).toEqual([200, 0, 200, 80]);
    expect(rectOf(p, 'blue', 1)).toEqual([0, 80, 200, 10]);
  });

  it('keeps the rows where align-content put them in the unfragmented grid; the spacing at a break is truncated like a gutter', async () => {
    const p = await pages(`<div style="display: grid; height: 500pt; grid-template-rows: 50pt 50pt 50pt; align-content: space-between">
      ${cell('red')}${cell('lime')}${cell('blue')}</div>`);
    expect(rectOf(p, 'lime', 0)).toEqual([0, 225, 400, 50]);
    expect(rectOf(p, 'blue', 1)).toEqual([0, 0, 400, 50]);
  });

  it('breaks every item of a tall row, each continuing on the next page beside the others', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: 1fr 1fr">${cell('red', 'height: 400pt')}${cell('lime', 'height: 350pt')}</div>`);
    expect(p.length).toBe(2);
    expect(rectOf(p, 'red', 1)).toEqual([0, 0, 200, 100]);
    expect(rectOf(p, 'lime', 1)).toEqual([200, 0, 200, 50]);
  });
});

describe('order and the legacy gap names', () => {
  it('auto-placement follows order-modified document order (css-flexbox-1 §5.4)', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: 50pt 50pt 50pt">
      ${cell('red', 'height: 10pt; order: 2')}${cell('lime', 'height: 10pt')}${cell('blue', 'height: 10pt; order: -1')}</div>`);
    expect(rectOf(p, 'blue')[0]).toBe(0);
    expect(rectOf(p, 'lime')[0]).toBe(50);
    expect(rectOf(p, 'red')[0]).toBe(100);
  });

  it('grid-gap, grid-row-gap and grid-column-gap are the gap properties', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: 50pt 50pt; grid-gap: 5pt 10pt">
      ${cell('red', 'height: 10pt')}${cell('lime', 'height: 10pt')}${cell('blue', 'height: 10pt')}</div>`);
    expect(rectOf(p, 'lime')[0]).toBe(60);
    expect(rectOf(p, 'blue')[1]).toBe(15);
  });
});

describe('subgrids (css-grid-2 §9)', () => {
  it('lay their items out on the parent\'s column tracks, less their padding at the edges', async () => {
    const p = await pages(`<div style="display: grid; width: 300pt; grid-template-columns: 75pt auto 40pt; column-gap: 10pt">
      <div style="grid-column: 1 / 4; display: grid; grid-template-columns: subgrid; padding: 0 5pt">
        ${cell('red', 'height: 10pt')}${cell('lime', 'height: 10pt; width: 90pt')}${cell('blue', 'height: 10pt')}</div></div>`);
    // Tracks 75, 165 (stretched), 40: the first and last lose the 5pt padding.
    expect(rectOf(p, 'red')).toEqual([5, 0, 70, 10]);
    expect(rectOf(p, 'lime')).toEqual([85, 0, 90, 10]);
    expect(rectOf(p, 'blue')).toEqual([260, 0, 35, 10]);
  });

  it('size the parent\'s tracks with their items: rows of cards line up', async () => {
    const card = (h: number, color: string) => `<div style="grid-row: span 2; display: grid; grid-template-rows: subgrid; row-gap: 0">
      <div style="height: ${h}pt"></div>${cell(color, 'height: 5pt')}</div>`;
    const p = await pages(`<div style="display: grid; grid-template-columns: 100pt 100pt">${card(20, 'red')}${card(35, 'lime')}</div>`);
    // The first rows take the taller header: both second items start at 35pt.
    expect(rectOf(p, 'red')).toEqual([0, 35, 100, 5]);
    expect(rectOf(p, 'lime')).toEqual([100, 35, 100, 5]);
  });

  it('add their margin, border and padding at the edges to the tracks there, even with no item at an edge', async () => {
    const p = await pages(`<div style="display: grid; float: left; grid-template-columns: auto auto auto; background: gray">
      <div style="grid-column: 1 / 4; display: grid; grid-template-columns: subgrid; padding-left: 10pt; border-right: 7pt solid">
        <div style="grid-column: 2; width: 20pt; height: 5pt; background: red"></div></div></div>`);
    expect(rectOf(p, 'red')).toEqual([10, 0, 20, 5]);
    // 10pt in the first track, 20pt in the second, 7pt in the third.
    expect(rectOf(p, 'gray')[2]).toBe(37);
  });

  it('take the parent\'s line names, add their own, and clamp lines past their span', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: [a] 50pt [b] 50pt [c] 50pt 50pt">
      <div style="grid-column: 2 / span 3; display: grid; grid-template-columns: subgrid [x] [y]">
        ${cell('red', 'grid-column: c; height: 5pt')}${cell('lime', 'grid-column: y; grid-row: 2; height: 5pt')}${cell('blue', 'grid-column: 9; grid-row: 3; height: 5pt')}</div></div>`);
    expect(rectOf(p, 'red')).toEqual([100, 0, 50, 5]);
    expect(rectOf(p, 'lime')).toEqual([100, 5, 50, 5]);
    expect(rectOf(p, 'blue')).toEqual([150, 10, 50, 5]);
  });

  it('name lines by their own areas too', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: repeat(4, 50pt)">
      <div style="grid-column: 1 / 5; display: grid; grid-template-columns: subgrid; grid-template-areas: '. a a .'">${cell('red', 'grid-column: a-end; height: 5pt')}</div></div>`);
    expect(rectOf(p, 'red')).toEqual([150, 0, 50, 5]);
  });

  it('add the half-differences of gaps of every enclosing subgrid to the items beside a line', async () => {
    const inner = `<div style="grid-column: span 2; display: grid; grid-template-columns: subgrid">${cell('red', 'width: 10pt; height: 5pt')}<div style="width: 10pt"></div></div>`;
    const p = await pages(`<div style="display: grid; float: left; grid-template-columns: repeat(4, auto); background: gray">
      <div style="grid-column: span 4; display: grid; grid-template-columns: subgrid; column-gap: 10pt">${inner}${inner}</div></div>`);
    // Four 10pt items, and 5pt on each side of the three lines inside the 10pt-gap subgrid.
    expect(rectOf(p, 'gray')[2]).toBe(70);
  });

  it('take the parent\'s gap unless they set one: the difference is shared by the tracks beside it', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: 50pt 50pt; column-gap: 10pt">
      <div style="grid-column: 1 / 3; display: grid; grid-template-columns: subgrid; column-gap: 20pt">${cell('red', 'height: 5pt')}${cell('lime', 'height: 5pt')}</div></div>`);
    expect(rectOf(p, 'red')).toEqual([0, 0, 45, 5]);
    expect(rectOf(p, 'lime')).toEqual([65, 0, 45, 5]);
  });

  it('fill their area in a subgridded axis whatever their width', async () => {
    const p = await pages(`<div style="display: grid; grid-template-columns: 80pt"><div style="display: grid; grid-template-columns: subgrid; width: 30pt; justify-self: center; background: red; height: 5pt"></div></div>`);
    expect(rectOf(p, 'red')).toEqual([0, 0, 80, 5]);
  });
});
