// The remaining shorthands: background (one painted layer, see expandBackground), list-style,
// text-decoration, the legacy page-break-* properties, and flex/flex-flow into `extra`.
import { parseColor } from '../values/color.js';
import { keywordOf, splitCommas, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseLengthPercentage } from '../values/length.js';
import { isPositionTerm, parseBackgroundSize, parseBgPosition, parseRepeatStyle } from './background.js';
import { isPaintedImage, parseImage } from './box.js';
import { counterStyleName } from './generated.js';
import { formatAxis } from './object.js';
import type { Expansion, ShorthandDef } from './registry.js';
import { DECORATION_STYLES, parseDecorationLine } from './text.js';

// css-backgrounds-3 §3.10: `background` is a comma-separated list of layers,
// `<bg-image> || <bg-position> [ / <bg-size> ]? || <repeat-style> || <attachment> || <visual-box>
// || <visual-box>`, and the last layer may also hold the colour. One visual box sets origin and
// clip; two set origin, then clip.
interface BackgroundLayerParts {
  image: Component | null;
  position: { x: Computer<unknown>; y: Computer<unknown> } | null;
  size: Computer<unknown> | null;
  repeat: Computer<unknown> | null;
  attachment: string | null;
  boxes: string[];
  color: Computer<unknown> | null;
}

const ATTACHMENTS = new Set(['scroll', 'fixed', 'local']);
const VISUAL_BOXES = new Set(['border-box', 'padding-box', 'content-box']);
const REPEAT_WORDS = new Set(['repeat', 'no-repeat', 'repeat-x', 'repeat-y', 'space', 'round']);

function parseBackgroundLayer(layer: readonly Component[], last: boolean): BackgroundLayerParts | null {
  const parts: BackgroundLayerParts = { image: null, position: null, size: null, repeat: null, attachment: null, boxes: [], color: null };
  let i = 0;
  while (i < layer.length) {
    const c = layer[i]!;
    const word = keywordOf(c);
    if (parts.position === null && isPositionTerm(c)) {
      let j = i;
      while (j < layer.length && j - i < 4 && isPositionTerm(layer[j]!)) j++;
      const position = parseBgPosition(layer.slice(i, j));
      if (position === null) return null;
      parts.position = { x: (ctx) => formatAxis(position.x(ctx)), y: (ctx) => formatAxis(position.y(ctx)) };
      i = j;
      const slash = layer[i];
      if (slash?.type === 'op' && slash.value === '/') {
        // A size follows the position: one or two terms (or cover/contain).
        let k = i + 1;
        while (k < layer.length && k - i - 1 < 2 && isSizeTerm(layer[k]!)) k++;
        const size = parseBackgroundSize(layer.slice(i + 1, k));
        if (size === null) return null;
        parts.size = size;
        i = k;
      }
      continue;
    }
    if (parts.repeat === null && word !== null && REPEAT_WORDS.has(word)) {
      const next = keywordOf(layer[i + 1]);
      const two = word !== 'repeat-x' && word !== 'repeat-y' && next !== null && REPEAT_WORDS.has(next) && next !== 'repeat-x' && next !== 'repeat-y';
      parts.repeat = parseRepeatStyle(layer.slice(i, two ? i + 2 : i + 1));
      if (parts.repeat === null) return null;
      i += two ? 2 : 1;
      continue;
    }
    if (parts.attachment === null && word !== null && ATTACHMENTS.has(word)) parts.attachment = word;
    else if (parts.boxes.length < 2 && word !== null && VISUAL_BOXES.has(word)) parts.boxes.push(word);
    else if (parts.image === null && parseImage([c]) !== null) parts.image = c;
    else if (last && parts.color === null && parseColor(c) !== null) parts.color = parseColor(c);
    else return null;
    i++;
  }
  return parts;
}

function isSizeTerm(c: Component): boolean {
  const word = keywordOf(c);
  return word === 'auto' || word === 'cover' || word === 'contain' || parseLengthPercentage(c) !== null;
}

/**
 * Only one layer is painted: the first whose image is a url() or a gradient (or the first
 * layer when none is), with the last layer's colour. Its image, position, size, repeat and boxes set the
 * longhands; omitted parts are reset to their initial values by leaving them out.
 */
function expandBackground(items: readonly Component[]): Expansion | null {
  const layers = splitCommas(items);
  const parsed: BackgroundLayerParts[] = [];
  for (const [index, layer] of layers.entries()) {
    if (layer.length === 0) return null;
    const parts = parseBackgroundLayer(layer, index === layers.length - 1);
    if (parts === null) return null;
    parsed.push(parts);
  }
  const painted = parsed.find((p) => p.image !== null && isPaintedImage(p.image)) ?? parsed[0]!;
  const color = parsed[parsed.length - 1]!.color;
  const out = new Map<string, Computer<unknown>>([
    ['background-color', color ?? constant({ r: 0, g: 0, b: 0, a: 0 })],
    ['background-image', painted.image ? parseImage([painted.image])! : constant(null)],
  ]);
  if (painted.repeat) out.set('background-repeat', painted.repeat);
  if (painted.position) {
    out.set('background-position-x', painted.position.x);
    out.set('background-position-y', painted.position.y);
  }
  if (painted.size) out.set('background-size', painted.size);
  const [origin, clip] = painted.boxes;
  if (origin !== undefined) {
    out.set('background-origin', constant(origin));
    out.set('background-clip', constant(clip ?? origin));
  }
  if (painted.attachment !== null) out.set('background-attachment', constant(painted.attachment));
  return out;
}

// css-lists-3 §3.4: `<type> || <position> || <image>`; a lone `none` sets whichever of type
// and image is not otherwise given.
function expandListStyle(items: readonly Component[]): Expansion | null {
  let type: Computer<unknown> | null = null;
  let position: Computer<unknown> | null = null;
  let image: Computer<unknown> | null = null;
  let nones = 0;
  for (const c of items) {
    const word = keywordOf(c);
    if (word === 'none') nones++;
    else if ((word === 'inside' || word === 'outside') && position === null) position = constant(word);
    else if (c.type === 'url' && image === null) image = constant(c.value);
    else if (type === null && counterStyleName(c) !== null) type = constant(counterStyleName(c));
    else return null;
  }
  if (nones > 2 || (nones === 2 && (type || image)) || (nones === 1 && type && image)) return null;
  if (nones >= 1 && type === null) type = constant('none');
  else if (nones >= 1) image = constant(null);
  return new Map([
    ['list-style-type', type ?? constant('disc')],
    ['list-style-position', position ?? constant('outside')],
    ['list-style-image', image ?? constant(null)],
  ]);
}

// css-text-decor-4 §2.5: `<line> || <style> || <color> || <thickness>`.
function expandTextDecoration(items: readonly Component[]): Expansion | null {
  const lines: Component[] = [];
  let style: Computer<unknown> | null = null;
  let color: Computer<unknown> | null = null;
  let thickness: string | null = null;
  for (const c of items) {
    const word = keywordOf(c);
    if (word !== null && ['none', 'underline', 'overline', 'line-through', 'blink'].includes(word)) lines.push(c);
    else if (word !== null && (DECORATION_STYLES as readonly string[]).includes(word) && style === null) style = constant(word);
    else if (color === null && parseColor(c) !== null) color = parseColor(c);
    else if (thickness === null && (word === 'auto' || word === 'from-font' || parseLengthPercentage(c) !== null)) thickness = serialize(c);
    else return null;
  }
  const line = lines.length === 0 ? constant({ underline: false, overline: false, lineThrough: false }) : parseDecorationLine(lines);
  if (line === null) return null;
  const out = new Map<string, Computer<unknown>>([
    ['text-decoration-line', line],
    ['text-decoration-style', style ?? constant('solid')],
    ['text-decoration-color', color ?? ((ctx) => ctx.color)],
  ]);
  if (thickness !== null) out.set('text-decoration-thickness', constant(thickness));
  return out;
}

function serialize(c: Component): string {
  if (c.type === 'dimension') return `${c.value}${c.unit}`;
  if (c.type === 'percentage') return `${c.value}%`;
  if (c.type === 'number') return String(c.value);
  if (c.type === 'function') return c.text;
  return c.type === 'ident' ? c.value : '';
}

// css-break-3 §3.4: page-break-* are aliases with `always` → page.
function legacyPageBreak(name: string, target: string, inside: boolean): ShorthandDef {
  const map: Readonly<Record<string, string>> = inside
    ? { auto: 'auto', avoid: 'avoid' }
    : { auto: 'auto', always: 'page', avoid: 'avoid', left: 'left', right: 'right', recto: 'recto', verso: 'verso' };
  return {
    name,
    longhands: [target],
    expand: (items) => {
      const word = items.length === 1 ? keywordOf(items[0]) : null;
      const value = word === null ? undefined : map[word];
      return value === undefined ? null : new Map([[target, constant(value)]]);
    },
  };
}

// css-flexbox-1 §7.1: none | auto | <grow> <shrink>? || <basis>.
function expandFlex(items: readonly Component[]): Expansion | null {
  const word = items.length === 1 ? keywordOf(items[0]) : null;
  const result = (grow: string, shrink: string, basis: string): Expansion =>
    new Map([
      ['flex-grow', constant(grow)],
      ['flex-shrink', constant(shrink)],
      ['flex-basis', constant(basis)],
    ]);
  if (word === 'none') return result('0', '0', 'auto');
  if (word === 'auto') return result('1', '1', 'auto');
  const numbers: string[] = [];
  let basis: Component | undefined;
  for (const c of items) {
    if (c.type === 'number' && numbers.length < 2 && c.value >= 0) numbers.push(String(c.value));
    else if (basis === undefined && isFlexBasis(c)) basis = c;
    else return null;
  }
  if (numbers.length === 0 && basis === undefined) return null;
  return result(numbers[0] ?? '1', numbers[1] ?? '1', basis === undefined ? '0%' : serialize(basis));
}

function isFlexBasis(c: Component): boolean {
  const word = keywordOf(c);
  return word === 'auto' || word === 'content' || parseLengthPercentage(c) !== null;
}

function expandFlexFlow(items: readonly Component[]): Expansion | null {
  const out = new Map<string, Computer<unknown>>();
  for (const c of items) {
    const word = keywordOf(c);
    if (word === null) return null;
    const target = ['row', 'row-reverse', 'column', 'column-reverse'].includes(word) ? 'flex-direction' : ['nowrap', 'wrap', 'wrap-reverse'].includes(word) ? 'flex-wrap' : null;
    if (target === null || out.has(target)) return null;
    out.set(target, constant(word));
  }
  return out.size === 0 ? null : out;
}

/** Other shorthands. */
export const OTHER_SHORTHANDS: readonly ShorthandDef[] = [
  {
    name: 'background',
    longhands: [
      'background-color', 'background-image', 'background-repeat', 'background-position-x', 'background-position-y',
      'background-size', 'background-clip', 'background-origin', 'background-attachment',
    ],
    expand: expandBackground,
  },
  { name: 'list-style', longhands: ['list-style-type', 'list-style-position', 'list-style-image'], expand: expandListStyle },
  {
    name: 'text-decoration',
    longhands: ['text-decoration-line', 'text-decoration-style', 'text-decoration-color', 'text-decoration-thickness'],
    expand: expandTextDecoration,
  },
  legacyPageBreak('page-break-before', 'break-before', false),
  legacyPageBreak('page-break-after', 'break-after', false),
  legacyPageBreak('page-break-inside', 'break-inside', true),
  { name: 'flex', longhands: ['flex-grow', 'flex-shrink', 'flex-basis'], expand: expandFlex },
  { name: 'flex-flow', longhands: ['flex-direction', 'flex-wrap'], expand: expandFlexFlow },
];
