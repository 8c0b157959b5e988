// The basic shapes (SVG 2 §10) as paths: rect (with rx/ry), circle, ellipse, line, polyline
// and polygon, in the direction and from the start point SVG 2 gives (dashes depend on it).
// A shape with a zero or negative size draws nothing (null).

import type { PathOp } from '../../paint/types.js';
import { parseLength, parseNumberPrefix, type LengthContext } from './numbers.js';
import type { XmlElement } from './xml.js';

// Control-point distance for a quarter ellipse drawn as one cubic Bézier: 4/3 (√2 − 1).
const KAPPA = 0.5522847498;

/** The path of a basic shape or `<path>`'s sibling elements; null when it draws nothing. */
export function basicShapeOps(element: XmlElement, ctx: LengthContext): PathOp[] | null {
  const attr = (name: string, axis: 'x' | 'y' | 'other', fallback: number | null = 0): number | null =>
    parseLength(element.attrs.get(name), axis, ctx) ?? fallback;
  switch (element.name) {
    case 'rect':
      return rectOps(attr('x', 'x')!, attr('y', 'y')!, attr('width', 'x')!, attr('height', 'y')!, attr('rx', 'x', null), attr('ry', 'y', null));
    case 'circle': {
      const r = attr('r', 'other')!;
      return ellipseOps(attr('cx', 'x')!, attr('cy', 'y')!, r, r);
    }
    case 'ellipse': {
      // SVG 2: an auto (missing) radius takes the other one's value.
      const rx = attr('rx', 'x', null);
      const ry = attr('ry', 'y', null);
      return ellipseOps(attr('cx', 'x')!, attr('cy', 'y')!, rx ?? ry ?? 0, ry ?? rx ?? 0);
    }
    case 'line':
      return [{ op: 'M', x: attr('x1', 'x')!, y: attr('y1', 'y')! }, { op: 'L', x: attr('x2', 'x')!, y: attr('y2', 'y')! }];
    case 'polyline':
    case 'polygon':
      return polyOps(element.attrs.get('points') ?? '', element.name === 'polygon');
    default:
      return null;
  }
}

/** SVG 2 §10.2: a rectangle, rounded when rx or ry is positive (a missing one copies the other). */
export function rectOps(x: number, y: number, w: number, h: number, rxIn: number | null, ryIn: number | null): PathOp[] | null {
  if (!(w > 0 && h > 0)) return null;
  const rxAuto = rxIn === null || rxIn < 0 ? null : rxIn;
  const ryAuto = ryIn === null || ryIn < 0 ? null : ryIn;
  const rx = Math.min(rxAuto ?? ryAuto ?? 0, w / 2);
  const ry = Math.min(ryAuto ?? rxAuto ?? 0, h / 2);
  if (rx <= 0 || ry <= 0) {
    return [{ op: 'M', x, y }, { op: 'L', x: x + w, y }, { op: 'L', x: x + w, y: y + h }, { op: 'L', x, y: y + h }, { op: 'Z' }];
  }
  const kx = rx * KAPPA;
  const ky = ry * KAPPA;
  const r = x + w;
  const b = y + h;
  return [
    { op: 'M', x: x + rx, y },
    { op: 'L', x: r - rx, y },
    { op: 'C', x1: r - rx + kx, y1: y, x2: r, y2: y + ry - ky, x: r, y: y + ry },
    { op: 'L', x: r, y: b - ry },
    { op: 'C', x1: r, y1: b - ry + ky, x2: r - rx + kx, y2: b, x: r - rx, y: b },
    { op: 'L', x: x + rx, y: b },
    { op: 'C', x1: x + rx - kx, y1: b, x2: x, y2: b - ry + ky, x, y: b - ry },
    { op: 'L', x, y: y + ry },
    { op: 'C', x1: x, y1: y + ry - ky, x2: x + rx - kx, y2: y, x: x + rx, y },
    { op: 'Z' },
  ];
}

/** SVG 2 §10.4: four quarter arcs from (cx + rx, cy), clockwise on screen. */
export function ellipseOps(cx: number, cy: number, rx: number, ry: number): PathOp[] | null {
  if (!(rx > 0 && ry > 0)) return null;
  const kx = rx * KAPPA;
  const ky = ry * KAPPA;
  return [
    { op: 'M', x: cx + rx, y: cy },
    { op: 'C', x1: cx + rx, y1: cy + ky, x2: cx + kx, y2: cy + ry, x: cx, y: cy + ry },
    { op: 'C', x1: cx - kx, y1: cy + ry, x2: cx - rx, y2: cy + ky, x: cx - rx, y: cy },
    { op: 'C', x1: cx - rx, y1: cy - ky, x2: cx - kx, y2: cy - ry, x: cx, y: cy - ry },
    { op: 'C', x1: cx + kx, y1: cy - ry, x2: cx + rx, y2: cy - ky, x: cx + rx, y: cy },
    { op: 'Z' },
  ];
}

/** SVG 2 §10.6–7: points in pairs; an odd last number is dropped, as is everything after an error. */
function polyOps(points: string, closed: boolean): PathOp[] | null {
  const numbers = parseNumberPrefix(points);
  if (numbers.length < 2) return null;
  const ops: PathOp[] = [];
  for (let i = 0; i + 1 < numbers.length; i += 2) ops.push({ op: i === 0 ? 'M' : 'L', x: numbers[i]!, y: numbers[i + 1]! });
  if (closed) ops.push({ op: 'Z' });
  return ops;
}
