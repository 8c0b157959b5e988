// A minimal PNG encoder (8-bit RGB, no filtering) so that the WPT runner can save the test,
// reference and difference images of failing tests for people to look at, without an image
// library. zlib comes with Node; the CRC is the one PNG specifies (ISO 15948 annex D).

import { deflateSync, crc32 } from 'node:zlib';
import type { RgbImage } from './wpt-compare.js';

const SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Encodes an RGB image as PNG bytes. */
export function encodePng(image: RgbImage): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, image.width);
  view.setUint32(4, image.height);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, no filter, no interlace
  const rowBytes = image.width * 3;
  const raw = new Uint8Array((rowBytes + 1) * image.height);
  for (let y = 0; y < image.height; y++) {
    // Each scanline starts with its filter type, 0 (None).
    raw.set(image.data.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  }
  return concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0))]);
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}


function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Images placed left to right with a grey gap, top-aligned; shorter ones padded with white. */
export function sideBySide(images: readonly RgbImage[], gap = 8): RgbImage {
  const width = images.reduce((n, im) => n + im.width, 0) + gap * Math.max(0, images.length - 1);
  const height = Math.max(0, ...images.map((im) => im.height));
  const data = new Uint8Array(width * height * 3).fill(255);
  let left = 0;
  for (const [i, im] of images.entries()) {
    if (i > 0) {
      for (let y = 0; y < height; y++) data.fill(128, (y * width + left) * 3, (y * width + left + gap) * 3);
      left += gap;
    }
    for (let y = 0; y < im.height; y++) data.set(im.data.subarray(y * im.width * 3, (y + 1) * im.width * 3), (y * width + left) * 3);
    left += im.width;
  }
  return { width, height, data };
}
