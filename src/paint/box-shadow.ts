// Box shadows (css-backgrounds-3 §7): each shadow is the border box (outer) or the padding
// box's hole (inset) moved by the offsets, grown by the spread, with radii that follow, then
// blurred as a Gaussian with σ = blur / 2 (§7.1.1). Outer shadows paint only outside the
// border box, inset ones only inside the padding box; the first shadow in the list is on top.
//
// A sharp shadow (blur 0) is a path. A blurred one is a small raster of its alpha (RGBA,
// one colour), blurred here with three box blurs per axis (≈ Gaussian), at a resolution tied
// to σ, since a blurred edge holds no detail finer than σ: Chromium's print rasterises blurs
// as well. The same shadow on many boxes of one size is one image (one key), embedded once.
import type { BoxShadow, Color, ComputedStyle } from '../css/types.js';
import { BoundedCache } from '../text/bounded-cache.js';
import type { Rect } from '../layout/replaced.js';
import { cornerRadii, roundedRectPath, type Edges, type Radii } from './borders.js';
import type { DisplayItem, PathOp, RawImage } from './types.js';

/** Pixels of one shadow raster at most (a full-page shadow stays a few hundred KB). */
export const MAX_SHADOW_PIXELS = 1_000_000;
/** Raster resolution bounds, pixels per pt. */
const MIN_SCALE = 1;
const MAX_SCALE = 4;
/** Pixels per σ wanted: three make steps too small to see in a smooth ramp. */
const PIXELS_PER_SIGMA = 3;

/** Shadows of one kind (outer or inset) of a box whose border box is at (x, y, w, h). */
export function paintBoxShadows(style: ComputedStyle, x: number, y: number, w: number, h: number, edges: Edges, inset: boolean, out: DisplayItem[]): void {
  const shadows = style.boxShadow;
  if (shadows.length === 0 || !(w > 0 && h > 0)) return;
  const radii = cornerRadii(style, w, h, edges);
  // The list paints bottom to top from its end (§7.1: the first shadow is on top).
  for (let i = shadows.length - 1; i >= 0; i--) {
    const s = shadows[i]!;
    if (s.inset !== inset || s.color.a <= 0) continue;
    if (inset) insetShadow(style, s, { x, y, width: w, height: h }, radii, edges, out);
    else outerShadow(s, { x, y, width: w, height: h }, radii, edges, out);
  }
}

function outerShadow(s: BoxShadow, border: Rect, radii: Radii | undefined, edges: Edges, out: DisplayItem[]): void {
  // A fragment's broken edges (box-decoration-break: slice) draw no shadow edge: the shape
  // runs on past them and the drawing stops at the fragment's side.
  const reach = 3 * (s.blur / 2) + Math.abs(s.offsetX) + Math.abs(s.offsetY) + Math.abs(s.spread) + 1;
  const base = extendBroken(border, edges, reach);
  const shape = grow({ x: base.x + s.offsetX, y: base.y + s.offsetY, width: base.width, height: base.height }, s.spread);
  if (!(shape.width > 0 && shape.height > 0)) return;
  const shapeRadii = radii && spreadRadii(radii, s.spread);
  const drawn = s.blur > 0 ? blurred(shape, shapeRadii, s.blur, s.color, false) : [fill(shape, shapeRadii, s.color)];
  const outside: DisplayItem = { kind: 'clip', ...border, ...(radii ? { radii } : {}), outside: true, items: drawn };
  out.push(sliced(border, edges, outside));
}

function insetShadow(style: ComputedStyle, s: BoxShadow, border: Rect, radii: Radii | undefined, edges: Edges, out: DisplayItem[]): void {
  const top = edges.top ? style.borderTopWidth : 0;
  const right = edges.right ? style.borderRightWidth : 0;
  const bottom = edges.bottom ? style.borderBottomWidth : 0;
  const left = edges.left ? style.borderLeftWidth : 0;
  const padding = { x: border.x + left, y: border.y + top, width: border.width - left - right, height: border.height - top - bottom };
  if (!(padding.width > 0 && padding.height > 0)) return;
  const paddingRadii = radii && radii.map(([rx, ry], i) => {
    const [sx, sy] = [[left, top], [right, top], [right, bottom], [left, bottom]][i]!;
    return [Math.max(0, rx - sx!), Math.max(0, ry - sy!)] as const;
  });
  const reach = 3 * (s.blur / 2) + Math.abs(s.offsetX) + Math.abs(s.offsetY) + Math.abs(s.spread) + 1;
  const base = extendBroken(padding, edges, reach);
  // The hole: the padding box moved and shrunk by the spread; the shadow is all around it.
  const hole = grow({ x: base.x + s.offsetX, y: base.y + s.offsetY, width: base.width, height: base.height }, -s.spread);
  const holeRadii = paddingRadii && spreadRadii(paddingRadii, -s.spread);
  let drawn: DisplayItem[];
  if (s.blur > 0) drawn = blurred(hole, holeRadii, s.blur, s.color, true, padding);
  else {
    const frame = grow(padding, reach);
    const ops: PathOp[] = [...rectOps(frame)];
    if (hole.width > 0 && hole.height > 0) ops.push(...(holeRadii ? roundedRectPath(hole.x, hole.y, hole.width, hole.height, holeRadii) : rectOps(hole)));
    drawn = [{ kind: 'path', ops, fill: s.color, stroke: null, evenOdd: true }];
  }
  out.push({ kind: 'clip', ...padding, ...(paddingRadii ? { radii: paddingRadii } : {}), items: drawn });
}

/** The rectangle pushed out by `by` on the sides a fragment does not draw. */
function extendBroken(r: Rect, edges: Edges, by: number): Rect {
  const left = edges.left ? 0 : by;
  const top = edges.top ? 0 : by;
  return { x: r.x - left, y: r.y - top, width: r.width + left + (edges.right ? 0 : by), height: r.height + top + (edges.bottom ? 0 : by) };
}

/** Clipped at the fragment's broken sides, when it has any. */
function sliced(border: Rect, edges: Edges, item: DisplayItem): DisplayItem {
  if (edges.top && edges.right && edges.bottom && edges.left) return item;
  const far = 20_000;
  const x0 = edges.left ? border.x - far : border.x;
  const y0 = edges.top ? border.y - far : border.y;
  const x1 = edges.right ? border.x + border.width + far : border.x + border.width;
  const y1 = edges.bottom ? border.y + border.height + far : border.y + border.height;
  return { kind: 'clip', x: x0, y: y0, width: x1 - x0, height: y1 - y0, items: [item] };
}

function grow(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, width: Math.max(0, r.width + 2 * by), height: Math.max(0, r.height + 2 * by) };
}

// §7.1.1: the spread grows (or shrinks) each non-zero radius by the spread, not below 0.
function spreadRadii(radii: Radii, spread: number): Radii | undefined {
  const out = radii.map(([rx, ry]) => (rx > 0 && ry > 0 ? [Math.max(0, rx + spread), Math.max(0, ry + spread)] as const : [0, 0] as const));
  return out.every(([rx, ry]) => rx <= 0 || ry <= 0) ? undefined : out;
}

function rectOps(r: Rect): PathOp[] {
  return [
    { op: 'M', x: r.x, y: r.y }, { op: 'L', x: r.x + r.width, y: r.y },
    { op: 'L', x: r.x + r.width, y: r.y + r.height }, { op: 'L', x: r.x, y: r.y + r.height }, { op: 'Z' },
  ];
}

function fill(r: Rect, radii: Radii | undefined, color: Color): DisplayItem {
  return radii ? { kind: 'rect', ...r, color, radii } : { kind: 'rect', ...r, color };
}

// Rasters are pure functions of their key; a document's cards share one, and so do renders.
const rasters = new BoundedCache<RawImage>(64);

/**
 * A blurred shape as an image over the shape grown by 3σ (the Gaussian's visible reach). An
 * outer shadow's alpha is the shape's blurred coverage; an inset one's is the complement of
 * its hole's, over `area` (the padding box) grown by 3σ.
 */
function blurred(shape: Rect, radii: Radii | undefined, blur: number, color: Color, inverse: boolean, area?: Rect): DisplayItem[] {
  const sigma = blur / 2;
  const bounds = grow(inverse ? area! : shape, 3 * sigma);
  let scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, PIXELS_PER_SIGMA / sigma));
  scale = Math.min(scale, Math.sqrt(MAX_SHADOW_PIXELS / (bounds.width * bounds.height)));
  const pw = Math.max(1, Math.ceil(bounds.width * scale));
  const ph = Math.max(1, Math.ceil(bounds.height * scale));
  const sx = pw / bounds.width;
  const sy = ph / bounds.height;
  // The shape in raster pixels; the key is the raster's content.
  const local = { x: (shape.x - bounds.x) * sx, y: (shape.y - bounds.y) * sy, width: shape.width * sx, height: shape.height * sy };
  const localRadii = radii?.map(([rx, ry]) => [rx * sx, ry * sy] as const);
  const r2 = (v: number): string => v.toFixed(2);
  const key = `shadow:${pw}x${ph}:${[local.x, local.y, local.width, local.height].map(r2).join(',')}:${localRadii?.flat().map(r2).join(',') ?? ''}:${r2(sigma * sx)},${r2(sigma * sy)}:${inverse}:${color.r},${color.g},${color.b},${color.a}`;
  let image = rasters.get(key);
  if (!image) {
    image = shadowRaster(key, pw, ph, local, localRadii, sigma * sx, sigma * sy, color, inverse);
    rasters.set(key, image);
  }
  return [{ kind: 'image', x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height, image }];
}

function shadowRaster(key: string, pw: number, ph: number, shape: Rect, radii: Radii | undefined, sigmaX: number, sigmaY: number, color: Color, inverse: boolean): RawImage {
  const alpha = coverage(pw, ph, shape, radii);
  blur(alpha, pw, ph, sigmaX, 'x');
  blur(alpha, pw, ph, sigmaY, 'y');
  const data = new Uint8Array(pw * ph * 4);
  for (let i = 0; i < pw * ph; i++) {
    const a = inverse ? 1 - alpha[i]! : alpha[i]!;
    data[i * 4] = color.r;
    data[i * 4 + 1] = color.g;
    data[i * 4 + 2] = color.b;
    data[i * 4 + 3] = Math.round(Math.min(1, Math.max(0, a)) * color.a * 255);
  }
  return { format: 'raw', key, pixelWidth: pw, pixelHeight: ph, channels: 4, data };
}

/**
 * The shape's coverage of each pixel, 0–1: rows are exact spans, corners anti-aliased by
 * the distance of the pixel centre to the corner's ellipse (in pixels).
 */
function coverage(pw: number, ph: number, r: Rect, radii: Radii | undefined): Float32Array {
  const out = new Float32Array(pw * ph);
  const [tl, tr, br, bl] = (radii ?? [[0, 0], [0, 0], [0, 0], [0, 0]]) as [readonly [number, number], readonly [number, number], readonly [number, number], readonly [number, number]];
  const x0 = r.x;
  const x1 = r.x + r.width;
  const y0 = r.y;
  const y1 = r.y + r.height;
  const span = (a: number, b: number, p: number): number => Math.max(0, Math.min(b, p + 1) - Math.max(a, p));
  for (let py = 0; py < ph; py++) {
    const cy = py + 0.5;
    const vy = span(y0, y1, py);
    if (vy <= 0) continue;
    for (let px = 0; px < pw; px++) {
      const cx = px + 0.5;
      let c = span(x0, x1, px) * vy;
      if (c <= 0) continue;
      // Inside a corner's box: coverage from the signed distance to its ellipse.
      const corner = cx < x0 + tl[0] && cy < y0 + tl[1] ? [x0 + tl[0], y0 + tl[1], tl]
        : cx > x1 - tr[0] && cy < y0 + tr[1] ? [x1 - tr[0], y0 + tr[1], tr]
        : cx > x1 - br[0] && cy > y1 - br[1] ? [x1 - br[0], y1 - br[1], br]
        : cx < x0 + bl[0] && cy > y1 - bl[1] ? [x0 + bl[0], y1 - bl[1], bl] : null;
      if (corner) {
        const [ox, oy, [rx, ry]] = corner as [number, number, readonly [number, number]];
        const d = Math.hypot((cx - ox) / rx, (cy - oy) / ry);
        const distance = (d - 1) * Math.min(rx, ry);
        c = Math.min(c, Math.max(0, Math.min(1, 0.5 - distance)));
      }
      out[py * pw + px] = c;
    }
  }
  return out;
}

/** Three box blurs along one axis approximate a Gaussian of this σ (in pixels). Values beyond the edges are taken as the edge's. */
function blur(values: Float32Array, pw: number, ph: number, sigma: number, axis: 'x' | 'y'): void {
  if (!(sigma > 0.2)) return;
  const n = axis === 'x' ? pw : ph;
  const lines = axis === 'x' ? ph : pw;
  const stride = axis === 'x' ? 1 : pw;
  const step = axis === 'x' ? pw : 1;
  const line = new Float32Array(n);
  const tmp = new Float32Array(n);
  for (const radius of boxRadii(sigma)) {
    for (let l = 0; l < lines; l++) {
      const base = l * step;
      for (let i = 0; i < n; i++) line[i] = values[base + i * stride]!;
      boxBlur(line, tmp, n, radius);
      for (let i = 0; i < n; i++) values[base + i * stride] = tmp[i]!;
    }
  }
}

/** Box radii for three passes whose variance adds up to σ² (W. Jarosz's "boxes for Gauss"). */
function boxRadii(sigma: number): number[] {
  const ideal = Math.sqrt((12 * sigma * sigma) / 3 + 1);
  let lower = Math.floor(ideal);
  if (lower % 2 === 0) lower--;
  const upper = lower + 2;
  const m = Math.round((12 * sigma * sigma - 3 * lower * lower - 12 * lower - 9) / (-4 * lower - 4));
  return [0, 1, 2].map((i) => ((i < m ? lower : upper) - 1) / 2);
}

/** A running-sum box blur of radius r (window 2r + 1), clamped at the ends. */
function boxBlur(src: Float32Array, dst: Float32Array, n: number, r: number): void {
  if (r <= 0) {
    dst.set(src.subarray(0, n));
    return;
  }
  const at = (i: number): number => src[Math.min(n - 1, Math.max(0, i))]!;
  const width = 2 * r + 1;
  let sum = 0;
  for (let i = -r; i <= r; i++) sum += at(i);
  for (let i = 0; i < n; i++) {
    dst[i] = sum / width;
    sum += at(i + r + 1) - at(i - r);
  }
}
