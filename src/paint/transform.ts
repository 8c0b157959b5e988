// 2D transforms (css-transforms-1 §6, §13): a box's transform list as one matrix in page
// coordinates, composed about its transform-origin in the border box.
import type { ComputedStyle, LengthPercentage, TransformFunction } from '../css/types.js';
import type { Rect } from '../layout/replaced.js';
import type { DisplayItem, Matrix } from './types.js';

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m × n: applies n first, then m. */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** A point through a matrix. */
export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The bounding box of a rectangle through a matrix. */
export function transformedBounds(m: Matrix, r: Rect): Rect {
  const corners = [apply(m, r.x, r.y), apply(m, r.x + r.width, r.y), apply(m, r.x, r.y + r.height), apply(m, r.x + r.width, r.y + r.height)];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

const resolve = (v: LengthPercentage, basis: number): number => v.abs + (v.pct / 100) * basis;
const radians = (deg: number): number => (deg * Math.PI) / 180;

function functionMatrix(f: TransformFunction, box: Rect): Matrix {
  switch (f.kind) {
    case 'matrix': return f.values;
    case 'translate': return [1, 0, 0, 1, resolve(f.x, box.width), resolve(f.y, box.height)];
    case 'scale': return [f.x, 0, 0, f.y, 0, 0];
    // Positive angles turn clockwise on the page (y points down).
    case 'rotate': {
      const a = radians(f.angle);
      return [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0];
    }
    case 'skew': return [1, Math.tan(radians(f.y)), Math.tan(radians(f.x)), 1, 0, 0];
  }
}

/**
 * The matrix of a box's `transform` with its border box at `box` (page coordinates): the
 * functions multiplied left to right, translated to and back from the origin (§6.1). Null
 * without a transform, or when the matrix is not finite.
 */
export function transformMatrix(style: ComputedStyle, box: Rect): Matrix | null {
  if (style.transform === null) return null;
  const ox = box.x + resolve(style.transformOrigin[0], box.width);
  const oy = box.y + resolve(style.transformOrigin[1], box.height);
  let m: Matrix = [1, 0, 0, 1, ox, oy];
  for (const f of style.transform) m = multiply(m, functionMatrix(f, box));
  m = multiply(m, [1, 0, 0, 1, -ox, -oy]);
  return m.every(Number.isFinite) ? m : null;
}

/**
 * A box's items under its transform: as they are without one; none when the matrix cannot
 * be inverted (§6.1: the box is not rendered); else one transform item.
 */
export function transformed(style: ComputedStyle, box: Rect, items: DisplayItem[]): DisplayItem[] {
  const matrix = transformMatrix(style, box);
  if (matrix === null || items.length === 0) return items;
  if (!(Math.abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]) > 1e-12)) return [];
  return [{ kind: 'transform', matrix, items }];
}
