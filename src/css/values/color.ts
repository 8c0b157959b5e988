// Colours (css-color-4): named colours, hex, rgb()/rgba(), hsl()/hsla(), hwb(), transparent,
// a few system colours, and currentcolor (resolved against the element's own `color`).
import type { Color } from '../types.js';
import { NAMED_COLORS } from './color-names.js';
import { splitCommas, type Component } from './components.js';
import type { Computer } from './context.js';

export const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };
export const TRANSPARENT: Color = { r: 0, g: 0, b: 0, a: 0 };

// css-color-4 §6.2 system colours, with the values browsers use for print on a light scheme.
const SYSTEM_COLORS: ReadonlyMap<string, number> = new Map([
  ['canvas', 0xffffff],
  ['canvastext', 0x000000],
  ['linktext', 0x0000ee],
  ['visitedtext', 0x551a8b],
  ['activetext', 0xff0000],
  ['buttonface', 0xefefef],
  ['buttontext', 0x000000],
  ['buttonborder', 0x767676],
  ['field', 0xffffff],
  ['fieldtext', 0x000000],
  ['graytext', 0x808080],
  ['highlight', 0xb5d5ff],
  ['highlighttext', 0x000000],
  ['mark', 0xffff00],
  ['marktext', 0x000000],
  ['threedface', 0xc0c0c0],
]);

const currentColor: Computer<Color> = (ctx) => ctx.color;

/** Parses one component as `<color>`; currentcolor computes to the context's colour. */
export function parseColor(c: Component | undefined): Computer<Color> | null {
  if (c === undefined) return null;
  if (c.type === 'ident' && c.lower === 'currentcolor') return currentColor;
  const color = parseAbsoluteColor(c);
  return color && (() => color);
}

/** Parses a colour that does not depend on context (anything but currentcolor). */
export function parseAbsoluteColor(c: Component): Color | null {
  switch (c.type) {
    case 'ident':
      return keywordColor(c.lower);
    case 'hash':
      return hexColor(c.value);
    case 'function':
      return functionColor(c.name, c.args);
    default:
      return null;
  }
}

function keywordColor(name: string): Color | null {
  if (name === 'transparent') return TRANSPARENT;
  const rgb = NAMED_COLORS.get(name) ?? SYSTEM_COLORS.get(name);
  return rgb === undefined ? null : fromRgb24(rgb);
}

function fromRgb24(rgb: number): Color {
  return { r: (rgb >> 16) & 0xff, g: (rgb >> 8) & 0xff, b: rgb & 0xff, a: 1 };
}

// css-color-4 §5.2: 3, 4, 6 or 8 hex digits.
function hexColor(hex: string): Color | null {
  if (!/^[0-9a-f]+$/i.test(hex)) return null;
  const digit = (i: number): number => parseInt(hex[i]! + hex[i]!, 16);
  const pair = (i: number): number => parseInt(hex.slice(i, i + 2), 16);
  switch (hex.length) {
    case 3:
      return { r: digit(0), g: digit(1), b: digit(2), a: 1 };
    case 4:
      return { r: digit(0), g: digit(1), b: digit(2), a: digit(3) / 255 };
    case 6:
      return { r: pair(0), g: pair(2), b: pair(4), a: 1 };
    case 8:
      return { r: pair(0), g: pair(2), b: pair(4), a: pair(6) / 255 };
    default:
      return null;
  }
}

function functionColor(name: string, args: readonly Component[]): Color | null {
  const channels = colorChannels(args);
  if (channels === null) return null;
  switch (name) {
    case 'rgb':
    case 'rgba':
      return rgbColor(channels);
    case 'hsl':
    case 'hsla':
      return hslColor(channels);
    case 'hwb':
      return hwbColor(channels);
    default:
      return null;
  }
}

interface Channels {
  readonly values: readonly Component[];
  readonly alpha: Component | null;
}

// Both syntaxes: legacy `rgb(1, 2, 3, 0.5)` and modern `rgb(1 2 3 / 50%)`.
function colorChannels(args: readonly Component[]): Channels | null {
  const commaGroups = splitCommas(args);
  if (commaGroups.length > 1) {
    if (commaGroups.some((g) => g.length !== 1) || commaGroups.length > 4) return null;
    const values = commaGroups.map((g) => g[0]!);
    return { values: values.slice(0, 3), alpha: values[3] ?? null };
  }
  const slash = args.findIndex((c) => c.type === 'op' && c.value === '/');
  const values = slash < 0 ? args : args.slice(0, slash);
  const alphaPart = slash < 0 ? [] : args.slice(slash + 1);
  if (alphaPart.length > 1 || (slash >= 0 && alphaPart.length === 0)) return null;
  return { values, alpha: alphaPart[0] ?? null };
}

function rgbColor({ values, alpha }: Channels): Color | null {
  if (values.length !== 3) return null;
  const [r, g, b] = values.map((v) => channel(v, 255));
  const a = alphaValue(alpha);
  if (r === null || g === null || b === null || a === null) return null;
  return { r: clampByte(r!), g: clampByte(g!), b: clampByte(b!), a };
}

function hslColor({ values, alpha }: Channels): Color | null {
  if (values.length !== 3) return null;
  const h = hue(values[0]!);
  const s = channel(values[1]!, 100);
  const l = channel(values[2]!, 100);
  const a = alphaValue(alpha);
  if (h === null || s === null || l === null || a === null) return null;
  return { ...hslToRgb(h, clamp01(s / 100), clamp01(l / 100)), a };
}

function hwbColor({ values, alpha }: Channels): Color | null {
  if (values.length !== 3) return null;
  const h = hue(values[0]!);
  let w = channel(values[1]!, 100);
  let bl = channel(values[2]!, 100);
  const a = alphaValue(alpha);
  if (h === null || w === null || bl === null || a === null) return null;
  w = clamp01(w / 100);
  bl = clamp01(bl / 100);
  if (w + bl >= 1) {
    const grey = clampByte((w / (w + bl)) * 255);
    return { r: grey, g: grey, b: grey, a };
  }
  const pure = hslToRgb(h, 1, 0.5);
  const mix = (v: number): number => clampByte(v * (1 - w - bl) + w * 255);
  return { r: mix(pure.r), g: mix(pure.g), b: mix(pure.b), a };
}

// A number, or a percentage of `full`; `none` is zero (css-color-4 §4.4).
function channel(c: Component, full: number): number | null {
  if (c.type === 'number') return c.value;
  if (c.type === 'percentage') return (c.value / 100) * full;
  if (c.type === 'ident' && c.lower === 'none') return 0;
  return null;
}

function alphaValue(c: Component | null): number | null {
  if (c === null) return 1;
  const v = channel(c, 1);
  return v === null ? null : clamp01(v);
}

const DEGREES_PER: Readonly<Record<string, number>> = { deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };

function hue(c: Component): number | null {
  if (c.type === 'number') return c.value;
  if (c.type === 'ident' && c.lower === 'none') return 0;
  if (c.type === 'dimension' && DEGREES_PER[c.unit] !== undefined) return c.value * DEGREES_PER[c.unit]!;
  return null;
}

// css-color-4 §7.1 hsl → sRGB.
function hslToRgb(hueDegrees: number, s: number, l: number): { r: number; g: number; b: number } {
  const h = (((hueDegrees % 360) + 360) % 360) / 30;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => {
    const k = (n + h) % 12;
    return clampByte((l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255);
  };
  return { r: f(0), g: f(8), b: f(4) };
}

function clampByte(v: number): number {
  return Math.round(Math.min(255, Math.max(0, v)));
}

function clamp01(v: number): number {
  return Math.min(1, Math.max(0, v));
}
