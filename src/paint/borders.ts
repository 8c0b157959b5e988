// Borders of a box (CSS Backgrounds 3 §4; backgrounds are in background.ts): filled shapes for
// solid and double borders, stroked centre lines for dashed and dotted ones, rounded corners as paths.
import type { Color, ComputedStyle } from '../css/types.js';
import type { DisplayItem, PathOp } from './types.js';

/** Which edges a fragment draws (box-decoration-break: slice omits the edges at breaks). */
export interface Edges {
  readonly top: boolean;
  readonly right: boolean;
  readonly bottom: boolean;
  readonly left: boolean;
}

export type Radii = readonly (readonly [number, number])[];

/** Used corner radii [tl, tr, br, bl], scaled down so adjacent radii fit (§5.5). */
export function cornerRadii(style: ComputedStyle, width: number, height: number, edges: Edges): Radii | undefined {
  // Most boxes (every cell of a long table) have square corners: no arrays made for them.
  if (isZero(style.borderTopLeftRadius) && isZero(style.borderTopRightRadius) && isZero(style.borderBottomRightRadius) && isZero(style.borderBottomLeftRadius)) return undefined;
  const r = (v: readonly [{ abs: number; pct: number }, { abs: number; pct: number }]): [number, number] => [
    v[0].abs + (v[0].pct / 100) * width,
    v[1].abs + (v[1].pct / 100) * height,
  ];
  const radii: [number, number][] = [
    edges.top && edges.left ? r(style.borderTopLeftRadius) : [0, 0],
    edges.top && edges.right ? r(style.borderTopRightRadius) : [0, 0],
    edges.bottom && edges.right ? r(style.borderBottomRightRadius) : [0, 0],
    edges.bottom && edges.left ? r(style.borderBottomLeftRadius) : [0, 0],
  ];
  if (radii.every(([x, y]) => x <= 0 || y <= 0)) return undefined;
  const f = Math.min(
    1,
    width / Math.max(1e-9, radii[0]![0] + radii[1]![0]),
    width / Math.max(1e-9, radii[3]![0] + radii[2]![0]),
    height / Math.max(1e-9, radii[0]![1] + radii[3]![1]),
    height / Math.max(1e-9, radii[1]![1] + radii[2]![1]),
  );
  return radii.map(([x, y]) => [Math.max(0, x * f), Math.max(0, y * f)] as const);
}

function isZero(v: readonly [{ abs: number; pct: number }, { abs: number; pct: number }]): boolean {
  return v[0].abs === 0 && v[0].pct === 0 && v[1].abs === 0 && v[1].pct === 0;
}

/** A rounded rectangle as path operations (Bézier quarter-ellipses, κ = 0.5523). */
export function roundedRectPath(x: number, y: number, w: number, h: number, radii: Radii): PathOp[] {
  const k = 0.5522847498;
  const [tl, tr, br, bl] = radii as [readonly [number, number], readonly [number, number], readonly [number, number], readonly [number, number]];
  return [
    { op: 'M', x: x + tl[0], y },
    { op: 'L', x: x + w - tr[0], y },
    { op: 'C', x1: x + w - tr[0] + tr[0] * k, y1: y, x2: x + w, y2: y + tr[1] - tr[1] * k, x: x + w, y: y + tr[1] },
    { op: 'L', x: x + w, y: y + h - br[1] },
    { op: 'C', x1: x + w, y1: y + h - br[1] + br[1] * k, x2: x + w - br[0] + br[0] * k, y2: y + h, x: x + w - br[0], y: y + h },
    { op: 'L', x: x + bl[0], y: y + h },
    { op: 'C', x1: x + bl[0] - bl[0] * k, y1: y + h, x2: x, y2: y + h - bl[1] + bl[1] * k, x, y: y + h - bl[1] },
    { op: 'L', x, y: y + tl[1] },
    { op: 'C', x1: x, y1: y + tl[1] - tl[1] * k, x2: x + tl[0] - tl[0] * k, y2: y, x: x + tl[0], y },
    { op: 'Z' },
  ];
}

interface Side {
  readonly width: number;
  readonly style: ComputedStyle['borderTopStyle'];
  readonly color: Color;
}

/** The four border sides of a border box at (x, y, w, h). */
export function paintBorders(style: ComputedStyle, x: number, y: number, w: number, h: number, edges: Edges, out: DisplayItem[]): void {
  const topWidth = visibleWidth(style.borderTopWidth, style.borderTopStyle, edges.top);
  const rightWidth = visibleWidth(style.borderRightWidth, style.borderRightStyle, edges.right);
  const bottomWidth = visibleWidth(style.borderBottomWidth, style.borderBottomStyle, edges.bottom);
  const leftWidth = visibleWidth(style.borderLeftWidth, style.borderLeftStyle, edges.left);
  // Before any object is made: most boxes (a table's cells, with collapsed borders) have none.
  if (topWidth + rightWidth + bottomWidth + leftWidth === 0) return;
  const top: Side = { width: topWidth, style: style.borderTopStyle, color: style.borderTopColor };
  const right: Side = { width: rightWidth, style: style.borderRightStyle, color: style.borderRightColor };
  const bottom: Side = { width: bottomWidth, style: style.borderBottomStyle, color: style.borderBottomColor };
  const left: Side = { width: leftWidth, style: style.borderLeftStyle, color: style.borderLeftColor };
  const radii = cornerRadii(style, w, h, edges);
  if (radii && uniform([top, right, bottom, left])) {
    paintRoundedBorder(x, y, w, h, radii, top, out);
    return;
  }
  if (!radii && top.style === 'solid' && top.width * 2 <= Math.min(w, h) && uniform([top, right, bottom, left])) {
    // One stroked rectangle along the centre line: no seams at the corners, and rasterisers
    // do not grow it by a pixel on the far edges the way they can grow four filled shapes.
    const b = top.width;
    const ops: PathOp[] = [
      { op: 'M', x: x + b / 2, y: y + b / 2 }, { op: 'L', x: x + w - b / 2, y: y + b / 2 },
      { op: 'L', x: x + w - b / 2, y: y + h - b / 2 }, { op: 'L', x: x + b / 2, y: y + h - b / 2 }, { op: 'Z' },
    ];
    out.push({ kind: 'path', ops, fill: null, stroke: { color: top.color, width: b } });
    return;
  }
  paintSide('top', top, left.width, right.width, x, y, w, h, out);
  paintSide('right', right, top.width, bottom.width, x, y, w, h, out);
  paintSide('bottom', bottom, right.width, left.width, x, y, w, h, out);
  paintSide('left', left, bottom.width, top.width, x, y, w, h, out);
}

/** A side's width when it is drawn on this fragment, else 0. */
function visibleWidth(width: number, style: Side['style'], on: boolean): number {
  return on && width > 0 && style !== 'none' && style !== 'hidden' ? width : 0;
}

function uniform(sides: readonly Side[]): boolean {
  const [a] = sides;
  return sides.every((s) => s.width === a!.width && s.style === a!.style && sameColor(s.color, a!.color));
}

function sameColor(a: Color, b: Color): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;
}

/** A uniform border with rounded corners: the ring between two rounded rectangles (even-odd fill). */
function paintRoundedBorder(x: number, y: number, w: number, h: number, radii: Radii, side: Side, out: DisplayItem[]): void {
  const b = side.width;
  if (side.style === 'dashed' || side.style === 'dotted') {
    const inset = roundedRectPath(x + b / 2, y + b / 2, w - b, h - b, radii.map(([rx, ry]) => [Math.max(0, rx - b / 2), Math.max(0, ry - b / 2)] as const));
    const dash = side.style === 'dotted' ? [0, b * 2] : [b * 3, b * 3];
    out.push({ kind: 'path', ops: inset, fill: null, stroke: { color: side.color, width: b, dash } });
    return;
  }
  const inner = radii.map(([rx, ry]) => [Math.max(0, rx - b), Math.max(0, ry - b)] as const);
  const ops = [...roundedRectPath(x, y, w, h, radii), ...roundedRectPath(x + b, y + b, w - 2 * b, h - 2 * b, inner)];
  out.push({ kind: 'path', ops, fill: side.color, stroke: null, evenOdd: true });
}

type SideName = 'top' | 'right' | 'bottom' | 'left';

/**
 * One straight side as a trapezoid whose ends are mitred against the neighbouring sides'
 * widths (so corners join cleanly in two colours); double draws two thirds as two bands;
 * dashed and dotted stroke the side's centre line.
 */
function paintSide(name: SideName, side: Side, startWidth: number, endWidth: number, x: number, y: number, w: number, h: number, out: DisplayItem[]): void {
  const b = side.width;
  if (b <= 0 || side.color.a <= 0) return;
  if (side.style === 'dashed' || side.style === 'dotted') {
    const [x1, y1, x2, y2] = centreLine(name, b, x, y, w, h);
    out.push({ kind: 'line', x1, y1, x2, y2, width: b, color: side.color, style: side.style });
    return;
  }
  if (side.style === 'double' && b >= 3) {
    const third = b / 3;
    out.push(trapezoid(name, 0, third, startWidth, endWidth, b, x, y, w, h, side.color));
    out.push(trapezoid(name, 2 * third, b, startWidth, endWidth, b, x, y, w, h, side.color));
    return;
  }
  out.push(trapezoid(name, 0, b, startWidth, endWidth, b, x, y, w, h, side.color));
}

/** The band of a side between depths d0 and d1 (0 = outer edge), mitred to the corners. */
function trapezoid(name: SideName, d0: number, d1: number, sw: number, ew: number, b: number, x: number, y: number, w: number, h: number, color: Color): DisplayItem {
  const f0 = d0 / b;
  const f1 = d1 / b;
  // Points in side-local coordinates: along (0..len) and depth; mapped per side below.
  const len = name === 'top' || name === 'bottom' ? w : h;
  const pts: [number, number][] = [
    [sw * f0, d0],
    [len - ew * f0, d0],
    [len - ew * f1, d1],
    [sw * f1, d1],
  ];
  const map = ([a, d]: [number, number]): [number, number] => {
    switch (name) {
      case 'top': return [x + a, y + d];
      case 'right': return [x + w - d, y + a];
      case 'bottom': return [x + w - a, y + h - d];
      case 'left': return [x + d, y + h - a];
    }
  };
  const [p0, p1, p2, p3] = pts.map(map) as [[number, number], [number, number], [number, number], [number, number]];
  return {
    kind: 'path',
    ops: [{ op: 'M', x: p0[0], y: p0[1] }, { op: 'L', x: p1[0], y: p1[1] }, { op: 'L', x: p2[0], y: p2[1] }, { op: 'L', x: p3[0], y: p3[1] }, { op: 'Z' }],
    fill: color,
    stroke: null,
  };
}

function centreLine(name: SideName, b: number, x: number, y: number, w: number, h: number): [number, number, number, number] {
  switch (name) {
    case 'top': return [x, y + b / 2, x + w, y + b / 2];
    case 'right': return [x + w - b / 2, y, x + w - b / 2, y + h];
    case 'bottom': return [x, y + h - b / 2, x + w, y + h - b / 2];
    case 'left': return [x + b / 2, y, x + b / 2, y + h];
  }
}
