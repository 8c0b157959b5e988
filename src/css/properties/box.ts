// Box properties: display and positioning (CSS 2.1 §9), the box model (§8, §10), borders
// and radii (css-backgrounds-3), overflow, visibility, opacity and backgrounds.
import type { BackgroundImage, BorderStyle, ComputedStyle, Display, IntrinsicSizeKeyword, LengthPercentage, LengthPercentageAuto, LengthPercentageNone, Overflow } from '../types.js';
import { AUTO_MIN_SIZE } from '../initial-style.js';
import { parseColor } from '../values/color.js';
import { isSingleKeyword, keywordOf, splitCommas, type Component } from '../values/components.js';
import { isGradientFunction, parseGradient } from '../values/gradient.js';
import { constant, type Computer } from '../values/context.js';
import { parseInteger, parseLength, parseLengthPercentage, parseNumber } from '../values/length.js';
import { PT_PER_PX } from '../values/units.js';
import { CLEAR_LONGHAND, FLOAT_LONGHAND } from './logical.js';
import { keywordLonghand, longhand, type FieldName, type LonghandDef } from './registry.js';

const DISPLAY_KEYWORDS: readonly Display[] = [
  'none', 'block', 'inline', 'inline-block', 'list-item', 'flow-root', 'table', 'inline-table',
  'table-row-group', 'table-header-group', 'table-footer-group', 'table-row', 'table-column-group',
  'table-column', 'table-cell', 'table-caption', 'flex', 'inline-flex', 'grid', 'inline-grid', 'contents',
];

// Values the engine does not lay out, mapped to the nearest display it does (ruby like
// inline). Two-value forms from css-display-3 §2.
const DISPLAY_ALIASES: Readonly<Record<string, Display>> = {
  ruby: 'inline',
  'ruby-text': 'inline',
  'run-in': 'block',
  'inline-list-item': 'inline',
  '-webkit-box': 'flex',
  '-webkit-inline-box': 'inline-flex',
  '-webkit-flex': 'flex',
  '-webkit-inline-flex': 'inline-flex',
  'block flow': 'block',
  'inline flow': 'inline',
  'block flow-root': 'flow-root',
  'inline flow-root': 'inline-block',
  'block flex': 'flex',
  'inline flex': 'inline-flex',
  'block table': 'table',
  'inline table': 'inline-table',
  'list-item block': 'list-item',
  'block list-item': 'list-item',
  'list-item block flow': 'list-item',
  'block grid': 'grid',
  'inline grid': 'inline-grid',
};

function parseDisplay(items: readonly Component[]): Computer<Display> | null {
  if (items.length === 0 || items.some((c) => c.type !== 'ident')) return null;
  const text = items.map((c) => (c as { lower: string }).lower).join(' ');
  const value = (DISPLAY_KEYWORDS as readonly string[]).includes(text) ? (text as Display) : DISPLAY_ALIASES[text];
  return value === undefined ? null : constant(value);
}

// css-gcpm-3 §2.2 running elements: `position: running(header)`; sticky behaves as relative
// in paged media (there is no scrolling).
function parsePosition(items: readonly Component[]): Computer<ComputedStyle['position']> | null {
  if (items.length !== 1) return null;
  const c = items[0]!;
  if (c.type === 'function' && c.name === 'running' && c.args.length === 1 && c.args[0]!.type === 'ident') {
    const running = c.args[0]!.value;
    return constant({ running });
  }
  const word = keywordOf(c);
  if (word === 'static' || word === 'relative' || word === 'absolute' || word === 'fixed') return constant(word);
  if (word === 'sticky' || word === '-webkit-sticky') return constant('relative');
  return null;
}

function lpAuto(negative: boolean): (items: readonly Component[]) => Computer<LengthPercentageAuto> | null {
  return (items) => {
    if (items.length !== 1) return null;
    if (isSingleKeyword(items, 'auto')) return constant('auto');
    return parseLengthPercentage(items[0], { negative });
  };
}

// css-sizing-3 keywords: heights have no intrinsic sizing (they act as auto), nor has `stretch` yet.
function sizeAuto(items: readonly Component[]): Computer<LengthPercentageAuto> | null {
  if (isSingleKeyword(items, 'min-content', 'max-content', 'fit-content', '-webkit-fill-available', 'stretch')) return constant('auto');
  return lpAuto(false)(items);
}

const INTRINSIC_KEYWORDS = ['min-content', 'max-content', 'fit-content'] as const;

/** An intrinsic size keyword (css-sizing-3 §3.1), or null. */
function intrinsicKeyword(items: readonly Component[]): IntrinsicSizeKeyword | null {
  return INTRINSIC_KEYWORDS.find((k) => isSingleKeyword(items, k)) ?? null;
}

function widthSize(items: readonly Component[]): Computer<LengthPercentageAuto | IntrinsicSizeKeyword> | null {
  const keyword = intrinsicKeyword(items);
  return keyword ? constant(keyword) : sizeAuto(items);
}

function minWidthSize(items: readonly Component[]): Computer<LengthPercentage | IntrinsicSizeKeyword> | null {
  const keyword = intrinsicKeyword(items);
  return keyword ? constant(keyword) : minSize(items);
}

function maxWidthSize(items: readonly Component[]): Computer<LengthPercentageNone | IntrinsicSizeKeyword> | null {
  const keyword = intrinsicKeyword(items);
  return keyword ? constant(keyword) : maxSize(items);
}

function lpNonNegative(items: readonly Component[]): Computer<LengthPercentage> | null {
  return items.length === 1 ? parseLengthPercentage(items[0]) : null;
}

// min-height `auto` (css-sizing-3) is 0 for every box we lay out except flex items (see
// AUTO_MIN_SIZE); its intrinsic keywords act as auto, whose minimum is the content's height.
function minSize(items: readonly Component[]): Computer<LengthPercentage> | null {
  if (isSingleKeyword(items, 'auto', 'min-content', 'max-content', 'fit-content')) return constant(AUTO_MIN_SIZE);
  return lpNonNegative(items);
}

function maxSize(items: readonly Component[]): Computer<LengthPercentageNone> | null {
  if (isSingleKeyword(items, 'none', 'min-content', 'max-content', 'fit-content')) return constant('none');
  return lpNonNegative(items);
}

const MEDIUM_BORDER: Computer<number> = constant(3 * PT_PER_PX);

const BORDER_WIDTH_KEYWORDS: Readonly<Record<string, number>> = { thin: 1 * PT_PER_PX, medium: 3 * PT_PER_PX, thick: 5 * PT_PER_PX };

/** `<line-width>`: thin | medium | thick | `<length>` ≥ 0, in pt. */
export function parseBorderWidth(items: readonly Component[]): Computer<number> | null {
  if (items.length !== 1) return null;
  const word = keywordOf(items[0]);
  if (word !== null) {
    const pt = BORDER_WIDTH_KEYWORDS[word];
    return pt === undefined ? null : constant(pt);
  }
  return parseLength(items[0]);
}

export const BORDER_STYLES: readonly BorderStyle[] = ['none', 'hidden', 'solid', 'dashed', 'dotted', 'double', 'groove', 'ridge', 'inset', 'outset'];

/** A corner radius: one or two non-negative `<length-percentage>`s (horizontal, vertical). */
export function parseRadius(items: readonly Component[]): Computer<readonly [LengthPercentage, LengthPercentage]> | null {
  if (items.length < 1 || items.length > 2) return null;
  const h = parseLengthPercentage(items[0]);
  const v = items.length === 2 ? parseLengthPercentage(items[1]) : h;
  return h && v && ((ctx) => [h(ctx), v(ctx)] as const);
}

function parseZIndex(items: readonly Component[]): Computer<number | 'auto'> | null {
  if (isSingleKeyword(items, 'auto')) return constant('auto');
  const n = items.length === 1 ? parseInteger(items[0]) : null;
  return n === null ? null : constant(n);
}

// CSS 2.1 §11.1.2: `rect(<top>, <right>, <bottom>, <left>)`, each a length or auto; the
// commas may be left out, as browsers allow.
function parseClip(items: readonly Component[]): Computer<ComputedStyle['clip']> | null {
  if (isSingleKeyword(items, 'auto')) return constant('auto');
  const c = items.length === 1 ? items[0]! : null;
  if (c?.type !== 'function' || c.name.toLowerCase() !== 'rect') return null;
  const groups = c.args.some((a) => a.type === 'op') ? splitCommas(c.args) : c.args.map((a) => [a]);
  if (groups.length !== 4 || groups.some((g) => g.length !== 1)) return null;
  const sides: (Computer<number> | 'auto')[] = [];
  for (const [g] of groups) {
    const length = keywordOf(g) === 'auto' ? 'auto' : parseLength(g, { negative: true });
    if (length === null) return null;
    sides.push(length);
  }
  const side = (i: number, ctx: Parameters<Computer<number>>[0]): number | 'auto' => {
    const v = sides[i]!;
    return v === 'auto' ? 'auto' : v(ctx);
  };
  return (ctx) => ({ top: side(0, ctx), right: side(1, ctx), bottom: side(2, ctx), left: side(3, ctx) });
}

// overflow-x / overflow-y (css-overflow-3 §3); `overlay` is a legacy alias of auto.
export function parseOverflowAxis(items: readonly Component[]): Computer<Overflow> | null {
  if (items.length !== 1) return null;
  const word = keywordOf(items[0]);
  if (word === 'overlay') return constant('auto');
  return word === 'visible' || word === 'hidden' || word === 'clip' || word === 'scroll' || word === 'auto' ? constant(word) : null;
}

function parseOpacity(items: readonly Component[]): Computer<number> | null {
  if (items.length !== 1) return null;
  const c = items[0]!;
  if (c.type === 'percentage') return constant(Math.min(1, Math.max(0, c.value / 100)));
  const n = parseNumber(c, { negative: true });
  return n && ((ctx) => Math.min(1, Math.max(0, n(ctx))));
}

/** `none | <url> | <gradient>`; image-set() is not painted and computes to none. */
export function parseImage(items: readonly Component[]): Computer<BackgroundImage> | null {
  return items.length === 1 ? imageValue(items[0]!) : null;
}

/** `<image>` where only a url is drawn (list-style-image): other images compute to none. */
export function parseUrlImage(items: readonly Component[]): Computer<string | null> | null {
  if (items.length !== 1) return null;
  const c = items[0]!;
  if (c.type === 'url') return constant(c.value);
  return imageValue(c) === null ? null : constant(null);
}

/** True for an image the painter draws (a url or a linear or radial gradient), for picking the painted layer. */
export function isPaintedImage(c: Component): boolean {
  return c.type === 'url' || (isGradientFunction(c) && !/conic/i.test(c.name));
}

function imageValue(c: Component): Computer<BackgroundImage> | null {
  if (c.type === 'url') return constant(c.value);
  if (keywordOf(c) === 'none') return constant(null);
  if (isGradientFunction(c)) return parseGradient(c);
  if (c.type === 'function' && /^image-set$|^-webkit-image-set$/.test(c.name)) return constant(null);
  return null;
}

// background-image takes a comma-separated layer list; only one layer is painted (paint draws
// one image per box): the first, topmost, whose image is one the painter draws.
function parseBackgroundImage(items: readonly Component[]): Computer<BackgroundImage> | null {
  const layers = splitCommas(items);
  if (layers.some((l) => l.length !== 1)) return null;
  const images = layers.map((l) => imageValue(l[0]!));
  if (images.some((i) => i === null)) return null;
  const painted = layers.findIndex((l) => isPaintedImage(l[0]!));
  return painted < 0 ? constant(null) : images[painted]!;
}

function colorLonghand(name: string, field: FieldName & `${string}Color`): LonghandDef {
  return longhand(name, field as 'color', false, (items) => (items.length === 1 ? parseColor(items[0]) : null), (ctx) => ctx.color);
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const Side = { top: 'Top', right: 'Right', bottom: 'Bottom', left: 'Left' } as const;

function sideLonghands(): LonghandDef[] {
  return SIDES.flatMap((side) => [
    longhand(side, side, false, lpAuto(true)),
    longhand(`margin-${side}`, `margin${Side[side]}`, false, lpAuto(true)),
    longhand(`padding-${side}`, `padding${Side[side]}`, false, lpNonNegative),
    // Initial `medium`; the computed-value rule turns it into 0 while the style is none.
    longhand(`border-${side}-width`, `border${Side[side]}Width`, false, parseBorderWidth, MEDIUM_BORDER),
    keywordLonghand(`border-${side}-style`, `border${Side[side]}Style`, false, BORDER_STYLES),
    colorLonghand(`border-${side}-color`, `border${Side[side]}Color`),
  ]);
}

const CORNERS = [
  ['top-left', 'borderTopLeftRadius'],
  ['top-right', 'borderTopRightRadius'],
  ['bottom-right', 'borderBottomRightRadius'],
  ['bottom-left', 'borderBottomLeftRadius'],
] as const;

/** Box-model longhands, in no particular order. */
export const BOX_LONGHANDS: readonly LonghandDef[] = [
  longhand('display', 'display', false, parseDisplay),
  longhand('position', 'position', false, parsePosition),
  FLOAT_LONGHAND,
  CLEAR_LONGHAND,
  longhand('z-index', 'zIndex', false, parseZIndex),
  longhand('clip', 'clip', false, parseClip),
  ...sideLonghands(),
  ...CORNERS.map(([corner, field]) => longhand(`border-${corner}-radius`, field, false, parseRadius)),
  longhand('width', 'width', false, widthSize),
  longhand('height', 'height', false, sizeAuto),
  longhand('min-width', 'minWidth', false, minWidthSize),
  longhand('min-height', 'minHeight', false, minSize),
  longhand('max-width', 'maxWidth', false, maxWidthSize),
  longhand('max-height', 'maxHeight', false, maxSize),
  keywordLonghand('box-sizing', 'boxSizing', false, ['content-box', 'border-box']),
  longhand('overflow-x', 'overflowX', false, parseOverflowAxis),
  longhand('overflow-y', 'overflowY', false, parseOverflowAxis),
  keywordLonghand('visibility', 'visibility', true, ['visible', 'hidden', 'collapse']),
  longhand('opacity', 'opacity', false, parseOpacity),
  longhand('background-color', 'backgroundColor', false, (items) => (items.length === 1 ? parseColor(items[0]) : null)),
  longhand('background-image', 'backgroundImage', false, parseBackgroundImage),
];
