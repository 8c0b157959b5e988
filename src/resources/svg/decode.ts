// The SVG decoding entry of the resources stage: bytes → an SvgImage, the file's viewport and
// its vector drawing, or — when the file uses what the drawing model does not draw — no
// drawing, so that the PDF writer rasterises the file (sharp, librsvg) at print resolution.
// Input is bounded (size, elements, depth, entity expansion, <use> copies); anything wrong
// is a warning and null, never an exception.

import type { SvgImage } from '../../paint/types.js';
import { readSizeWithSharp } from '../image-decode.js';
import { buildDrawing } from './build.js';
import { decodeSvgText } from './sniff.js';
import { rootViewport } from './viewport.js';
import { parseXml, SVG_NS } from './xml.js';

/** Bounds on SVG input: bad input is refused with a warning, never a hang or a crash. */
export const SVG_LIMITS = {
  /** File size, bytes. */
  maxBytes: 5 * 1024 * 1024,
  maxElements: 50_000,
  maxDepth: 256,
  /** Characters internal entities may expand to, in total. */
  maxExpansion: 1_000_000,
  /** Drawn nodes with every `<use>` copy counted. */
  maxNodes: 100_000,
  /** Path segments with every `<use>` copy counted. */
  maxPathOps: 1_000_000,
} as const;

/** Decodes an SVG file (already sniffed as one) under `key`; null with a warning when it cannot be drawn. */
export async function decodeSvg(data: Uint8Array, key: string, onWarning: (message: string) => void): Promise<SvgImage | null> {
  const refuse = (why: string): null => {
    onWarning(`image ${key}: SVG ${why}; it is not drawn`);
    return null;
  };
  if (data.length > SVG_LIMITS.maxBytes) return refuse(`of ${data.length} bytes is over the limit of ${SVG_LIMITS.maxBytes} bytes`);
  const parsed = parseXml(decodeSvgText(data), SVG_LIMITS);
  if (!parsed.ok) return refuse(`is not well-formed XML (${parsed.error})`);
  const { root } = parsed;
  // Spec 4.5 rule 4, and XML: without the namespace, <svg> is not an SVG element at all.
  if (root.name !== 'svg' || root.ns !== SVG_NS) return refuse(`root element needs xmlns="${SVG_NS}"`);
  const viewport = rootViewport(root);
  const built = buildDrawing(root, viewport, SVG_LIMITS);
  if (built.kind === 'invalid') return refuse(`is too complex: ${built.reason}`);
  const base = { key, format: 'svg', data, pixelWidth: viewport.width, pixelHeight: viewport.height, viewport } as const;
  if (built.kind === 'drawing') return { ...base, drawing: built.drawing };
  // The raster fallback: check now that librsvg reads the file, so that a failure shows as
  // a missing image (alt text) rather than an empty box.
  if (!(await readSizeWithSharp(data))) return refuse(`uses ${built.reason}, which needs rasterising, and the rasteriser cannot read it`);
  return { ...base, drawing: null, rasterReason: built.reason };
}
