// Grid layout (css-grid-1): track sizing, placement, auto-placement, alignment, items laid
// out by our own layout, fragmentation between rows. Geometry read back from the painted
// rectangles (a box's background is its border box).
import { describe, expect, it } from 'vitest';
import type { DisplayItem, PageDisplayList, RectItem } from '../../src/paint/types.js';
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
});

describe('absolutely positioned children of a grid', () => {
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

  it('breaks between rows across pages: a row that does not fit moves on whole', async () => {
    const rows = ['red', 'lime', 'blue', 'yellow'].map((c) => cell(c)).join('');
    const p = await pages(`<div style="display: grid; grid-auto-rows: 120pt; row-gap: 10pt">${rows}</div>`);
    expect(p.length).toBe(2);
    expect(rectOf(p, 'lime', 0)).toEqual([0, 130, 400, 120]);
    expect(rectOf(p, 'blue', 1)).toEqual([0, 0, 400, 120]);
    expect(rectOf(p, 'yellow', 1)).toEqual([0, 130, 400, 120]);
  });

  it('starts a row taller than the page at the top of a page and breaks its items inside (no loop)', async () => {
    const p = await pages(`<div style="display: grid">${cell('red', 'height: 50pt')}${cell('lime', 'height: 500pt')}${cell('blue', 'height: 50pt')}</div>`);
    expect(p.length).toBe(3);
    expect(rectOf(p, 'red', 0)[1]).toBe(0);
    expect(rectOf(p, 'lime', 1)).toEqual([0, 0, 400, 300]);
    expect(rectOf(p, 'lime', 2)).toEqual([0, 0, 400, 200]);
    expect(rectOf(p, 'blue', 2)).toEqual([0, 200, 400, 50]);
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
