// SVG images in the PDF: one form XObject per distinct SVG however often it is drawn, the
// drawing mapped onto its box by viewBox and preserveAspectRatio and clipped to it, fills,
// strokes, even-odd, opacity and text; and the raster fallback for a filter. Checked with
// pdf-lib (the objects), pdftoppm (the pixels) and pdftotext (the text).
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/index.js';
import { poppler, writeTemp } from '../pdf/helpers.js';
import { near, rasterize } from '../resources/image-fixtures.js';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
const WHITE = [255, 255, 255];

function svgUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Renders HTML on a 200×200 pt page without margins; images are blocks. */
async function renderHtml(body: string, size = 200) {
  const request = {
    type: 'html' as const,
    data: { html: body, css: 'body { margin: 0 } img { display: block }' },
    page: { width: `${size}pt`, height: `${size}pt`, margin: '0' },
  };
  const { pdf, warnings } = await renderDocument(request, { deterministic: true });
  return { pdf, warnings: [...warnings] };
}

/** The XObjects of a PDF by subtype, transparency-group forms counted apart. */
async function xObjects(pdf: Uint8Array): Promise<{ forms: number; groups: number; images: number }> {
  const doc = await PDFDocument.load(pdf);
  const counts = { forms: 0, groups: 0, images: 0 };
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const subtype = obj.dict.get(PDFName.of('Subtype'));
    if (subtype === PDFName.of('Image')) counts.images++;
    else if (subtype === PDFName.of('Form')) {
      if (obj.dict.get(PDFName.of('Group'))) counts.groups++;
      else counts.forms++;
    }
  }
  return counts;
}

const SHAPES = `<svg ${NS} width="200" height="100" viewBox="0 0 200 100">
  <rect x="10" y="10" width="80" height="80" fill="red"/>
  <circle cx="150" cy="50" r="40" fill="#0000ff"/>
</svg>`;

describe('svg in pdf: embedding', () => {
  it('embeds an SVG used 20 times as one form XObject, and no image', async () => {
    const uri = svgUri(SHAPES);
    const body = Array.from({ length: 20 }, () => `<img src="${uri}" style="display:inline; width: 20pt; height: 10pt">`).join(' ');
    const { pdf, warnings } = await renderHtml(body);
    expect(warnings).toEqual([]);
    expect(await xObjects(pdf)).toEqual({ forms: 1, groups: 0, images: 0 });
  });

  it('dedupes by content: the same SVG under two URLs is one form', async () => {
    const a = svgUri(SHAPES);
    const b = `data:image/svg+xml;utf8,${encodeURIComponent(SHAPES)}`;
    const { pdf } = await renderHtml(`<img src="${a}"><img src="${b}">`);
    expect((await xObjects(pdf)).forms).toBe(1);
  });
});

describe('svg in pdf: drawing', () => {
  it('draws a red rect and a blue circle where the viewBox puts them', async () => {
    const { pdf, warnings } = await renderHtml(`<img src="${svgUri(SHAPES)}" style="width: 200pt; height: 100pt">`);
    expect(warnings).toEqual([]);
    const page = await rasterize(pdf);
    expect(near(page.at(50, 50), RED)).toBe(true);
    expect(near(page.at(12, 12), RED)).toBe(true);
    expect(near(page.at(5, 5), WHITE)).toBe(true);
    expect(near(page.at(95, 50), WHITE)).toBe(true);
    expect(near(page.at(150, 50), BLUE)).toBe(true);
    expect(near(page.at(150, 15), BLUE)).toBe(true);
    expect(near(page.at(185, 85), WHITE)).toBe(true); // outside the circle, inside its square
    expect(near(page.at(100, 150), WHITE)).toBe(true); // below the image
  });

  it('takes the intrinsic size in CSS px when the page sets none', async () => {
    // 200×100 px is 150×75 pt: the circle's centre (150, 50) lands at (112.5, 37.5).
    const { pdf } = await renderHtml(`<img src="${svgUri(SHAPES)}">`);
    const page = await rasterize(pdf);
    expect(near(page.at(112, 37), BLUE)).toBe(true);
    expect(near(page.at(37, 37), RED)).toBe(true);
    expect(near(page.at(160, 37), WHITE)).toBe(true);
  });

  it('letterboxes with xMidYMid meet and stretches with none, clipped to the box', async () => {
    const meet = svgUri(`<svg ${NS} viewBox="0 0 100 50"><rect width="100" height="50" fill="red"/><rect x="-50" y="-50" width="200" height="150" fill="none" stroke="blue" stroke-width="20"/></svg>`);
    const none = svgUri(`<svg ${NS} viewBox="0 0 100 50" preserveAspectRatio="none"><rect width="100" height="50" fill="blue"/></svg>`);
    const { pdf } = await renderHtml(`<img src="${meet}" style="width:100pt;height:100pt"><img src="${none}" style="width:100pt;height:100pt">`);
    const page = await rasterize(pdf);
    expect(near(page.at(50, 20), WHITE)).toBe(true); // the band above the meet image
    expect(near(page.at(50, 30), RED)).toBe(true);
    expect(near(page.at(50, 70), RED)).toBe(true);
    expect(near(page.at(50, 80), WHITE)).toBe(true);
    expect(near(page.at(50, 105), BLUE)).toBe(true); // stretched over the whole second box
    expect(near(page.at(50, 195), BLUE)).toBe(true);
    expect(near(page.at(150, 50), WHITE)).toBe(true);
  });

  it('clips content outside the viewBox to the image box', async () => {
    const svg = svgUri(`<svg ${NS} width="50" height="50" viewBox="0 0 50 50"><rect x="-100" y="-100" width="300" height="300" fill="red"/></svg>`);
    const { pdf } = await renderHtml(`<div style="height: 50pt"></div><img src="${svg}" style="width:50pt;height:50pt;margin-left:50pt">`);
    const page = await rasterize(pdf);
    expect(near(page.at(75, 75), RED)).toBe(true);
    expect(near(page.at(40, 75), WHITE)).toBe(true);
    expect(near(page.at(75, 40), WHITE)).toBe(true);
    expect(near(page.at(110, 110), WHITE)).toBe(true);
  });

  it('fills even-odd, strokes, transforms, and draws group opacity', async () => {
    const svg = svgUri(`<svg ${NS} width="200" height="200" viewBox="0 0 200 200">
      <path fill-rule="evenodd" fill="red" d="M10 10h80v80h-80z M30 30h40v40h-40z"/>
      <g transform="translate(100 0) scale(2)"><rect x="5" y="5" width="40" height="40" fill="none" stroke="blue" stroke-width="4"/></g>
      <g opacity="0.5"><rect x="10" y="110" width="80" height="80" fill="blue"/><rect x="30" y="130" width="40" height="40" fill="blue"/></g>
    </svg>`);
    const { pdf } = await renderHtml(`<img src="${svg}" style="width:200pt;height:200pt">`);
    const page = await rasterize(pdf);
    expect(near(page.at(20, 20), RED)).toBe(true);
    expect(near(page.at(50, 50), WHITE)).toBe(true); // the hole
    expect(near(page.at(110, 50), BLUE)).toBe(true); // the stroke at x = 100 + 2·5, 8 units wide
    expect(near(page.at(150, 50), WHITE)).toBe(true);
    // The group is composited as one: the overlap is as light as the rest.
    expect(near(page.at(20, 120), [128, 128, 255], 30)).toBe(true);
    expect(near(page.at(50, 150), [128, 128, 255], 30)).toBe(true);
  });

  it('draws linear and radial gradients as shadings, and stop opacities as a soft mask', async () => {
    const svg = svgUri(`<svg ${NS} width="200" height="200">
      <defs>
        <linearGradient id="lr"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
        <radialGradient id="rg"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#008000"/></radialGradient>
        <linearGradient id="fade" x2="0" y2="1"><stop offset="0" stop-color="blue"/><stop offset="1" stop-color="blue" stop-opacity="0"/></linearGradient>
      </defs>
      <rect x="0" y="0" width="200" height="50" fill="url(#lr)"/>
      <circle cx="50" cy="125" r="50" fill="url(#rg)"/>
      <rect x="120" y="80" width="80" height="100" fill="url(#fade)"/>
    </svg>`);
    const { pdf, warnings } = await renderHtml(`<img src="${svg}" style="width:200pt;height:200pt">`);
    expect(warnings).toEqual([]);
    const page = await rasterize(pdf);
    expect(near(page.at(2, 25), RED, 30)).toBe(true);
    expect(near(page.at(100, 25), [128, 0, 128], 30)).toBe(true);
    expect(near(page.at(198, 25), BLUE, 30)).toBe(true);
    expect(near(page.at(50, 125), WHITE, 30)).toBe(true); // the centre
    expect(near(page.at(50, 172), [0, 128, 0], 40)).toBe(true); // near the edge
    expect(near(page.at(160, 82), BLUE, 40)).toBe(true); // opaque at the top
    expect(near(page.at(160, 130), [128, 128, 255], 40)).toBe(true); // half way
    expect(near(page.at(160, 178), WHITE, 40)).toBe(true); // transparent at the bottom
  });

  it('draws text with the engine’s fonts, extractable', async () => {
    const svg = svgUri(`<svg ${NS} width="200" height="50"><text x="10" y="30" font-size="20" fill="green">Quarterly sales</text></svg>`);
    const { pdf, warnings } = await renderHtml(`<img src="${svg}" style="width:200pt;height:50pt">`);
    expect(warnings).toEqual([]);
    const path = writeTemp('svg-text.pdf', pdf);
    expect(poppler('pdftotext', [path, '-']).stdout).toContain('Quarterly sales');
    expect(poppler('pdffonts', [path]).stdout).toMatch(/NotoSans/);
    const page = await rasterize(pdf);
    let green = 0;
    for (let x = 10; x < 150; x++) for (let y = 14; y < 32; y++) if (near(page.at(x, y), [0, 128, 0], 60)) green++;
    expect(green).toBeGreaterThan(50);
  });
});

describe('svg in pdf: the raster fallback', () => {
  it('rasterises an SVG with a filter at 300 dpi of its drawn size, without a warning', async () => {
    const svg = svgUri(`<svg ${NS} width="100" height="100" viewBox="0 0 100 100">
      <filter id="f"><feOffset dx="0" dy="0"/></filter>
      <rect x="0" y="0" width="50" height="100" fill="#00c000" filter="url(#f)"/>
    </svg>`);
    const { pdf, warnings } = await renderHtml(`<img src="${svg}" style="width:100pt;height:100pt">`);
    expect(warnings).toEqual([]);
    const doc = await PDFDocument.load(pdf);
    const images = [...doc.context.enumerateIndirectObjects()]
      .map(([, obj]) => obj)
      .filter((obj): obj is PDFRawStream => obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    const widths = images.map((i) => i.dict.get(PDFName.of('Width'))!.toString());
    expect(widths).toContain(String(Math.round((100 * 300) / 72))); // 417 px for 100 pt
    expect((await xObjects(pdf)).forms).toBe(0);
    const page = await rasterize(pdf);
    expect(near(page.at(25, 50), [0, 192, 0])).toBe(true);
    expect(near(page.at(75, 50), WHITE)).toBe(true);
  });

  it('rasterises once per distinct drawn size', async () => {
    const svg = svgUri(`<svg ${NS} width="20" height="20"><filter id="f"><feOffset dx="1"/></filter><rect width="20" height="20" fill="red" filter="url(#f)"/></svg>`);
    const img = (size: number) => `<img src="${svg}" style="display:inline; width:${size}pt; height:${size}pt">`;
    const { pdf, warnings } = await renderHtml([img(20), img(20), img(40), img(20)].join(' '));
    expect(warnings).toEqual([]);
    const doc = await PDFDocument.load(pdf);
    const widths = [...doc.context.enumerateIndirectObjects()]
      .map(([, obj]) => obj)
      .filter((obj): obj is PDFRawStream => obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image') && obj.dict.get(PDFName.of('ColorSpace')) === PDFName.of('DeviceRGB'))
      .map((obj) => obj.dict.get(PDFName.of('Width'))!.toString())
      .sort();
    expect(widths).toEqual(['167', '83']); // 300 dpi of 40 pt and of 20 pt
  });
});
