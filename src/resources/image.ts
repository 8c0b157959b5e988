// Image decoding for the resources stage: the format is recognised by its magic bytes (never
// by URL or Content-Type), its pixel size read from the header and checked against the
// decompression-bomb limit before any pixel is decoded. PNG and JPEG stay as they came (the
// PDF writer embeds them directly); WebP, GIF (first frame), AVIF, TIFF and BMP are decoded to
// pixels (image-decode.ts); SVG text becomes a vector drawing (svg/decode.ts). Corrupt or
// unsupported data gives null, never an exception.
import { crc32, createInflate } from 'node:zlib';
import type { ImageResource } from '../paint/types.js';
import { decodeBmp, readBmpSize } from './bmp.js';
import { decodeWithSharp, readSizeWithSharp } from './image-decode.js';
import { decodeSvg } from './svg/decode.js';
import { looksLikeSvg } from './svg/sniff.js';

/** Images with more pixels than this are refused (a small file can inflate to gigabytes). */
export const MAX_IMAGE_PIXELS = 50_000_000;

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' | 'tiff' | 'bmp';

/**
 * Decodes image bytes into an ImageResource under `key`, or null when they are not an image
 * the engine reads, are corrupt, or are too large; `onWarning` hears why.
 */
export async function decodeImage(data: Uint8Array, key: string, onWarning: (message: string) => void = () => {}): Promise<ImageResource | null> {
  const format = sniffImageFormat(data);
  if (format === null) {
    if (looksLikeSvg(data)) return decodeSvg(data, key, onWarning);
    onWarning(`image ${key}: not a PNG, JPEG, WebP, GIF, AVIF, TIFF, BMP or SVG file`);
    return null;
  }
  try {
    return await decodeAs(format, data, key, onWarning);
  } catch (error) {
    onWarning(`image ${key}: the ${format.toUpperCase()} data could not be decoded (${(error as Error).message})`);
    return null;
  }
}

async function decodeAs(format: ImageFormat, data: Uint8Array, key: string, onWarning: (message: string) => void): Promise<ImageResource | null> {
  const corrupt = (): null => {
    onWarning(`image ${key}: the ${format.toUpperCase()} data is corrupt or unsupported`);
    return null;
  };
  const tooLarge = (width: number, height: number): boolean => {
    if (width * height <= MAX_IMAGE_PIXELS) return false;
    onWarning(`image ${key}: ${width}×${height} pixels is over the limit of ${MAX_IMAGE_PIXELS / 1e6} megapixels; it is not decoded`);
    return true;
  };
  switch (format) {
    case 'png': {
      const png = readPngInfo(data);
      if (!png) return corrupt();
      if (tooLarge(png.width, png.height)) return null;
      if (!(await pngDataIsComplete(png))) return corrupt();
      return { key, format: 'png', data, pixelWidth: png.width, pixelHeight: png.height };
    }
    case 'jpeg': {
      const jpeg = readJpegInfo(data);
      if (!jpeg) return corrupt();
      if (tooLarge(jpeg.width, jpeg.height)) return null;
      // PDF's DCTDecode reads 8-bit samples only; 12-bit JPEGs would need decoding.
      if (jpeg.precision !== 8 || !jpeg.complete) return corrupt();
      return jpegResource(jpeg, data, key);
    }
    case 'bmp': {
      const size = readBmpSize(data);
      if (!size) return corrupt();
      if (tooLarge(size.width, size.height)) return null;
      const pixels = decodeBmp(data);
      if (!pixels) return corrupt();
      return { key, format: 'raw', data: pixels.data, channels: pixels.channels, pixelWidth: pixels.width, pixelHeight: pixels.height };
    }
    default: {
      const size = await readSizeWithSharp(data);
      if (!size) return corrupt();
      if (tooLarge(size.width, size.height)) return null;
      const pixels = await decodeWithSharp(data, MAX_IMAGE_PIXELS);
      if (!pixels) return corrupt();
      return { key, format: 'raw', data: pixels.data, channels: pixels.channels, pixelWidth: pixels.width, pixelHeight: pixels.height };
    }
  }
}

/** A JPEG as displayed: orientations 5–8 turn it a quarter, swapping width and height. */
function jpegResource(jpeg: JpegInfo, data: Uint8Array, key: string): ImageResource {
  const turned = jpeg.orientation >= 5;
  const size = { pixelWidth: turned ? jpeg.height : jpeg.width, pixelHeight: turned ? jpeg.width : jpeg.height };
  return jpeg.orientation === 1 ? { key, format: 'jpeg', data, ...size } : { key, format: 'jpeg', data, ...size, orientation: jpeg.orientation };
}

/** The image format from the first bytes of a file, or null for anything else. */
export function sniffImageFormat(data: Uint8Array): ImageFormat | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...data.subarray(start, end));
  if (isPng(data)) return 'png';
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (data.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (data.length >= 8 && (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*' || ascii(0, 4) === 'II+\0' || ascii(0, 4) === 'MM\0+')) return 'tiff';
  if (data.length >= 26 && ascii(0, 2) === 'BM') return 'bmp';
  if (data.length >= 16 && ascii(4, 8) === 'ftyp' && isHeifBrand(data)) return 'avif';
  return null;
}

// ISO/IEC 23008-12 (HEIF) and the AVIF specification: the ftyp box's major and compatible brands.
const HEIF_BRANDS = new Set(['avif', 'avis', 'mif1', 'msf1', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);

function isHeifBrand(data: Uint8Array): boolean {
  const view = viewOf(data);
  const boxSize = Math.min(view.getUint32(0), data.length, 4096);
  for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
    if (offset === 12) continue; // minor_version
    if (HEIF_BRANDS.has(String.fromCharCode(...data.subarray(offset, offset + 4)))) return true;
  }
  return false;
}

// --- PNG (ISO/IEC 15948, "PNG specification" §5, §11.2.2) ---

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// Allowed bit depths per colour type (PNG §11.2.2 table 11.1).
const PNG_BIT_DEPTHS: ReadonlyMap<number, readonly number[]> = new Map([
  [0, [1, 2, 4, 8, 16]],
  [2, [8, 16]],
  [3, [1, 2, 4, 8]],
  [4, [8, 16]],
  [6, [8, 16]],
]);

/** Samples per pixel of each colour type. */
const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** What the PDF writer needs from a PNG's chunks. */
export interface PngInfo {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGB + alpha. */
  readonly colorType: number;
  readonly interlaced: boolean;
  /** PLTE entries (RGB triples), for colour type 3. */
  readonly palette: Uint8Array | null;
  /** A tRNS chunk: transparency without an alpha channel. */
  readonly hasTransparencyChunk: boolean;
  /** The IDAT chunks' data, in order: together one zlib stream of filtered scanlines. */
  readonly idat: readonly Uint8Array[];
}

function isPng(data: Uint8Array): boolean {
  return data.length >= 8 && PNG_SIGNATURE.every((byte, i) => data[i] === byte);
}

/**
 * Reads IHDR (its CRC checked) and walks the chunks after it: every length in bounds, a PLTE
 * for palette images, at least one IDAT, IEND at the end. Null for anything malformed.
 */
export function readPngInfo(data: Uint8Array): PngInfo | null {
  if (!isPng(data)) return null;
  const view = viewOf(data);
  if (data.length < 33 || view.getUint32(8) !== 13 || chunkType(data, 12) !== 'IHDR') return null;
  if (crc32(data.subarray(12, 29)) !== view.getUint32(29)) return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const [bitDepth, colorType, compression, filter, interlace] = data.subarray(24, 29);
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return null;
  if (!PNG_BIT_DEPTHS.get(colorType!)?.includes(bitDepth!)) return null;
  if (compression !== 0 || filter !== 0 || interlace! > 1) return null;
  let offset = 33;
  let palette: Uint8Array | null = null;
  let hasTransparencyChunk = false;
  const idat: Uint8Array[] = [];
  while (offset + 12 <= data.length) {
    const length = view.getUint32(offset);
    const type = chunkType(data, offset + 4);
    const next = offset + 12 + length;
    if (next > data.length) return null;
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (type === 'IDAT') idat.push(body);
    else if (type === 'PLTE') palette = length % 3 === 0 && length > 0 ? body : null;
    else if (type === 'tRNS') hasTransparencyChunk = true;
    else if (type === 'IEND') {
      if (idat.length === 0 || (colorType === 3 && palette === null)) return null;
      return { width, height, bitDepth: bitDepth!, colorType: colorType!, interlaced: interlace === 1, palette, hasTransparencyChunk, idat };
    }
    offset = next;
  }
  return null;
}

// Adam7 passes (PNG §8.2): x start, y start, x step, y step.
const ADAM7: readonly (readonly [number, number, number, number])[] = [
  [0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2],
];

/** Bytes of filtered scanlines (a filter byte each) that the IDAT stream must inflate to. */
export function pngScanlineBytes(png: PngInfo): number {
  const bitsPerPixel = png.bitDepth * PNG_CHANNELS[png.colorType]!;
  const rows = (width: number, height: number) => (width > 0 && height > 0 ? height * (1 + Math.ceil((width * bitsPerPixel) / 8)) : 0);
  if (!png.interlaced) return rows(png.width, png.height);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) total += rows(Math.ceil((png.width - x0) / dx), Math.ceil((png.height - y0) / dy));
  return total;
}

/**
 * Inflates the IDAT stream (off the main thread, output discarded) to check that it is a
 * valid zlib stream holding every scanline: a truncated or damaged PNG is caught here rather
 * than in a PDF viewer. Stops early once every scanline is there.
 */
function pngDataIsComplete(png: PngInfo): Promise<boolean> {
  const expected = pngScanlineBytes(png);
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 1 << 18 });
    let total = 0;
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      resolve(ok);
      inflate.destroy();
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total >= expected) settle(true);
    });
    inflate.on('end', () => settle(total >= expected));
    inflate.on('error', () => settle(false));
    for (const part of png.idat) inflate.write(part);
    inflate.end();
  });
}

function chunkType(data: Uint8Array, offset: number): string {
  return String.fromCharCode(data[offset]!, data[offset + 1]!, data[offset + 2]!, data[offset + 3]!);
}

// --- JPEG (ITU-T T.81 Annex B: markers and segments) ---

/** What the PDF writer needs from a JPEG's header segments. */
export interface JpegInfo {
  /** Stored size (before orientation). */
  readonly width: number;
  readonly height: number;
  /** 1 grey, 3 YCbCr/RGB, 4 CMYK/YCCK. */
  readonly components: number;
  /** Bits per sample. */
  readonly precision: number;
  /** EXIF orientation, 1–8 (1 when there is no EXIF or no valid orientation tag). */
  readonly orientation: number;
  /** The scan data ends with an EOI marker (the file is not truncated). */
  readonly complete: boolean;
}

/** Start-of-frame markers carry the size: SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * Walks the marker segments to the first scan (SOS), reading the frame header (SOFn) and
 * noting the EXIF orientation on the way.
 */
export function readJpegInfo(data: Uint8Array): JpegInfo | null {
  if (!(data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)) return null;
  const view = viewOf(data);
  let offset = 2;
  let orientation = 1;
  let frame: ReturnType<typeof readFrameHeader> = null;
  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset++; // fill byte (T.81 B.1.1.2)
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // TEM and RSTn stand alone, with no length
      continue;
    }
    if (marker === 0xd9) return null; // EOI before any scan
    const length = view.getUint16(offset + 2);
    if (length < 2 || offset + 2 + length > data.length) return null;
    const body = data.subarray(offset + 4, offset + 2 + length);
    if (marker === 0xda) {
      if (!frame) return null; // scan data before any frame
      // Entropy-coded data never holds FF D9 (an FF there is followed by 00 or RSTn), so the
      // first EOI after the scan header ends the image: without one the file was cut short.
      const complete = Buffer.from(data.buffer, data.byteOffset, data.byteLength).indexOf(EOI, offset + 2 + length) >= 0;
      return { ...frame, orientation, complete };
    }
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(body);
    else if (isStartOfFrame(marker) && !frame) {
      frame = readFrameHeader(body);
      if (!frame) return null;
    }
    offset += 2 + length;
  }
  return null;
}

const EOI = Buffer.from([0xff, 0xd9]);

/** The frame header (T.81 B.2.2): precision, height, width, component count. */
function readFrameHeader(body: Uint8Array): { width: number; height: number; components: number; precision: number } | null {
  if (body.length < 6) return null;
  const view = viewOf(body);
  const precision = view.getUint8(0);
  const height = view.getUint16(1);
  const width = view.getUint16(3);
  const components = view.getUint8(5);
  // A zero height is defined later by a DNL marker, which PDF readers do not all support.
  if (width === 0 || height === 0 || ![1, 3, 4].includes(components)) return null;
  return { width, height, components, precision };
}

/**
 * The Orientation tag (0x0112) of IFD0 in an APP1 "Exif" segment (EXIF 2.3 §4.6.4, a TIFF
 * structure in either byte order); 1 when absent or out of range.
 */
export function exifOrientation(segment: Uint8Array): number {
  if (segment.length < 14 || String.fromCharCode(...segment.subarray(0, 4)) !== 'Exif' || segment[4] !== 0 || segment[5] !== 0) return 1;
  const tiff = segment.subarray(6);
  const view = viewOf(tiff);
  const order = String.fromCharCode(tiff[0]!, tiff[1]!);
  if (order !== 'II' && order !== 'MM') return 1;
  const little = order === 'II';
  if (view.getUint16(2, little) !== 42) return 1;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return 1;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (view.getUint16(entry, little) !== 0x0112) continue;
    // Type SHORT (3), count 1: the value sits in the first two bytes of the value field.
    if (view.getUint16(entry + 2, little) !== 3) return 1;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}

function viewOf(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}
