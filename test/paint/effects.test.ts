// Paint of the visual effects: box shadows (order, geometry, clipping, blur as a raster),
// gradient backgrounds (gradient line, stops, repeating, transparent stops), transforms (a
// transform item about the origin, links at the transformed box), outlines, and visibility.
// Checked on the display list, and on pixels through pdftoppm where the drawing matters.
// 1px = 0.75pt.
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFNumber } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/index.js';
import { resolveGradient } from '../../src/paint/gradient.js';
import type { ClipItem, DisplayItem, GradientItem, ImageItem, TransformItem } from '../../src/paint/types.js';
import { flatten, layout, runs } from '../layout/helpers.js';
import { near, rasterize } from '../resources/image-fixtures.js';
import type { Gradient } from '../../src/css/values/gradient.js';
import { computed } from '../css/helpers.js';

const PAGE = { width: '200pt', height: '200pt', margin: '0' };

async function items(html: string, css = ''): Promise<DisplayItem[]> {
  const pages = await layout(html, `body { margin: 0 } ${css}`, PAGE);
  return pages[0]!.items as DisplayItem[];
}

async function pixels(html: string, css = '') {
  const { pdf } = await renderDocument({ type: 'html', data: { html, css: `body { margin: 0 } ${css}` }, page: PAGE }, { deterministic: true });
  return { pdf, raster: await rasterize(pdf) };
}

const gradientOf = (css: string): Gradient => computed('<div id="t"></div>', `#t { ${css} }`).backgroundImage as Gradient;
const round = (n: number) => Math.round(n * 100) / 100;

describe('box-shadow: display list', () => {
  it('paints outer shadows before the background, the first on top, clipped outside the border box', async () => {
    const list = await items('<div style="width: 100px; height: 40px; background: white; box-shadow: 2px 4px red, 8px 8px 0 2px blue"></div>');
    const kinds = list.map((i) => (i.kind === 'clip' ? `clip${i.outside ? ' outside' : ''}` : i.kind));
    expect(kinds).toEqual(['clip outside', 'clip outside', 'rect']);
    const [blue, red] = list as [ClipItem, ClipItem];
    expect([blue.x, blue.y, blue.width, blue.height]).toEqual([0, 0, 75, 30]);
    // Blue: offset 6,6 and spread 1.5 → 4.5,4.5 78×33. Red: offset 1.5,3.
    expect(blue.items[0]).toMatchObject({ kind: 'rect', x: 4.5, y: 4.5, width: 78, height: 33, color: { r: 0, g: 0, b: 255 } });
    expect(red.items[0]).toMatchObject({ kind: 'rect', x: 1.5, y: 3, width: 75, height: 30, color: { r: 255, g: 0, b: 0 } });
  });

  it('paints inset shadows after the background and before the border, clipped to the padding box', async () => {
    const list = await items('<div style="width: 100px; height: 40px; background: white; border: 4px solid black; box-shadow: inset 0 0 0 5px green"></div>');
    expect(list.map((i) => i.kind)).toEqual(['rect', 'clip', 'path']);
    const clip = list[1] as ClipItem;
    expect([clip.x, clip.y, clip.width, clip.height, clip.outside]).toEqual([3, 3, 75, 30, undefined]);
    // The hole: the padding box shrunk by the spread (3.75pt).
    expect(clip.items[0]).toMatchObject({ kind: 'path', evenOdd: true });
  });

  it('grows rounded corners by the spread', async () => {
    const list = await items('<div style="width: 100px; height: 40px; border-radius: 8px; box-shadow: 0 0 0 4px red"></div>');
    const shadow = (list[0] as ClipItem).items[0]!;
    expect(shadow).toMatchObject({ kind: 'rect', x: -3, y: -3, width: 81, height: 36, radii: [[9, 9], [9, 9], [9, 9], [9, 9]] });
  });

  it('a blurred shadow is one image over the shape grown by 3σ, shared by boxes of one size', async () => {
    const card = '<div style="width: 100px; height: 40px; margin-bottom: 20px; box-shadow: 0 4px 8px rgba(0,0,0,.5)"></div>';
    const list = flatten(await items(card + card));
    const images = list.filter((i): i is ImageItem => i.kind === 'image');
    expect(images).toHaveLength(2);
    // blur 6pt → σ 3pt → 9pt each side of the 75×30 shape at y = 3.
    expect([images[0]!.x, images[0]!.y, images[0]!.width, images[0]!.height]).toEqual([-9, -6, 93, 48]);
    expect(images[1]!.image).toBe(images[0]!.image);
    expect(images[0]!.image).toMatchObject({ format: 'raw', channels: 4 });
  });

  it('visibility: hidden paints no shadow', async () => {
    expect(await items('<div style="visibility: hidden; width: 10px; height: 10px; box-shadow: 2px 2px red"></div>')).toEqual([]);
  });
});

describe('box-shadow: pixels', () => {
  it('draws the shadow beside the box, fading with the blur, and nothing under the box', async () => {
    const { raster } = await pixels('<div style="margin: 40pt; width: 80pt; height: 40pt; box-shadow: 20pt 0 10pt black"></div>');
    // Right edge of the box at x = 120; the shadow's edge at 140, blurred with σ = 5pt.
    expect(near(raster.at(130, 60), [0, 0, 0], 40)).toBe(true);
    expect(near(raster.at(140, 60), [128, 128, 128], 40)).toBe(true);
    expect(near(raster.at(152, 60), [255, 255, 255], 12)).toBe(true);
    expect(near(raster.at(80, 60), [255, 255, 255], 2)).toBe(true);
  });

  it('fifty shadowed cards stay small: one raster for them all', async () => {
    const cards = Array.from({ length: 50 }, () => '<div style="display: inline-block; width: 20pt; height: 12pt; margin: 4pt; border-radius: 3pt; box-shadow: 0 2px 6px rgba(0,0,0,.3)"></div>').join('');
    const { pdf } = await renderDocument({ type: 'html', data: { html: cards, css: 'body { margin: 0 }' }, page: PAGE }, { deterministic: true });
    expect(pdf.length).toBeLessThan(12_000);
  });
});

describe('gradients: resolution', () => {
  it('to right runs across the box; to a corner is perpendicular to the other diagonal', () => {
    expect(resolveGradient(gradientOf('background-image: linear-gradient(to right, red, blue)'), 100, 50)).toMatchObject({ shading: { kind: 'linear', x0: 0, y0: 25, x1: 100, y1: 25 } });
    const corner = resolveGradient(gradientOf('background-image: linear-gradient(to bottom right, red, blue)'), 100, 50);
    if (!('shading' in corner) || corner.shading.kind !== 'linear') throw new Error('not linear');
    const { x0, y0, x1, y1 } = corner.shading;
    // The line is perpendicular to the diagonal from (100, 0) to (0, 50): dot product 0.
    expect(round((x1 - x0) * -100 + (y1 - y0) * 50)).toBe(0);
    // …and the corners (0, 0) and (100, 50) sit at its ends (projections 0 and 1).
    const len2 = (x1 - x0) ** 2 + (y1 - y0) ** 2;
    expect(round(((0 - x0) * (x1 - x0) + (0 - y0) * (y1 - y0)) / len2)).toBe(0);
    expect(round(((100 - x0) * (x1 - x0) + (50 - y0) * (y1 - y0)) / len2)).toBe(1);
  });

  it('fixes up stop positions and turns hints into exponents', () => {
    const fill = resolveGradient(gradientOf('background-image: linear-gradient(90deg, red 20%, lime, blue 10%, 50%, black)'), 100, 10);
    if (!('shading' in fill)) throw new Error('no shading');
    // red 20, lime 20 (spread between 20 and 20: blue moved up to 20), blue 20, black 100; the
    // line spans 20..100. The hint at 50 sits 30/80 into blue..black: log 0.5 / log 0.375.
    expect(fill.shading).toMatchObject({ x0: 20, x1: 100 });
    expect(fill.shading.stops.map((s) => [round(s.offset), round(s.exponent)])).toEqual([[0, 1], [0, 1], [0, 1], [1, round(Math.log(0.5) / Math.log(0.375))]]);
    const hinted = resolveGradient(gradientOf('background-image: linear-gradient(90deg, red, 25%, blue)'), 100, 10);
    if (!('shading' in hinted)) throw new Error('no shading');
    // log 0.5 / log 0.25 = 0.5
    expect(hinted.shading.stops.map((s) => round(s.exponent))).toEqual([1, 0.5]);
  });

  it('a transparent stop takes its neighbours\' colours, never black', () => {
    const fill = resolveGradient(gradientOf('background-image: linear-gradient(red, transparent, blue)'), 10, 10);
    if (!('shading' in fill)) throw new Error('no shading');
    const colors = fill.shading.stops.map((s) => [s.color.r, s.color.g, s.color.b, s.color.a]);
    expect(colors).toEqual([[255, 0, 0, 1], [255, 0, 0, 0], [0, 0, 255, 0], [0, 0, 255, 1]]);
  });

  it('repeating stops are copied across the whole line', () => {
    const fill = resolveGradient(gradientOf('background-image: repeating-linear-gradient(90deg, red 0 10px, blue 10px 20px)'), 150, 10);
    if (!('shading' in fill)) throw new Error('no shading');
    // Period 15pt over 150pt: 11 copies of 4 stops, the line from 0 to 165.
    expect(fill.shading.stops).toHaveLength(44);
    expect(fill.shading).toMatchObject({ x0: 0, x1: 165 });
  });

  it('radial: farthest-corner ellipse and closest-side circle radii', () => {
    expect(resolveGradient(gradientOf('background-image: radial-gradient(red, blue)'), 100, 50)).toMatchObject({ shading: { kind: 'radial', cx: 50, cy: 25, r0: 0, r1: 50 * Math.SQRT2, scaleY: 0.5 } });
    expect(resolveGradient(gradientOf('background-image: radial-gradient(circle closest-side at 20% 50%, red, blue)'), 100, 50)).toMatchObject({ shading: { cx: 20, r1: 20, scaleY: 1 } });
  });
});

describe('gradients: paint', () => {
  it('one gradient tile per background tile, inside the background clip', async () => {
    const list = flatten(await items('<div style="width: 100px; height: 40px; background: linear-gradient(red, blue) 0 0 / 50% 100%"></div>'));
    const tiles = list.filter((i): i is GradientItem => i.kind === 'gradient');
    expect(tiles.map((t) => [t.x, t.width, t.height])).toEqual([[0, 37.5, 30], [37.5, 37.5, 30]]);
  });

  it('draws the colours where the gradient puts them, with transparency over the page', async () => {
    const { raster } = await pixels('<div style="width: 200pt; height: 100pt; background: linear-gradient(to right, red, transparent)"></div><div style="width: 200pt; height: 100pt; background: radial-gradient(circle 50pt at 100pt 50pt, lime 50%, blue 50%)"></div>');
    expect(near(raster.at(2, 50), [255, 0, 0], 20)).toBe(true);
    expect(near(raster.at(100, 50), [255, 128, 128], 20)).toBe(true); // half-transparent red on white, not dark
    expect(near(raster.at(198, 50), [255, 255, 255], 12)).toBe(true);
    expect(near(raster.at(100, 150), [0, 255, 0], 20)).toBe(true);
    expect(near(raster.at(100, 190), [0, 0, 255], 20)).toBe(true);
  });
});

describe('transform', () => {
  it('wraps the box and its content in a transform about the origin; layout is unchanged', async () => {
    const list = await items('<div style="width: 100px; height: 40px; background: red; transform: rotate(90deg)">x</div><p id="after" style="margin: 0">after</p>');
    // A transformed box makes a stacking context: it paints in the z-index 0 layer, after the in-flow paragraph.
    const kinds = list.map((i) => i.kind);
    expect(kinds.indexOf('transform')).toBeGreaterThan(kinds.indexOf('glyphs'));
    const t = list.find((i) => i.kind === 'transform') as TransformItem;
    // About the centre (37.5, 15): (x, y) → (37.5 − (y − 15), 15 + (x − 37.5)).
    expect(t.matrix.map(round)).toEqual([0, 1, -1, 0, 52.5, -22.5]);
    expect(flatten(t.items).map((i) => i.kind)).toEqual(['rect', 'glyphs']);
  });

  it('percentages translate by the border box, and transform-origin moves the pivot', async () => {
    const list = await items('<div style="width: 100px; height: 40px; padding: 5px; transform: translate(50%, 100%) scale(2); transform-origin: 0 0"></div>', 'div { background: red }');
    expect((list[0] as TransformItem).matrix.map(round)).toEqual([2, 0, 0, 2, 41.25, 37.5]);
  });

  it('a link inside a rotated box gets the rotated bounding box', async () => {
    const linkRect = async (transform: string): Promise<number[]> => {
      const html = `<div style="margin: 50pt; width: 40pt; height: 20pt; line-height: 20pt; transform: ${transform}"><a href="https://example.com">xx</a></div>`;
      const { pdf } = await renderDocument({ type: 'html', data: { html, css: 'body { margin: 0 }' }, page: PAGE }, { deterministic: true });
      const annots = (await PDFDocument.load(pdf)).getPage(0).node.Annots()!;
      return annots.lookup(0, PDFDict).lookup(PDFName.of('Rect'), PDFArray).asArray().map((n) => (n as PDFNumber).asNumber());
    };
    const [x0, y0, x1, y1] = await linkRect('none');
    // Turned a quarter clockwise about the div's centre (70, 140 in PDF space): (dx, dy) → (dy, −dx).
    const [cx, cy] = [70, 140];
    const expected = [cx + (y0! - cy), cy - (x1! - cx), cx + (y1! - cy), cy - (x0! - cx)];
    expect((await linkRect('rotate(90deg)')).map(round)).toEqual(expected.map(round));
  });

  it('a singular matrix hides the box', async () => {
    expect(await items('<div style="width: 10px; height: 10px; background: red; transform: scale(0)"></div>')).toEqual([]);
  });
});

describe('outline', () => {
  it('draws after the content, outside the border box by the offset', async () => {
    const list = await items('<div style="width: 100px; height: 40px; outline: 2px solid red; outline-offset: 4px">x</div>');
    expect(list.map((i) => i.kind)).toEqual(['glyphs', 'path']);
    // Outer edge 4.5pt (offset 3 + width 1.5) around 75×30; stroked along its centre line.
    expect(list[1]).toMatchObject({ kind: 'path', stroke: { width: 1.5 }, ops: [{ op: 'M', x: -3.75, y: -3.75 }, { op: 'L', x: 78.75, y: -3.75 }, { op: 'L' }, { op: 'L' }, { op: 'Z' }] });
  });

  it('an inline box\'s outline goes over its line\'s text', async () => {
    const list = flatten(await items('<p style="margin: 0">a <span style="outline: 1px dotted blue">b</span> c</p>'));
    expect(list.map((i) => i.kind)).toEqual(['glyphs', 'line', 'line', 'line', 'line']);
  });
});

describe('visibility', () => {
  it('a visible child of a hidden parent paints; the parent\'s own text and background do not', async () => {
    const pages = await layout('<div style="visibility: hidden; background: red">hidden <b style="visibility: visible">shown</b> gone</div>', 'body { margin: 0 }', PAGE);
    expect(runs(pages).map((r) => r.text.trim()).filter(Boolean)).toEqual(['shown']);
    expect(flatten(pages[0]!.items).filter((i) => i.kind === 'rect')).toEqual([]);
  });
});
