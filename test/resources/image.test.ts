// readImage: sizes from PNG IHDR and JPEG SOFn headers; corrupt data rejected with null.
import { describe, expect, it } from 'vitest';
import { readImage } from '../../src/resources/image.js';
import { encodePng, JPEG_3X2, JPEG_GRAY_2X2, JPEG_PROGRESSIVE_5X4 } from '../helpers/images.js';

const png7x5 = encodePng(7, 5, (x, y) => [x * 30, y * 50, 128]);

describe('readImage: PNG', () => {
  it('reads the size and keeps the bytes and key', () => {
    const image = readImage(png7x5, 'logo');
    expect(image).toEqual({ key: 'logo', format: 'png', data: png7x5, pixelWidth: 7, pixelHeight: 5 });
  });

  it('reads a PNG that is a view into a larger buffer', () => {
    const padded = new Uint8Array(png7x5.length + 10);
    padded.set(png7x5, 4);
    expect(readImage(padded.subarray(4, 4 + png7x5.length), 'k')?.pixelWidth).toBe(7);
  });

  it('rejects a truncated file', () => {
    expect(readImage(png7x5.subarray(0, png7x5.length - 6), 'k')).toBeNull();
    expect(readImage(png7x5.subarray(0, 20), 'k')).toBeNull();
  });

  it('rejects an IHDR whose CRC does not match', () => {
    const bad = Uint8Array.from(png7x5);
    bad[19] = 99; // width becomes 99 without fixing the CRC
    expect(readImage(bad, 'k')).toBeNull();
  });

  it('rejects a zero-sized image and an invalid bit depth', () => {
    expect(readImage(encodePng(0, 3, () => [0, 0, 0]), 'k')).toBeNull();
    const depth = withIhdrByte(png7x5, 24, 4); // RGB at 4 bits is not allowed
    expect(readImage(depth, 'k')).toBeNull();
  });
});

describe('readImage: JPEG', () => {
  it('reads a baseline JPEG', () => {
    expect(readImage(JPEG_3X2, 'photo')).toMatchObject({ key: 'photo', format: 'jpeg', pixelWidth: 3, pixelHeight: 2 });
  });

  it('reads a progressive JPEG (SOF2) and a greyscale one', () => {
    expect(readImage(JPEG_PROGRESSIVE_5X4, 'p')).toMatchObject({ pixelWidth: 5, pixelHeight: 4 });
    expect(readImage(JPEG_GRAY_2X2, 'g')).toMatchObject({ pixelWidth: 2, pixelHeight: 2 });
  });

  it('rejects a JPEG cut before its frame header, and one with a broken segment', () => {
    expect(readImage(JPEG_3X2.subarray(0, 100), 'k')).toBeNull();
    const broken = Uint8Array.from(JPEG_3X2);
    broken[20] = 0x00; // the second segment no longer starts with 0xFF
    expect(readImage(broken, 'k')).toBeNull();
  });
});

describe('readImage: other data', () => {
  it('returns null for GIF, SVG, empty data and plain text', () => {
    expect(readImage(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'k')).toBeNull();
    expect(readImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'k')).toBeNull();
    expect(readImage(new Uint8Array(0), 'k')).toBeNull();
    expect(readImage(Buffer.from('hello world, not an image'), 'k')).toBeNull();
  });
});

/** A copy of `png` with one IHDR byte changed and the IHDR CRC recomputed. */
function withIhdrByte(png: Uint8Array, offset: number, value: number): Uint8Array {
  const copy = Buffer.from(png);
  copy[offset] = value;
  let crc = 0xffffffff;
  for (const byte of copy.subarray(12, 29)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  copy.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 29);
  return copy;
}
