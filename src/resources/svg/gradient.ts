// `<linearGradient>` and `<radialGradient>` (SVG 1.1 §13.2) resolved for one painted shape:
// attributes and stops inherited through `href`, objectBoundingBox or userSpaceOnUse units,
// gradientTransform, stop offsets clamped and made non-decreasing, the focal point kept inside
// the end circle. Pad spread only: reflect and repeat need the raster fallback.

import type { Color } from '../../css/types.js';
import { multiply } from './matrix.js';
import type { Matrix, Rect, SvgGradient } from './model.js';
import { parseLength, type LengthAxis } from './numbers.js';
import { computeStyle, INITIAL_SVG_STYLE } from './style.js';
import { parseTransform } from './transform.js';
import { SVG_NS, type XmlElement } from './xml.js';

export type GradientPaint =
  /** A solid colour (one stop, or a degenerate gradient), or null to paint nothing. */
  | { readonly color: Color | null; readonly gradient?: undefined }
  /** A gradient; `color` (its first stop) stands in where gradients are not drawn (text). */
  | { readonly color: Color; readonly gradient: SvgGradient }
  | { readonly unsupported: string };

/** How many `href` hops to follow between gradients (a cycle ends there too). */
const MAX_HREF_HOPS = 16;

const INHERITED_ATTRIBUTES = ['x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'fx', 'fy', 'fr', 'gradientUnits', 'gradientTransform', 'spreadMethod'];

interface Stop {
  readonly offset: number;
  readonly color: Color;
}

/**
 * The paint of a gradient element for a shape whose geometry has bounding box `bbox` (null
 * for text, which gets the first stop's colour), in a viewport of this size.
 */
export function resolveGradient(element: XmlElement, ids: ReadonlyMap<string, XmlElement>, bbox: Rect | null, viewport: { width: number; height: number }): GradientPaint {
  const { attrs, stops } = inheritedDefinition(element, ids);
  if (stops.length === 0) return { color: null };
  if (stops.length === 1 || bbox === null) return { color: stops[0]!.color };
  const spread = attrs.get('spreadMethod') ?? 'pad';
  if (spread !== 'pad') return { unsupported: `a gradient with spreadMethod="${spread}"` };
  const boundingBox = attrs.get('gradientUnits') !== 'userSpaceOnUse';
  // SVG 1.1 §13.2.2: a bounding-box gradient on a shape without area is not painted.
  if (boundingBox && !(bbox.width > 0 && bbox.height > 0)) return { color: null };
  const length = (name: string, axis: LengthAxis, fallback: string): number => {
    const text = attrs.get(name) ?? fallback;
    if (boundingBox) return fraction(text) ?? fraction(fallback)!;
    return parseLength(text, axis, { fontSize: 16, viewportWidth: viewport.width, viewportHeight: viewport.height }) ?? 0;
  };
  const transform = parseTransform(attrs.get('gradientTransform') ?? '') ?? [1, 0, 0, 1, 0, 0];
  const units: Matrix = boundingBox ? [bbox.width, 0, 0, bbox.height, bbox.x, bbox.y] : [1, 0, 0, 1, 0, 0];
  const matrix = multiply(units, transform);
  const last = stops[stops.length - 1]!.color;
  let coords: number[];
  if (element.name === 'linearGradient') {
    coords = [length('x1', 'x', '0%'), length('y1', 'y', '0%'), length('x2', 'x', '100%'), length('y2', 'y', '0%')];
    // §13.2.2: when the start and end points coincide, the last stop's colour fills the area.
    if (coords[0] === coords[2] && coords[1] === coords[3]) return { color: last };
  } else {
    const cx = length('cx', 'x', '50%');
    const cy = length('cy', 'y', '50%');
    const r = length('r', 'other', '50%');
    if (!(r > 0)) return { color: last };
    const [fx, fy] = focalInside(length('fx', 'x', attrs.get('cx') ?? '50%'), length('fy', 'y', attrs.get('cy') ?? '50%'), cx, cy, r);
    coords = [fx, fy, Math.min(Math.max(0, length('fr', 'other', '0%')), r), cx, cy, r];
  }
  return { color: stops[0]!.color, gradient: { kind: element.name === 'linearGradient' ? 'linear' : 'radial', coords, matrix, stops: padStops(stops), opacity: 1 } };
}

/** The gradient's attributes and stops, each from the first gradient along the `href` chain that has them. */
function inheritedDefinition(element: XmlElement, ids: ReadonlyMap<string, XmlElement>): { attrs: Map<string, string>; stops: Stop[] } {
  const attrs = new Map<string, string>();
  let stops: Stop[] | null = null;
  const seen = new Set<XmlElement>();
  let current: XmlElement | undefined = element;
  for (let hop = 0; current && hop <= MAX_HREF_HOPS && !seen.has(current); hop++) {
    seen.add(current);
    for (const name of INHERITED_ATTRIBUTES) {
      const value = current.attrs.get(name);
      if (value !== undefined && !attrs.has(name)) attrs.set(name, value.trim());
    }
    if (stops === null) {
      const own = stopsOf(current);
      if (own.length > 0) stops = own;
    }
    const href: string | undefined = current.attrs.get('href') ?? current.attrs.get('xlink:href');
    current = href?.startsWith('#') ? ids.get(href.slice(1)) : undefined;
    if (current && (current.ns !== SVG_NS || (current.name !== 'linearGradient' && current.name !== 'radialGradient'))) break;
  }
  return { attrs, stops: stops ?? [] };
}

/** §13.2.4: each offset a number or percentage clamped to 0–1, and never below the one before. */
function stopsOf(gradient: XmlElement): Stop[] {
  const stops: Stop[] = [];
  let previous = 0;
  for (const child of gradient.children) {
    if (typeof child === 'string' || child.ns !== SVG_NS || child.name !== 'stop') continue;
    const offset = Math.max(previous, Math.min(1, Math.max(0, fraction(child.attrs.get('offset') ?? '0') ?? 0)));
    const { own } = computeStyle(child, INITIAL_SVG_STYLE, { width: 0, height: 0 });
    stops.push({ offset, color: { ...own.stopColor, a: own.stopColor.a * own.stopOpacity } });
    previous = offset;
  }
  return stops;
}

/** Pad: the first colour from 0 and the last to 1, so the stops span the whole 0–1 domain. */
function padStops(stops: readonly Stop[]): Stop[] {
  const out = [...stops];
  if (out[0]!.offset > 0) out.unshift({ offset: 0, color: out[0]!.color });
  if (out[out.length - 1]!.offset < 1) out.push({ offset: 1, color: out[out.length - 1]!.color });
  return out;
}

/** SVG 1.1 §13.2.3: a focal point outside the end circle moves onto (just inside) its edge. */
function focalInside(fx: number, fy: number, cx: number, cy: number, r: number): [number, number] {
  const distance = Math.hypot(fx - cx, fy - cy);
  const limit = r * 0.999;
  if (distance <= limit) return [fx, fy];
  return [cx + ((fx - cx) * limit) / distance, cy + ((fy - cy) * limit) / distance];
}

/** A number, or a percentage as a fraction (`50%` → 0.5); null when neither. */
function fraction(text: string): number | null {
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)(%?)\s*$/.exec(text);
  if (!match) return null;
  const value = Number(match[1]) / (match[2] ? 100 : 1);
  return Number.isFinite(value) ? value : null;
}
