// `object-fit` and `object-position` (css-images-3 §5.5, §5.6): how a replaced element's image
// is sized and placed in its content box. Kept in `extra` as computed text (lengths resolved to
// pt, so `em` follows the element's font), read back by objectFitOf / objectPositionOf.
import type { ComputedStyle, LengthPercentage } from '../types.js';
import { keywordOf, type Component } from '../values/components.js';
import type { Computer } from '../values/context.js';
import { parseLengthPercentage } from '../values/length.js';
import type { LonghandDef } from './registry.js';

export type ObjectFit = 'fill' | 'contain' | 'cover' | 'none' | 'scale-down';

export interface ObjectPosition {
  /** Offsets of the image from the content box's left and top: `pct` of the free space plus `abs` pt. */
  readonly x: LengthPercentage;
  readonly y: LengthPercentage;
}

const FITS: readonly ObjectFit[] = ['fill', 'contain', 'cover', 'none', 'scale-down'];
const CENTER: LengthPercentage = { abs: 0, pct: 50 };
const INITIAL_POSITION: ObjectPosition = { x: CENTER, y: CENTER };

/** The used object-fit of a style (initial: fill). */
export function objectFitOf(style: ComputedStyle): ObjectFit {
  const value = style.extra.get('object-fit');
  return value !== undefined && (FITS as readonly string[]).includes(value) ? (value as ObjectFit) : 'fill';
}

/** The computed object-position of a style (initial: 50% 50%). */
export function objectPositionOf(style: ComputedStyle): ObjectPosition {
  const value = style.extra.get('object-position');
  if (value === undefined) return INITIAL_POSITION;
  const [x, y] = (value.match(/calc\([^)]*\)|\S+/g) ?? []).map(readAxis);
  return x && y ? { x, y } : INITIAL_POSITION;
}

function parseObjectFit(items: readonly Component[]): Computer<string> | null {
  const word = items.length === 1 ? keywordOf(items[0]) : null;
  return word !== null && (FITS as readonly string[]).includes(word) ? () => word : null;
}

type Side = 'left' | 'right' | 'top' | 'bottom' | 'center';
type Term = { readonly side: Side } | { readonly length: Computer<LengthPercentage> };

const HORIZONTAL = new Set<Side>(['left', 'right', 'center']);
const VERTICAL = new Set<Side>(['top', 'bottom', 'center']);

/**
 * `<position>` (css-values-4 §9.2): one value, two values (keywords in either order, or
 * horizontal then vertical), or four values (a side keyword and an offset from it, per axis).
 */
function parsePosition(items: readonly Component[]): Computer<string> | null {
  const terms: Term[] = [];
  for (const c of items) {
    const word = keywordOf(c);
    if (word === 'left' || word === 'right' || word === 'top' || word === 'bottom' || word === 'center') {
      terms.push({ side: word });
      continue;
    }
    const length = parseLengthPercentage(c, { negative: true });
    if (!length) return null;
    terms.push({ length });
  }
  const axes = positionAxes(terms);
  if (!axes) return null;
  return (ctx) => `${formatAxis(axes.x(ctx))} ${formatAxis(axes.y(ctx))}`;
}

type Axis = Computer<LengthPercentage>;

function positionAxes(terms: readonly Term[]): { x: Axis; y: Axis } | null {
  const sideOf = (t: Term | undefined) => (t && 'side' in t ? t.side : null);
  if (terms.length === 1) {
    const side = sideOf(terms[0]);
    if (side === null) return { x: (terms[0] as { length: Axis }).length, y: () => CENTER };
    return VERTICAL.has(side) && side !== 'center' ? { x: () => CENTER, y: () => edge(side, null) } : { x: () => edge(side, null), y: () => CENTER };
  }
  if (terms.length === 2) {
    let [a, b] = terms as [Term, Term];
    const sa = sideOf(a);
    const sb = sideOf(b);
    // Two keywords may come in either order ("top left"); otherwise horizontal comes first.
    if (sa !== null && sb !== null && (sa === 'top' || sa === 'bottom' || sb === 'left' || sb === 'right')) [a, b] = [b, a];
    const x = axisTerm(a, HORIZONTAL);
    const y = axisTerm(b, VERTICAL);
    return x && y ? { x, y } : null;
  }
  if (terms.length === 4) {
    const [s1, o1, s2, o2] = terms as [Term, Term, Term, Term];
    const k1 = sideOf(s1);
    const k2 = sideOf(s2);
    if (k1 === null || k2 === null || k1 === 'center' || k2 === 'center' || !('length' in o1) || !('length' in o2)) return null;
    const firstHorizontal = HORIZONTAL.has(k1);
    if (firstHorizontal === HORIZONTAL.has(k2)) return null;
    const x = firstHorizontal ? offsetFrom(k1, o1.length) : offsetFrom(k2, o2.length);
    const y = firstHorizontal ? offsetFrom(k2, o2.length) : offsetFrom(k1, o1.length);
    return { x, y };
  }
  return null;
}

function axisTerm(term: Term, allowed: ReadonlySet<Side>): Axis | null {
  if ('length' in term) return term.length;
  return allowed.has(term.side) ? () => edge(term.side, null) : null;
}

function offsetFrom(side: Side, length: Axis): Axis {
  return (ctx) => edge(side, length(ctx));
}

/** A side keyword with an optional offset, as an offset from the left/top edge. */
function edge(side: Side, offset: LengthPercentage | null): LengthPercentage {
  const o = offset ?? { abs: 0, pct: 0 };
  if (side === 'center') return CENTER;
  if (side === 'right' || side === 'bottom') return { abs: -o.abs, pct: 100 - o.pct };
  return o;
}

/** Computed text of an offset: `50%`, `12pt` or `calc(100% - 12pt)` (background.ts shares it). */
export function formatAxis(v: LengthPercentage): string {
  const pct = round(v.pct);
  const abs = round(v.abs);
  if (abs === 0) return `${pct}%`;
  if (pct === 0) return `${abs}pt`;
  return `calc(${pct}% ${abs < 0 ? '-' : '+'} ${Math.abs(abs)}pt)`;
}

/** Reads formatAxis's text back; null when it is not in that form. */
export function readAxis(text: string): LengthPercentage | null {
  const m = /^(?:(-?[\d.e+-]+)%|(-?[\d.e+-]+)pt|calc\((-?[\d.e+-]+)% ([+-]) ([\d.e+-]+)pt\))$/.exec(text);
  if (!m) return null;
  if (m[1] !== undefined) return { abs: 0, pct: Number(m[1]) };
  if (m[2] !== undefined) return { abs: Number(m[2]), pct: 0 };
  return { abs: (m[4] === '-' ? -1 : 1) * Number(m[5]), pct: Number(m[3]) };
}

function round(n: number): number {
  const r = Math.round(n * 1e4) / 1e4;
  return Object.is(r, -0) ? 0 : r;
}

/** The object-* longhands (stored in `extra`, not inherited). */
export const OBJECT_LONGHANDS: readonly LonghandDef[] = [
  { name: 'object-fit', inherited: false, field: null, parse: parseObjectFit },
  { name: 'object-position', inherited: false, field: null, parse: parsePosition },
];
