// Background images (css-backgrounds-3 §3): size, position and repeat in the background
// positioning area, tiles over the painting area inside one clip item (rounded with the border
// box), the canvas background from the root or body, inline boxes and table cells, the tile
// cap, and one embedded image however many tiles draw it. Every expected number is worked out
// by hand in the comments; 1px = 0.75pt.
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { INITIAL_BACKGROUND_LAYER, type BackgroundLayer } from '../../src/css/properties/background.js';
import { render } from '../../src/index.js';
import { backgroundTiles, MAX_BACKGROUND_TILES, type TileGrid } from '../../src/paint/background.js';
import type { ClipItem, DisplayItem, ImageItem, RectItem } from '../../src/paint/types.js';
import { encodePng } from '../helpers/images.js';
import { flatten, layout } from '../layout/helpers.js';

/** A PNG data URI of w×h pixels. */
function png(width: number, height: number): string {
  return `data:image/png;base64,${Buffer.from(encodePng(width, height, (x) => (x < width / 2 ? [200, 30, 30] : [30, 30, 200]))).toString('base64')}`;
}

const IMAGE_40X20 = png(40, 20);
const PAGE = { width: '300pt', height: '200pt', margin: '0' };

/** Renders a page and returns its display items, flattened. */
async function items(html: string, css = ''): Promise<DisplayItem[]> {
  const pages = await layout(html, `body { margin: 0 } ${css}`, PAGE);
  return flatten(pages[0]!.items);
}

const images = (list: readonly DisplayItem[]) => list.filter((i): i is ImageItem => i.kind === 'image');
const clips = (list: readonly DisplayItem[]) => list.filter((i): i is ClipItem => i.kind === 'clip');
const round = (n: number) => Math.round(n * 1000) / 1000;
const boxOf = (i: { x: number; y: number; width: number; height: number }) => [i.x, i.y, i.width, i.height].map(round);

/** The tiles of a 200×100px div (150×75pt at the page's top-left) with the given background. */
async function tiles(background: string, extra = ''): Promise<{ tiles: number[][]; clip: ClipItem }> {
  const found = await items(`<div id="b" style="width: 200px; height: 100px; background: url(${IMAGE_40X20}) ${background}; ${extra}"></div>`);
  const clip = clips(found);
  expect(clip).toHaveLength(1);
  return { tiles: images(clip[0]!.items).map(boxOf), clip: clip[0]! };
}

describe('a 40×20px image (30×15pt) in a 200×100px padding box (150×75pt)', () => {
  it('no-repeat center: one tile in the middle', async () => {
    // x = 50% of (150 − 30) = 60, y = 50% of (75 − 15) = 30.
    expect((await tiles('no-repeat center')).tiles).toEqual([[60, 30, 30, 15]]);
  });

  it('cover and contain of the same 2:1 ratio fill the box exactly', async () => {
    // scale = max(150/30, 75/15) = 5 = min(…): 150×75 at the origin, one tile.
    expect((await tiles('0 0 / cover')).tiles).toEqual([[0, 0, 150, 75]]);
    expect((await tiles('0 0 / contain')).tiles).toEqual([[0, 0, 150, 75]]);
  });

  it('cover and contain in a 200×150px box (150×112.5pt) differ', async () => {
    // cover: scale max(5, 7.5) = 7.5 → 225×112.5, centred: x = (150 − 225)/2 = −37.5.
    expect((await tiles('center / cover', 'height: 150px')).tiles).toEqual([[-37.5, 0, 225, 112.5]]);
    // contain: scale min(5, 7.5) = 5 → 150×75, centred: y = (112.5 − 75)/2 = 18.75.
    expect((await tiles('no-repeat center / contain', 'height: 150px')).tiles).toEqual([[0, 18.75, 150, 75]]);
    // contain, repeating down from the top: rows at 0 and 75 (the second clipped at 112.5).
    expect((await tiles('0 0 / contain', 'height: 150px')).tiles).toEqual([[0, 0, 150, 75], [0, 75, 150, 75]]);
  });

  it('repeat-x: one row of five tiles; centred, the row moves down', async () => {
    const row = (y: number) => [0, 30, 60, 90, 120].map((x) => [x, y, 30, 15]);
    expect((await tiles('repeat-x')).tiles).toEqual(row(0));
    // anchor (60, 30); the row repeats both ways from x = 60: 0, 30, …, 120.
    expect((await tiles('repeat-x center')).tiles).toEqual(row(30));
  });

  it('space: whole tiles only, first and last touching the edges', async () => {
    // 30×15 fits 5 × 5 times exactly: no spare room.
    expect((await tiles('space')).tiles).toHaveLength(25);
    // 45×30px = 33.75×22.5pt: floor(150/33.75) = 4 columns, gap (150 − 135)/3 = 5 → 0, 38.75,
    // 77.5, 116.25; floor(75/22.5) = 3 rows, gap (75 − 67.5)/2 = 3.75 → 0, 26.25, 52.5.
    const got = (await tiles('space 0 0 / 45px 30px')).tiles;
    expect(got.map(([x, y]) => [x, y])).toEqual([0, 26.25, 52.5].flatMap((y) => [0, 38.75, 77.5, 116.25].map((x) => [x, y])));
    expect(got.every(([, , w, h]) => w === 33.75 && h === 22.5)).toBe(true);
  });

  it('space with room for one tile only: background-position places it', async () => {
    // 150×60pt tile (200×80px): floor(150/150) = 1 column → placed at 50% of 0 = 0;
    // vertically floor(75/60) = 1 → placed at 50% of (75 − 60) = 7.5.
    expect((await tiles('space center / 200px 80px')).tiles).toEqual([[0, 7.5, 150, 60]]);
  });

  it('round: the tile is rescaled so a whole number fits', async () => {
    // 33.75×22.5pt: round(150/33.75 = 4.44) = 4 → 37.5 wide; round(75/22.5 = 3.33) = 3 → 25 high.
    const got = (await tiles('round 0 0 / 45px 30px')).tiles;
    expect(got.map(([x, y]) => [x, y])).toEqual([0, 25, 50].flatMap((y) => [0, 37.5, 75, 112.5].map((x) => [x, y])));
    expect(got.every(([, , w, h]) => w === 37.5 && h === 25)).toBe(true);
  });

  it('round in one dimension with an auto other keeps the ratio', async () => {
    // 45px auto = 33.75×16.875pt; round x: 150/4 = 37.5, so height 37.5 × 16.875/33.75 = 18.75.
    expect((await tiles('round no-repeat 0 0 / 45px auto')).tiles).toEqual([0, 37.5, 75, 112.5].map((x) => [x, 0, 37.5, 18.75]));
  });

  it('the clip item is the painting area (the border box by default)', async () => {
    expect(boxOf((await tiles('no-repeat')).clip)).toEqual([0, 0, 150, 75]);
  });
});

describe('origin and clip', () => {
  const bordered = 'border: 10px solid rgba(0, 0, 0, 0.2); padding: 0';

  it('positions in the padding box and tiles over the border box by default', async () => {
    // Border 7.5pt: padding box (7.5, 7.5, 150, 75); centre → (7.5 + 60, 7.5 + 30).
    const centred = await tiles('no-repeat center', bordered);
    expect(centred.tiles).toEqual([[67.5, 37.5, 30, 15]]);
    expect(boxOf(centred.clip)).toEqual([0, 0, 165, 90]);
    // repeat-x from x = 7.5 extends left into the border: −22.5, 7.5, …, 157.5 (7 tiles under 165).
    const row = await tiles('repeat-x', bordered);
    expect(row.tiles.map(([x]) => x)).toEqual([-22.5, 7.5, 37.5, 67.5, 97.5, 127.5, 157.5]);
    expect(row.tiles.every(([, y]) => y === 7.5)).toBe(true);
  });

  it('border-box origin and content-box origin move the anchor', async () => {
    expect((await tiles('no-repeat border-box', bordered)).tiles).toEqual([[0, 0, 30, 15]]);
    // padding 8px = 6pt: content box at (7.5 + 6, 7.5 + 6); clip follows (one box keyword sets both).
    const content = await tiles('no-repeat content-box', `${bordered}; padding: 8px; width: 184px; height: 84px`);
    expect(content.tiles).toEqual([[13.5, 13.5, 30, 15]]);
    expect(boxOf(content.clip)).toEqual([13.5, 13.5, 138, 63]);
  });

  it('the colour is clipped by background-clip too', async () => {
    const found = await items(`<div style="width: 200px; height: 100px; ${bordered}; background-color: #0a0; background-clip: padding-box"></div>`);
    const fill = found.find((i): i is RectItem => i.kind === 'rect' && i.color.g === 170);
    expect(boxOf(fill!)).toEqual([7.5, 7.5, 150, 75]);
  });
});

describe('rounded corners', () => {
  it('the tiles are clipped to the rounded border box', async () => {
    // border-radius 20px = 15pt on every corner.
    const { clip } = await tiles('repeat', 'border-radius: 20px');
    expect(boxOf(clip)).toEqual([0, 0, 150, 75]);
    expect(clip.radii).toEqual([[15, 15], [15, 15], [15, 15], [15, 15]]);
  });

  it('a padding-box clip takes the inner radii (outer minus border)', async () => {
    // 15pt radius − 7.5pt border = 7.5pt, around the padding box.
    const { clip } = await tiles('repeat padding-box', 'border: 10px solid black; border-radius: 20px');
    expect(boxOf(clip)).toEqual([7.5, 7.5, 150, 75]);
    expect(clip.radii).toEqual([[7.5, 7.5], [7.5, 7.5], [7.5, 7.5], [7.5, 7.5]]);
  });

  it('square corners give a rectangular clip', async () => {
    expect((await tiles('repeat')).clip.radii).toBeUndefined();
  });
});

describe('the canvas (css-backgrounds-3 §2.11.2)', () => {
  it("the body's background paints the canvas, positioned against the root element's box", async () => {
    // The root is 150pt tall (html height); the image at right bottom of it: (300 − 30, 150 − 15).
    const found = await items('<p>x</p>', `html { height: 150pt } body { background: #eee url(${IMAGE_40X20}) no-repeat right bottom }`);
    const clip = clips(found);
    expect(clip).toHaveLength(1);
    expect(boxOf(clip[0]!)).toEqual([0, 0, 300, 200]); // the page box, not the root's box
    expect(images(found).map(boxOf)).toEqual([[270, 135, 30, 15]]);
    // The colour fills the page once; the body does not paint its background again.
    expect(found.filter((i) => i.kind === 'rect' && i.color.r === 238)).toHaveLength(1);
  });

  it('a repeating canvas image covers the whole page, beyond the root box', async () => {
    // repeat-y from the root's top: ceil(200/15) = 14 tiles down the page's left edge.
    const found = await items('<p>x</p>', `html { height: 50pt } body { background: url(${IMAGE_40X20}) repeat-y }`);
    const ys = images(found).map((i) => i.y);
    expect(ys).toHaveLength(14);
    expect(ys[13]).toBe(195);
  });

  it("the root's own image wins over the body's", async () => {
    const other = png(10, 10);
    const found = await items('<p>x</p>', `html { background: url(${IMAGE_40X20}) no-repeat } body { background: url(${other}) no-repeat }`);
    // The root paints the canvas (30×15); the body paints its own box (10px = 7.5pt).
    expect(images(found).map((i) => [i.width, i.height])).toEqual([[30, 15], [7.5, 7.5]]);
  });
});

describe('inline boxes and table cells', () => {
  it('an inline box sizes the image against its own border box', async () => {
    const found = await items(`<p>a <span style="background: #0a0 url(${IMAGE_40X20}) 0 0 / 100% 100%; padding: 2px">word</span> b</p>`);
    const fill = found.find((i): i is RectItem => i.kind === 'rect');
    const image = images(found);
    expect(image).toHaveLength(1);
    // padding-box origin = border box here (no border): the tile is exactly the colour's rect.
    expect(boxOf(image[0]!)).toEqual(boxOf(fill!));
  });

  it('a table cell paints its image in its own box', async () => {
    const found = await items(`<table style="border-spacing: 0"><tr><td style="padding: 0; width: 100px; height: 40px; background: #0a0 url(${IMAGE_40X20}) no-repeat right bottom">x</td></tr></table>`);
    const fill = found.find((i): i is RectItem => i.kind === 'rect');
    const [image] = images(found);
    expect(image).toBeDefined();
    // Bottom-right corner of the cell's padding box.
    expect(round(image!.x + image!.width)).toBe(round(fill!.x + fill!.width));
    expect(round(image!.y + image!.height)).toBe(round(fill!.y + fill!.height));
  });
});

describe('table rows (css-tables-3 "Drawing backgrounds and borders")', () => {
  const cell = 'padding: 0; width: 100px; height: 40px';
  const gradients = (list: readonly DisplayItem[]) => list.filter((i) => i.kind === 'gradient');

  it("positions a row's gradient against the row's box and clips it to each cell", async () => {
    const found = await items(`<table style="border-spacing: 0"><tr style="background: linear-gradient(to right, red, blue)"><td style="${cell}"></td><td style="${cell}"></td></tr></table>`);
    // Cells of 75×30pt side by side: one clip each, each drawing the row's 150×30pt gradient.
    expect(clips(found).map(boxOf)).toEqual([[0, 0, 75, 30], [75, 0, 75, 30]]);
    expect(gradients(found).map(boxOf)).toEqual([[0, 0, 150, 30], [0, 0, 150, 30]]);
  });

  it("places a row's url image at the row's right edge, inside the last cell only", async () => {
    const found = await items(`<table style="border-spacing: 0"><tr style="background: #0a0 url(${IMAGE_40X20}) no-repeat right top"><td style="${cell}"></td><td style="${cell}"></td></tr></table>`);
    // The colour fills each cell; the 30×15pt image ends at the row's right edge (150pt).
    expect(found.filter((i) => i.kind === 'rect').map(boxOf)).toEqual([[0, 0, 75, 30], [75, 0, 75, 30]]);
    expect(images(found).map(boxOf)).toEqual([[120, 0, 30, 15]]);
  });

  it("positions a row-spanning cell's row image against its first row; the colour fills the cell", async () => {
    const found = await items(`<table style="border-spacing: 0"><tr style="background: #0a0 linear-gradient(red, blue) no-repeat"><td rowspan=2 style="${cell}"></td><td style="${cell}"></td></tr><tr><td style="${cell}"></td></tr></table>`);
    const spanning = found.filter((i): i is RectItem => i.kind === 'rect' && i.x === 0);
    expect(spanning.map(boxOf)).toEqual([[0, 0, 75, 60]]);
    // Cells paint in the order they end: the one-row cell first.
    expect(clips(found).map(boxOf)).toEqual([[75, 0, 75, 30], [0, 0, 75, 60]]);
    expect(gradients(found).map(boxOf)).toEqual([[0, 0, 150, 30], [0, 0, 150, 30]]);
  });

  it("positions a row group's gradient against the group's rows", async () => {
    const found = await items(`<table style="border-spacing: 0"><tbody style="background: linear-gradient(red, blue)"><tr><td style="${cell}"></td></tr><tr><td style="${cell}"></td></tr></tbody></table>`);
    expect(clips(found).map(boxOf)).toEqual([[0, 0, 75, 30], [0, 30, 75, 30]]);
    expect(gradients(found).map(boxOf)).toEqual([[0, 0, 75, 60], [0, 0, 75, 60]]);
  });
});

describe('an image that could not be had', () => {
  it('paints the colour only', async () => {
    const found = await items('<div style="width: 100px; height: 50px; background: #0a0 url(data:image/png;base64,AAAA)"></div>');
    expect(images(found)).toHaveLength(0);
    expect(clips(found)).toHaveLength(0);
    expect(found.filter((i) => i.kind === 'rect')).toHaveLength(1);
  });
});

describe('backgroundTiles', () => {
  const layer = (over: Partial<BackgroundLayer>): BackgroundLayer => ({ ...INITIAL_BACKGROUND_LAYER, ...over });
  const area = { x: 0, y: 0, width: 150, height: 75 };
  const count = (g: TileGrid) => g.xs.length * g.ys.length;

  it('leaves out tiles wholly outside the painting area', () => {
    // A 10pt-wide painting strip at x = 40..50 over 30pt tiles at 0, 30, 60…: only the tile at 30.
    const g = backgroundTiles({ width: 30, height: 15 }, layer({ repeatY: 'no-repeat' }), area, { x: 40, y: 0, width: 10, height: 75 });
    expect(g.xs).toEqual([30]);
  });

  it('a zero-size image or tile draws nothing', () => {
    expect(count(backgroundTiles({ width: 0, height: 15 }, layer({}), area, area))).toBe(0);
    expect(count(backgroundTiles({ width: 30, height: 15 }, layer({ size: { width: { abs: 0, pct: 0 }, height: 'auto' } }), area, area))).toBe(0);
  });

  it(`caps the tiles at ${MAX_BACKGROUND_TILES}, keeping whole rows from the top`, () => {
    // A 0.75pt tile over 450×300pt: 600 columns × 400 rows = 240,000 tiles → 600 × floor(10000/600) = 600 × 16.
    const g = backgroundTiles({ width: 0.75, height: 0.75 }, layer({}), { x: 0, y: 0, width: 450, height: 300 }, { x: 0, y: 0, width: 450, height: 300 });
    expect(g.xs).toHaveLength(600);
    expect(g.ys).toHaveLength(16);
    expect(g.ys[0]).toBe(0);
    expect(count(g)).toBeLessThanOrEqual(MAX_BACKGROUND_TILES);
  });

  it('the cap holds when one row alone is too long', () => {
    const g = backgroundTiles({ width: 0.001, height: 10 }, layer({ repeatY: 'no-repeat' }), area, area);
    expect(count(g)).toBe(MAX_BACKGROUND_TILES);
  });
});

describe('one embedded image however many tiles', () => {
  it('300 tiles of a data-URI pattern are one image XObject in the PDF', async () => {
    // A 20×20px tile over 400×300px: 20 × 15 = 300 tiles.
    const tile = png(20, 20);
    const body = { type: 'html' as const, data: { html: `<div style="width: 400px; height: 300px; background: url(${tile})"></div>`, css: 'body { margin: 0 }' }, page: { width: '400px', height: '300px', margin: '0' } };
    const pages = await layout(body.data.html, body.data.css, body.page);
    expect(images(flatten(pages[0]!.items))).toHaveLength(300);
    const doc = await PDFDocument.load(await render(body, { deterministic: true }));
    const xobjects = doc.context.enumerateIndirectObjects().filter(([, obj]) => obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(xobjects).toHaveLength(1);
  });
});
