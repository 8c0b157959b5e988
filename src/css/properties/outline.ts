// Outlines (css-ui-3 §3): outline-style, -width, -color, -offset and the `outline` shorthand.
// `auto` is kept (paint draws it solid); `invert` is not supported by browsers either and
// computes to currentcolor.
import type { ComputedStyle } from '../types.js';
import { parseColor } from '../values/color.js';
import { keywordOf, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseLength } from '../values/length.js';
import { PT_PER_PX } from '../values/units.js';
import { BORDER_STYLES, parseBorderWidth } from './box.js';
import { lineParts } from './shorthands-box.js';
import { longhand, type Expansion, type LonghandDef, type ShorthandDef } from './registry.js';

type OutlineStyle = ComputedStyle['outlineStyle'];

// `hidden` is not an outline style (§3.3).
const OUTLINE_STYLES = new Set<string>([...BORDER_STYLES.filter((s) => s !== 'hidden'), 'auto']);

function styleValue(c: Component | undefined): Computer<OutlineStyle> | null {
  const word = keywordOf(c);
  return word !== null && OUTLINE_STYLES.has(word) ? constant(word as OutlineStyle) : null;
}

function colorValue(c: Component | undefined): Computer<ComputedStyle['outlineColor']> | null {
  return keywordOf(c) === 'invert' ? (ctx) => ctx.color : parseColor(c);
}

const single = <T>(parse: (c: Component | undefined) => Computer<T> | null) => (items: readonly Component[]): Computer<T> | null => (items.length === 1 ? parse(items[0]) : null);

const MEDIUM: Computer<number> = constant(3 * PT_PER_PX);

// `<outline-color> || <outline-style> || <outline-width>`; omitted parts reset to their initial values.
function expandOutline(items: readonly Component[]): Expansion | null {
  const parts = lineParts(items, styleValue, colorValue);
  if (parts === null) return null;
  const { width, style, color } = parts;
  return new Map<string, Computer<unknown>>([
    ['outline-width', width ?? MEDIUM],
    ['outline-style', style ?? constant('none')],
    ['outline-color', color ?? ((ctx) => ctx.color)],
  ]);
}

export const OUTLINE_LONGHANDS: readonly LonghandDef[] = [
  longhand('outline-style', 'outlineStyle', false, single(styleValue)),
  // Initial `medium`; the computed-value rule turns it into 0 while the style is none.
  longhand('outline-width', 'outlineWidth', false, parseBorderWidth, MEDIUM),
  longhand('outline-color', 'outlineColor', false, single(colorValue), (ctx) => ctx.color),
  longhand('outline-offset', 'outlineOffset', false, single((c) => parseLength(c, { negative: true }))),
];

export const OUTLINE_SHORTHANDS: readonly ShorthandDef[] = [
  { name: 'outline', longhands: ['outline-color', 'outline-style', 'outline-width'], expand: expandOutline },
];
