// Gradient images (css-images-3 §3, with the colour hints and two-position stops of
// css-images-4 §3.5): linear-gradient(), radial-gradient() and their repeating forms, parsed
// into computed values — colours resolved (currentcolor included), lengths in pt,
// percentages kept for paint, which knows the box. Paint (paint/gradient.ts) resolves stop
// positions along the gradient line; the PDF writer draws them as shadings.
import { parseBgPosition } from '../properties/background.js';
import type { Color, LengthPercentage } from '../types.js';
import { parseAngle } from './angle.js';
import { parseColor } from './color.js';
import { keywordOf, splitCommas, type Component } from './components.js';
import type { Computer } from './context.js';
import { parseLengthPercentage } from './length.js';

/** A colour stop with its position (null: to be spread evenly, §3.5.3), or a colour hint. */
export type GradientStop =
  | { readonly kind: 'stop'; readonly color: Color; readonly position: LengthPercentage | null }
  | { readonly kind: 'hint'; readonly position: LengthPercentage };

/** Where a linear gradient's line points: an angle (0deg up, clockwise) or towards a side or corner. */
export type LinearDirection =
  | { readonly angle: number }
  | { readonly toX: 'left' | 'right' | null; readonly toY: 'top' | 'bottom' | null };

export interface LinearGradient {
  readonly kind: 'linear';
  readonly repeating: boolean;
  readonly direction: LinearDirection;
  readonly stops: readonly GradientStop[];
}

export type RadialExtent = 'closest-side' | 'closest-corner' | 'farthest-side' | 'farthest-corner';

export interface RadialGradient {
  readonly kind: 'radial';
  readonly repeating: boolean;
  readonly shape: 'circle' | 'ellipse';
  /** An extent keyword, or explicit radii (a circle's are one length twice). */
  readonly size: RadialExtent | { readonly rx: LengthPercentage; readonly ry: LengthPercentage };
  /** The centre: offsets from the gradient box's left and top edges. */
  readonly positionX: LengthPercentage;
  readonly positionY: LengthPercentage;
  readonly stops: readonly GradientStop[];
}

export type Gradient = LinearGradient | RadialGradient;

const EXTENTS = new Set<string>(['closest-side', 'closest-corner', 'farthest-side', 'farthest-corner']);
const CENTER: LengthPercentage = { abs: 0, pct: 50 };

/** True for a function component that names a gradient this file parses or knowingly skips. */
export function isGradientFunction(c: Component): c is Component & { type: 'function' } {
  return c.type === 'function' && /^(-webkit-)?(repeating-)?(linear|radial|conic)-gradient$/.test(c.name.toLowerCase());
}

/**
 * A gradient function → its computer; null when invalid. conic-gradient() is valid but not
 * painted: it computes to null, like `none`.
 */
export function parseGradient(c: Component): Computer<Gradient | null> | null {
  if (!isGradientFunction(c)) return null;
  const name = c.name.toLowerCase();
  const legacy = name.startsWith('-webkit-');
  const base = legacy ? name.slice(8) : name;
  const repeating = base.startsWith('repeating-');
  const kind = (repeating ? base.slice(10) : base).replace('-gradient', '');
  const groups = splitCommas(c.args);
  if (groups.some((g) => g.length === 0)) return null;
  if (kind === 'conic') return () => null;
  if (kind === 'linear') return linear(groups, repeating, legacy);
  return radial(groups, repeating, legacy);
}

function linear(groups: Component[][], repeating: boolean, legacy: boolean): Computer<LinearGradient> | null {
  let direction: LinearDirection = { toX: null, toY: 'bottom' };
  let rest = groups;
  const first = groups[0]!;
  if (parseStop(first) === null) {
    const parsed = legacy ? legacyDirection(first) : linearDirection(first);
    if (parsed === null) return null;
    direction = parsed;
    rest = groups.slice(1);
  }
  const stops = parseStopList(rest);
  return stops && ((ctx) => ({ kind: 'linear', repeating, direction, stops: stops(ctx) }));
}

// `<angle> | to <side-or-corner>`; a unitless 0 is accepted as an angle, as browsers do.
function linearDirection(items: readonly Component[]): LinearDirection | null {
  if (items.length === 1) {
    const angle = parseAngle(items[0], { unitlessZero: true });
    return angle === null ? null : { angle };
  }
  if (keywordOf(items[0]) !== 'to' || items.length > 3) return null;
  return sides(items.slice(1), false);
}

// -webkit-linear-gradient(): the side or corner names where the line starts, and angles run
// counter-clockwise from the right (0deg points right): 90deg − a in standard terms.
function legacyDirection(items: readonly Component[]): LinearDirection | null {
  if (items.length === 1) {
    const angle = parseAngle(items[0], { unitlessZero: true });
    if (angle !== null) return { angle: 90 - angle };
  }
  return items.length <= 2 ? sides(items, true) : null;
}

function sides(items: readonly Component[], opposite: boolean): LinearDirection | null {
  let toX: 'left' | 'right' | null = null;
  let toY: 'top' | 'bottom' | null = null;
  for (const c of items) {
    const word = keywordOf(c);
    if ((word === 'left' || word === 'right') && toX === null) toX = opposite ? (word === 'left' ? 'right' : 'left') : word;
    else if ((word === 'top' || word === 'bottom') && toY === null) toY = opposite ? (word === 'top' ? 'bottom' : 'top') : word;
    else return null;
  }
  return toX === null && toY === null ? null : { toX, toY };
}

function radial(groups: Component[][], repeating: boolean, legacy: boolean): Computer<RadialGradient> | null {
  let shape: 'circle' | 'ellipse' | null = null;
  let size: RadialGradient['size'] | Computer<{ rx: LengthPercentage; ry: LengthPercentage }> = 'farthest-corner';
  let position: { x: Computer<LengthPercentage>; y: Computer<LengthPercentage> } | null = null;
  let rest = groups;
  const first = groups[0]!;
  if (parseStop(first) === null) {
    const prelude = legacy ? legacyRadialPrelude(groups) : radialPrelude(first);
    if (prelude === null) return null;
    ({ shape, size, position } = prelude);
    rest = groups.slice(prelude.groups);
  }
  const stops = parseStopList(rest);
  if (!stops) return null;
  // §3.2.1: a lone length makes a circle; two make an ellipse; the default shape is ellipse,
  // except with one length.
  const finalShape = shape ?? 'ellipse';
  return (ctx) => ({
    kind: 'radial',
    repeating,
    shape: finalShape,
    size: typeof size === 'function' ? size(ctx) : size,
    positionX: position ? position.x(ctx) : CENTER,
    positionY: position ? position.y(ctx) : CENTER,
    stops: stops(ctx),
  });
}

interface RadialPrelude {
  readonly shape: 'circle' | 'ellipse' | null;
  readonly size: RadialExtent | Computer<{ rx: LengthPercentage; ry: LengthPercentage }>;
  readonly position: { x: Computer<LengthPercentage>; y: Computer<LengthPercentage> } | null;
  /** How many comma groups the prelude took. */
  readonly groups: number;
}

// `[ <ending-shape> || <size> ]? [ at <position> ]?`
function radialPrelude(items: readonly Component[]): RadialPrelude | null {
  const at = items.findIndex((c) => keywordOf(c) === 'at');
  const head = at < 0 ? items : items.slice(0, at);
  let position: RadialPrelude['position'] = null;
  if (at >= 0) {
    position = parseBgPosition(items.slice(at + 1));
    if (position === null) return null;
  }
  const shapeSize = shapeAndSize(head);
  return shapeSize && { ...shapeSize, position, groups: 1 };
}

// -webkit-radial-gradient(<position>, <shape> <size>, stops): position first, then shape and size.
function legacyRadialPrelude(groups: readonly Component[][]): RadialPrelude | null {
  const position = parseBgPosition(groups[0]!);
  if (position === null) return null;
  const second = groups[1];
  if (second && parseStop(second) === null) {
    const shapeSize = shapeAndSize(second);
    return shapeSize && { ...shapeSize, position, groups: 2 };
  }
  return { shape: null, size: 'farthest-corner', position, groups: 1 };
}

function shapeAndSize(items: readonly Component[]): Pick<RadialPrelude, 'shape' | 'size'> | null {
  let shape: 'circle' | 'ellipse' | null = null;
  let extent: RadialExtent | null = null;
  const lengths: Computer<LengthPercentage>[] = [];
  for (const c of items) {
    const word = keywordOf(c);
    if ((word === 'circle' || word === 'ellipse') && shape === null) shape = word;
    else if (word !== null && EXTENTS.has(word) && extent === null && lengths.length === 0) extent = word as RadialExtent;
    else if (word === 'contain' && extent === null) extent = 'closest-side';
    else if (word === 'cover' && extent === null) extent = 'farthest-corner';
    else {
      const lp = word === null && extent === null ? parseLengthPercentage(c) : null;
      if (lp === null || lengths.length === 2) return null;
      lengths.push(lp);
    }
  }
  if (items.length === 0) return null;
  if (lengths.length === 0) return { shape, size: extent ?? 'farthest-corner' };
  // A circle takes one length (no percentage); an ellipse two.
  if (lengths.length === 1) {
    if (shape === 'ellipse') return null;
    const [r] = lengths as [Computer<LengthPercentage>];
    return { shape: 'circle', size: (ctx) => ({ rx: r(ctx), ry: r(ctx) }) };
  }
  if (shape === 'circle') return null;
  const [rx, ry] = lengths as [Computer<LengthPercentage>, Computer<LengthPercentage>];
  return { shape: 'ellipse', size: (ctx) => ({ rx: rx(ctx), ry: ry(ctx) }) };
}

type StopComputer = Computer<GradientStop[]>;

// `<color> <length-percentage>{0,2}`: a stop with two positions is two stops (css-images-4).
function parseStop(items: readonly Component[]): StopComputer | null {
  if (items.length < 1 || items.length > 3) return null;
  const color = parseColor(items[0]);
  if (color === null) return null;
  const positions = items.slice(1).map((c) => parseLengthPercentage(c, { negative: true }));
  if (positions.some((p) => p === null)) return null;
  const ps = positions as Computer<LengthPercentage>[];
  if (ps.length === 0) return (ctx) => [{ kind: 'stop', color: color(ctx), position: null }];
  return (ctx) => ps.map((p) => ({ kind: 'stop', color: color(ctx), position: p(ctx) }));
}

function parseStopList(groups: readonly Component[][]): StopComputer | null {
  const parts: StopComputer[] = [];
  let previousHint = true; // a hint may not come first
  let stops = 0;
  for (const group of groups) {
    const stop = parseStop(group);
    if (stop) {
      parts.push(stop);
      previousHint = false;
      stops++;
      continue;
    }
    const hint = group.length === 1 && !previousHint ? parseLengthPercentage(group[0], { negative: true }) : null;
    if (hint === null) return null;
    parts.push((ctx) => [{ kind: 'hint', position: hint(ctx) }]);
    previousHint = true;
  }
  if (stops === 0 || previousHint) return null;
  return (ctx) => parts.flatMap((p) => p(ctx));
}
