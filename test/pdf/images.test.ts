// Image XObjects end to end: each distinct image embedded once however often it is drawn,
// PNG IDAT data passed through, alpha as an SMask, decoded formats, EXIF orientation; checked
// with pdf-lib (the objects) and pdftoppm (the pixels).
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { render, type HtmlRenderRequest } from '../../src/index.js';
import type { DisplayItem, ImageResource } from '../../src/paint/types.js';
import { orientationMatrix } from '../../src/pdf/images.js';
import { writePdf } from '../../src/pdf/write.js';
import { decodeImage, readPngInfo } from '../../src/resources/image.js';
import { bmp, dataUri, encode, near, pixels, quadrants, rasterize, solid } from '../resources/image-fixtures.js';

interface ImageObject {
  readonly ref: PDFRef;
  readonly dict: PDFDict;
  readonly stream: PDFRawStream;
}

/** Every /Subtype /Image stream of a PDF, and which of them are SMasks. */
async function imageObjects(pdf: Uint8Array): Promise<{ images: ImageObject[]; smasks: Set<string> }> {
  const doc = await PDFDocument.load(pdf);
  const images: ImageObject[] = [];
  const smasks = new Set<string>();
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream) || obj.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    images.push({ ref, dict: obj.dict, stream: obj });
    const smask = obj.dict.get(PDFName.of('SMask'));
    if (smask instanceof PDFRef) smasks.add(smask.toString());
  }
  return { images, smasks };
}

function html(body: string): HtmlRenderRequest {
  return { type: 'html', data: { html: body, css: 'body { margin: 0 } img { display: block }' }, page: { width: '200pt', height: '200pt', margin: '0' } };
}

const name = (dict: PDFDict, key: string) => dict.get(PDFName.of(key))?.toString();

/**
 * Decodes image files (decodeImage, as the resources stage does) and writes them stacked in
 * one column, each drawn `width`×`height` pt, over an optional background colour.
 */
async function pdfOf(files: readonly Uint8Array[], width: number, height: number, background?: { r: number; g: number; b: number }) {
  const warnings: string[] = [];
  const items: DisplayItem[] = [];
  if (background) items.push({ kind: 'rect', x: 0, y: 0, width, height: height * files.length, color: { ...background, a: 1 } });
  for (const [i, file] of files.entries()) {
    const image = await decodeImage(file, `img${i}`, (m) => warnings.push(m));
    if (image) items.push({ kind: 'image', x: 0, y: i * height, width, height, image });
  }
  const pdf = await writePdf({ pages: [{ width, height: height * files.length, items }], deterministic: true, onWarning: (m) => warnings.push(m) });
  return { pdf, warnings };
}

describe('images: each distinct image embedded once', () => {
  it('embeds a data-URI logo used 200 times as one XObject', async () => {
    const logo = dataUri(await solid('png', 8, 8, { r: 200, g: 30, b: 30 }), 'image/png');
    const body = Array.from({ length: 200 }, () => `<img src="${logo}" width="8" height="8" style="display:inline">`).join(' ');
    const pdf = await render(html(body), { deterministic: true });
    const { images } = await imageObjects(pdf);
    expect(images).toHaveLength(1);
  });

  it('embeds a transparent logo used 200 times as one image and one SMask', async () => {
    const logo = dataUri(await solid('png', 8, 8, { r: 0, g: 0, b: 200, alpha: 0.5 }), 'image/png');
    const body = Array.from({ length: 200 }, () => `<img src="${logo}" style="display:inline">`).join('');
    const { images, smasks } = await imageObjects(await render(html(body), { deterministic: true }));
    expect(images).toHaveLength(2);
    expect(smasks.size).toBe(1);
  });

  it('dedupes by content: the same bytes under different URLs (and keys) are one XObject', async () => {
    const bytes = await solid('png', 6, 6, { r: 0, g: 160, b: 0 });
    const a = dataUri(bytes, 'image/png');
    const b = dataUri(bytes, 'image/x-other'); // a different src string, same bytes
    const pdf = await render(html(`<img src="${a}"><img src="${b}"><img src="${a}">`), { deterministic: true });
    expect((await imageObjects(pdf)).images).toHaveLength(1);
  });

  it('dedupes decoded pixels by content too (a WebP under two keys)', async () => {
    const webp = await solid('webp', 6, 6, { r: 0, g: 160, b: 0 });
    const { pdf } = await pdfOf([webp, webp, await solid('webp', 6, 7, { r: 0, g: 160, b: 0 })], 20, 20);
    expect((await imageObjects(pdf)).images).toHaveLength(2);
  });

  it('a transparent image reused by a later document comes out the same (its planes are encoded once per process)', async () => {
    const logo = dataUri(await solid('png', 9, 7, { r: 10, g: 120, b: 200, alpha: 0.4 }), 'image/png');
    const first = await render(html(`<img src="${logo}">`), { deterministic: true });
    const second = await render(html(`<img src="${logo}">`), { deterministic: true });
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const { images, smasks } = await imageObjects(second);
    expect(images).toHaveLength(2);
    expect(smasks.size).toBe(1);
  });

  it('keeps images with different bytes apart', async () => {
    const a = dataUri(await solid('png', 6, 6, { r: 255, g: 0, b: 0 }));
    const b = dataUri(await solid('png', 6, 6, { r: 0, g: 0, b: 255 }));
    const pdf = await render(html(`<img src="${a}"><img src="${b}">`), { deterministic: true });
    expect((await imageObjects(pdf)).images).toHaveLength(2);
  });
});

describe('images: PNG', () => {
  it('passes an opaque PNG’s IDAT data through with the PNG predictors, no SMask', async () => {
    const png = await sharp(quadrants(20, 10), { raw: { width: 20, height: 10, channels: 4 } }).removeAlpha().png().toBuffer();
    expect(readPngInfo(png)?.colorType).toBe(2);
    const image: ImageResource = { key: 'q', format: 'png', data: png, pixelWidth: 20, pixelHeight: 10 };
    const pdf = await writePdf({ pages: [{ width: 100, height: 100, items: [{ kind: 'image', x: 0, y: 0, width: 40, height: 20, image }] }] });
    const { images } = await imageObjects(pdf);
    expect(images).toHaveLength(1);
    const { dict, stream } = images[0]!;
    expect(name(dict, 'Filter')).toBe('/FlateDecode');
    expect(dict.get(PDFName.of('SMask'))).toBeUndefined();
    const parms = dict.get(PDFName.of('DecodeParms')) as PDFDict;
    expect((parms.get(PDFName.of('Predictor')) as PDFNumber).asNumber()).toBe(15);
    const info = readPngInfo(png)!;
    expect(Buffer.from(stream.contents).equals(Buffer.concat(info.idat.map((p) => Buffer.from(p))))).toBe(true);
    const page = await rasterize(pdf);
    expect(near(page.at(10, 5), [255, 0, 0])).toBe(true);
    expect(near(page.at(30, 15), [255, 255, 0])).toBe(true);
  });

  it('keeps a transparent PNG’s alpha as an SMask', async () => {
    // Left half opaque red, right half fully transparent, over a blue page background.
    const png = await encode(pixels(20, 10, (x) => (x < 10 ? [255, 0, 0, 255] : [255, 0, 0, 0])), 20, 10, 'png');
    const { pdf } = await pdfOf([png], 40, 20, { r: 0, g: 0, b: 255 });
    const { images, smasks } = await imageObjects(pdf);
    expect(images).toHaveLength(2);
    const color = images.find((i) => !smasks.has(i.ref.toString()))!;
    const mask = images.find((i) => smasks.has(i.ref.toString()))!;
    expect(name(color.dict, 'ColorSpace')).toBe('/DeviceRGB');
    expect(name(mask.dict, 'ColorSpace')).toBe('/DeviceGray');
    const page = await rasterize(pdf);
    expect(near(page.at(10, 10), [255, 0, 0])).toBe(true);
    expect(near(page.at(30, 10), [0, 0, 255])).toBe(true); // the background shows through
  });

  it('embeds 16-bit PNGs: opaque ones at 16 bits as they are, with alpha through the decoder', async () => {
    const rgb16 = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } }).toColourspace('rgb16').png().toBuffer();
    const rgba16 = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 255, b: 0, alpha: 0.5 } } }).toColourspace('rgb16').png().toBuffer();
    const { pdf } = await pdfOf([rgb16, rgba16], 40, 40, { r: 255, g: 255, b: 255 });
    const { images, smasks } = await imageObjects(pdf);
    const bits = images.filter((i) => !smasks.has(i.ref.toString())).map((i) => (i.dict.get(PDFName.of('BitsPerComponent')) as PDFNumber).asNumber());
    expect(bits.sort((x, y) => x - y)).toEqual([8, 16]);
    expect(smasks.size).toBe(1);
    const page = await rasterize(pdf);
    expect(near(page.at(20, 20), [0, 255, 0])).toBe(true);
    expect(near(page.at(20, 60), [128, 255, 128], 32)).toBe(true); // half green over white
  });

  it('embeds a palette PNG as an Indexed image, and an interlaced one through the decoder', async () => {
    const palette = await encode(quadrants(20, 20), 20, 20, 'png').then((p) => sharp(p).png({ palette: true }).toBuffer());
    const interlaced = await sharp(quadrants(20, 20), { raw: { width: 20, height: 20, channels: 4 } }).png({ progressive: true }).toBuffer();
    expect(readPngInfo(palette)?.colorType).toBe(3);
    const { pdf } = await pdfOf([palette, interlaced], 20, 20);
    const { images } = await imageObjects(pdf);
    const spaces = images.map((i) => i.dict.get(PDFName.of('ColorSpace')));
    expect(spaces.some((s) => s instanceof PDFArray && s.get(0) === PDFName.of('Indexed'))).toBe(true);
    const page = await rasterize(pdf);
    for (const top of [0, 20]) {
      expect(near(page.at(5, top + 5), [255, 0, 0])).toBe(true);
      expect(near(page.at(15, top + 15), [255, 255, 0])).toBe(true);
    }
  });
});

describe('images: every format reaches the page', () => {
  it('draws PNG, JPEG, WebP, GIF, AVIF, TIFF and BMP with their colours', async () => {
    const raw = quadrants(20, 20);
    const files = [
      await encode(raw, 20, 20, 'png'),
      await encode(raw, 20, 20, 'jpeg'),
      await encode(raw, 20, 20, 'webp'),
      await encode(raw, 20, 20, 'gif'),
      await encode(raw, 20, 20, 'avif'),
      await encode(raw, 20, 20, 'tiff'),
      bmp(raw, 20, 20, 24),
    ];
    const { pdf, warnings } = await pdfOf(files, 20, 20);
    expect(warnings).toEqual([]);
    const page = await rasterize(pdf);
    files.forEach((_f, i) => {
      const top = i * 20;
      expect(near(page.at(5, top + 5), [255, 0, 0], 40), `image ${i} top-left`).toBe(true);
      expect(near(page.at(15, top + 5), [0, 255, 0], 40), `image ${i} top-right`).toBe(true);
      expect(near(page.at(5, top + 15), [0, 0, 255], 40), `image ${i} bottom-left`).toBe(true);
    });
  });

  it('decodes a CMYK JPEG rather than passing inverted samples to the viewer', async () => {
    const cmyk = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ff0000' } }).toColourspace('cmyk').jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const { pdf } = await pdfOf([cmyk], 40, 40);
    const { images } = await imageObjects(pdf);
    expect(name(images[0]!.dict, 'Filter')).toBe('/FlateDecode');
    const [r, g, b] = (await rasterize(pdf)).at(20, 20);
    expect(r).toBeGreaterThan(200);
    expect(g + b).toBeLessThan(160);
  });
});

describe('images: EXIF orientation', () => {
  it('maps the unit square onto itself for every orientation', () => {
    for (let o = 1; o <= 8; o++) {
      const [a, b, c, d, e, f] = orientationMatrix(o);
      const corners = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([x, y]) => [a * x! + c * y! + e, b * x! + d * y! + f].map((v) => Math.round(v)).join(','));
      expect(corners.sort()).toEqual(['0,0', '0,1', '1,0', '1,1']);
    }
    expect(orientationMatrix(1)).toEqual([1, 0, 0, 1, 0, 0]);
  });

  it('draws every EXIF-rotated JPEG upright, as sharp turns it, keeping the DCT data', async () => {
    const raw = quadrants(40, 20);
    for (let orientation = 1; orientation <= 8; orientation++) {
      const jpeg = await encode(raw, 40, 20, 'jpeg', { orientation });
      const upright = await sharp(jpeg).autoOrient().removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const { width, height } = upright.info;
      const { pdf } = await pdfOf([jpeg], width, height);
      const { images } = await imageObjects(pdf);
      expect(images, `orientation ${orientation}`).toHaveLength(1);
      expect(name(images[0]!.dict, 'Filter')).toBe('/DCTDecode');
      const page = await rasterize(pdf);
      for (const [fx, fy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]] as const) {
        const x = Math.floor(fx * width);
        const y = Math.floor(fy * height);
        const i = (y * width + x) * 3;
        const expected = [...upright.data.subarray(i, i + 3)];
        expect(near(page.at(x, y), expected, 40), `orientation ${orientation} at ${fx},${fy}: ${page.at(x, y)} vs ${expected}`).toBe(true);
      }
    }
  });
});

describe('images: embedding failures are warnings', () => {
  it('warns and draws nothing for an image whose data cannot be read', async () => {
    const broken: ImageResource = { key: 'broken', format: 'png', data: new Uint8Array([1, 2, 3]), pixelWidth: 4, pixelHeight: 4 };
    const items: DisplayItem[] = [{ kind: 'image', x: 0, y: 0, width: 10, height: 10, image: broken }];
    const warnings: string[] = [];
    const pdf = await writePdf({ pages: [{ width: 50, height: 50, items }], onWarning: (m) => warnings.push(m) });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/image broken could not be embedded/);
    expect((await imageObjects(pdf)).images).toHaveLength(0);
  });
});
