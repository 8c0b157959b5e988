// decodeImage: every format recognised by its magic bytes and decoded to the right pixel size
// (sharp makes the test images; BMPs are built by hand), PNG and JPEG kept as files, corrupt
// data and decompression bombs turned into null with a warning, never an exception.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../src/paint/types.js';
import { decodeBmp } from '../../src/resources/bmp.js';
import { decodeImage, exifOrientation, MAX_IMAGE_PIXELS, readJpegInfo, readPngInfo, sniffImageFormat } from '../../src/resources/image.js';
import { encodePng, JPEG_3X2, JPEG_GRAY_2X2, JPEG_PROGRESSIVE_5X4 } from '../helpers/images.js';
import { bmp, bmp8, encode, near, pixels, quadrants, solid } from './image-fixtures.js';

const RED = { r: 255, g: 0, b: 0 };

/** Decodes and collects the warnings. */
async function decode(data: Uint8Array, key = 'k') {
  const warnings: string[] = [];
  const image = await decodeImage(data, key, (m) => warnings.push(m));
  return { image, warnings };
}

describe('decodeImage: every format', () => {
  const formats = ['png', 'jpeg', 'webp', 'gif', 'avif', 'tiff'] as const;
  for (const format of formats) {
    it(`decodes ${format} with its pixel size`, async () => {
      const bytes = await solid(format, 4, 3, RED);
      const { image, warnings } = await decode(bytes, 'logo');
      expect(warnings).toEqual([]);
      expect(image).toMatchObject({ key: 'logo', pixelWidth: 4, pixelHeight: 3 });
      expect(image!.format).toBe(format === 'png' || format === 'jpeg' ? format : 'raw');
      if (format === 'png' || format === 'jpeg') expect(image!.data).toBe(bytes); // kept as the file
    });
  }

  it('decodes WebP, GIF, AVIF and TIFF pixels to the right colours', async () => {
    for (const format of ['webp', 'gif', 'avif', 'tiff'] as const) {
      const { image } = await decode(await solid(format, 4, 3, { r: 0, g: 0, b: 255 }));
      const raw = image as RawImage;
      expect([3, 4]).toContain(raw.channels);
      expect(raw.data.length).toBe(4 * 3 * raw.channels);
      expect(near([...raw.data.subarray(0, 3)], [0, 0, 255], 4), format).toBe(true); // WebP and TIFF (JPEG-compressed) are lossy
    }
  });

  it('keeps alpha from WebP and GIF', async () => {
    const half = await sharp({ create: { width: 2, height: 2, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } }).webp({ lossless: true }).toBuffer();
    const webp = (await decode(half)).image as RawImage;
    expect(webp.channels).toBe(4);
    expect(webp.data[3]).toBe(128);
    const raw = pixels(2, 2, (x) => (x === 0 ? [255, 0, 0, 255] : [0, 0, 0, 0]));
    const gif = (await decode(await encode(raw, 2, 2, 'gif'))).image as RawImage;
    expect(gif.channels).toBe(4);
    expect([gif.data[3], gif.data[7]]).toEqual([255, 0]);
  });

  it('takes the first frame of an animated GIF', async () => {
    // Three frames stacked vertically (pageHeight 2): red, green, blue, 3×2 each.
    const frames = pixels(3, 6, (_x, y) => (y < 2 ? [255, 0, 0, 255] : y < 4 ? [0, 255, 0, 255] : [0, 0, 255, 255]));
    const animated = await sharp(frames, { raw: { width: 3, height: 6, channels: 4, pageHeight: 2 } }).gif({ loop: 0, delay: [100, 100, 100] }).toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const image = (await decode(animated)).image as RawImage;
    expect(image).toMatchObject({ format: 'raw', pixelWidth: 3, pixelHeight: 2 });
    expect([...image.data.subarray(0, 3)]).toEqual([255, 0, 0]);
    expect([...image.data.subarray(image.data.length - image.channels, image.data.length - image.channels + 3)]).toEqual([255, 0, 0]);
  });

  it('reads a 16-bit PNG, with and without alpha', async () => {
    const rgb16 = await sharp({ create: { width: 5, height: 4, channels: 3, background: '#336699' } }).toColourspace('rgb16').png().toBuffer();
    expect(rgb16[24]).toBe(16); // IHDR bit depth
    expect((await decode(rgb16)).image).toMatchObject({ format: 'png', pixelWidth: 5, pixelHeight: 4 });
    const rgba16 = await sharp({ create: { width: 5, height: 4, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).toColourspace('rgb16').png().toBuffer();
    expect([rgba16[24], rgba16[25]]).toEqual([16, 6]);
    expect((await decode(rgba16)).image).toMatchObject({ format: 'png', pixelWidth: 5, pixelHeight: 4 });
  });

  it('recognises the format by its bytes, whatever the data says it is', async () => {
    expect(sniffImageFormat(await solid('webp', 2, 2, RED))).toBe('webp');
    expect(sniffImageFormat(await solid('avif', 2, 2, RED))).toBe('avif');
    expect(sniffImageFormat(await solid('tiff', 2, 2, RED))).toBe('tiff');
    expect(sniffImageFormat(await solid('gif', 2, 2, RED))).toBe('gif');
    expect(sniffImageFormat(bmp(quadrants(2, 2), 2, 2, 24))).toBe('bmp');
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});

describe('decodeImage: EXIF orientation', () => {
  it('swaps width and height for JPEGs turned a quarter (orientations 5–8)', async () => {
    const raw = quadrants(40, 20);
    for (let orientation = 1; orientation <= 8; orientation++) {
      const jpeg = await encode(raw, 40, 20, 'jpeg', { orientation });
      expect(readJpegInfo(jpeg)?.orientation).toBe(orientation);
      const { image } = await decode(jpeg);
      const turned = orientation >= 5;
      expect(image).toMatchObject({ format: 'jpeg', pixelWidth: turned ? 20 : 40, pixelHeight: turned ? 40 : 20 });
      expect((image as { orientation?: number }).orientation).toBe(orientation === 1 ? undefined : orientation);
      // sharp agrees on the upright size.
      const upright = await sharp(jpeg).autoOrient().toBuffer({ resolveWithObject: true });
      expect([upright.info.width, upright.info.height]).toEqual([image!.pixelWidth, image!.pixelHeight]);
    }
  });

  it('reads big- and little-endian EXIF, and ignores other APP1 data', () => {
    const exif = (little: boolean, value: number) => {
      const b = Buffer.alloc(6 + 8 + 2 + 12 + 4);
      b.write('Exif\0\0', 0, 'latin1');
      const t = b.subarray(6);
      t.write(little ? 'II' : 'MM', 0, 'latin1');
      const u16 = (v: number, o: number) => (little ? t.writeUInt16LE(v, o) : t.writeUInt16BE(v, o));
      const u32 = (v: number, o: number) => (little ? t.writeUInt32LE(v, o) : t.writeUInt32BE(v, o));
      u16(42, 2);
      u32(8, 4);
      u16(1, 8);
      u16(0x0112, 10);
      u16(3, 12);
      u32(1, 14);
      u16(value, 18);
      return b;
    };
    expect(exifOrientation(exif(true, 6))).toBe(6);
    expect(exifOrientation(exif(false, 8))).toBe(8);
    expect(exifOrientation(exif(false, 9))).toBe(1);
    expect(exifOrientation(Buffer.from('http://ns.adobe.com/xap/1.0/\0<x/>'))).toBe(1);
  });

  it('turns WebP and TIFF upright while decoding', async () => {
    for (const format of ['webp', 'tiff'] as const) {
      const file = await encode(quadrants(40, 20), 40, 20, format, { orientation: 6 });
      const image = (await decode(file)).image as RawImage;
      expect(image, format).toMatchObject({ format: 'raw', pixelWidth: 20, pixelHeight: 40 });
      // Turned 90° clockwise: red (top-left) goes top-right, blue (bottom-left) top-left.
      const at = (x: number, y: number) => [...image.data.subarray((y * 20 + x) * image.channels, (y * 20 + x) * image.channels + 3)];
      expect(near(at(15, 5), [255, 0, 0], 4), format).toBe(true);
      expect(near(at(5, 5), [0, 0, 255], 4), format).toBe(true);
      expect(near(at(15, 35), [0, 255, 0], 4), format).toBe(true);
    }
  });
});

describe('decodeImage: BMP', () => {
  const raw = pixels(3, 2, (x, y) => [x * 100, y * 200, 50, x === 2 ? 128 : 255]);

  it('decodes 24-bit and 32-bit BMPs, alpha only when the file has it', async () => {
    const rgb = (await decode(bmp(raw, 3, 2, 24))).image as RawImage;
    expect(rgb).toMatchObject({ format: 'raw', channels: 3, pixelWidth: 3, pixelHeight: 2 });
    expect([...rgb.data]).toEqual([0, 0, 50, 100, 0, 50, 200, 0, 50, 0, 200, 50, 100, 200, 50, 200, 200, 50]);
    const rgba = (await decode(bmp(raw, 3, 2, 32))).image as RawImage;
    expect(rgba.channels).toBe(4);
    expect([...rgba.data.subarray(8, 12)]).toEqual([200, 0, 50, 128]);
    // A 32-bit BI_RGB file whose fourth bytes are all 0 is opaque (old writers leave them 0).
    const noAlpha = (await decode(bmp(pixels(3, 2, () => [9, 9, 9, 0]), 3, 2, 32))).image as RawImage;
    expect(noAlpha.channels).toBe(3);
  });

  it('decodes palette BMPs, uncompressed and RLE8', async () => {
    const palette = [[255, 0, 0], [0, 0, 255], [0, 255, 0]] as const;
    const indices = [[0, 0, 1, 1, 2], [2, 2, 2, 0, 1]];
    for (const rle of [false, true]) {
      const image = (await decode(bmp8(indices, palette, rle))).image as RawImage;
      expect(image, `rle ${rle}`).toMatchObject({ format: 'raw', channels: 3, pixelWidth: 5, pixelHeight: 2 });
      const colours = [];
      for (let i = 0; i < 10; i++) colours.push(palette.findIndex((c) => c.every((v, k) => v === image.data[i * 3 + k])));
      expect(colours).toEqual(indices.flat());
    }
  });

  it('rejects a BMP whose pixel data is cut short', async () => {
    const file = bmp(raw, 3, 2, 24);
    expect(decodeBmp(file.subarray(0, file.length - 4))).toBeNull();
    const { image, warnings } = await decode(file.subarray(0, file.length - 4));
    expect(image).toBeNull();
    expect(warnings[0]).toMatch(/BMP data is corrupt/);
  });
});

describe('decodeImage: PNG and JPEG kept as files', () => {
  const png7x5 = encodePng(7, 5, (x, y) => [x * 30, y * 50, 128]);

  it('reads the size and keeps the bytes and key', async () => {
    expect((await decode(png7x5, 'logo')).image).toEqual({ key: 'logo', format: 'png', data: png7x5, pixelWidth: 7, pixelHeight: 5 });
  });

  it('reads a PNG that is a view into a larger buffer', async () => {
    const padded = new Uint8Array(png7x5.length + 10);
    padded.set(png7x5, 4);
    expect((await decode(padded.subarray(4, 4 + png7x5.length))).image?.pixelWidth).toBe(7);
  });

  it('reads baseline, progressive and greyscale JPEGs', async () => {
    expect((await decode(JPEG_3X2, 'photo')).image).toMatchObject({ key: 'photo', format: 'jpeg', pixelWidth: 3, pixelHeight: 2 });
    expect((await decode(JPEG_PROGRESSIVE_5X4)).image).toMatchObject({ pixelWidth: 5, pixelHeight: 4 });
    expect((await decode(JPEG_GRAY_2X2)).image).toMatchObject({ pixelWidth: 2, pixelHeight: 2 });
  });

  it('notes the PNG chunks the writer needs', async () => {
    const palette = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#204060' } }).png({ palette: true }).toBuffer();
    expect(readPngInfo(palette)).toMatchObject({ colorType: 3, interlaced: false });
    expect(readPngInfo(palette)!.palette!.length % 3).toBe(0);
    const interlaced = await sharp({ create: { width: 9, height: 9, channels: 3, background: '#204060' } }).png({ progressive: true }).toBuffer();
    expect(readPngInfo(interlaced)?.interlaced).toBe(true);
    expect((await decode(interlaced)).image).toMatchObject({ pixelWidth: 9, pixelHeight: 9 });
  });
});

describe('decodeImage: corrupt data gives null and a warning, never an exception', () => {
  it('rejects truncated files of every format', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'gif', 'avif', 'tiff'] as const) {
      const bytes = await solid(format, 16, 16, RED);
      for (const cut of [0.9, 0.5, 0.1]) {
        const { image, warnings } = await decode(bytes.subarray(0, Math.floor(bytes.length * cut)));
        expect(image, `${format} cut to ${cut}`).toBeNull();
        expect(warnings.length, `${format} cut to ${cut}`).toBeGreaterThan(0);
      }
    }
  });

  it('rejects a PNG whose IDAT data is damaged though every chunk is in place', async () => {
    const png = Buffer.from(await solid('png', 64, 64, RED));
    const idat = png.indexOf('IDAT');
    for (let i = idat + 8; i < idat + 20; i++) png[i] = 0x55; // zlib data after the header
    const { image, warnings } = await decode(png);
    expect(image).toBeNull();
    expect(warnings[0]).toMatch(/PNG data is corrupt/);
  });

  it('rejects an IHDR whose CRC does not match, a zero size and an invalid bit depth', async () => {
    const png7x5 = encodePng(7, 5, () => [0, 0, 0]);
    const bad = Uint8Array.from(png7x5);
    bad[19] = 99;
    expect((await decode(bad)).image).toBeNull();
    expect((await decode(encodePng(0, 3, () => [0, 0, 0]))).image).toBeNull();
    const depth = Buffer.from(png7x5);
    depth[24] = 4; // RGB at 4 bits is not allowed
    expect((await decode(withIhdrCrc(depth))).image).toBeNull();
  });

  it('rejects garbage after a valid signature, empty data, text and SVG without its namespace', async () => {
    const garbage = (sig: string) => Buffer.concat([Buffer.from(sig, 'latin1'), Buffer.alloc(200, 0x5a)]);
    // SVG decodes (test/svg/) only with xmlns="http://www.w3.org/2000/svg" (spec 4.5 rule 4).
    for (const data of [garbage('GIF89a'), garbage('RIFF\0\0\0\0WEBPVP8 '), garbage('II*\0'), garbage('BM'), garbage('\0\0\0\x18ftypavif'), new Uint8Array(0), Buffer.from('hello world, not an image'), Buffer.from('<svg width="10" height="10"/>')]) {
      const { image, warnings } = await decode(data);
      expect(image).toBeNull();
      expect(warnings).toHaveLength(1);
    }
  });

  it('rejects a JPEG cut before its frame header, one with a broken segment, and a 12-bit one', async () => {
    expect((await decode(JPEG_3X2.subarray(0, 100))).image).toBeNull();
    const broken = Uint8Array.from(JPEG_3X2);
    broken[20] = 0x00;
    expect((await decode(broken)).image).toBeNull();
    const twelveBit = Buffer.from(JPEG_3X2);
    twelveBit[twelveBit.indexOf(Buffer.from([0xff, 0xc0])) + 4] = 12; // SOF0 precision
    expect((await decode(twelveBit)).image).toBeNull();
  });
});

describe('decodeImage: decompression bombs', () => {
  it(`refuses a 60-megapixel PNG from its header, before inflating anything`, async () => {
    const bomb = pngWithSize(10_000, 6_000);
    const { image, warnings } = await decode(bomb);
    expect(image).toBeNull();
    expect(warnings).toEqual([`image k: 10000×6000 pixels is over the limit of ${MAX_IMAGE_PIXELS / 1e6} megapixels; it is not decoded`]);
  });

  it('refuses 60-megapixel JPEG, GIF and BMP headers', async () => {
    const jpeg = Buffer.from(JPEG_3X2);
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(6000, sof + 5);
    jpeg.writeUInt16BE(10000, sof + 7);
    const gif = Buffer.from(await solid('gif', 2, 2, RED));
    gif.writeUInt16LE(10000, 6); // logical screen
    gif.writeUInt16LE(6000, 8);
    const imageDescriptor = gif.indexOf(0x2c, 13);
    gif.writeUInt16LE(10000, imageDescriptor + 5);
    gif.writeUInt16LE(6000, imageDescriptor + 7);
    const bmpFile = bmp(quadrants(2, 2), 2, 2, 24);
    bmpFile.writeInt32LE(10000, 18);
    bmpFile.writeInt32LE(6000, 22);
    for (const [name, data] of [['jpeg', jpeg], ['gif', gif], ['bmp', bmpFile]] as const) {
      const { image, warnings } = await decode(data);
      expect(image, name).toBeNull();
      expect(warnings.join('\n'), name).toMatch(/over the limit of 50 megapixels/);
    }
  });

  it('accepts an image just under the limit by its header', async () => {
    // 7000×7000 = 49 MP: the header passes; the data (one row) is then found incomplete.
    const { warnings } = await decode(pngWithSize(7000, 7000));
    expect(warnings.join('\n')).not.toMatch(/megapixels/);
  });
});

/** A PNG that claims w×h pixels but holds one tiny IDAT (a decompression bomb's header). */
function pngWithSize(width: number, height: number): Buffer {
  const png = Buffer.from(encodePng(1, 1, () => [0, 0, 0]));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return withIhdrCrc(png);
}

/** Recomputes the IHDR CRC after a change to its fields. */
function withIhdrCrc(png: Buffer): Buffer {
  let crc = 0xffffffff;
  for (const byte of png.subarray(12, 29)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  png.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 29);
  return png;
}
