// Image XObjects (ISO 32000-1 §8.9.5), each distinct image embedded once per PDF: images are
// deduplicated by content (a SHA-256 of their bytes), not only by key, so one logo drawn 200
// times, or named by two different URLs, is one XObject.
//
// - JPEG (grey or colour): the file as it is, DCTDecode. CMYK JPEGs are decoded instead, since
//   PDF readers disagree about inverted (Adobe) CMYK samples.
// - PNG without alpha, tRNS or interlacing: the IDAT data as it is, FlateDecode with the PNG
//   predictors (§7.4.4.4), so nothing is decoded or recompressed.
// - Any other PNG and decoded pixels (WebP, GIF, AVIF, TIFF, BMP): the colour and alpha planes
//   are compressed separately (sharp's PNG encoder, off the main thread), alpha as an SMask.
// - An EXIF-rotated JPEG: the image inside a one-unit form XObject that turns it upright.
// - SVG: its drawing as a form XObject in user space (svg-form.ts), placed by the page. An SVG
//   the drawing model cannot draw is rasterised (librsvg through sharp) at 300 dpi of the size
//   it is drawn at, once per distinct size.
//
// This replaced pdf-lib's embedPng, which decodes every PNG and deflates it again in
// JavaScript. A 2000×1500 photo-like PNG, decodeImage + embed against embedPng: opaque RGB
// ~100 ms and 3.7 MB against ~970 ms and 8.1 MB; RGBA ~490 ms and 3.8 MB against ~935 ms
// and 8.1 MB; 16-bit RGB ~100 ms (kept at 16 bits) against ~960 ms.
import { createHash } from 'node:crypto';
import { PDFHexString, PDFName, type PDFDocument, type PDFRef } from 'pdf-lib';
import type { DisplayItem, ImageItem, ImageResource, SvgImage } from '../paint/types.js';
import { MAX_IMAGE_PIXELS, readJpegInfo, readPngInfo, type PngInfo } from '../resources/image.js';
import { decodeWithSharp, encodePlaneAsPng, rasterizeSvg, type Pixels } from '../resources/image-decode.js';
import { intrinsicRectInBox } from '../resources/svg/viewport.js';
import { num } from './content-stream.js';
import { writeSvgForm } from './svg-form.js';
import type { SvgFormTarget } from './svg-operators.js';

/** The raster fallback of an SVG is rendered at this resolution of the size it is drawn at. */
export const SVG_RASTER_DPI = 300;
/** …and at most this many pixels (4000 × 4000), scaled down to fit. */
export const MAX_SVG_RASTER_PIXELS = 16_000_000;

export class ImageEmbedder {
  /** By ImageResource key; null when the image could not be embedded. */
  private readonly byKey = new Map<string, PDFRef | null>();
  /** By content digest, shared by every key whose image has the same bytes. */
  private readonly byContent = new Map<string, PDFRef | null>();

  /**
   * `forms` gives SVG drawings the document's resources and fonts; without it (a writer that
   * never draws SVG) an SVG drawing cannot be embedded.
   */
  constructor(
    private readonly pdf: PDFDocument,
    private readonly onWarning: (message: string) => void,
    private readonly forms: Omit<SvgFormTarget, 'context'> | null = null,
  ) {}

  /** Embeds the images `items` draw that are not embedded yet. */
  async prepare(items: readonly DisplayItem[]): Promise<void> {
    for (const item of imageItemsIn(items)) {
      const { image } = item;
      if (image.format === 'svg' && image.drawing === null) {
        await this.prepareSvgRaster(item, image);
        continue;
      }
      if (this.byKey.has(image.key)) continue;
      if (image.format === 'svg' && image.drawing?.bounds === null) {
        this.byKey.set(image.key, null); // an SVG that draws nothing: nothing to embed, not an error
        continue;
      }
      const digest = contentDigest(image);
      let ref = this.byContent.get(digest);
      if (ref === undefined) {
        ref = await this.embed(image, () => this.embedImage(image, digest));
        this.byContent.set(digest, ref);
      }
      this.byKey.set(image.key, ref);
    }
  }

  /** The XObject of an image (or of an SVG's raster at one size, by svgRasterKey), or undefined when it could not be embedded. */
  get(key: string): PDFRef | undefined {
    return this.byKey.get(key) ?? undefined;
  }

  /** An SVG that only rasterising draws: one raster per distinct drawn size. */
  private async prepareSvgRaster(item: ImageItem, image: SvgImage): Promise<void> {
    const size = svgRasterSize(item, image);
    if (!size) return;
    const key = svgRasterKey(image, size);
    if (this.byKey.has(key)) return;
    const digest = `${contentDigest(image)} ${size.width}x${size.height}`;
    let ref = this.byContent.get(digest);
    if (ref === undefined) {
      ref = await this.embed(image, async () => {
        return this.embedPixels(digest, () => rasterizeSvg(image.data, size.width, size.height));
      });
      this.byContent.set(digest, ref);
    }
    this.byKey.set(key, ref);
  }

  private async embed(image: ImageResource, embedImage: () => Promise<PDFRef | null>): Promise<PDFRef | null> {
    try {
      const ref = await embedImage();
      if (!ref) this.onWarning(`image ${image.key} could not be embedded (its data could not be read); it is not drawn`);
      return ref;
    } catch (error) {
      this.onWarning(`image ${image.key} could not be embedded (${(error as Error).message}); it is not drawn`);
      return null;
    }
  }

  /** `digest` is contentDigest(image), which the planes cache shares. */
  private async embedImage(image: ImageResource, digest: string): Promise<PDFRef | null> {
    switch (image.format) {
      case 'svg':
        if (!image.drawing || !this.forms) return null;
        return writeSvgForm(image.drawing, { context: this.pdf.context, ...this.forms });
      case 'raw':
        return this.embedPixels(digest, async () => ({ width: image.pixelWidth, height: image.pixelHeight, channels: image.channels, data: image.data }));
      case 'png': {
        const png = readPngInfo(image.data);
        if (!png) return null;
        if (canEmbedIdat(png)) return this.embedIdat(png);
        return this.embedPixels(digest, () => decodeWithSharp(image.data, MAX_IMAGE_PIXELS, { orient: false }));
      }
      case 'jpeg': {
        const jpeg = readJpegInfo(image.data);
        if (!jpeg) return null;
        let ref: PDFRef | null;
        if (jpeg.components === 4) {
          ref = await this.embedPixels(digest, () => decodeWithSharp(image.data, MAX_IMAGE_PIXELS, { orient: false }));
        } else {
          ref = this.register(image.data, {
            Type: 'XObject', Subtype: 'Image', Width: jpeg.width, Height: jpeg.height,
            ColorSpace: jpeg.components === 1 ? 'DeviceGray' : 'DeviceRGB', BitsPerComponent: 8, Filter: 'DCTDecode',
          });
        }
        return ref && (image.orientation ?? 1) !== 1 ? this.oriented(ref, image.orientation!) : ref;
      }
    }
  }

  /** A PNG's IDAT stream as it is: PDF's FlateDecode with predictor 15 reads PNG scanlines. */
  private embedIdat(png: PngInfo, extra: Record<string, unknown> = {}): PDFRef {
    const colors = png.colorType === 2 ? 3 : 1;
    let colorSpace: unknown = colors === 3 ? 'DeviceRGB' : 'DeviceGray';
    if (png.colorType === 3) {
      const palette = png.palette!;
      colorSpace = [PDFName.of('Indexed'), PDFName.of('DeviceRGB'), palette.length / 3 - 1, PDFHexString.of(Buffer.from(palette).toString('hex'))];
    }
    return this.register(concat(png.idat), {
      Type: 'XObject', Subtype: 'Image', Width: png.width, Height: png.height,
      ColorSpace: colorSpace, BitsPerComponent: png.bitDepth, Filter: 'FlateDecode',
      DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: png.bitDepth, Columns: png.width }, ...extra,
    });
  }

  /**
   * 8-bit pixels: colour and alpha as separate planes, alpha as an SMask unless all opaque.
   * Encoding the planes is the costly part and depends only on `digest` (the image's bytes,
   * and size for a rasterised SVG), so it is done once per process for an image many
   * documents use (a logo on every invoice).
   */
  private async embedPixels(digest: string, decode: () => Promise<Pixels | null>): Promise<PDFRef | null> {
    let planes = encodedPlanes.get(digest);
    if (planes === undefined) {
      const pixels = await decode();
      if (!pixels) return null;
      planes = await encodePlanes(pixels);
      rememberPlanes(digest, planes);
    }
    const mask = planes.alpha ? this.embedIdat(planes.alpha) : null;
    return this.embedIdat(planes.color, mask ? { SMask: mask } : {});
  }

  /**
   * Wraps an image in a form XObject over the unit square that maps the stored pixels to
   * their upright orientation (EXIF 2.3 Orientation tag), so the JPEG keeps its DCT data.
   */
  private oriented(image: PDFRef, orientation: number): PDFRef {
    const [a, b, c, d, e, f] = orientationMatrix(orientation);
    return this.register(`${num(a)} ${num(b)} ${num(c)} ${num(d)} ${num(e)} ${num(f)} cm /Im0 Do`, {
      Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1], Resources: { XObject: { Im0: image } },
    });
  }

  private register(contents: Uint8Array | string, dict: Record<string, unknown>): PDFRef {
    const context = this.pdf.context;
    return context.register(context.stream(contents, dict as never));
  }
}

/** An image's colour and alpha planes, encoded as 8-bit PNG data PDF reads directly. */
interface EncodedPlanes {
  readonly color: PngInfo;
  readonly alpha: PngInfo | null;
  readonly bytes: number;
}

async function encodePlanes(pixels: Pixels): Promise<EncodedPlanes> {
  const { width, height } = pixels;
  const { color, colorChannels, alpha } = splitAlpha(pixels);
  const [colorPng, alphaPng] = await Promise.all([
    encodePlaneAsPng(color, width, height, colorChannels),
    alpha ? encodePlaneAsPng(alpha, width, height, 1) : null,
  ]);
  const plane = (png: Buffer, channels: 1 | 3): PngInfo => {
    const info = readPngInfo(png);
    if (!info || info.interlaced || info.bitDepth !== 8 || info.colorType !== (channels === 3 ? 2 : 0)) {
      throw new Error('unexpected PNG from the plane encoder');
    }
    return info;
  };
  return { color: plane(colorPng, colorChannels), alpha: alphaPng ? plane(alphaPng, 1) : null, bytes: colorPng.length + (alphaPng?.length ?? 0) };
}

// Encoded planes by image content, for the process; bounded by bytes, oldest dropped first.
const encodedPlanes = new Map<string, EncodedPlanes>();
const MAX_ENCODED_BYTES = 32 * 1024 * 1024;
let encodedBytes = 0;

function rememberPlanes(digest: string, planes: EncodedPlanes): void {
  if (planes.bytes > MAX_ENCODED_BYTES / 4) return;
  while (encodedBytes + planes.bytes > MAX_ENCODED_BYTES && encodedPlanes.size > 0) {
    const [oldest, old] = encodedPlanes.entries().next().value!;
    encodedPlanes.delete(oldest);
    encodedBytes -= old.bytes;
  }
  encodedPlanes.set(digest, planes);
  encodedBytes += planes.bytes;
}

/** PDF reads a PNG's IDAT data directly when there is no alpha, no tRNS and no interlacing. */
function canEmbedIdat(png: PngInfo): boolean {
  return !png.interlaced && !png.hasTransparencyChunk && (png.colorType === 0 || png.colorType === 2 || png.colorType === 3);
}

/**
 * The matrix that maps the image's unit square (stored pixels, PDF image space) onto the
 * upright image in the same square. For orientation o, a stored pixel at (u, v) (from the
 * top-left, 0–1) shows at (s, t) below; image space has y up, so (X, Y) = (u, 1 − v).
 */
export function orientationMatrix(orientation: number): [number, number, number, number, number, number] {
  // s = s0 + su·u + sv·v, t = t0 + tu·u + tv·v
  const maps: Readonly<Record<number, readonly number[]>> = {
    1: [0, 1, 0, 0, 0, 1], // as stored
    2: [1, -1, 0, 0, 0, 1], // mirrored left–right
    3: [1, -1, 0, 1, 0, -1], // turned 180°
    4: [0, 1, 0, 1, 0, -1], // mirrored top–bottom
    5: [0, 0, 1, 0, 1, 0], // transposed
    6: [1, 0, -1, 0, 1, 0], // turned 90° clockwise to display
    7: [1, 0, -1, 1, -1, 0], // transversed
    8: [0, 0, 1, 1, -1, 0], // turned 90° counter-clockwise to display
  };
  const [s0, su, sv, t0, tu, tv] = (maps[orientation] ?? maps[1]!) as [number, number, number, number, number, number];
  // S = s, T = 1 − t with u = X, v = 1 − Y.
  return [su + 0, -tu + 0, -sv + 0, tv + 0, s0 + sv, 1 - t0 - tv]; // + 0 turns −0 into 0
}

/** Separates interleaved alpha; null alpha when there is none or every pixel is opaque. */
function splitAlpha(pixels: Pixels): { color: Uint8Array; colorChannels: 1 | 3; alpha: Uint8Array | null } {
  const { data, channels } = pixels;
  if (channels === 1 || channels === 3) return { color: data, colorChannels: channels, alpha: null };
  const colorChannels = channels === 2 ? 1 : 3;
  const count = pixels.width * pixels.height;
  const color = new Uint8Array(count * colorChannels);
  const alpha = new Uint8Array(count);
  let opaque = true;
  for (let i = 0, s = 0, c = 0; i < count; i++) {
    for (let k = 0; k < colorChannels; k++) color[c++] = data[s++]!;
    const a = data[s++]!;
    alpha[i] = a;
    if (a !== 255) opaque = false;
  }
  return { color, colorChannels, alpha: opaque ? null : alpha };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/** Identifies an image by its bytes (and for pixels, their layout). */
function contentDigest(image: ImageResource): string {
  const hash = createHash('sha256');
  hash.update(image.format === 'raw' ? `raw ${image.pixelWidth}x${image.pixelHeight}x${image.channels}\n` : `${image.format}\n`);
  hash.update(image.data);
  return hash.digest('base64');
}

function imageItemsIn(items: readonly DisplayItem[], out: ImageItem[] = []): ImageItem[] {
  for (const item of items) {
    if (item.kind === 'image') out.push(item);
    else if (item.kind === 'clip' || item.kind === 'opacity' || item.kind === 'transform') imageItemsIn(item.items, out);
  }
  return out;
}

/**
 * The pixel size of an SVG's raster for an image box: its intrinsic viewport where it lands in
 * the box (intrinsicRectInBox), at SVG_RASTER_DPI, within MAX_SVG_RASTER_PIXELS. Null for an
 * empty box.
 */
export function svgRasterSize(item: Pick<ImageItem, 'width' | 'height'>, image: SvgImage): { width: number; height: number } | null {
  if (!(item.width > 0 && item.height > 0)) return null;
  const rect = intrinsicRectInBox(image.viewport, item.width, item.height);
  let width = (rect.width * SVG_RASTER_DPI) / 72;
  let height = (rect.height * SVG_RASTER_DPI) / 72;
  if (!(width > 0 && height > 0)) return null;
  const shrink = Math.min(1, Math.sqrt(MAX_SVG_RASTER_PIXELS / (width * height)));
  width = Math.max(1, Math.round(width * shrink));
  height = Math.max(1, Math.round(height * shrink));
  return { width, height };
}

/** The key ImageEmbedder.get knows an SVG's raster at one size by. */
export function svgRasterKey(image: SvgImage, size: { width: number; height: number }): string {
  return `${image.key}@${size.width}x${size.height}`;
}
