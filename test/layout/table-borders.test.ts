// Table borders: the conflict resolution of the collapsing model (CSS 2.1 §17.6.2.1), the
// resolved grid of a table, and what paint draws for both border models.
import { describe, expect, it } from 'vitest';
import { buildBoxTree } from '../../src/boxes/build.js';
import type { Box, TableBox } from '../../src/boxes/types.js';
import { styleDocument } from '../../src/css/index.js';
import type { BorderStyle, Color } from '../../src/css/types.js';
import { parseHtml } from '../../src/dom/parse.js';
import { segmentWidth, winner, type CollapsedBorder, type CollapsedBorders } from '../../src/layout/table/collapsed-borders.js';
import { tablePlan } from '../../src/layout/table/plan.js';
import type { DisplayItem, PageDisplayList, PathItem, RectItem } from '../../src/paint/types.js';
import { flatten, layout, PX } from './helpers.js';

const red: Color = { r: 255, g: 0, b: 0, a: 1 };
const blue: Color = { r: 0, g: 0, b: 255, a: 1 };

const border = (width: number, style: BorderStyle, rank = 5, color: Color = red): CollapsedBorder => ({ width, style, color, rank });

describe('winner() (CSS 2.1 §17.6.2.1)', () => {
  it('takes the candidate when there is no border yet, and keeps the border when there is no candidate', () => {
    const b = border(1, 'solid');
    expect(winner(null, b)).toBe(b);
    expect(winner(b, null)).toBe(b);
    expect(winner(null, null)).toBeNull();
  });

  it('lets hidden win over any other border, in either position', () => {
    const hidden = border(0, 'hidden', 0);
    const wide = border(20, 'double', 5);
    expect(winner(hidden, wide)).toBe(hidden);
    expect(winner(wide, hidden)).toBe(hidden);
  });

  it('lets the wider border win whatever the styles and origins', () => {
    const thin = border(1, 'double', 5);
    const wide = border(3, 'inset', 0);
    expect(winner(thin, wide)).toBe(wide);
    expect(winner(wide, thin)).toBe(wide);
  });

  it('breaks width ties by style: double > solid > dashed > dotted > ridge > outset > groove > inset', () => {
    const order: BorderStyle[] = ['double', 'solid', 'dashed', 'dotted', 'ridge', 'outset', 'groove', 'inset'];
    for (let i = 0; i < order.length; i++) {
      for (let j = i + 1; j < order.length; j++) {
        const strong = border(2, order[i]!, 0);
        const weak = border(2, order[j]!, 5);
        expect(winner(weak, strong), `${order[i]} over ${order[j]}`).toBe(strong);
        expect(winner(strong, weak), `${order[i]} over ${order[j]}`).toBe(strong);
      }
    }
  });

  it('breaks style ties by origin: cell > row > row group > column > column group > table', () => {
    // Ranks as the resolver gives them: table 0 … cell 5.
    for (let high = 1; high <= 5; high++) {
      for (let low = 0; low < high; low++) {
        const a = border(2, 'solid', high, red);
        const b = border(2, 'solid', low, blue);
        expect(winner(b, a)).toBe(a);
        expect(winner(a, b)).toBe(a);
      }
    }
  });

  it('keeps the existing (left or top) border on a full tie', () => {
    const left = border(2, 'solid', 5, red);
    const right = border(2, 'solid', 5, blue);
    expect(winner(left, right)).toBe(left);
  });

  it('lets any border win over none (a none border never becomes a candidate)', () => {
    // Zero-width solid still beats an absent border; a wider one then beats it.
    const zero = border(0, 'solid');
    expect(winner(null, zero)).toBe(zero);
    expect(segmentWidth(zero)).toBe(0);
    expect(winner(zero, border(1, 'dotted'))).toEqual(border(1, 'dotted'));
  });

  it('gives hidden and absent segments no width', () => {
    expect(segmentWidth(null)).toBe(0);
    expect(segmentWidth(border(5, 'hidden'))).toBe(0);
    expect(segmentWidth(border(5, 'solid'))).toBe(5);
  });
});

/** The first table of a document. */
function firstTable(html: string, css = ''): TableBox {
  const styled = styleDocument(parseHtml(html), { authorCss: ['body { margin: 0 } td, th { padding: 0 } table { border-collapse: collapse }' + css] });
  const root = buildBoxTree(styled, { images: new Map() }).root;
  const find = (box: Box): TableBox | null => {
    if (box.kind === 'table') return box;
    const kids: readonly Box[] = box.kind === 'block' ? (box.content.kind === 'blocks' ? box.content.children : box.content.kind === 'inline' ? box.content.ifc.children : box.content.items) : [];
    for (const k of kids) {
      const t = find(k);
      if (t) return t;
    }
    return null;
  };
  const t = find(root);
  if (!t) throw new Error('no table');
  return t;
}

function bordersOf(html: string, css = ''): CollapsedBorders {
  const b = tablePlan(firstTable(html, css)).borders;
  if (!b) throw new Error('not a collapsing table');
  return b;
}

/** The segment above row r over column c (r = rows: below the last row). */
const h = (b: CollapsedBorders, r: number, c: number) => b.horizontal[r * b.columns + c] ?? null;
/** The segment left of column c in row r (c = columns: right of the last column). */
const v = (b: CollapsedBorders, r: number, c: number) => b.vertical[r * (b.columns + 1) + c] ?? null;

const colorOf = (s: CollapsedBorder | null) => (s ? `${s.color.r},${s.color.g},${s.color.b}` : null);

describe('resolveCollapsedBorders() on a table', () => {
  const twoCells = (a: string, b: string, table = '') => `<table style="${table}"><tr><td style="${a}">a</td><td style="${b}">b</td></tr></table>`;

  it('sizes the grid: (rows + 1) × columns horizontal and rows × (columns + 1) vertical segments', () => {
    const b = bordersOf('<table><tr><td>a</td><td>b</td><td>c</td></tr><tr><td>d</td><td>e</td><td>f</td></tr></table>');
    expect(b.rows).toBe(2);
    expect(b.columns).toBe(3);
    expect(b.horizontal).toHaveLength(9);
    expect(b.vertical).toHaveLength(8);
  });

  it('leaves segments without any border style null (border-style: none everywhere)', () => {
    const b = bordersOf(twoCells('', ''));
    expect(b.horizontal.every((s) => s === null)).toBe(true);
    expect(b.vertical.every((s) => s === null)).toBe(true);
  });

  it('lets hidden on one cell suppress a wider border of its neighbour', () => {
    const b = bordersOf(twoCells('border-right: hidden', 'border-left: 10px double'));
    expect(v(b, 0, 1)!.style).toBe('hidden');
    expect(segmentWidth(v(b, 0, 1))).toBe(0);
  });

  it('lets a hidden table border suppress all outer cell borders but not the inner ones', () => {
    const b = bordersOf(twoCells('border: 3px solid', 'border: 3px solid', 'border: hidden'));
    expect(segmentWidth(v(b, 0, 0))).toBe(0);
    expect(segmentWidth(v(b, 0, 2))).toBe(0);
    expect(segmentWidth(h(b, 0, 0))).toBe(0);
    expect(segmentWidth(h(b, 1, 1))).toBe(0);
    expect(segmentWidth(v(b, 0, 1))).toBeCloseTo(3 * PX);
  });

  it('lets the wider of two neighbouring cell borders win', () => {
    const b = bordersOf(twoCells('border-right: 2px double red', 'border-left: 4px dotted blue'));
    const s = v(b, 0, 1)!;
    expect(s.width).toBeCloseTo(4 * PX);
    expect(s.style).toBe('dotted');
  });

  it('breaks a width tie between neighbouring cells by style', () => {
    const b = bordersOf(twoCells('border-right: 3px dashed red', 'border-left: 3px solid blue'));
    expect(v(b, 0, 1)!.style).toBe('solid');
    const c = bordersOf(twoCells('border-right: 3px groove red', 'border-left: 3px ridge blue'));
    expect(c.vertical[1]!.style).toBe('ridge');
  });

  it('gives a full tie between two cells to the left one, and between rows to the upper one', () => {
    const b = bordersOf('<table><tr><td style="border: 2px solid rgb(255,0,0)">a</td><td style="border: 2px solid rgb(0,0,255)">b</td></tr><tr><td style="border: 2px solid rgb(0,128,0)">c</td><td>d</td></tr></table>');
    expect(colorOf(v(b, 0, 1))).toBe('255,0,0');
    expect(colorOf(h(b, 1, 0))).toBe('255,0,0');
    // The lower cell still owns its other sides.
    expect(colorOf(v(b, 1, 0))).toBe('0,128,0');
    expect(colorOf(h(b, 2, 0))).toBe('0,128,0');
  });

  // Each origin against the next lower one, on the bottom edge of the table, with equal width and style.
  const origins = `<table style="border-bottom: 3px solid rgb(0,0,1)">
    <colgroup style="border-bottom: 3px solid rgb(0,0,2)"><col style="border-bottom: 3px solid rgb(0,0,3)"></colgroup>
    <tbody style="border-bottom: 3px solid rgb(0,0,4)"><tr style="border-bottom: 3px solid rgb(0,0,5)"><td style="border-bottom: 3px solid rgb(0,0,6)">a</td></tr></tbody></table>`;
  const without = (...drop: string[]) => drop.reduce((html, color) => html.replace(`border-bottom: 3px solid rgb(0,0,${color})`, ''), origins);

  it('breaks a style tie by origin: cell beats row', () => {
    expect(colorOf(h(bordersOf(origins), 1, 0))).toBe('0,0,6');
  });

  it('breaks a style tie by origin: row beats row group', () => {
    expect(colorOf(h(bordersOf(without('6')), 1, 0))).toBe('0,0,5');
  });

  it('breaks a style tie by origin: row group beats column', () => {
    expect(colorOf(h(bordersOf(without('6', '5')), 1, 0))).toBe('0,0,4');
  });

  it('breaks a style tie by origin: column beats column group', () => {
    expect(colorOf(h(bordersOf(without('6', '5', '4')), 1, 0))).toBe('0,0,3');
  });

  it('breaks a style tie by origin: column group beats table', () => {
    expect(colorOf(h(bordersOf(without('6', '5', '4', '3')), 1, 0))).toBe('0,0,2');
    expect(colorOf(h(bordersOf(without('6', '5', '4', '3', '2')), 1, 0))).toBe('0,0,1');
  });

  it('lets a wider table border beat a narrower cell border', () => {
    const b = bordersOf(twoCells('border: 1px solid', 'border: 1px solid', 'border: 5px solid rgb(1,2,3)'));
    expect(colorOf(v(b, 0, 0))).toBe('1,2,3');
    expect(v(b, 0, 0)!.width).toBeCloseTo(5 * PX);
    expect(v(b, 0, 1)!.width).toBeCloseTo(1 * PX);
  });

  it('puts a row group’s top and bottom borders only at its first and last rows', () => {
    const b = bordersOf('<table><tbody style="border-top: 2px solid; border-bottom: 4px solid"><tr><td>a</td></tr><tr><td>b</td></tr><tr><td>c</td></tr></tbody></table>');
    expect(h(b, 0, 0)!.width).toBeCloseTo(2 * PX);
    expect(h(b, 1, 0)).toBeNull();
    expect(h(b, 2, 0)).toBeNull();
    expect(h(b, 3, 0)!.width).toBeCloseTo(4 * PX);
  });

  it('puts a column group’s side borders only at its first and last columns', () => {
    const b = bordersOf('<table><colgroup span=3 style="border-left: 2px solid; border-right: 4px solid"></colgroup><tr><td>a</td><td>b</td><td>c</td></tr></table>');
    expect(v(b, 0, 0)!.width).toBeCloseTo(2 * PX);
    expect(v(b, 0, 1)).toBeNull();
    expect(v(b, 0, 2)).toBeNull();
    expect(v(b, 0, 3)!.width).toBeCloseTo(4 * PX);
  });

  it('draws no grid line through a spanning cell', () => {
    const b = bordersOf('<table><tr style="border: 1px solid"><td colspan=2 rowspan=2>a</td><td>b</td></tr><tr style="border: 1px solid"><td>c</td></tr></table>', 'td { border: 1px solid }');
    expect(v(b, 0, 1)).toBeNull();
    expect(v(b, 1, 1)).toBeNull();
    expect(h(b, 1, 0)).toBeNull();
    expect(h(b, 1, 1)).toBeNull();
    // Around it, the lines are there.
    expect(v(b, 0, 2)).not.toBeNull();
    expect(h(b, 1, 2)).not.toBeNull();
    expect(h(b, 2, 0)).not.toBeNull();
  });

  it('resolves borders across row groups in display order (header first, footer last)', () => {
    const b = bordersOf('<table><tfoot><tr><td style="border-top: 6px solid">f</td></tr></tfoot><tbody><tr><td>b</td></tr></tbody><thead><tr><td style="border-bottom: 4px solid">h</td></tr></thead></table>');
    expect(b.rows).toBe(3);
    // Row 0 is the header: its bottom line is the body's top. The footer's top line is above row 2.
    expect(h(b, 1, 0)!.width).toBeCloseTo(4 * PX);
    expect(h(b, 2, 0)!.width).toBeCloseTo(6 * PX);
  });

  it('gives each cell half of the winning border on each side as its used border', () => {
    const plan = tablePlan(firstTable('<table><tr><td style="border: 2px solid">a</td><td style="border: 4px solid">b</td></tr></table>'));
    const [a, b] = plan.rows[0]!.cells;
    expect(a!.box.style.borderLeftWidth).toBeCloseTo(1 * PX);
    expect(a!.box.style.borderRightWidth).toBeCloseTo(2 * PX);
    expect(b!.box.style.borderLeftWidth).toBeCloseTo(2 * PX);
    expect(b!.box.style.borderTopWidth).toBeCloseTo(2 * PX);
    // The table's own border is half the outer lines: left from the first row, top from the widest.
    expect(plan.border.left).toBeCloseTo(1 * PX);
    expect(plan.border.right).toBeCloseTo(2 * PX);
    expect(plan.border.top).toBeCloseTo(2 * PX);
    expect(plan.spacingX).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Paint. 400px pages without margins; colours pick out what each box drew.

const page = { width: '400px', height: '400px', margin: '0' };
const base = 'body { margin: 0; font-size: 12px; line-height: 20px } td, th { padding: 0 }';
const block = (w: number, hgt = 10) => `<div style="width:${w}px;height:${hgt}px"></div>`;

const same = (c: Color, r: number, g: number, b: number) => c.r === r && c.g === g && c.b === b;
const rectsOf = (pages: readonly PageDisplayList[], r: number, g: number, b: number, pageIndex = 0): RectItem[] =>
  flatten(pages[pageIndex]!.items).filter((i): i is RectItem => i.kind === 'rect' && same(i.color, r, g, b));
/** Items that paint something of this colour (fills, strokes, lines). */
const painted = (pages: readonly PageDisplayList[], r: number, g: number, b: number, pageIndex = 0): DisplayItem[] =>
  flatten(pages[pageIndex]!.items).filter((i) =>
    (i.kind === 'rect' && same(i.color, r, g, b))
    || (i.kind === 'line' && same(i.color, r, g, b))
    || (i.kind === 'path' && ((i.fill && same(i.fill, r, g, b)) || (i.stroke && same(i.stroke.color, r, g, b)))));

const vertical = (r: RectItem) => r.height > r.width;
const px = (pt: number) => pt / PX;

describe('painting collapsed borders', () => {
  const twoCells = `<table style="border-collapse: collapse"><tr><td style="border: 2px solid rgb(255,0,0)">${block(50)}</td><td style="border: 4px solid rgb(0,0,255)">${block(100)}</td></tr></table>`;

  it('draws one 4px line between a 2px cell border and its 4px neighbour', async () => {
    const pages = await layout(twoCells, base, page);
    const redVertical = rectsOf(pages, 255, 0, 0).filter(vertical);
    const blueVertical = rectsOf(pages, 0, 0, 255).filter(vertical);
    // The red cell keeps only its left line; the shared line is the blue 4px one.
    expect(redVertical).toHaveLength(1);
    expect(px(redVertical[0]!.width)).toBeCloseTo(2);
    expect(blueVertical).toHaveLength(2);
    const shared = blueVertical.reduce((a, b) => (a.x < b.x ? a : b));
    expect(px(shared.width)).toBeCloseTo(4);
    // It is centred on the grid line between the columns: after the red line's 2px, 50px of
    // content and half of the shared line.
    expect(px(shared.x + shared.width / 2)).toBeCloseTo(1 + 1 + 50 + 2);
    // Nothing else paints over that line.
    const atShared = flatten(pages[0]!.items).filter((i): i is RectItem => i.kind === 'rect' && Math.abs(i.x - shared.x) < 0.01 && vertical(i));
    expect(atShared).toHaveLength(1);
  });

  it('spans the whole table with the outer lines and makes it as wide as its content and full borders', async () => {
    const pages = await layout(twoCells, base, page);
    const all = [...rectsOf(pages, 255, 0, 0), ...rectsOf(pages, 0, 0, 255)];
    const left = Math.min(...all.map((r) => r.x));
    const right = Math.max(...all.map((r) => r.x + r.width));
    expect(px(left)).toBeCloseTo(0);
    // 2px + 50px + 4px + 100px + 4px.
    expect(px(right)).toBeCloseTo(160);
    // The top line is 4px over the blue cell and 2px over the red one.
    const horizontalTop = all.filter((r) => !vertical(r) && px(r.y) < 3);
    expect(horizontalTop.map((r) => Math.round(px(r.height))).sort()).toEqual([2, 4]);
  });

  it('paints no border of the cells themselves in the collapsing model', async () => {
    const pages = await layout(twoCells, base, page);
    // Separate borders are stroked paths; collapsed ones are rects only.
    expect(flatten(pages[0]!.items).filter((i): i is PathItem => i.kind === 'path')).toHaveLength(0);
  });

  it('merges a line along a row of equal borders into one stroke', async () => {
    const cells = Array.from({ length: 4 }, () => `<td>${block(20)}</td>`).join('');
    const pages = await layout(`<table style="border-collapse: collapse"><tr>${cells}</tr><tr>${cells}</tr></table>`, base + ' td { border: 2px solid rgb(0,128,0) }', page);
    const lines = rectsOf(pages, 0, 128, 0);
    const horizontal = lines.filter((r) => !vertical(r));
    // Three horizontal lines (top, middle, bottom), each one stroke across the four columns.
    expect(horizontal).toHaveLength(3);
    for (const line of horizontal) expect(px(line.width)).toBeCloseTo(4 * 20 + 5 * 2);
    // Five vertical lines, each one stroke down both rows.
    expect(lines.filter(vertical)).toHaveLength(5);
  });

  it('draws a double collapsed border as two bands', async () => {
    const pages = await layout(`<table style="border-collapse: collapse"><tr><td style="border: 6px double rgb(0,128,0)">${block(20)}</td></tr></table>`, base, page);
    const bands = rectsOf(pages, 0, 128, 0);
    expect(bands).toHaveLength(8);
    for (const b of bands) expect(px(Math.min(b.width, b.height))).toBeCloseTo(2);
  });

  it('lets a hidden cell border remove the line in the painted output', async () => {
    const pages = await layout(`<table style="border-collapse: collapse"><tr><td style="border: 2px solid rgb(255,0,0); border-right: hidden">${block(50)}</td><td style="border: 4px solid rgb(0,0,255)">${block(50)}</td></tr></table>`, base, page);
    const xs = [...rectsOf(pages, 255, 0, 0), ...rectsOf(pages, 0, 0, 255)].filter(vertical).map((r) => px(r.x + r.width / 2));
    // Only the two outer vertical lines remain.
    expect(xs).toHaveLength(2);
    expect(xs.every((x) => x < 5 || x > 100)).toBe(true);
  });
});

describe('painting separate borders', () => {
  it('paints each cell’s own border around its own box', async () => {
    const pages = await layout(`<table style="border-spacing: 4px"><tr><td style="border: 2px solid rgb(255,0,0)">${block(50)}</td><td style="border: 4px solid rgb(0,0,255)">${block(100)}</td></tr></table>`, base, page);
    const redItems = painted(pages, 255, 0, 0);
    const blueItems = painted(pages, 0, 0, 255);
    expect(redItems.length).toBeGreaterThan(0);
    expect(blueItems.length).toBeGreaterThan(0);
    // Uniform solid borders are stroked along the centre line of each side.
    const stroke = (items: DisplayItem[]) => items.find((i): i is PathItem => i.kind === 'path' && i.stroke !== null)!;
    const red = stroke(redItems);
    const blue = stroke(blueItems);
    expect(px(red.stroke!.width)).toBeCloseTo(2);
    expect(px(blue.stroke!.width)).toBeCloseTo(4);
    const xs = (p: PathItem) => p.ops.flatMap((op) => ('x' in op ? [px(op.x)] : []));
    // Red cell: 4px spacing, then 2 + 50 + 2 wide; blue: 4px further on, 4 + 100 + 4 wide.
    expect(Math.min(...xs(red))).toBeCloseTo(4 + 1);
    expect(Math.max(...xs(red))).toBeCloseTo(4 + 54 - 1);
    expect(Math.min(...xs(blue))).toBeCloseTo(4 + 54 + 4 + 2);
    expect(Math.max(...xs(blue))).toBeCloseTo(4 + 54 + 4 + 108 - 2);
  });

  it('paints the table’s border around the spacing', async () => {
    const pages = await layout(`<table style="border: 3px solid rgb(0,128,0); border-spacing: 5px"><tr><td>${block(50)}</td></tr></table>`, base, page);
    const table = painted(pages, 0, 128, 0);
    expect(table).toHaveLength(1);
    const p = table[0] as PathItem;
    const xs = p.ops.flatMap((op) => ('x' in op ? [px(op.x)] : []));
    // The border box is 3 + 5 + 50 + 5 + 3 = 66px wide; the stroke runs along the middle of
    // the 3px border, 1.5px in from each side.
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(66 - 3);
  });

  it('empty-cells: hide paints neither the background nor the border of an empty cell', async () => {
    const css = base + ' td { border: 1px solid rgb(0,128,0) } .e { background: rgb(255,0,0); width: 30px } .f { background: rgb(0,0,255) }';
    const pages = await layout(`<table style="empty-cells: hide; border-spacing: 0"><tr><td class=e></td><td class=f>${block(10)}</td></tr></table>`, css, page);
    expect(rectsOf(pages, 255, 0, 0)).toHaveLength(0);
    expect(rectsOf(pages, 0, 0, 255)).toHaveLength(1);
    // Only the filled cell's border.
    expect(painted(pages, 0, 128, 0)).toHaveLength(1);
  });

  it('empty-cells: hide treats a white-space-only cell as empty, but not one with &nbsp;', async () => {
    const css = base + ' .e { background: rgb(255,0,0); width: 30px } .n { background: rgb(0,0,255); width: 30px }';
    const pages = await layout(`<table style="empty-cells: hide"><tr><td class=e> </td><td class=n>&nbsp;</td><td>${block(10)}</td></tr></table>`, css, page);
    expect(rectsOf(pages, 255, 0, 0)).toHaveLength(0);
    expect(rectsOf(pages, 0, 0, 255)).toHaveLength(1);
  });

  it('empty-cells: show (the default) paints an empty cell’s background', async () => {
    const css = base + ' .e { background: rgb(255,0,0); width: 30px }';
    const pages = await layout(`<table><tr><td class=e></td><td>${block(10)}</td></tr></table>`, css, page);
    const e = rectsOf(pages, 255, 0, 0);
    expect(e).toHaveLength(1);
    // The empty cell is as tall as its row.
    expect(px(e[0]!.height)).toBeCloseTo(10);
  });

  it('empty-cells does not apply in the collapsing model', async () => {
    const css = base + ' .e { background: rgb(255,0,0); width: 30px }';
    const pages = await layout(`<table style="empty-cells: hide; border-collapse: collapse"><tr><td class=e></td><td>${block(10)}</td></tr></table>`, css, page);
    expect(rectsOf(pages, 255, 0, 0)).toHaveLength(1);
  });

  it('paints column, row group and row backgrounds under the cell, cell last', async () => {
    const css = base + ' col { background: rgb(1,0,0) } tbody { background: rgb(2,0,0) } tr { background: rgb(3,0,0) } td { background: rgb(4,0,0) }';
    const pages = await layout(`<table><col><tbody><tr><td>${block(10)}</td></tr></tbody></table>`, css, page);
    const order = flatten(pages[0]!.items).filter((i): i is RectItem => i.kind === 'rect').map((i) => i.color.r);
    expect(order).toEqual([1, 2, 3, 4]);
  });
});
