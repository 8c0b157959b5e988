// Image signatures for unlabelled images, and which media types each kind accepts.
import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../../../src/resources/net/index.js';
import { acceptsMediaType, charsetField, mediaTypeEssence } from '../../../src/resources/net/content-type.js';
import { encodePng, JPEG_3X2 } from '../../helpers/images.js';

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));
const bytes = (...parts: (number[] | string)[]): Uint8Array => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? ascii(p) : p)));

describe('sniffImageType', () => {
  it('recognises PNG, JPEG, GIF, WebP, AVIF, TIFF and BMP', () => {
    expect(sniffImageType(encodePng(1, 1, () => [0, 0, 0]))).toBe('image/png');
    expect(sniffImageType(JPEG_3X2)).toBe('image/jpeg');
    expect(sniffImageType(bytes('GIF89a', [1, 0, 1, 0]))).toBe('image/gif');
    expect(sniffImageType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'mif1miaf'))).toBe('image/avif');
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], 'ftypmif1', [0, 0, 0, 0], 'avifmiaf'))).toBe('image/avif');
    expect(sniffImageType(bytes([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]))).toBe('image/tiff');
    expect(sniffImageType(bytes([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]))).toBe('image/tiff');
    expect(sniffImageType(bytes('BM', new Array(12).fill(0)))).toBe('image/bmp');
  });

  it('recognises nothing else', () => {
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], 'ftypisom', [0, 0, 0, 0], 'isomiso2'))).toBeNull(); // MP4
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffImageType(bytes([0x89, 0x50, 0x4e]))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
  });
});

describe('mediaTypeEssence', () => {
  it('lower-cases and drops parameters; junk and absence give an empty string', () => {
    expect(mediaTypeEssence('Text/CSS; charset=UTF-8')).toBe('text/css');
    expect(mediaTypeEssence(['font/ttf', 'text/plain'])).toBe('font/ttf');
    expect(mediaTypeEssence('nonsense')).toBe('');
    expect(mediaTypeEssence(undefined)).toBe('');
  });
});

describe('charsetField', () => {
  it('the charset parameter as given, quoted or not; nothing without one', () => {
    expect(charsetField('text/css; charset=Shift_JIS')).toEqual({ charset: 'Shift_JIS' });
    expect(charsetField('text/css;CHARSET="utf-16be"; x=y')).toEqual({ charset: 'utf-16be' });
    expect(charsetField('text/css')).toEqual({});
    expect(charsetField(undefined)).toEqual({});
  });
});

describe('acceptsMediaType', () => {
  const png = encodePng(1, 1, () => [0, 0, 0]);
  const text = bytes('hello');

  it('images: image/*, or octet-stream and no type only when the bytes are an image', () => {
    expect(acceptsMediaType('image', 'image/png', text, 'http')).toBe(true);
    expect(acceptsMediaType('image', 'image/svg+xml', text, 'http')).toBe(true);
    expect(acceptsMediaType('image', 'application/octet-stream', png, 'http')).toBe(true);
    expect(acceptsMediaType('image', 'application/octet-stream', text, 'http')).toBe(false);
    expect(acceptsMediaType('image', '', png, 'http')).toBe(true);
    expect(acceptsMediaType('image', 'text/html', png, 'http')).toBe(false);
  });

  it('fonts: the font types only', () => {
    for (const type of ['font/ttf', 'application/x-font-ttf', 'font/otf', 'font/woff', 'font/woff2', 'application/font-woff', 'application/vnd.ms-opentype', 'application/font-sfnt']) {
      expect(acceptsMediaType('font', type, text, 'http'), type).toBe(true);
    }
    for (const type of ['text/plain', 'application/octet-stream', '', 'text/css']) {
      expect(acceptsMediaType('font', type, text, 'http'), type).toBe(false);
    }
  });

  it('stylesheets: text/css, and no type only from a data: URI', () => {
    expect(acceptsMediaType('stylesheet', 'text/css', text, 'http')).toBe(true);
    expect(acceptsMediaType('stylesheet', '', text, 'data')).toBe(true);
    expect(acceptsMediaType('stylesheet', '', text, 'http')).toBe(false);
    expect(acceptsMediaType('stylesheet', 'text/plain', text, 'data')).toBe(false);
  });
});
