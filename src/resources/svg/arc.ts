// Elliptical arcs as cubic Béziers: the endpoint parameterisation of path data converted to a
// centre parameterisation (SVG 1.1 Appendix F.6.5, out-of-range radii per F.6.6), then split
// into pieces of at most 90°, each approximated by one cubic (error below 0.03% of the radius).

import type { PathOp } from '../../paint/types.js';

export interface ArcSegment {
  readonly x0: number;
  readonly y0: number;
  readonly rx: number;
  readonly ry: number;
  /** x-axis-rotation, degrees. */
  readonly rotation: number;
  readonly largeArc: boolean;
  readonly sweep: boolean;
  readonly x: number;
  readonly y: number;
}

/** The cubic curves (or one line, for a zero radius) that draw an arc from (x0, y0) to (x, y). */
export function arcToCubics(arc: ArcSegment): PathOp[] {
  const { x0, y0, x, y } = arc;
  if (x0 === x && y0 === y) return []; // F.6.2: the arc is omitted
  let rx = Math.abs(arc.rx);
  let ry = Math.abs(arc.ry);
  if (rx === 0 || ry === 0) return [{ op: 'L', x, y }];
  const phi = (arc.rotation * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  // F.6.5.1: the midpoint in the ellipse's axes.
  const dx = (x0 - x) / 2;
  const dy = (y0 - y) / 2;
  const x1 = cos * dx + sin * dy;
  const y1 = -sin * dx + cos * dy;
  // F.6.6.2: radii too small to reach are scaled up just enough.
  const lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
  if (lambda > 1) {
    const s = Math.sqrt(lambda);
    rx *= s;
    ry *= s;
  }
  // F.6.5.2: the centre in the ellipse's axes.
  const num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
  const den = rx * rx * y1 * y1 + ry * ry * x1 * x1;
  let k = den === 0 ? 0 : Math.sqrt(Math.max(0, num / den));
  if (arc.largeArc === arc.sweep) k = -k;
  const cx1 = (k * rx * y1) / ry;
  const cy1 = (-k * ry * x1) / rx;
  // F.6.5.3: the centre in user space.
  const cx = cos * cx1 - sin * cy1 + (x0 + x) / 2;
  const cy = sin * cx1 + cos * cy1 + (y0 + y) / 2;
  // F.6.5.5–6: start angle and sweep.
  const theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry);
  let delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry);
  if (!arc.sweep && delta > 0) delta -= 2 * Math.PI;
  else if (arc.sweep && delta < 0) delta += 2 * Math.PI;
  return unitArcCubics({ cx, cy, rx, ry, cos, sin }, theta1, delta, x, y);
}

interface Ellipse {
  readonly cx: number;
  readonly cy: number;
  readonly rx: number;
  readonly ry: number;
  readonly cos: number;
  readonly sin: number;
}

function unitArcCubics(e: Ellipse, start: number, delta: number, endX: number, endY: number): PathOp[] {
  const pieces = Math.max(1, Math.ceil(Math.abs(delta) / (Math.PI / 2) - 1e-9));
  const step = delta / pieces;
  // Control-point distance on the unit circle for an arc of `step` radians.
  const t = (4 / 3) * Math.tan(step / 4);
  const point = (ux: number, uy: number): [number, number] => [
    e.cx + e.cos * e.rx * ux - e.sin * e.ry * uy,
    e.cy + e.sin * e.rx * ux + e.cos * e.ry * uy,
  ];
  const ops: PathOp[] = [];
  let a = start;
  for (let i = 0; i < pieces; i++) {
    const b = a + step;
    const [x1, y1] = point(Math.cos(a) - t * Math.sin(a), Math.sin(a) + t * Math.cos(a));
    const [x2, y2] = point(Math.cos(b) + t * Math.sin(b), Math.sin(b) - t * Math.cos(b));
    // The last piece ends exactly at the arc's endpoint, so rounding never opens a gap.
    const [x, y] = i === pieces - 1 ? [endX, endY] : point(Math.cos(b), Math.sin(b));
    ops.push({ op: 'C', x1, y1, x2, y2, x, y });
    a = b;
  }
  return ops;
}

/** The signed angle from vector u to vector v (F.6.5.4). */
function angle(ux: number, uy: number, vx: number, vy: number): number {
  return Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
}
