// `transform` and `transform-origin` (css-transforms-1 §5, §6), two-dimensional: the 3D
// functions that have a 2D projection without perspective keep it (rotateX(a) scales y by
// cos a, translate3d drops z), and `perspective()`/translateZ, which change nothing in an
// orthographic view, are identity. The list is kept as written (translate percentages refer
// to the border box, known at paint time); paint/transform.ts turns it into a matrix.
import type { LengthPercentage, TransformFunction } from '../types.js';
import { parseAngle } from '../values/angle.js';
import { isSingleKeyword, splitCommas, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseLength, parseLengthPercentage } from '../values/length.js';
import { PT_PER_PX } from '../values/units.js';
import { parseBgPosition } from './background.js';
import { longhand, type LonghandDef } from './registry.js';

const ZERO: LengthPercentage = { abs: 0, pct: 0 };
const IDENTITY: TransformFunction = { kind: 'scale', x: 1, y: 1 };

type FunctionComputer = Computer<TransformFunction>;

function number(c: Component | undefined): number | null {
  if (c?.type === 'number') return c.value;
  if (c?.type === 'percentage') return c.value / 100;
  return null;
}

function numbers(args: readonly Component[][], count: number): number[] | null {
  if (args.length !== count) return null;
  const values = args.map((a) => (a.length === 1 && a[0]!.type === 'number' ? a[0]!.value : null));
  return values.every((v): v is number => v !== null && Number.isFinite(v)) ? values : null;
}

const one = (args: readonly Component[][]): Component | undefined => (args.length === 1 && args[0]!.length === 1 ? args[0]![0] : undefined);

/** One transform function → its computer, null when invalid or unknown. */
function parseFunction(c: Component): FunctionComputer | null {
  if (c.type !== 'function') return null;
  const args = splitCommas(c.args);
  if (args.some((a) => a.length !== 1)) return null;
  const at = (i: number): Component | undefined => args[i]?.[0];
  const angle = (i: number): number | null => parseAngle(at(i), { unitlessZero: true });
  const lp = (i: number): Computer<LengthPercentage> | null => parseLengthPercentage(at(i), { negative: true });
  switch (c.name.toLowerCase()) {
    case 'matrix': {
      const m = numbers(args, 6);
      // The translation entries are CSS px.
      return m && constant({ kind: 'matrix', values: [m[0]!, m[1]!, m[2]!, m[3]!, m[4]! * PT_PER_PX, m[5]! * PT_PER_PX] });
    }
    case 'matrix3d': {
      const m = numbers(args, 16);
      // Column-major 4×4; its 2D part is m11 m12 m21 m22 m41 m42.
      return m && constant({ kind: 'matrix', values: [m[0]!, m[1]!, m[4]!, m[5]!, m[12]! * PT_PER_PX, m[13]! * PT_PER_PX] });
    }
    case 'translate':
    case 'translate3d': {
      const count = c.name.toLowerCase() === 'translate' ? [1, 2] : [3];
      if (!count.includes(args.length)) return null;
      const x = lp(0);
      const y = args.length >= 2 ? lp(1) : () => ZERO;
      if (args.length === 3 && parseLength(at(2), { negative: true }) === null) return null;
      return x && y && ((ctx) => ({ kind: 'translate', x: x(ctx), y: y(ctx) }));
    }
    case 'translatex': {
      const x = args.length === 1 ? lp(0) : null;
      return x && ((ctx) => ({ kind: 'translate', x: x(ctx), y: ZERO }));
    }
    case 'translatey': {
      const y = args.length === 1 ? lp(0) : null;
      return y && ((ctx) => ({ kind: 'translate', x: ZERO, y: y(ctx) }));
    }
    case 'translatez':
      return parseLength(one(args), { negative: true }) && constant(IDENTITY);
    case 'scale':
    case 'scale3d': {
      const count = c.name.toLowerCase() === 'scale' ? [1, 2] : [3];
      if (!count.includes(args.length)) return null;
      const x = number(at(0));
      const y = args.length >= 2 ? number(at(1)) : x;
      return x !== null && y !== null ? constant({ kind: 'scale', x, y }) : null;
    }
    case 'scalex': {
      const x = number(one(args));
      return x === null ? null : constant({ kind: 'scale', x, y: 1 });
    }
    case 'scaley': {
      const y = number(one(args));
      return y === null ? null : constant({ kind: 'scale', x: 1, y });
    }
    case 'scalez':
      return number(one(args)) === null ? null : constant(IDENTITY);
    case 'rotate':
    case 'rotatez': {
      const a = args.length === 1 ? angle(0) : null;
      return a === null ? null : constant({ kind: 'rotate', angle: a });
    }
    // Seen head-on, a turn about the x (y) axis shortens y (x) by its cosine.
    case 'rotatex': {
      const a = args.length === 1 ? angle(0) : null;
      return a === null ? null : constant({ kind: 'scale', x: 1, y: Math.cos((a * Math.PI) / 180) });
    }
    case 'rotatey': {
      const a = args.length === 1 ? angle(0) : null;
      return a === null ? null : constant({ kind: 'scale', x: Math.cos((a * Math.PI) / 180), y: 1 });
    }
    case 'skew': {
      if (args.length < 1 || args.length > 2) return null;
      const x = angle(0);
      const y = args.length === 2 ? angle(1) : 0;
      return x === null || y === null ? null : constant({ kind: 'skew', x, y });
    }
    case 'skewx': {
      const x = args.length === 1 ? angle(0) : null;
      return x === null ? null : constant({ kind: 'skew', x, y: 0 });
    }
    case 'skewy': {
      const y = args.length === 1 ? angle(0) : null;
      return y === null ? null : constant({ kind: 'skew', x: 0, y });
    }
    case 'perspective':
      return one(args) !== undefined ? constant(IDENTITY) : null;
    default:
      return null;
  }
}

function parseTransform(items: readonly Component[]): Computer<readonly TransformFunction[] | null> | null {
  if (isSingleKeyword(items, 'none')) return constant(null);
  if (items.length === 0) return null;
  const fns = items.map(parseFunction);
  if (fns.some((f) => f === null)) return null;
  return (ctx) => fns.map((f) => f!(ctx));
}

// `[ <x> <y>? ] <length>?` in the one- and two-value forms of <position>; the z offset is dropped.
function parseTransformOrigin(items: readonly Component[]): Computer<readonly [LengthPercentage, LengthPercentage]> | null {
  if (items.length < 1 || items.length > 3) return null;
  if (items.length === 3 && parseLength(items[2], { negative: true }) === null) return null;
  const position = parseBgPosition(items.slice(0, Math.min(2, items.length)));
  return position && ((ctx) => [position.x(ctx), position.y(ctx)] as const);
}

export const TRANSFORM_LONGHANDS: readonly LonghandDef[] = [
  longhand('transform', 'transform', false, parseTransform),
  longhand('transform-origin', 'transformOrigin', false, parseTransformOrigin),
];
