// The background longhands besides colour and image (css-backgrounds-3 §3.4–3.9, with the
// `background-position-x`/`-y` longhands of css-backgrounds-4 §2.2): size, position, repeat,
// origin and clip. Like object-fit, they are kept in `extra` as computed text — lengths resolved
// to pt, so `em` follows the element's font — and read back, typed, by backgroundLayerOf().
//
// Every longhand takes a comma-separated list (one item per layer) and keeps the whole list,
// so that `inherit` and serialization see what was written. Only one layer is painted:
// backgroundLayerOf() reads the first item of each list. `background-position` is a shorthand
// for the -x/-y pair. The `background` shorthand (shorthands-other.ts) fills these from the
// layer whose image it keeps.
import type { ComputedStyle, LengthPercentage } from '../types.js';
import { keywordOf, splitCommas, type Component } from '../values/components.js';
import type { Computer } from '../values/context.js';
import { parseLengthPercentage } from '../values/length.js';
import { formatAxis, readAxis } from './object.js';
import type { Expansion, LonghandDef, ShorthandDef } from './registry.js';

export type RepeatStyle = 'repeat' | 'no-repeat' | 'space' | 'round';
export type VisualBox = 'border-box' | 'padding-box' | 'content-box';

/** `auto`, or a length-percentage of the background positioning area's matching side. */
export type SizeComponent = LengthPercentage | 'auto';
export type BackgroundSize = 'cover' | 'contain' | { readonly width: SizeComponent; readonly height: SizeComponent };

/** The painted background layer's geometry properties, typed. */
export interface BackgroundLayer {
  readonly size: BackgroundSize;
  /** Offsets of the image from the origin box's left and top edges: `pct` of the free space plus `abs` pt. */
  readonly positionX: LengthPercentage;
  readonly positionY: LengthPercentage;
  readonly repeatX: RepeatStyle;
  readonly repeatY: RepeatStyle;
  readonly origin: VisualBox;
  readonly clip: VisualBox;
  /** `fixed` places the image in the page area instead of the box (css-backgrounds-3 §3.5); `local` paints as `scroll`. */
  readonly attachment: 'scroll' | 'fixed';
}

const ZERO_PCT: LengthPercentage = { abs: 0, pct: 0 };
const HALF: LengthPercentage = { abs: 0, pct: 50 };
const AUTO_SIZE: BackgroundSize = { width: 'auto', height: 'auto' };

/** The initial values (css-backgrounds-3: auto, 0% 0%, repeat, padding-box, border-box). */
export const INITIAL_BACKGROUND_LAYER: BackgroundLayer = {
  size: AUTO_SIZE, positionX: ZERO_PCT, positionY: ZERO_PCT, repeatX: 'repeat', repeatY: 'repeat', origin: 'padding-box', clip: 'border-box', attachment: 'scroll',
};

const layerCache = new WeakMap<ComputedStyle, BackgroundLayer>();

/** The first background layer's size, position, repeat, origin and clip of a style. */
export function backgroundLayerOf(style: ComputedStyle): BackgroundLayer {
  const extra = style.extra;
  if (!extra.has('background-size') && !extra.has('background-position-x') && !extra.has('background-position-y')
    && !extra.has('background-repeat') && !extra.has('background-origin') && !extra.has('background-clip') && !extra.has('background-attachment')) return INITIAL_BACKGROUND_LAYER;
  let layer = layerCache.get(style);
  if (layer === undefined) {
    layer = readLayer(extra);
    layerCache.set(style, layer);
  }
  return layer;
}

function readLayer(extra: ReadonlyMap<string, string>): BackgroundLayer {
  const first = (name: string): string | undefined => extra.get(name)?.split(',')[0]?.trim();
  const [repeatX, repeatY] = readRepeat(first('background-repeat'));
  return {
    size: readSize(first('background-size')),
    positionX: readAxisText(first('background-position-x')),
    positionY: readAxisText(first('background-position-y')),
    repeatX,
    repeatY,
    origin: readBox(first('background-origin'), 'padding-box'),
    clip: readBox(first('background-clip'), 'border-box'),
    attachment: first('background-attachment')?.toLowerCase() === 'fixed' ? 'fixed' : 'scroll',
  };
}

// Computed text never holds commas inside one item (calc() is printed without them), so the
// first item is everything before the first comma.
function readAxisText(text: string | undefined): LengthPercentage {
  return (text !== undefined && readAxis(text)) || ZERO_PCT;
}

function readSize(text: string | undefined): BackgroundSize {
  if (text === undefined || text === 'auto') return AUTO_SIZE;
  if (text === 'cover' || text === 'contain') return text;
  const [w, h] = text.match(/calc\([^)]*\)|\S+/g) ?? [];
  const side = (t: string | undefined): SizeComponent => (t === undefined || t === 'auto' ? 'auto' : readAxis(t) ?? 'auto');
  return { width: side(w), height: side(h) };
}

function readRepeat(text: string | undefined): [RepeatStyle, RepeatStyle] {
  if (text === undefined) return ['repeat', 'repeat'];
  if (text === 'repeat-x') return ['repeat', 'no-repeat'];
  if (text === 'repeat-y') return ['no-repeat', 'repeat'];
  const [x, y] = text.split(' ') as [RepeatStyle, RepeatStyle | undefined];
  return [x, y ?? x];
}

function readBox(text: string | undefined, initial: VisualBox): VisualBox {
  return text === 'border-box' || text === 'padding-box' || text === 'content-box' ? text : initial;
}

// ---------------------------------------------------------------------------------------------
// Parsing. Each parser takes one layer's components and returns a computer of its computed text.

type TextComputer = Computer<string>;

const REPEATS = new Set(['repeat', 'no-repeat', 'space', 'round']);
const BOXES = new Set(['border-box', 'padding-box', 'content-box']);

/** `<repeat-style>`: repeat-x | repeat-y | [repeat | space | round | no-repeat]{1,2}; computed in its shortest form. */
export function parseRepeatStyle(items: readonly Component[]): TextComputer | null {
  const words = items.map(keywordOf);
  if (words.length === 1 && (words[0] === 'repeat-x' || words[0] === 'repeat-y')) {
    const word = words[0];
    return () => word;
  }
  if (words.length < 1 || words.length > 2 || !words.every((w) => w !== null && REPEATS.has(w))) return null;
  const [x, y] = words as [string, string | undefined];
  const text = y === undefined || y === x ? x : x === 'repeat' && y === 'no-repeat' ? 'repeat-x' : x === 'no-repeat' && y === 'repeat' ? 'repeat-y' : `${x} ${y}`;
  return () => text;
}

/** `<bg-size>`: [ <length-percentage [0,∞]> | auto ]{1,2} | cover | contain. */
export function parseBackgroundSize(items: readonly Component[]): TextComputer | null {
  const word = items.length === 1 ? keywordOf(items[0]) : null;
  if (word === 'cover' || word === 'contain') return () => word;
  if (items.length < 1 || items.length > 2) return null;
  const sides = items.map((c): Computer<string> | null => {
    if (keywordOf(c) === 'auto') return () => 'auto';
    const lp = parseLengthPercentage(c);
    return lp && ((ctx) => formatAxis(clampNonNegative(lp(ctx))));
  });
  if (sides.some((s) => s === null)) return null;
  const [w, h] = sides as [Computer<string>, Computer<string> | undefined];
  // `<w> auto` is `<w>` (CSSOM's shortest serialization).
  return (ctx) => {
    const width = w(ctx);
    const height = h ? h(ctx) : 'auto';
    return height === 'auto' ? width : `${width} ${height}`;
  };
}

// calc() may go negative; a negative size is clamped to 0 (css-values-4 §10.12).
function clampNonNegative(v: LengthPercentage): LengthPercentage {
  return v.pct === 0 && v.abs < 0 ? { abs: 0, pct: 0 } : v;
}

/** `<visual-box>`: border-box | padding-box | content-box. */
export function parseVisualBox(items: readonly Component[]): TextComputer | null {
  const word = items.length === 1 ? keywordOf(items[0]) : null;
  return word !== null && BOXES.has(word) ? () => word : null;
}

type Side = 'left' | 'right' | 'top' | 'bottom' | 'center';
type Term = { readonly side: Side } | { readonly length: Computer<LengthPercentage> };
type Axis = Computer<LengthPercentage>;

const SIDES = new Set<string>(['left', 'right', 'top', 'bottom', 'center']);

function termOf(c: Component): Term | null {
  const word = keywordOf(c);
  if (word !== null) return SIDES.has(word) ? { side: word as Side } : null;
  const length = parseLengthPercentage(c, { negative: true });
  return length && { length };
}

/** True for a component that can be part of a `<bg-position>` (for the shorthand's scanner). */
export function isPositionTerm(c: Component): boolean {
  return termOf(c) !== null;
}

/**
 * `<bg-position>` (css-backgrounds-3 §3.6): one value; two values (horizontal then vertical,
 * or two keywords in either order); or three or four values, where each side keyword may be
 * followed by an offset from that side (`right 10px bottom`, `left 5% top 2em`).
 */
export function parseBgPosition(items: readonly Component[]): { readonly x: Axis; readonly y: Axis } | null {
  const terms: Term[] = [];
  for (const c of items) {
    const t = termOf(c);
    if (t === null) return null;
    terms.push(t);
  }
  if (terms.length === 1) {
    const t = terms[0]!;
    if ('length' in t) return { x: t.length, y: () => HALF };
    return t.side === 'top' || t.side === 'bottom' ? { x: () => HALF, y: sideAxis(t.side, null) } : { x: sideAxis(t.side, null), y: () => HALF };
  }
  if (terms.length === 2 && terms.some((t) => 'length' in t)) {
    // [ left | center | right | <lp> ] [ top | center | bottom | <lp> ]
    const [a, b] = terms as [Term, Term];
    if ('side' in a && (a.side === 'top' || a.side === 'bottom')) return null;
    if ('side' in b && (b.side === 'left' || b.side === 'right')) return null;
    return { x: 'length' in a ? a.length : sideAxis(a.side, null), y: 'length' in b ? b.length : sideAxis(b.side, null) };
  }
  if (terms.length < 2 || terms.length > 4) return null;
  // [ center | [ left | right ] <lp>? ] && [ center | [ top | bottom ] <lp>? ]
  const groups: { side: Side; offset: Axis | null }[] = [];
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i]!;
    if (!('side' in t)) return null;
    const next = terms[i + 1];
    if (next !== undefined && 'length' in next && t.side !== 'center') {
      groups.push({ side: t.side, offset: next.length });
      i++;
    } else groups.push({ side: t.side, offset: null });
  }
  if (groups.length !== 2) return null;
  const [g1, g2] = groups as [{ side: Side; offset: Axis | null }, { side: Side; offset: Axis | null }];
  const horizontal = (s: Side) => s === 'left' || s === 'right';
  const vertical = (s: Side) => s === 'top' || s === 'bottom';
  if ((horizontal(g1.side) && horizontal(g2.side)) || (vertical(g1.side) && vertical(g2.side))) return null;
  const [gx, gy] = horizontal(g1.side) || vertical(g2.side) ? [g1, g2] : [g2, g1];
  return { x: sideAxis(gx.side, gx.offset), y: sideAxis(gy.side, gy.offset) };
}

/** A side keyword with an optional offset from that side, as an offset from the left/top edge. */
function sideAxis(side: Side, offset: Axis | null): Axis {
  if (side === 'center') return () => HALF;
  if (side === 'right' || side === 'bottom') {
    return (ctx) => {
      const o = offset ? offset(ctx) : ZERO_PCT;
      return { abs: 0 - o.abs, pct: 100 - o.pct }; // 0 − 0 is +0, unlike −0
    };
  }
  return offset ?? (() => ZERO_PCT);
}

/**
 * `background-position-x` / `-y` (css-backgrounds-4 §2.2): center | [ <side> ]? <lp>?, where
 * the start/end keywords are left/top and right/bottom in horizontal left-to-right text.
 */
function parsePositionAxis(axis: 'x' | 'y'): (items: readonly Component[]) => Axis | null {
  const start = axis === 'x' ? ['left', 'x-start'] : ['top', 'y-start'];
  const end = axis === 'x' ? ['right', 'x-end'] : ['bottom', 'y-end'];
  return (items) => {
    if (items.length < 1 || items.length > 2) return null;
    const word = keywordOf(items[0]);
    if (items.length === 1 && word === 'center') return () => HALF;
    const side: Side | null = word === null ? null : start.includes(word) ? 'left' : end.includes(word) ? 'right' : null;
    if (word !== null && side === null) return null;
    const lengthItem = word === null ? items[0] : items[1];
    if (word === null && items.length === 2) return null;
    const offset = lengthItem === undefined ? null : parseLengthPercentage(lengthItem, { negative: true });
    if (lengthItem !== undefined && offset === null) return null;
    return sideAxis(side ?? 'left', offset);
  };
}

/** A comma-separated list of layers, each parsed by `parse`, computed to `a, b, c`. */
function layerList(parse: (items: readonly Component[]) => TextComputer | null): (items: readonly Component[]) => TextComputer | null {
  return (items) => {
    const layers = splitCommas(items);
    const parsed = layers.map((l) => (l.length === 0 ? null : parse(l)));
    if (parsed.some((p) => p === null)) return null;
    const computers = parsed as TextComputer[];
    if (computers.length === 1) return computers[0]!;
    return (ctx) => computers.map((c) => c(ctx)).join(', ');
  };
}

const axisText = (axis: Axis): TextComputer => (ctx) => formatAxis(axis(ctx));

function positionAxisText(axis: 'x' | 'y'): (items: readonly Component[]) => TextComputer | null {
  const parse = parsePositionAxis(axis);
  return (items) => {
    const parsed = parse(items);
    return parsed && axisText(parsed);
  };
}

// background-position: a shorthand for -x and -y, layer by layer.
function expandPosition(items: readonly Component[]): Expansion | null {
  const layers = splitCommas(items).map((l) => (l.length === 0 ? null : parseBgPosition(l)));
  if (layers.some((l) => l === null)) return null;
  const xs = layers.map((l) => axisText(l!.x));
  const ys = layers.map((l) => axisText(l!.y));
  const join = (list: TextComputer[]): TextComputer => (ctx) => list.map((c) => c(ctx)).join(', ');
  return new Map([
    ['background-position-x', join(xs)],
    ['background-position-y', join(ys)],
  ]);
}

/** The typed background longhands (stored in `extra`, not inherited). */
export const BACKGROUND_LONGHANDS: readonly LonghandDef[] = [
  { name: 'background-size', inherited: false, field: null, parse: layerList(parseBackgroundSize) },
  { name: 'background-position-x', inherited: false, field: null, parse: layerList(positionAxisText('x')) },
  { name: 'background-position-y', inherited: false, field: null, parse: layerList(positionAxisText('y')) },
  { name: 'background-repeat', inherited: false, field: null, parse: layerList(parseRepeatStyle) },
  { name: 'background-origin', inherited: false, field: null, parse: layerList(parseVisualBox) },
  { name: 'background-clip', inherited: false, field: null, parse: layerList(parseVisualBox) },
];

/** `background-position` → `background-position-x`, `background-position-y`. */
export const BACKGROUND_SHORTHANDS: readonly ShorthandDef[] = [
  { name: 'background-position', longhands: ['background-position-x', 'background-position-y'], expand: expandPosition },
];
