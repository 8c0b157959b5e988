// Inline <svg> elements in HTML as replaced elements (SVG 2 §8.2, CSS Images 3 §4–5, CSS 2.1
// §10.3.2): the size from the width/height attributes (CSS overrides them), the ratio from the
// viewBox, the 300×150 default, a ratio alone filling the containing block; floats and absolute
// positioning as for <img>; the drawing painted as an SVG image with currentColor from the
// element's `color`; identical icons one form XObject; bad SVG drawn as nothing at its CSS
// size. Every expected number is worked out by hand in the comments; 1px = 0.75pt.
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { SvgShape } from '../../src/resources/svg/model.js';
import type { ImageItem } from '../../src/paint/types.js';
import { renderDocument } from '../../src/render.js';
import { flatten, layout, runs } from './helpers.js';

const PAGE = { width: '400px', height: '400px', margin: '0' };

async function svgItems(html: string, css = ''): Promise<ImageItem[]> {
  const pages = await layout(html, `body { margin: 0 } ${css}`, PAGE);
  return flatten(pages[0]!.items).filter((i): i is ImageItem => i.kind === 'image' && i.image.format === 'svg');
}

async function svgBox(html: string, css = ''): Promise<[number, number, number, number]> {
  const found = await svgItems(html, css);
  expect(found).toHaveLength(1);
  const i = found[0]!;
  return [i.x, i.y, i.width, i.height].map((v) => Math.round(v * 1000) / 1000) as [number, number, number, number];
}

const RECT = '<rect width="10" height="10" fill="blue"/>';

describe('inline svg sizing', () => {
  it('takes its size from the width and height attributes', async () => {
    // 100×50px → 75×37.5pt.
    expect(await svgBox(`<svg width="100" height="50" style="display:block">${RECT}</svg>`)).toEqual([0, 0, 75, 37.5]);
  });

  it('takes the missing dimension from the viewBox ratio', async () => {
    // width 100px, viewBox 4:1 → 25px high: 75 × 18.75pt.
    expect(await svgBox(`<svg width="100" viewBox="0 0 4 1" style="display:block">${RECT}</svg>`)).toEqual([0, 0, 75, 18.75]);
  });

  it('fills the containing block width with a viewBox and no size', async () => {
    // A 200px (150pt) container, viewBox 2:1 → 150 × 75pt.
    expect(await svgBox(`<div style="width:200px"><svg viewBox="0 0 2 1" style="display:block">${RECT}</svg></div>`)).toEqual([0, 0, 150, 75]);
  });

  it('lets CSS override the attributes, keeping their ratio', async () => {
    // width: 40px, height: auto; the attributes' 100×50 give 2:1 → 20px high: 30 × 15pt.
    expect(await svgBox(`<svg width="100" height="50" style="display:block; width:40px; height:auto">${RECT}</svg>`)).toEqual([0, 0, 30, 15]);
  });

  it('is 300×150 with neither size nor viewBox, and a percentage width acts as CSS', async () => {
    expect(await svgBox(`<svg style="display:block">${RECT}</svg>`)).toEqual([0, 0, 225, 112.5]);
    // width="50%" of 400px = 200px = 150pt; the height stays the default 150px.
    expect(await svgBox(`<svg width="50%" style="display:block">${RECT}</svg>`)).toEqual([0, 0, 150, 112.5]);
  });

  it('floats like an image', async () => {
    // Floated right in 400px: x = 400 - 100 = 300px = 225pt.
    expect(await svgBox(`<p>text <svg width="100" height="50" style="float:right">${RECT}</svg></p>`, 'p { margin: 0 }')).toEqual([225, 0, 75, 37.5]);
  });

  it('is positioned absolutely like an image', async () => {
    // left 20px, top 10px in a relative container at the page origin: 15, 7.5pt.
    const html = `<div style="position:relative; height:100px"><svg width="40" height="40" style="position:absolute; left:20px; top:10px">${RECT}</svg></div>`;
    expect(await svgBox(html)).toEqual([15, 7.5, 30, 30]);
  });

  it('resolves a percentage height against an absolutely positioned box’s containing block', async () => {
    // height="50%" of a 200px container = 100px = 75pt; no viewBox, so no ratio: the width is the default 300px = 225pt.
    const html = `<div style="position:relative; height:200px"><svg height="50%" style="position:absolute">${RECT}</svg></div>`;
    expect(await svgBox(html)).toEqual([0, 0, 225, 75]);
  });

  it('sits on the baseline inline, and its children are not HTML boxes', async () => {
    const pages = await layout('<p>Icon <svg width="16" height="16"><text y="12">Hidden</text></svg> after</p>', 'body { margin: 0 } p { margin: 0 }', PAGE);
    const texts = runs(pages).map((r) => r.text).join('|');
    expect(texts).not.toContain('Hidden');
    const svg = flatten(pages[0]!.items).find((i): i is ImageItem => i.kind === 'image')!;
    const after = runs(pages).find((r) => r.text.includes('after'))!;
    // The svg's bottom edge is on the baseline of the text after it.
    expect(svg.y + svg.height).toBeCloseTo(after.y, 3);
    expect(after.x).toBeGreaterThanOrEqual(svg.x + svg.width - 1e-6);
  });
});

describe('inline svg painting', () => {
  it('paints the drawing, currentColor taken from the element’s color', async () => {
    const found = await svgItems('<p style="color: rgb(0, 128, 128)"><svg width="16" height="16" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="currentColor"/></svg></p>');
    expect(found).toHaveLength(1);
    const drawing = found[0]!.image.format === 'svg' ? found[0]!.image.drawing : null;
    const shape = drawing!.nodes[0] as SvgShape;
    expect(shape.kind).toBe('shape');
    expect(shape.fill!.color).toEqual({ r: 0, g: 128, b: 128, a: 1 });
  });

  it('draws user units as px without a viewBox, unscaled by a CSS size', async () => {
    // width: 50px from CSS on a 100×100 svg without viewBox: its content is not scaled (clipped instead).
    const found = await svgItems(`<svg width="100" height="100" style="display:block; width:50px">${RECT}</svg>`);
    expect(found[0]!.image.format === 'svg' && found[0]!.image.viewport.userSpaceInPx).toBe(true);
  });

  it('embeds the same icon drawn 30 times, in two colours, as two form XObjects', async () => {
    const icon = '<svg width="12" height="12" viewBox="0 0 12 12"><path d="M0 0h12v12z" fill="currentColor"/></svg>';
    const html = `<p style="color:red">${icon.repeat(15)}</p><p style="color:blue">${icon.repeat(15)}</p>`;
    const { pdf, warnings } = await renderDocument({ type: 'html', data: { html, css: '' } }, { deterministic: true });
    expect(warnings).toEqual([]);
    const doc = await PDFDocument.load(pdf);
    let forms = 0;
    for (const [, obj] of doc.context.enumerateIndirectObjects()) {
      if (obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Form') && !obj.dict.get(PDFName.of('Group'))) forms++;
    }
    expect(forms).toBe(2);
  });

  it('draws an SVG over the limits as nothing, with a warning, at its CSS size', async () => {
    const huge = `<svg width="20" height="30" style="display:block">${'<g></g>'.repeat(60_000)}</svg><p>after</p>`;
    const { warnings } = await renderDocument({ type: 'html', data: { html: huge, css: '' } }, { deterministic: true });
    expect(warnings.some((w) => /inline-svg-1: SVG .*elements/.test(w))).toBe(true);
    // 20×30px → 15×22.5pt: the paragraph after starts 22.5pt lower than the svg's top.
    const found = await svgItems(huge, 'p { margin: 0 }');
    expect(found.map((i) => [i.width, i.height])).toEqual([[15, 22.5]]);
  });
});
