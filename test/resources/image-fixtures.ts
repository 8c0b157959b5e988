// Real image bytes for tests, made by sharp at test time (and BMPs by hand: sharp cannot write
// BMP), plus small helpers to read pixels back from decoded images and rendered pages.
import sharp from 'sharp';
import { poppler, writeTemp } from '../pdf/helpers.js';

export type Rgba = readonly [number, number, number, number];

/** A solid image in `format`, w×h, of one colour (alpha 0–1). */
export function solid(format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' | 'tiff', width: number, height: number, color: { r: number; g: number; b: number; alpha?: number }): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 4, background: { alpha: 1, ...color } } });
  switch (format) {
    case 'png': return image.png().toBuffer();
    case 'jpeg': return image.jpeg().toBuffer();
    case 'webp': return image.webp().toBuffer();
    case 'gif': return image.gif().toBuffer();
    case 'avif': return image.avif().toBuffer();
    case 'tiff': return image.tiff().toBuffer();
  }
}

/** w×h RGBA pixels from a function. */
export function pixels(width: number, height: number, at: (x: number, y: number) => Rgba): Buffer {
  const out = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out.set(at(x, y), (y * width + x) * 4);
  return out;
}

/** Four coloured quadrants (red, green / blue, yellow): any turn or mirror shows. */
export function quadrants(width: number, height: number): Buffer {
  return pixels(width, height, (x, y) => {
    const left = x < width / 2;
    const top = y < height / 2;
    return top ? (left ? [255, 0, 0, 255] : [0, 255, 0, 255]) : left ? [0, 0, 255, 255] : [255, 255, 0, 255];
  });
}

/** Encodes RGBA pixels with sharp. */
export function encode(raw: Buffer, width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' | 'avif', options: { orientation?: number } = {}): Promise<Buffer> {
  let image = sharp(raw, { raw: { width, height, channels: 4 } });
  if (format === 'jpeg') image = image.flatten({ background: '#ffffff' }).jpeg({ quality: 95 });
  else if (format === 'webp') image = image.webp({ lossless: true });
  else if (format === 'avif') image = image.avif({ lossless: true });
  else image = image.toFormat(format);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

/**
 * An uncompressed BMP (BITMAPINFOHEADER, bottom-up): 24-bit, or 32-bit BI_RGB whose fourth
 * byte is alpha.
 */
export function bmp(raw: Buffer, width: number, height: number, bits: 24 | 32): Buffer {
  const stride = Math.floor((bits * width + 31) / 32) * 4;
  const pixelData = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const row = (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = raw.subarray((y * width + x) * 4, (y * width + x) * 4 + 4);
      const o = row + x * (bits / 8);
      pixelData[o] = b!;
      pixelData[o + 1] = g!;
      pixelData[o + 2] = r!;
      if (bits === 32) pixelData[o + 3] = a!;
    }
  }
  return Buffer.concat([bmpHeaders(width, height, bits, 0, 0, pixelData.length, Buffer.alloc(0)), pixelData]);
}

/** An 8-bit palette BMP, RLE8-compressed when `rle`: each row one run per colour change. */
export function bmp8(indices: readonly number[][], palette: readonly (readonly [number, number, number])[], rle = false): Buffer {
  const height = indices.length;
  const width = indices[0]!.length;
  const table = Buffer.alloc(palette.length * 4);
  palette.forEach(([r, g, b], i) => table.set([b, g, r, 0], i * 4));
  const rows: number[] = [];
  for (let y = height - 1; y >= 0; y--) {
    const row = indices[y]!;
    if (!rle) {
      const stride = Math.ceil(width / 4) * 4;
      rows.push(...row, ...new Array<number>(stride - width).fill(0));
      continue;
    }
    let x = 0;
    while (x < width) {
      let n = 1;
      while (x + n < width && row[x + n] === row[x] && n < 255) n++;
      rows.push(n, row[x]!);
      x += n;
    }
    rows.push(0, 0); // end of line
  }
  if (rle) rows.push(0, 1); // end of bitmap
  const pixelData = Buffer.from(rows);
  return Buffer.concat([bmpHeaders(width, height, 8, rle ? 1 : 0, palette.length, pixelData.length, table), pixelData]);
}

function bmpHeaders(width: number, height: number, bits: number, compression: number, colors: number, dataSize: number, table: Buffer): Buffer {
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + table.length + dataSize, 2);
  header.writeUInt32LE(54 + table.length, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(bits, 28);
  header.writeUInt32LE(compression, 30);
  header.writeUInt32LE(dataSize, 34);
  header.writeUInt32LE(colors, 46);
  return Buffer.concat([header, table]);
}

/** Renders page `page` (0-based) of a PDF at 72 dpi (1 pt = 1 px) to RGB pixels. */
export async function rasterize(pdf: Uint8Array, page = 0): Promise<{ width: number; height: number; at(x: number, y: number): [number, number, number] }> {
  const file = writeTemp('page.pdf', pdf);
  poppler('pdftoppm', ['-r', '72', '-f', String(page + 1), '-l', String(page + 1), '-png', '-singlefile', file, `${file}-page`]);
  const { data, info } = await sharp(`${file}-page.png`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x, y) => {
      const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

/** True when two colours differ by at most `tolerance` per channel. */
export function near(actual: readonly number[], expected: readonly number[], tolerance = 24): boolean {
  return expected.every((v, i) => Math.abs(actual[i]! - v) <= tolerance);
}

export function dataUri(bytes: Uint8Array, type = 'application/octet-stream'): string {
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}
