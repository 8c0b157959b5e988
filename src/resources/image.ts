// Reads the pixel size and format of a PNG or JPEG from its header, without decoding pixels:
// pdf/ embeds the original bytes (PNG re-encoded by pdf-lib, JPEG as DCTDecode as it is).
// Corrupt or unsupported data gives null so that the caller can warn and skip the image.
import { crc32 } from 'node:zlib';
import type { ImageResource } from '../paint/types.js';

/** Recognises a PNG or JPEG and returns it as an ImageResource under `key`, or null. */
export function readImage(data: Uint8Array, key: string): ImageResource | null {
  const size = isPng(data) ? readPngSize(data) : isJpeg(data) ? readJpegSize(data) : null;
  if (!size) return null;
  return { key, format: size.format, data, pixelWidth: size.width, pixelHeight: size.height };
}

interface ImageSize {
  readonly format: 'png' | 'jpeg';
  readonly width: number;
  readonly height: number;
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

function isPng(data: Uint8Array): boolean {
  return data.length >= 8 && PNG_SIGNATURE.every((byte, i) => data[i] === byte);
}

/**
 * IHDR gives the size; the rest of the chunk structure is walked too (lengths in bounds, an
 * IDAT, an IEND) because a truncated file would otherwise fail later, inside the PDF writer.
 */
function readPngSize(data: Uint8Array): ImageSize | null {
  const view = viewOf(data);
  if (data.length < 33 || view.getUint32(8) !== 13 || chunkType(data, 12) !== 'IHDR') return null;
  if (crc32(data.subarray(12, 29)) !== view.getUint32(29)) return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const [bitDepth, colorType, compression, filter, interlace] = data.subarray(24, 29);
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return null;
  if (!PNG_BIT_DEPTHS.get(colorType!)?.includes(bitDepth!)) return null;
  if (compression !== 0 || filter !== 0 || interlace! > 1) return null;
  return hasPngImageData(data) ? { format: 'png', width, height } : null;
}

/** Walks the chunks after IHDR: true when an IDAT is found and IEND ends the file in bounds. */
function hasPngImageData(data: Uint8Array): boolean {
  const view = viewOf(data);
  let offset = 33;
  let sawIdat = false;
  while (offset + 12 <= data.length) {
    const length = view.getUint32(offset);
    const type = chunkType(data, offset + 4);
    const next = offset + 12 + length;
    if (next > data.length) return false;
    if (type === 'IDAT') sawIdat = true;
    if (type === 'IEND') return sawIdat;
    offset = next;
  }
  return false;
}

function chunkType(data: Uint8Array, offset: number): string {
  return String.fromCharCode(data[offset]!, data[offset + 1]!, data[offset + 2]!, data[offset + 3]!);
}


// --- JPEG (ITU-T T.81 Annex B: markers and segments) ---

function isJpeg(data: Uint8Array): boolean {
  return data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
}

/** Start-of-frame markers carry the size: SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Walks the marker segments up to the first SOFn and reads its height, width and components. */
function readJpegSize(data: Uint8Array): ImageSize | null {
  const view = viewOf(data);
  let offset = 2;
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
    if (marker === 0xd9 || marker === 0xda) return null; // EOI or scan data before any frame
    const length = view.getUint16(offset + 2);
    if (length < 2 || offset + 2 + length > data.length) return null;
    if (isStartOfFrame(marker)) return readFrameHeader(view, offset + 4, length);
    offset += 2 + length;
  }
  return null;
}

/** The frame header (T.81 B.2.2): precision, height, width, component count. */
function readFrameHeader(view: DataView, offset: number, length: number): ImageSize | null {
  if (length < 8) return null;
  const height = view.getUint16(offset + 1);
  const width = view.getUint16(offset + 3);
  const components = view.getUint8(offset + 5);
  // A zero height is defined later by a DNL marker, which PDF readers do not all support.
  if (width === 0 || height === 0 || ![1, 3, 4].includes(components)) return null;
  return { format: 'jpeg', width, height };
}

function viewOf(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}
