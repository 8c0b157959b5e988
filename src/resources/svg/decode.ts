// The SVG decoding entry of the resources stage: bytes → an SvgImage, the file's viewport and
// its vector drawing, or — when the file uses what the drawing model does not draw — no
// drawing, so that the PDF writer rasterises the file (sharp, librsvg) at print resolution.
// Input is bounded (size, elements, depth, entity expansion, <use> copies); anything wrong
// is a warning and null, never an exception.

import type { SvgImage } from '../../paint/types.js';
import { readSizeWithSharp } from '../image-decode.js';
import { buildDrawing } from './build.js';
import { SVG_LIMITS } from './limits.js';
import { decodeSvgText } from './sniff.js';
import { rootViewport } from './viewport.js';
import { parseXml, SVG_NS } from './xml.js';


/** Decodes an SVG file (already sniffed as one) under `key`; null with a warning when it cannot be drawn. */
export async function decodeSvg(data: Uint8Array, key: string, onWarning: (message: string) => void): Promise<SvgImage | null> {
  const refuse = (why: string): null => {
    onWarning(`image ${key}: SVG ${why}; it is not drawn`);
    return null;
  };
  const image = drawSvg(data, key);
  if (typeof image === 'string') return refuse(image);
  if (image.drawing !== null) return image;
  // The raster fallback: check now that librsvg reads the file, so that a failure shows as
  // a missing image (alt text) rather than an empty box.
  if (!(await readSizeWithSharp(data))) return refuse(`uses ${image.rasterReason}, which needs rasterising, and the rasteriser cannot read it`);
  return image;
}

/**
 * The synchronous part of decoding: the image with its drawing, or with none when it needs
 * the raster fallback (not yet checked against the rasteriser); a string says why the file
 * cannot be drawn at all.
 */
export function drawSvg(data: Uint8Array, key: string): SvgImage | string {
  if (data.length > SVG_LIMITS.maxBytes) return `of ${data.length} bytes is over the limit of ${SVG_LIMITS.maxBytes} bytes`;
  const parsed = parseXml(decodeSvgText(data), SVG_LIMITS);
  if (!parsed.ok) return `is not well-formed XML (${parsed.error})`;
  const { root } = parsed;
  // Spec 4.5 rule 4, and XML: without the namespace, <svg> is not an SVG element at all.
  if (root.name !== 'svg' || root.ns !== SVG_NS) return `root element needs xmlns="${SVG_NS}"`;
  const viewport = rootViewport(root);
  const built = buildDrawing(root, viewport, SVG_LIMITS);
  if (built.kind === 'invalid') return `is too complex: ${built.reason}`;
  const base = { key, format: 'svg', data, pixelWidth: viewport.width, pixelHeight: viewport.height, viewport } as const;
  if (built.kind === 'drawing') return { ...base, drawing: built.drawing };
  return { ...base, drawing: null, rasterReason: built.reason };
}
