// Path data (SVG 1.1 §8.3): every command, absolute and relative, with implicit repeats,
// reduced to absolute moveto, lineto, cubic curveto and closepath. Quadratics become cubics
// (their control points at 2/3), arcs become cubics (arc.ts), H and V become lines. A
// malformed command ends the path: what came before it is drawn (§F.2 error processing).

import type { PathOp } from '../../paint/types.js';
import { arcToCubics } from './arc.js';
import { NumberScanner } from './numbers.js';

/** Numbers each command takes per repeat. */
const ARITY: Readonly<Record<string, number>> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

interface PenState {
  x: number;
  y: number;
  /** Start of the current subpath, where Z returns. */
  startX: number;
  startY: number;
  /** The last cubic's second control point (for S) or quadratic's control point (for T). */
  cubic: [number, number] | null;
  quad: [number, number] | null;
  /** Z was the last command: a drawing command starts a new subpath at the start point. */
  closed: boolean;
}

/** Parses a `d` attribute into absolute path operators (empty for an empty or invalid path). */
export function parsePathData(d: string): PathOp[] {
  const scanner = new NumberScanner(d);
  const ops: PathOp[] = [];
  const pen: PenState = { x: 0, y: 0, startX: 0, startY: 0, cubic: null, quad: null, closed: false };
  let command = '';
  scanner.spaces();
  while (!scanner.done) {
    const c = scanner.peek()!;
    if (/[a-zA-Z]/.test(c)) {
      if (ARITY[c.toLowerCase()] === undefined) break;
      if (ops.length === 0 && c !== 'M' && c !== 'm') break; // path data must start with a moveto
      command = c;
      scanner.pos++;
      scanner.spaces();
      if (command === 'z' || command === 'Z') {
        closePath(ops, pen);
        continue;
      }
    } else if (command === '' || command === 'z' || command === 'Z') break; // numbers without a command
    const args = readArguments(scanner, command.toLowerCase());
    if (args === null) break;
    drawCommand(command, args, ops, pen);
    // A moveto's repeats are linetos (§8.3.2).
    if (command === 'M') command = 'L';
    else if (command === 'm') command = 'l';
    scanner.separator();
  }
  if (ops[ops.length - 1]?.op === 'M') ops.pop(); // a lone moveto draws nothing
  return ops;
}

function readArguments(scanner: NumberScanner, lower: string): number[] | null {
  const arity = ARITY[lower]!;
  const args: number[] = [];
  for (let i = 0; i < arity; i++) {
    if (i > 0) scanner.separator();
    // Arc flags (the 4th and 5th numbers) are single digits that need no separator.
    const value = lower === 'a' && (i === 3 || i === 4) ? scanner.flag() : scanner.number();
    if (value === null) return null;
    args.push(value);
  }
  return args;
}

function closePath(ops: PathOp[], pen: PenState): void {
  if (!pen.closed) ops.push({ op: 'Z' });
  pen.x = pen.startX;
  pen.y = pen.startY;
  pen.cubic = null;
  pen.quad = null;
  pen.closed = true;
}

function drawCommand(command: string, args: readonly number[], ops: PathOp[], pen: PenState): void {
  const relative = command === command.toLowerCase();
  const ox = relative ? pen.x : 0;
  const oy = relative ? pen.y : 0;
  const lower = command.toLowerCase();
  if (lower === 'm') {
    moveTo(ops, pen, ox + args[0]!, oy + args[1]!);
    return;
  }
  // After Z a new subpath starts where the closed one began (PDF needs the explicit m).
  if (pen.closed) moveTo(ops, pen, pen.x, pen.y);
  let cubic: [number, number] | null = null;
  let quad: [number, number] | null = null;
  switch (lower) {
    case 'l':
      lineTo(ops, pen, ox + args[0]!, oy + args[1]!);
      break;
    case 'h':
      lineTo(ops, pen, ox + args[0]!, pen.y);
      break;
    case 'v':
      lineTo(ops, pen, pen.x, oy + args[0]!);
      break;
    case 'c':
    case 's': {
      const [x1, y1] = lower === 'c' ? [ox + args[0]!, oy + args[1]!] : reflect(pen, pen.cubic);
      const rest = lower === 'c' ? args.slice(2) : args;
      cubic = [ox + rest[0]!, oy + rest[1]!];
      curveTo(ops, pen, x1, y1, cubic[0], cubic[1], ox + rest[2]!, oy + rest[3]!);
      break;
    }
    case 'q':
    case 't': {
      quad = lower === 'q' ? [ox + args[0]!, oy + args[1]!] : reflect(pen, pen.quad);
      const end = lower === 'q' ? args.slice(2) : args;
      quadTo(ops, pen, quad[0], quad[1], ox + end[0]!, oy + end[1]!);
      break;
    }
    case 'a': {
      const [rx, ry, rotation, largeArc, sweep, x, y] = args as [number, number, number, number, number, number, number];
      const end = { x: ox + x, y: oy + y };
      ops.push(...arcToCubics({ x0: pen.x, y0: pen.y, rx, ry, rotation, largeArc: largeArc === 1, sweep: sweep === 1, ...end }));
      pen.x = end.x;
      pen.y = end.y;
      break;
    }
  }
  pen.cubic = cubic;
  pen.quad = quad;
}

/** S and T: the previous control point mirrored about the current point, or the point itself. */
function reflect(pen: PenState, control: [number, number] | null): [number, number] {
  return control ? [2 * pen.x - control[0], 2 * pen.y - control[1]] : [pen.x, pen.y];
}

function moveTo(ops: PathOp[], pen: PenState, x: number, y: number): void {
  // Consecutive movetos: only the last one starts a subpath.
  if (ops[ops.length - 1]?.op === 'M') ops.pop();
  ops.push({ op: 'M', x, y });
  Object.assign(pen, { x, y, startX: x, startY: y, cubic: null, quad: null, closed: false });
}

function lineTo(ops: PathOp[], pen: PenState, x: number, y: number): void {
  ops.push({ op: 'L', x, y });
  pen.x = x;
  pen.y = y;
}

function curveTo(ops: PathOp[], pen: PenState, x1: number, y1: number, x2: number, y2: number, x: number, y: number): void {
  ops.push({ op: 'C', x1, y1, x2, y2, x, y });
  pen.x = x;
  pen.y = y;
}

/** A quadratic as the cubic with the same curve: control points 2/3 of the way to Q. */
function quadTo(ops: PathOp[], pen: PenState, qx: number, qy: number, x: number, y: number): void {
  const x1 = pen.x + (2 / 3) * (qx - pen.x);
  const y1 = pen.y + (2 / 3) * (qy - pen.y);
  const x2 = x + (2 / 3) * (qx - x);
  const y2 = y + (2 / 3) * (qy - y);
  curveTo(ops, pen, x1, y1, x2, y2, x, y);
}
