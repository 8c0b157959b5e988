// Paint servers referenced by `fill="url(#id)"`: linear and radial gradients (gradient.ts);
// patterns need the raster fallback; a reference to nothing paints the fallback colour, or
// nothing (SVG 2 §13.2).

import type { Color } from '../../css/types.js';
import { resolveColor, type SvgPaint } from './color.js';
import { resolveGradient, type GradientPaint } from './gradient.js';
import type { Rect } from './model.js';
import { SVG_NS, type XmlElement } from './xml.js';

/**
 * What a `url(#id)` paint draws for a shape with bounding box `bbox` (null for text), alpha
 * not yet multiplied by the element's opacities.
 */
export function resolvePaintServer(
  paint: Extract<SvgPaint, { kind: 'url' }>,
  ids: ReadonlyMap<string, XmlElement>,
  currentColor: Color,
  bbox: Rect | null,
  viewport: { width: number; height: number },
): GradientPaint {
  const server = ids.get(paint.id);
  if (!server || server.ns !== SVG_NS) {
    if (paint.fallback === null || paint.fallback === 'none') return { color: null };
    return { color: resolveColor(paint.fallback, currentColor) };
  }
  if (server.name === 'linearGradient' || server.name === 'radialGradient') return resolveGradient(server, ids, bbox, viewport);
  if (server.name === 'pattern') return { unsupported: 'a pattern fill' };
  return { color: null };
}
