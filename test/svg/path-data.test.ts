// Path data: every command, absolute and relative, implicit repeats, the compact number
// syntax, quadratics and arcs as cubics, and drawing up to the first error (SVG 1.1 §8.3, F.2).
import { describe, expect, it } from 'vitest';
import type { PathOp } from '../../src/paint/types.js';
import { arcToCubics } from '../../src/resources/svg/arc.js';
import { parsePathData } from '../../src/resources/svg/path-data.js';

/** The ops as short strings, numbers rounded to 3 decimals. */
function show(ops: readonly PathOp[]): string[] {
  const n = (v: number) => String(Math.round(v * 1000) / 1000 + 0);
  return ops.map((op) => {
    if (op.op === 'Z') return 'Z';
    if (op.op === 'C') return `C ${[op.x1, op.y1, op.x2, op.y2, op.x, op.y].map(n).join(' ')}`;
    return `${op.op} ${n(op.x)} ${n(op.y)}`;
  });
}

/** Points along a cubic, for checking curves against the shape they stand for. */
function cubicPoints(from: [number, number], op: Extract<PathOp, { op: 'C' }>, steps = 8): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    out.push([
      u * u * u * from[0] + 3 * u * u * t * op.x1 + 3 * u * t * t * op.x2 + t * t * t * op.x,
      u * u * u * from[1] + 3 * u * u * t * op.y1 + 3 * u * t * t * op.y2 + t * t * t * op.y,
    ]);
  }
  return out;
}

describe('svg path data: lines', () => {
  it('reads M, L, H, V and Z, absolute', () => {
    expect(show(parsePathData('M 10 20 L 30 40 H 50 V 60 Z'))).toEqual(['M 10 20', 'L 30 40', 'L 50 40', 'L 50 60', 'Z']);
  });

  it('reads relative commands against the current point', () => {
    expect(show(parsePathData('m 10 20 l 5 5 h 10 v -10 z'))).toEqual(['M 10 20', 'L 15 25', 'L 25 25', 'L 25 15', 'Z']);
  });

  it('treats the numbers after a moveto as linetos (relative after m)', () => {
    expect(show(parsePathData('M1 1 2 2 3 3'))).toEqual(['M 1 1', 'L 2 2', 'L 3 3']);
    expect(show(parsePathData('m1 1 2 2 3 3'))).toEqual(['M 1 1', 'L 3 3', 'L 6 6']);
  });

  it('repeats a command for every group of numbers', () => {
    expect(show(parsePathData('M0 0 L1 1 2 2 h1 1'))).toEqual(['M 0 0', 'L 1 1', 'L 2 2', 'L 3 2', 'L 4 2']);
  });

  it('reads the compact number syntax: signs, dots and exponents as separators', () => {
    expect(show(parsePathData('M1.5.5L-1-2l1e1,2E-1'))).toEqual(['M 1.5 0.5', 'L -1 -2', 'L 9 -1.8']);
  });

  it('starts a new subpath at the closed one’s start after Z, for relative and absolute commands', () => {
    expect(show(parsePathData('M10 10 l10 0 l0 10 z l5 5 Z M 0 0 z'))).toEqual(['M 10 10', 'L 20 10', 'L 20 20', 'Z', 'M 10 10', 'L 15 15', 'Z', 'M 0 0', 'Z']);
  });

  it('draws up to the first error and nothing without a leading moveto', () => {
    expect(show(parsePathData('M0 0 L10 10 L20 x L30 30'))).toEqual(['M 0 0', 'L 10 10']);
    expect(show(parsePathData('M0 0 L10 10 L20'))).toEqual(['M 0 0', 'L 10 10']);
    expect(parsePathData('L10 10')).toEqual([]);
    expect(parsePathData('')).toEqual([]);
    expect(parsePathData('M 5 5')).toEqual([]); // a lone moveto draws nothing
  });
});

describe('svg path data: curves', () => {
  it('keeps cubics and reflects the last control point for S, s', () => {
    expect(show(parsePathData('M0 0 C 10 0 20 10 20 20 S 30 40 40 40'))).toEqual(['M 0 0', 'C 10 0 20 10 20 20', 'C 20 30 30 40 40 40']);
    expect(show(parsePathData('M0 0 c 10 0 20 10 20 20 s 10 20 20 20'))).toEqual(['M 0 0', 'C 10 0 20 10 20 20', 'C 20 30 30 40 40 40']);
  });

  it('uses the current point as S’s first control point after a non-curve', () => {
    expect(show(parsePathData('M0 0 L 10 0 S 20 10 20 20'))).toEqual(['M 0 0', 'L 10 0', 'C 10 0 20 10 20 20']);
  });

  it('turns quadratics into cubics with control points at 2/3, and reflects for T, t', () => {
    expect(show(parsePathData('M0 0 Q 30 30 60 0'))).toEqual(['M 0 0', 'C 20 20 40 20 60 0']);
    // T reflects (30, 30) about (60, 0) to (90, −30).
    expect(show(parsePathData('M0 0 Q 30 30 60 0 T 120 0'))).toEqual(['M 0 0', 'C 20 20 40 20 60 0', 'C 80 -20 100 -20 120 0']);
    expect(show(parsePathData('m0 0 q 30 30 60 0 t 60 0'))).toEqual(['M 0 0', 'C 20 20 40 20 60 0', 'C 80 -20 100 -20 120 0']);
  });
});

describe('svg path data: arcs', () => {
  it('draws a half circle as two cubics on the circle', () => {
    const ops = parsePathData('M 0 50 A 50 50 0 0 1 100 50');
    expect(ops.map((op) => op.op)).toEqual(['M', 'C', 'C']);
    let from: [number, number] = [0, 50];
    for (const op of ops.slice(1) as Extract<PathOp, { op: 'C' }>[]) {
      for (const [x, y] of cubicPoints(from, op)) expect(Math.hypot(x - 50, y - 50)).toBeCloseTo(50, 1);
      from = [op.x, op.y];
    }
    // Sweep 1 from the left goes over the top (y down: smaller y).
    expect((ops[1] as Extract<PathOp, { op: 'C' }>).y).toBeCloseTo(0, 6);
    expect(from).toEqual([100, 50]);
  });

  it('chooses the arc by the large-arc and sweep flags', () => {
    const end = (d: string) => parsePathData(d).filter((op) => op.op === 'C').length;
    // A quarter-circle chord: the small arcs take one cubic, the large ones three.
    expect(end('M 100 0 A 100 100 0 0 1 0 100')).toBe(1);
    expect(end('M 100 0 A 100 100 0 1 1 0 100')).toBe(3);
    expect(end('M 100 0 A 100 100 0 0 0 0 100')).toBe(1);
    expect(end('M 100 0 A 100 100 0 1 0 0 100')).toBe(3);
  });

  it('reads compact flags and relative arcs', () => {
    const a = show(parsePathData('M0 50 a50 50 0 0 1 100 0'));
    const b = show(parsePathData('M0 50a50,50,0,0,1,100,0'));
    const c = show(parsePathData('M0 50a50 50 0 01100 0'));
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it('scales radii that are too small, draws a line for a zero radius, and nothing for no move', () => {
    // Radius 10 cannot reach 100 units: it grows to 50, a half circle.
    const grown = parsePathData('M 0 0 A 10 10 0 0 1 100 0').slice(1) as Extract<PathOp, { op: 'C' }>[];
    expect(grown).toHaveLength(2);
    expect(grown[0]!.y).toBeCloseTo(-50, 6);
    expect(show(parsePathData('M 0 0 A 0 10 0 0 1 100 0'))).toEqual(['M 0 0', 'L 100 0']);
    expect(arcToCubics({ x0: 5, y0: 5, rx: 3, ry: 3, rotation: 0, largeArc: false, sweep: true, x: 5, y: 5 })).toEqual([]);
  });

  it('rotates the ellipse by x-axis-rotation', () => {
    // An ellipse rx=20, ry=10 turned 90°: from (0, 0) to (0, 40) the long axis is vertical.
    const ops = parsePathData('M 0 0 A 20 10 90 0 1 0 40').slice(1) as Extract<PathOp, { op: 'C' }>[];
    const xs = ops.flatMap((op, i) => cubicPoints(i === 0 ? [0, 0] : [ops[i - 1]!.x, ops[i - 1]!.y], op).map(([x]) => x));
    // Sweep 1 is clockwise on screen (y down): from the top it swings out to the right.
    expect(Math.max(...xs)).toBeCloseTo(10, 1);
    expect(Math.min(...xs)).toBeCloseTo(0, 6);
  });
});
