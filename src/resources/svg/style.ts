// SVG styling without selectors: presentation attributes, overridden by the `style`
// attribute's declarations (SVG 2 §6.6: presentation attributes have the lowest precedence),
// computed per element and inherited down the tree as CSS inherits them. Properties the
// vector path does not draw (filter, mask, markers …) are reported as `unsupported`, which
// sends the whole file to the raster fallback.

import type { Color, FontStyle } from '../../css/types.js';
import { INITIAL_STYLE } from '../../css/initial-style.js';
import { NO_PAINT, parsePaint, parseSvgColor, type SvgColor, type SvgPaint } from './color.js';
import { parseLength, type LengthContext } from './numbers.js';
import type { XmlElement } from './xml.js';
import { familyList } from '../font-families.js';

/** Inherited properties, computed. Lengths are in user units. */
export interface SvgStyle {
  readonly color: Color;
  readonly fill: SvgPaint;
  readonly fillOpacity: number;
  readonly fillRule: 'nonzero' | 'evenodd';
  readonly stroke: SvgPaint;
  readonly strokeWidth: number;
  readonly strokeOpacity: number;
  readonly strokeLinecap: 'butt' | 'round' | 'square';
  readonly strokeLinejoin: 'miter' | 'round' | 'bevel';
  readonly strokeMiterlimit: number;
  readonly strokeDasharray: readonly number[] | null;
  readonly strokeDashoffset: number;
  readonly paintOrderStrokeFirst: boolean;
  readonly clipRule: 'nonzero' | 'evenodd';
  readonly visible: boolean;
  readonly fontFamily: readonly string[];
  readonly fontSize: number;
  readonly fontWeight: number;
  readonly fontStyle: FontStyle;
  readonly textAnchor: 'start' | 'middle' | 'end';
  readonly dominantBaseline: string;
  readonly letterSpacing: number;
  readonly wordSpacing: number;
  readonly preserveSpace: boolean;
}

/** Properties that apply to the element alone. */
export interface OwnStyle {
  readonly display: boolean;
  readonly opacity: number;
  /** `clip-path: url(#id)`: the id, or null. */
  readonly clipPath: string | null;
  readonly stopColor: Color;
  readonly stopOpacity: number;
  /** `transform` from the style attribute (it beats the attribute), unparsed. */
  readonly transform: string | null;
  /** overflow: visible or auto (a nested viewport then does not clip). */
  readonly overflowVisible: boolean;
  /** Why only the raster fallback draws this element faithfully, or null. */
  readonly unsupported: string | null;
}

const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };

/** The root's parent style: every property's initial value (SVG 2 property index). */
export const INITIAL_SVG_STYLE: SvgStyle = {
  color: BLACK,
  fill: { kind: 'color', color: BLACK },
  fillOpacity: 1,
  fillRule: 'nonzero',
  stroke: NO_PAINT,
  strokeWidth: 1,
  strokeOpacity: 1,
  strokeLinecap: 'butt',
  strokeLinejoin: 'miter',
  strokeMiterlimit: 4,
  strokeDasharray: null,
  strokeDashoffset: 0,
  paintOrderStrokeFirst: false,
  clipRule: 'nonzero',
  visible: true,
  // SVG in an image has no access to the document's fonts; the engine's default family.
  fontFamily: INITIAL_STYLE.fontFamily,
  fontSize: 16,
  fontWeight: 400,
  fontStyle: 'normal',
  textAnchor: 'start',
  dominantBaseline: 'auto',
  letterSpacing: 0,
  wordSpacing: 0,
  preserveSpace: false,
};

/** Presentation attributes read (SVG 2 §6.6), plus the CSS properties the `style` attribute may set. */
const PROPERTY_NAMES = [
  'color', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap',
  'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'paint-order', 'clip-rule',
  'visibility', 'display', 'opacity', 'clip-path', 'stop-color', 'stop-opacity', 'font-family', 'font-size',
  'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'alignment-baseline', 'letter-spacing',
  'word-spacing', 'filter', 'mask', 'marker', 'marker-start', 'marker-mid', 'marker-end', 'vector-effect',
  'baseline-shift', 'writing-mode', 'text-decoration', 'mix-blend-mode', 'direction', 'font', 'overflow',
] as const;

/**
 * Values of these properties that the vector path draws; anything else needs the raster
 * fallback. (`alignment-baseline` is read like dominant-baseline on the element.)
 */
const DRAWN_AS_NONE: Readonly<Record<string, readonly string[]>> = {
  filter: ['none'],
  mask: ['none'],
  marker: ['none'],
  'marker-start': ['none'],
  'marker-mid': ['none'],
  'marker-end': ['none'],
  'vector-effect': ['none'],
  'baseline-shift': ['baseline', '0', '0px'],
  'writing-mode': ['horizontal-tb', 'lr', 'lr-tb', 'rl', 'rl-tb'],
  'text-decoration': ['none'],
  'mix-blend-mode': ['normal'],
  direction: ['ltr'],
};

/** The element's declarations: presentation attributes, then `style=""` over them. */
export function declarationsOf(element: XmlElement): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of PROPERTY_NAMES) {
    const value = element.attrs.get(name);
    if (value !== undefined && name !== 'font') out.set(name, value.trim());
  }
  const style = element.attrs.get('style');
  if (style) {
    for (const [name, value] of parseStyleAttribute(style)) {
      if (name === 'font') for (const [n, v] of fontShorthand(value)) out.set(n, v);
      else out.set(name, value);
    }
  }
  return out;
}

/** `a: b; c: d` → [a, b], [c, d]: names lower-cased, comments and `!important` dropped. */
export function parseStyleAttribute(text: string): [string, string][] {
  const out: [string, string][] = [];
  const clean = stripComments(text);
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  const flush = (end: number) => {
    const part = clean.slice(start, end);
    const colon = part.indexOf(':');
    if (colon > 0) {
      const name = part.slice(0, colon).trim().toLowerCase();
      const value = part.slice(colon + 1).replace(/!\s*important\s*$/i, '').trim();
      if (name && value) out.push([name, value]);
    }
    start = end + 1;
  };
  for (let i = 0; i < clean.length; i++) {
    const c = clean[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) flush(i);
  }
  flush(clean.length);
  return out;
}

/** CSS comments removed in one pass; an unclosed one runs to the end (css-syntax-3 §4.3.2). */
export function stripComments(text: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const start = text.indexOf('/*', from);
    if (start < 0) return out + text.slice(from);
    out += text.slice(from, start);
    const end = text.indexOf('*/', start + 2);
    if (end < 0) return out;
    from = end + 2;
  }
}

/** `font: [style] [weight] size[/line-height] family`, the common forms. */
function fontShorthand(value: string): [string, string][] {
  if (value.length > 1000) return [];
  const match = /^\s*((?:(?:italic|oblique|normal|bold|bolder|lighter|[1-9]00|small-caps)\s+)*)([^\s/]+)(?:\s*\/\s*\S+)?\s+(.+)$/i.exec(value);
  if (!match) return [];
  const out: [string, string][] = [['font-size', match[2]!], ['font-family', match[3]!]];
  for (const word of match[1]!.trim().split(/\s+/)) {
    if (/^(italic|oblique)$/i.test(word)) out.push(['font-style', word]);
    else if (/^(bold|bolder|lighter|[1-9]00)$/i.test(word)) out.push(['font-weight', word]);
  }
  return out;
}

/** Computes an element's style from its declarations and its parent's style. */
export function computeStyle(element: XmlElement, parent: SvgStyle, viewport: { width: number; height: number }): { style: SvgStyle; own: OwnStyle } {
  const decls = declarationsOf(element);
  const get = (name: string): string | undefined => {
    const value = decls.get(name);
    return value === undefined || value.toLowerCase() === 'inherit' ? undefined : value;
  };
  const fontSize = computeFontSize(get('font-size'), parent.fontSize);
  const lengths: LengthContext = { fontSize, viewportWidth: viewport.width, viewportHeight: viewport.height };
  const length = (name: string, fallback: number, min = -Infinity): number => {
    const value = parseLength(get(name), 'other', lengths);
    return value !== null && value >= min ? value : fallback;
  };
  const color = (get('color') && parseSvgColor(get('color')!)) || parent.color;
  const style: SvgStyle = {
    color: color === 'currentColor' ? parent.color : color,
    fill: paintOf(get('fill')) ?? parent.fill,
    fillOpacity: opacityOf(get('fill-opacity')) ?? parent.fillOpacity,
    fillRule: keyword(get('fill-rule'), ['nonzero', 'evenodd'] as const) ?? parent.fillRule,
    stroke: paintOf(get('stroke')) ?? parent.stroke,
    strokeWidth: length('stroke-width', parent.strokeWidth, 0),
    strokeOpacity: opacityOf(get('stroke-opacity')) ?? parent.strokeOpacity,
    strokeLinecap: keyword(get('stroke-linecap'), ['butt', 'round', 'square'] as const) ?? parent.strokeLinecap,
    strokeLinejoin: linejoin(get('stroke-linejoin')) ?? parent.strokeLinejoin,
    strokeMiterlimit: miterLimit(get('stroke-miterlimit')) ?? parent.strokeMiterlimit,
    strokeDasharray: get('stroke-dasharray') === undefined ? parent.strokeDasharray : dashArray(get('stroke-dasharray')!, lengths),
    strokeDashoffset: length('stroke-dashoffset', parent.strokeDashoffset),
    paintOrderStrokeFirst: paintOrder(get('paint-order')) ?? parent.paintOrderStrokeFirst,
    clipRule: keyword(get('clip-rule'), ['nonzero', 'evenodd'] as const) ?? parent.clipRule,
    visible: visibility(get('visibility')) ?? parent.visible,
    fontFamily: fontFamilies(get('font-family')) ?? parent.fontFamily,
    fontSize,
    fontWeight: fontWeight(get('font-weight'), parent.fontWeight),
    fontStyle: keyword(get('font-style'), ['normal', 'italic', 'oblique'] as const) ?? parent.fontStyle,
    textAnchor: keyword(get('text-anchor'), ['start', 'middle', 'end'] as const) ?? parent.textAnchor,
    dominantBaseline: get('alignment-baseline')?.toLowerCase() ?? get('dominant-baseline')?.toLowerCase() ?? parent.dominantBaseline,
    letterSpacing: get('letter-spacing')?.toLowerCase() === 'normal' ? 0 : length('letter-spacing', parent.letterSpacing),
    wordSpacing: get('word-spacing')?.toLowerCase() === 'normal' ? 0 : length('word-spacing', parent.wordSpacing),
    preserveSpace: spaceOf(element.attrs.get('xml:space')) ?? parent.preserveSpace,
  };
  return { style, own: ownStyle(decls, style) };
}

function ownStyle(decls: ReadonlyMap<string, string>, style: SvgStyle): OwnStyle {
  const clip = decls.get('clip-path');
  const clipId = clip === undefined || clip.toLowerCase() === 'none' ? null : /^url\(\s*["']?#([^"')]+)["']?\s*\)$/.exec(clip)?.[1] ?? null;
  let unsupported: string | null = null;
  if (clip !== undefined && clip.toLowerCase() !== 'none' && clipId === null) unsupported = `clip-path: ${clip}`;
  for (const [name, allowed] of Object.entries(DRAWN_AS_NONE)) {
    const value = decls.get(name)?.toLowerCase();
    if (value !== undefined && value !== 'inherit' && value !== 'initial' && !allowed.includes(value)) unsupported ??= `${name}: ${value}`;
  }
  const stop = decls.get('stop-color');
  return {
    display: decls.get('display')?.toLowerCase() !== 'none',
    opacity: opacityOf(decls.get('opacity')) ?? 1,
    clipPath: clipId,
    stopColor: resolveStop(stop ? parseSvgColor(stop) : null, style.color),
    stopOpacity: opacityOf(decls.get('stop-opacity')) ?? 1,
    transform: decls.get('transform') ?? null,
    overflowVisible: ['visible', 'auto'].includes(decls.get('overflow')?.toLowerCase() ?? ''),
    unsupported,
  };
}

function resolveStop(color: SvgColor | null, current: Color): Color {
  return color === 'currentColor' ? current : color ?? BLACK;
}

function paintOf(value: string | undefined): SvgPaint | null {
  return value === undefined ? null : parsePaint(value);
}

function keyword<T extends string>(value: string | undefined, allowed: readonly T[]): T | null {
  const lower = value?.toLowerCase();
  return (allowed as readonly string[]).includes(lower ?? '') ? (lower as T) : null;
}

function linejoin(value: string | undefined): SvgStyle['strokeLinejoin'] | null {
  const lower = value?.toLowerCase();
  if (lower === 'miter-clip' || lower === 'arcs') return 'miter'; // SVG 2 joins PDF has not
  return keyword(lower, ['miter', 'round', 'bevel'] as const);
}

/** A number or percentage, clamped to 0–1. */
export function opacityOf(value: string | undefined): number | null {
  if (value === undefined) return null;
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)(%?)\s*$/.exec(value);
  if (!match) return null;
  const number = Number(match[1]) / (match[2] ? 100 : 1);
  return Number.isFinite(number) ? Math.min(1, Math.max(0, number)) : null;
}

function miterLimit(value: string | undefined): number | null {
  const number = value === undefined ? Number.NaN : Number(value);
  return Number.isFinite(number) && number >= 1 ? number : null;
}

/** stroke-dasharray: null for none, or an even-length list; invalid lists draw solid (SVG 2 §13.5.5). */
function dashArray(value: string, lengths: LengthContext): readonly number[] | null {
  if (value.toLowerCase() === 'none') return null;
  const parts = value.split(/[\s,]+/).filter((part) => part !== '');
  const dashes: number[] = [];
  for (const part of parts) {
    const length = parseLength(part, 'other', lengths);
    if (length === null || length < 0) return null;
    dashes.push(length);
  }
  if (dashes.length === 0 || dashes.every((d) => d === 0)) return null;
  return dashes.length % 2 === 0 ? dashes : [...dashes, ...dashes];
}

function paintOrder(value: string | undefined): boolean | null {
  if (value === undefined) return null;
  const words = value.toLowerCase().split(/\s+/).filter((w) => w !== 'markers');
  if (words[0] === 'normal') return false;
  // The stroke comes before the fill when it is named first, or fill is not named before it.
  const stroke = words.indexOf('stroke');
  const fill = words.indexOf('fill');
  if (stroke < 0) return false;
  return fill < 0 || stroke < fill;
}

function visibility(value: string | undefined): boolean | null {
  const lower = value?.toLowerCase();
  if (lower === 'visible') return true;
  if (lower === 'hidden' || lower === 'collapse') return false;
  return null;
}

function spaceOf(value: string | undefined): boolean | null {
  if (value === 'preserve') return true;
  if (value === 'default') return false;
  return null;
}

// CSS Fonts 4 §2.5 absolute-size keywords, in px.
const FONT_SIZE_KEYWORDS: Readonly<Record<string, number>> = {
  'xx-small': 9, 'x-small': 10, small: 13, medium: 16, large: 18, 'x-large': 24, 'xx-large': 32, 'xxx-large': 48,
};

function computeFontSize(value: string | undefined, parentSize: number): number {
  if (value === undefined) return parentSize;
  const lower = value.toLowerCase();
  const keywordSize = FONT_SIZE_KEYWORDS[lower];
  if (keywordSize !== undefined) return keywordSize;
  if (lower === 'larger') return parentSize * 1.2;
  if (lower === 'smaller') return parentSize / 1.2;
  // em and % are of the parent's font size.
  const size = parseLength(value, 'other', { fontSize: parentSize, viewportWidth: parentSize * 100, viewportHeight: parentSize * 100 });
  if (size === null || size < 0) return parentSize;
  return lower.endsWith('%') ? (parentSize * Number.parseFloat(lower)) / 100 : size;
}

/** CSS Fonts 4 §2.2: numbers, normal, bold, and bolder/lighter relative to the parent. */
function fontWeight(value: string | undefined, parent: number): number {
  const lower = value?.toLowerCase();
  if (lower === undefined) return parent;
  if (lower === 'normal') return 400;
  if (lower === 'bold') return 700;
  if (lower === 'bolder') return parent < 350 ? 400 : parent < 550 ? 700 : Math.max(900, parent);
  if (lower === 'lighter') return parent < 100 ? parent : parent < 550 ? 100 : parent < 750 ? 400 : 700;
  const number = Number(lower);
  return Number.isFinite(number) && number >= 1 && number <= 1000 ? number : parent;
}

/** A CSS family list, parsed as the document's `font-family` is (a quoted name may hold a comma). */
function fontFamilies(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  const families = familyList(value);
  return families.length > 0 ? families : null;
}
