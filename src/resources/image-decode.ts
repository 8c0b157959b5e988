// Pixel decoding through sharp (libvips) for the formats the PDF writer cannot embed as they
// are: WebP, GIF (first frame), AVIF, TIFF (first page), and PNGs whose alpha or interlacing
// PDF cannot read directly. Output: 8-bit interleaved samples, grey or sRGB, alpha last.
import type SharpModule from 'sharp';

type Sharp = typeof SharpModule;
let loading: Promise<Sharp> | null = null;

/** sharp and libvips, loaded on first use: a start-up cost that documents without such images never pay. */
function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}

/** Decoded pixels: rows top to bottom, `channels` samples per pixel (alpha last when 2 or 4). */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly channels: 1 | 2 | 3 | 4;
  readonly data: Uint8Array;
}

export interface DecodeOptions {
  /** Apply the file's EXIF orientation (sharp's autoOrient); default true. */
  readonly orient?: boolean;
}

// Lenient about warnings (as browsers are): a stray byte after a marker does not lose the
// image, while truncated or undecodable data is still an error.
const FAIL_ON = 'error' as const;

/** The pixel size (of the first frame or page) from the header alone, or null. */
export async function readSizeWithSharp(data: Uint8Array): Promise<{ width: number; height: number } | null> {
  try {
    const sharp = await loadSharp();
    const meta = await sharp(data, { failOn: FAIL_ON, limitInputPixels: false }).metadata();
    const height = meta.pageHeight ?? meta.height;
    return meta.width > 0 && height > 0 ? { width: meta.width, height } : null;
  } catch {
    return null;
  }
}

/**
 * Decodes the first frame or page to 8-bit grey or sRGB pixels, keeping alpha; null when
 * sharp cannot decode the data or it has more than `maxPixels` pixels.
 */
export async function decodeWithSharp(data: Uint8Array, maxPixels: number, options: DecodeOptions = {}): Promise<Pixels | null> {
  try {
    const sharp = await loadSharp();
    let image = sharp(data, { failOn: FAIL_ON, limitInputPixels: maxPixels, pages: 1, page: 0 });
    const meta = await image.metadata();
    if (options.orient ?? true) image = image.autoOrient();
    const grey = meta.space === 'b-w' || meta.space === 'grey16';
    image = image.toColourspace(grey ? 'b-w' : 'srgb');
    const { data: samples, info } = await image.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    const channels = info.channels;
    if (channels < 1 || channels > 4 || samples.length !== info.width * info.height * channels) return null;
    return { width: info.width, height: info.height, channels, data: samples };
  } catch {
    return null;
  }
}

/**
 * Compresses one plane (1 or 3 samples per pixel, 8-bit) as a PNG would: sharp's encoder
 * picks a PNG filter per row and deflates. Returns the PNG file; its IDAT data is a zlib
 * stream that PDF reads with the PNG predictors (FlateDecode, /Predictor 15).
 */
export async function encodePlaneAsPng(samples: Uint8Array, width: number, height: number, channels: 1 | 3): Promise<Buffer> {
  const sharp = await loadSharp();
  // One channel would come out as RGB unless it is marked grey.
  const image = sharp(samples, { raw: { width, height, channels } });
  return (channels === 1 ? image.toColourspace('b-w') : image)
    .png({ adaptiveFiltering: true, compressionLevel: 3, palette: false })
    .toBuffer();
}

/**
 * Renders an SVG file (librsvg, through sharp) to exactly width × height RGBA pixels: at the
 * density that makes its intrinsic size that large, then resized to the exact size. Null
 * when librsvg cannot read or render it.
 */
export async function rasterizeSvg(data: Uint8Array, width: number, height: number): Promise<Pixels | null> {
  try {
    const sharp = await loadSharp();
    const meta = await sharp(data, { failOn: FAIL_ON, limitInputPixels: false }).metadata();
    if (!(meta.width > 0 && meta.height > 0)) return null;
    // sharp reads SVG at 72 dpi by default: one user unit (px) per pixel.
    const density = Math.min(100_000, Math.max(1, 72 * Math.max(width / meta.width, height / meta.height)));
    const { data: samples, info } = await sharp(data, { failOn: FAIL_ON, density, limitInputPixels: false })
      .resize(width, height, { fit: 'fill' })
      .ensureAlpha()
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4 || samples.length !== info.width * info.height * 4) return null;
    return { width: info.width, height: info.height, channels: 4, data: samples };
  } catch {
    return null;
  }
}
