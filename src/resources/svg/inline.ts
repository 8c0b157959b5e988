// Inline `<svg>` elements of an HTML document, which dom/parse.ts writes out as SVG documents:
// decoded as SVG images are (same limits, same drawing, same raster fallback), with what
// differs for an inline element — an SVG that cannot be drawn is an empty image (the element
// keeps its CSS box), user space is unscaled without a viewBox, and `currentColor` inside
// follows the `color` the element's CSS computes.

import type { Color } from '../../css/types.js';
import type { SvgImage } from '../../paint/types.js';
import { decodeSvg, drawSvg } from './decode.js';
import type { SvgViewport } from './model.js';
import { DEFAULT_HEIGHT, DEFAULT_WIDTH, parseViewBox } from './viewport.js';

const EMPTY_VIEWPORT: SvgViewport = {
  width: DEFAULT_WIDTH,
  height: DEFAULT_HEIGHT,
  viewBox: { x: 0, y: 0, width: DEFAULT_WIDTH, height: DEFAULT_HEIGHT },
  aspect: { align: 'none', meetOrSlice: 'meet' },
};

/** Decodes an inline `<svg>`'s markup under `key`; one that cannot be drawn (warned) draws nothing. */
export async function decodeInlineSvg(markup: string, key: string, onWarning: (message: string) => void): Promise<SvgImage> {
  const data = new TextEncoder().encode(markup);
  const image = await decodeSvg(data, key, onWarning);
  if (!image) return { key, format: 'svg', data, pixelWidth: DEFAULT_WIDTH, pixelHeight: DEFAULT_HEIGHT, viewport: EMPTY_VIEWPORT, drawing: { nodes: [], bounds: null } };
  return inlineViewport(image, markup);
}

/**
 * The image with `currentColor` inside resolved against `color`, the `color` the `<svg>`
 * element computes in the document (the drawing resolves it against black otherwise): the
 * markup with a `color` attribute on its root, decoded again. The same image when nothing
 * refers to currentColor, the root sets its own `color`, or the colour is black.
 */
export function withCurrentColor(image: SvgImage, color: Color): SvgImage {
  if (image.drawing?.bounds === null || (color.r === 0 && color.g === 0 && color.b === 0 && color.a === 1)) return image;
  const markup = new TextDecoder().decode(image.data);
  const rootTag = /^<svg\b[^>]*>/.exec(markup)?.[0] ?? '';
  if (!/currentcolor/i.test(markup) || /\scolor\s*=/.test(rootTag)) return image;
  const value = `rgba(${color.r}, ${color.g}, ${color.b}, ${color.a})`;
  const key = `${image.key}:${value}`;
  const recoloured = drawSvg(new TextEncoder().encode(`<svg color="${value}"${markup.slice(4)}`), key);
  // The markup decoded before; only a different colour changed, so this cannot fail.
  return typeof recoloured === 'string' ? image : inlineViewport(recoloured, markup);
}

function inlineViewport(image: SvgImage, markup: string): SvgImage {
  const viewBox = /^<svg\b[^>]*\sviewBox="([^"]*)"/.exec(markup)?.[1];
  if (parseViewBox(viewBox) !== null) return image;
  return { ...image, viewport: { ...image.viewport, userSpaceInPx: true } };
}
