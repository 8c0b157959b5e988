// A BMP decoder (sharp's libvips has no BMP loader): the Windows DIB formats, headers from the
// OS/2 12-byte core header to BITMAPV5HEADER; 1/2/4/8-bit palettes, 16/24/32-bit direct colour
// with BI_BITFIELDS masks, RLE8 and RLE4. Embedded JPEG/PNG (compression 4/5) is not read.
import type { Pixels } from './image-decode.js';

interface BmpHeader {
  readonly width: number;
  readonly height: number;
  readonly topDown: boolean;
  readonly bitCount: number;
  readonly compression: number;
  /** Offset of the pixel array from the start of the file. */
  readonly pixelOffset: number;
  readonly palette: readonly (readonly [number, number, number])[];
  /** Channel masks for 16/32-bit images: red, green, blue, alpha (0 for none). */
  readonly masks: readonly [number, number, number, number] | null;
}

const BI_RGB = 0;
const BI_RLE8 = 1;
const BI_RLE4 = 2;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

/** The pixel size from the header, or null when it is not a BMP this decoder reads. */
export function readBmpSize(data: Uint8Array): { width: number; height: number } | null {
  const header = readHeader(data);
  return header && { width: header.width, height: header.height };
}

/** Decodes a BMP to RGB or RGBA pixels (alpha only when the file has any), or null. */
export function decodeBmp(data: Uint8Array): Pixels | null {
  const h = readHeader(data);
  if (!h) return null;
  if (h.compression === BI_RLE8 || h.compression === BI_RLE4) return decodeRle(data, h);
  return h.bitCount <= 8 ? decodeIndexed(data, h) : decodeDirect(data, h);
}

function readHeader(data: Uint8Array): BmpHeader | null {
  if (data.length < 26 || data[0] !== 0x42 || data[1] !== 0x4d) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const pixelOffset = view.getUint32(10, true);
  const size = view.getUint32(14, true);
  let width: number;
  let rawHeight: number;
  let bitCount: number;
  let compression = BI_RGB;
  let colorsUsed = 0;
  let paletteEntry = 4;
  if (size === 12) {
    width = view.getUint16(18, true);
    rawHeight = view.getInt16(20, true);
    bitCount = view.getUint16(24, true);
    paletteEntry = 3;
  } else if (size >= 16 && size <= 124 && data.length >= 14 + size) {
    width = view.getInt32(18, true);
    rawHeight = view.getInt32(22, true);
    bitCount = view.getUint16(28, true);
    if (size >= 20) compression = view.getUint32(30, true);
    if (size >= 36) colorsUsed = view.getUint32(46, true);
  } else {
    return null;
  }
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0 || ![1, 2, 4, 8, 16, 24, 32].includes(bitCount)) return null;
  let masks: [number, number, number, number] | null = null;
  let tableStart = 14 + size;
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    if (bitCount !== 16 && bitCount !== 32) return null;
    const alphaMask = compression === BI_ALPHABITFIELDS || size >= 56;
    // V2+ headers hold the masks; a 40-byte header is followed by them.
    const at = size >= 52 ? 54 : tableStart;
    if (size < 52) tableStart += alphaMask ? 16 : 12;
    if (at + (alphaMask ? 16 : 12) > data.length) return null;
    masks = [view.getUint32(at, true), view.getUint32(at + 4, true), view.getUint32(at + 8, true), alphaMask ? view.getUint32(at + 12, true) : 0];
  } else if (compression === BI_RGB) {
    if (bitCount === 16) masks = [0x7c00, 0x03e0, 0x001f, 0];
    else if (bitCount === 32) masks = [0x00ff0000, 0x0000ff00, 0x000000ff, 0];
  } else if (!((compression === BI_RLE8 && bitCount === 8) || (compression === BI_RLE4 && bitCount === 4))) {
    return null;
  }
  const palette: [number, number, number][] = [];
  if (bitCount <= 8) {
    const count = colorsUsed > 0 && colorsUsed <= 1 << bitCount ? colorsUsed : 1 << bitCount;
    for (let i = 0; i < count; i++) {
      const at = tableStart + i * paletteEntry;
      if (at + 3 > data.length || at + 3 > pixelOffset) break;
      palette.push([data[at + 2]!, data[at + 1]!, data[at]!]);
    }
    if (palette.length === 0) return null;
  }
  if (pixelOffset >= data.length) return null;
  return { width, height, topDown: rawHeight < 0, bitCount, compression, pixelOffset, palette, masks };
}

function rowStride(h: BmpHeader): number {
  return Math.floor((h.bitCount * h.width + 31) / 32) * 4;
}

/** The file row (bottom-up unless topDown) that holds output row `y`. */
function fileRow(h: BmpHeader, y: number): number {
  return h.topDown ? y : h.height - 1 - y;
}

function decodeIndexed(data: Uint8Array, h: BmpHeader): Pixels | null {
  const stride = rowStride(h);
  if (h.pixelOffset + stride * h.height > data.length) return null;
  const out = new Uint8Array(h.width * h.height * 3);
  const perByte = 8 / h.bitCount;
  const mask = (1 << h.bitCount) - 1;
  for (let y = 0; y < h.height; y++) {
    const row = h.pixelOffset + fileRow(h, y) * stride;
    for (let x = 0; x < h.width; x++) {
      const byte = data[row + Math.floor(x / perByte)]!;
      const shift = 8 - h.bitCount * ((x % perByte) + 1);
      const color = h.palette[(byte >> shift) & mask] ?? h.palette[0]!;
      out.set(color, (y * h.width + x) * 3);
    }
  }
  return { width: h.width, height: h.height, channels: 3, data: out };
}

/** A mask's shift and the scale from its bits to 0–255. */
function channelOf(mask: number): { mask: number; shift: number; max: number } {
  if (mask === 0) return { mask: 0, shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { mask, shift, max: (mask >>> shift) >>> 0 };
}

function decodeDirect(data: Uint8Array, h: BmpHeader): Pixels | null {
  const stride = rowStride(h);
  if (h.pixelOffset + stride * h.height > data.length) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const [r, g, b, a] = (h.masks ?? [0xff0000, 0xff00, 0xff, 0]).map(channelOf) as [ReturnType<typeof channelOf>, ReturnType<typeof channelOf>, ReturnType<typeof channelOf>, ReturnType<typeof channelOf>];
  const bytes = h.bitCount / 8;
  // A 32-bit BI_RGB file's fourth byte is alpha only when some pixel sets it (old writers leave it 0).
  const alpha = a.max > 0 ? a : h.bitCount === 32 && h.compression === BI_RGB && fourthByteUsed(data, h, stride) ? channelOf(0xff000000) : null;
  const channels = alpha ? 4 : 3;
  const out = new Uint8Array(h.width * h.height * channels);
  const scale = (value: number, c: { mask: number; shift: number; max: number }) => (c.max === 0 ? 0 : c.max === 255 ? value : Math.round((value * 255) / c.max));
  for (let y = 0; y < h.height; y++) {
    const row = h.pixelOffset + fileRow(h, y) * stride;
    for (let x = 0; x < h.width; x++) {
      const at = row + x * bytes;
      const o = (y * h.width + x) * channels;
      if (h.bitCount === 24) {
        out[o] = data[at + 2]!;
        out[o + 1] = data[at + 1]!;
        out[o + 2] = data[at]!;
        continue;
      }
      const px = h.bitCount === 16 ? view.getUint16(at, true) : view.getUint32(at, true);
      out[o] = scale(((px & r.mask) >>> 0) >>> r.shift, r);
      out[o + 1] = scale(((px & g.mask) >>> 0) >>> g.shift, g);
      out[o + 2] = scale(((px & b.mask) >>> 0) >>> b.shift, b);
      if (alpha) out[o + 3] = scale(((px & alpha.mask) >>> 0) >>> alpha.shift, alpha);
    }
  }
  return { width: h.width, height: h.height, channels, data: out };
}

function fourthByteUsed(data: Uint8Array, h: BmpHeader, stride: number): boolean {
  for (let y = 0; y < h.height; y++) {
    const row = h.pixelOffset + y * stride;
    for (let x = 0; x < h.width; x++) if (data[row + x * 4 + 3] !== 0) return true;
  }
  return false;
}

/**
 * RLE8 and RLE4 (the Windows bitmap RLE): runs and absolute blocks of palette indices, with
 * end-of-line, end-of-bitmap and delta escapes. Pixels a delta skips stay transparent.
 */
function decodeRle(data: Uint8Array, h: BmpHeader): Pixels | null {
  const { width, height } = h;
  const out = new Uint8Array(width * height * 4);
  let skipped = false;
  let x = 0;
  let row = 0; // file row, bottom-up
  let p = h.pixelOffset;
  const four = h.compression === BI_RLE4;
  const put = (index: number) => {
    if (x < width && row < height) {
      const color = h.palette[index] ?? h.palette[0]!;
      const o = (fileRow(h, row) * width + x) * 4;
      out.set(color, o);
      out[o + 3] = 255;
    }
    x++;
  };
  decode: while (p + 1 < data.length && row < height) {
    const count = data[p]!;
    const value = data[p + 1]!;
    p += 2;
    if (count > 0) {
      for (let i = 0; i < count; i++) put(four ? (i % 2 === 0 ? value >> 4 : value & 15) : value);
      continue;
    }
    switch (value) {
      case 0: // end of line
        if (x < width) skipped = true;
        x = 0;
        row++;
        break;
      case 1: // end of bitmap
        break decode;
      case 2: // delta
        if (p + 1 >= data.length) return null;
        x += data[p]!;
        row += data[p + 1]!;
        p += 2;
        skipped = true;
        break;
      default: {
        // Absolute mode: `value` indices, padded to a 16-bit boundary.
        const bytes = four ? Math.ceil(value / 2) : value;
        if (p + bytes > data.length) return null;
        for (let i = 0; i < value; i++) put(four ? (i % 2 === 0 ? data[p + (i >> 1)]! >> 4 : data[p + (i >> 1)]! & 15) : data[p + i]!);
        p += bytes + (bytes % 2);
      }
    }
  }
  if (row < height - 1 || (row === height - 1 && x < width)) skipped = true;
  if (!skipped) {
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0, j = 0; i < out.length; i += 4, j += 3) {
      rgb[j] = out[i]!;
      rgb[j + 1] = out[i + 1]!;
      rgb[j + 2] = out[i + 2]!;
    }
    return { width, height, channels: 3, data: rgb };
  }
  return { width, height, channels: 4, data: out };
}
