// Gradients resolved for one tile (css-images-3 §3, css-images-4 §3.5): the gradient line or
// ray, colour stop positions fixed up (§3.5.3), colour hints as segment exponents,
// repeating gradients unrolled across the tile, and interpolation in premultiplied sRGB
// approximated for the PDF shading (which interpolates colour and alpha apart).
import type { Color, LengthPercentage } from '../css/types.js';
import type { Gradient, GradientStop, LinearGradient, RadialGradient } from '../css/values/gradient.js';
import type { Shading, ShadingStop } from './types.js';

/**
 * Repetitions of a repeating gradient's stops, at most this many over one tile: each is a
 * few function segments in the PDF. Past it (periods far below a pixel) the tile is filled
 * with the stops' average colour, which is what such a gradient shows.
 */
export const MAX_GRADIENT_REPEATS = 1000;

/** A tile's fill: a shading, or one colour when the gradient is degenerate. */
export type TileFill = { readonly shading: Shading } | { readonly color: Color };

/** The fill of a `width` × `height` tile with `gradient`. */
export function resolveGradient(gradient: Gradient, width: number, height: number): TileFill {
  return gradient.kind === 'linear' ? linear(gradient, width, height) : radial(gradient, width, height);
}

function linear(g: LinearGradient, w: number, h: number): TileFill {
  // §3.1.1: the direction as a unit vector (y down); a corner's line is perpendicular to the
  // diagonal between the two neighbouring corners.
  let dx: number;
  let dy: number;
  if ('angle' in g.direction) {
    const a = (g.direction.angle * Math.PI) / 180;
    dx = Math.sin(a);
    dy = -Math.cos(a);
  } else {
    const sx = g.direction.toX === 'right' ? 1 : g.direction.toX === 'left' ? -1 : 0;
    const sy = g.direction.toY === 'bottom' ? 1 : g.direction.toY === 'top' ? -1 : 0;
    [dx, dy] = sx !== 0 && sy !== 0 ? [sx * h, sy * w] : [sx, sy];
    const n = Math.hypot(dx, dy) || 1;
    dx /= n;
    dy /= n;
  }
  const length = Math.abs(w * dx) + Math.abs(h * dy);
  const stops = fixUp(g.stops, length);
  if (stops === null || !(length > 0)) return { color: lastColor(g.stops) };
  const span = unroll(stops, g.repeating, 0, 1);
  if ('color' in span) return span;
  // Point at offset t along the line, which runs through the centre.
  const at = (t: number): [number, number] => [w / 2 + dx * length * (t - 0.5), h / 2 + dy * length * (t - 0.5)];
  const [x0, y0] = at(span.from);
  const [x1, y1] = at(span.to);
  return { shading: { kind: 'linear', x0, y0, x1, y1, stops: span.stops } };
}

function radial(g: RadialGradient, w: number, h: number): TileFill {
  const cx = resolve(g.positionX, w);
  const cy = resolve(g.positionY, h);
  const [rx, ry] = radii(g, cx, cy, w, h);
  // §3.2.3 degenerate shapes: a zero-sized ray shows the last colour.
  const stops = fixUp(g.stops, rx);
  if (!(rx > 0 && ry > 0) || stops === null) return { color: lastColor(g.stops) };
  const scaleY = ry / rx;
  // The farthest corner, in ray lengths (the ellipse's units): repeats must reach it.
  const reach = Math.max(...[[0, 0], [w, 0], [0, h], [w, h]].map(([x, y]) => Math.hypot((x! - cx) / rx, (y! - cy) / ry)));
  const span = unroll(stops, g.repeating, 0, reach);
  if ('color' in span) return span;
  if (span.to <= 0) return { color: span.stops[span.stops.length - 1]!.color };
  // A radius cannot be negative: stops before the centre are cut at offset 0.
  const cut = span.from < 0 ? cutAt(span, 0) : span;
  return { shading: { kind: 'radial', cx, cy, r0: cut.from * rx, r1: cut.to * rx, scaleY, stops: cut.stops } };
}

function radii(g: RadialGradient, cx: number, cy: number, w: number, h: number): [number, number] {
  if (typeof g.size === 'object') return [resolve(g.size.rx, w), resolve(g.size.ry, h)];
  const left = Math.abs(cx);
  const right = Math.abs(w - cx);
  const top = Math.abs(cy);
  const bottom = Math.abs(h - cy);
  const side = g.size.endsWith('side');
  const pick = g.size.startsWith('closest') ? Math.min : Math.max;
  if (g.shape === 'circle') {
    if (side) {
      const r = pick(left, right, top, bottom);
      return [r, r];
    }
    const r = pick(...[[left, top], [right, top], [left, bottom], [right, bottom]].map(([x, y]) => Math.hypot(x!, y!)));
    return [r, r];
  }
  const sx = pick(left, right);
  const sy = pick(top, bottom);
  // §3.2.2: a corner extent keeps the side extent's aspect ratio and passes through the corner.
  return side ? [sx, sy] : [sx * Math.SQRT2, sy * Math.SQRT2];
}

const resolve = (v: LengthPercentage, basis: number): number => v.abs + (v.pct / 100) * basis;

/** A stop with its position along the line in line lengths, and the hint before it. */
interface Fixed {
  readonly offset: number;
  readonly color: Color;
  readonly exponent: number;
}

/**
 * §3.5.3 colour stop fix-up: positions as fractions of `length`; the first and last default
 * to 0 and 1; a position before an earlier one moves up to it; the rest spread evenly between
 * their positioned neighbours. Hints become the exponent of the segment they sit in
 * (css-images-4 §3.5.2: the colour reaches half-way at the hint). Null when `length` is 0
 * and a percentage cannot resolve.
 */
function fixUp(list: readonly GradientStop[], length: number): Fixed[] | null {
  const frac = (v: LengthPercentage): number => (length > 0 ? resolve(v, length) / length : v.pct / 100);
  if (!(length >= 0) || !Number.isFinite(length)) return null;
  const stops = list.filter((s): s is GradientStop & { kind: 'stop' } => s.kind === 'stop');
  const positions: (number | null)[] = stops.map((s) => (s.position === null ? null : frac(s.position)));
  if (positions[0] === null) positions[0] = 0;
  if (positions[positions.length - 1] === null) positions[positions.length - 1] = stops.length === 1 ? 0 : 1;
  let max = -Infinity;
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i];
    if (p !== null && p !== undefined) positions[i] = max = Math.max(max, p);
  }
  for (let i = 0; i < positions.length; i++) {
    if (positions[i] !== null) continue;
    let j = i;
    while (positions[j] === null) j++;
    const from = positions[i - 1]!;
    const to = positions[j]!;
    for (let k = i; k < j; k++) positions[k] = from + ((to - from) * (k - i + 1)) / (j - i + 1);
  }
  // Hints: the list alternates stop, [hint,] stop…; a hint belongs to the segment ending at the next stop.
  const out: Fixed[] = [];
  let stopIndex = 0;
  let hint: number | null = null;
  for (const item of list) {
    if (item.kind === 'hint') {
      hint = frac(item.position);
      continue;
    }
    const offset = positions[stopIndex++]!;
    const previous = out[out.length - 1];
    let exponent = 1;
    if (hint !== null && previous && offset > previous.offset) {
      const h = (Math.min(offset, Math.max(previous.offset, hint)) - previous.offset) / (offset - previous.offset);
      exponent = h <= 0 ? 0 : h >= 1 ? Infinity : Math.log(0.5) / Math.log(h);
    }
    hint = null;
    out.push({ offset, color: item.color, exponent });
  }
  return out;
}

/** Stops renormalised to 0–1 over the span [from, to] of the line they cover. */
interface Span {
  readonly from: number;
  readonly to: number;
  readonly stops: readonly ShadingStop[];
}

/**
 * The stops as one span: as written, or for a repeating gradient copied end to end over
 * [reachFrom, reachTo] (§3.4). Infinite hint exponents (a hint at an end) become hard edges.
 */
function unroll(stops: readonly Fixed[], repeating: boolean, reachFrom: number, reachTo: number): Span | { readonly color: Color } {
  let list: Fixed[] = [...stops];
  const first = list[0]!.offset;
  const last = list[list.length - 1]!.offset;
  if (repeating && list.length > 1) {
    const period = last - first;
    const count = period > 0 ? Math.ceil((reachTo - reachFrom) / period) + 1 : Infinity;
    if (!(count <= MAX_GRADIENT_REPEATS)) return { color: averageColor(list) };
    const start = Math.floor((reachFrom - first) / period);
    list = [];
    for (let k = start; k < start + count; k++) for (const s of stops) list.push({ ...s, offset: s.offset + k * period });
  }
  list = hardEdges(premultiplied(list));
  let from = list[0]!.offset;
  let to = list[list.length - 1]!.offset;
  // All stops at one point: a hard edge, drawn over a very short line.
  if (!(to - from > 1e-6)) {
    to = from + 1e-6;
    list = [{ ...list[0]!, offset: from }, { ...list[list.length - 1]!, offset: to, exponent: 1 }];
  }
  const range = to - from;
  return { from, to, stops: list.map((s) => ({ offset: (s.offset - from) / range, color: s.color, exponent: s.exponent })) };
}

// An exponent of 0 (hint at the start) jumps to the next colour at once; Infinity (hint at
// the end) keeps the previous colour until the stop: both are two stops at one offset.
function hardEdges(list: readonly Fixed[]): Fixed[] {
  const out: Fixed[] = [];
  for (const s of list) {
    const previous = out[out.length - 1];
    if (previous && (s.exponent === 0 || s.exponent === Infinity)) {
      const at = s.exponent === 0 ? previous.offset : s.offset;
      const color = s.exponent === 0 ? s.color : previous.color;
      out.push({ offset: at, color, exponent: 1 }, { ...s, exponent: 1 });
    } else out.push(s);
  }
  return out;
}

/** Samples added inside a segment whose ends differ in alpha and colour. */
const PREMULTIPLIED_SAMPLES = 4;

/**
 * §3.5.2 interpolates in premultiplied sRGB; a PDF shading interpolates colour and alpha
 * (its soft mask) apart. A fully transparent stop takes its neighbours' colours (two stops
 * at one offset when they differ), so `transparent` never fades through black; other
 * segments between different alphas get a few premultiplied samples.
 */
function premultiplied(list: readonly Fixed[]): Fixed[] {
  const out: Fixed[] = [];
  for (let i = 0; i < list.length; i++) {
    const s = list[i]!;
    if (s.color.a > 0) {
      const previous = out[out.length - 1];
      if (previous && previous.color.a > 0 && previous.color.a !== s.color.a && s.exponent === 1 && !sameRgb(previous.color, s.color)) {
        for (let k = 1; k <= PREMULTIPLIED_SAMPLES; k++) {
          const t = k / (PREMULTIPLIED_SAMPLES + 1);
          out.push({ offset: previous.offset + (s.offset - previous.offset) * t, color: mixPremultiplied(previous.color, s.color, t), exponent: 1 });
        }
      }
      out.push(s);
      continue;
    }
    const before = list[i - 1];
    const after = list[i + 1];
    const left = before && before.color.a > 0 ? before.color : after?.color ?? s.color;
    const right = after && after.color.a > 0 ? after.color : left;
    out.push({ ...s, color: { ...left, a: 0 } });
    if (!sameRgb(left, right)) out.push({ offset: s.offset, color: { ...right, a: 0 }, exponent: 1 });
  }
  return out;
}

function mixPremultiplied(a: Color, b: Color, t: number): Color {
  const alpha = a.a + (b.a - a.a) * t;
  const channel = (x: number, y: number): number => (x * a.a + (y * b.a - x * a.a) * t) / alpha;
  return { r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b), a: alpha };
}

function sameRgb(a: Color, b: Color): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b;
}

/** The span cut at `at` (a radial gradient's centre): the colour there becomes the first stop. */
function cutAt(span: Span, at: number): Span {
  const t = (at - span.from) / (span.to - span.from);
  const stops = span.stops;
  const i = stops.findIndex((s) => s.offset >= t);
  const before = stops[Math.max(0, i - 1)]!;
  const after = stops[i]!;
  const u = after.offset > before.offset ? Math.pow((t - before.offset) / (after.offset - before.offset), after.exponent) : 1;
  const head: ShadingStop = { offset: 0, color: mix(before.color, after.color, u), exponent: 1 };
  const rest = stops.filter((s) => s.offset > t).map((s) => ({ ...s, offset: (s.offset - t) / (1 - t) }));
  return { from: at, to: span.to, stops: [head, ...rest] };
}

function mix(a: Color, b: Color, t: number): Color {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t, a: a.a + (b.a - a.a) * t };
}

function averageColor(list: readonly Fixed[]): Color {
  let r = 0, g = 0, b = 0, a = 0, total = 0;
  for (let i = 1; i < list.length; i++) {
    const weight = list[i]!.offset - list[i - 1]!.offset;
    for (const c of [list[i - 1]!.color, list[i]!.color]) {
      r += c.r * c.a * weight / 2;
      g += c.g * c.a * weight / 2;
      b += c.b * c.a * weight / 2;
      a += c.a * weight / 2;
    }
    total += weight;
  }
  if (!(total > 0) || !(a > 0)) return list[list.length - 1]!.color;
  return { r: r / a, g: g / a, b: b / a, a: a / total };
}

function lastColor(list: readonly GradientStop[]): Color {
  for (let i = list.length - 1; i >= 0; i--) {
    const s = list[i]!;
    if (s.kind === 'stop') return s.color;
  }
  return { r: 0, g: 0, b: 0, a: 0 };
}
