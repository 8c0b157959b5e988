// Presentational hints (HTML §15.2–15.3): legacy attributes such as `width`, `align`,
// `bgcolor` and `cellpadding` turned into CSS text. They sit in the author origin with
// specificity zero, before every author rule.
import type { DomElement } from '../dom/types.js';
import { autoDirection, dirAttribute } from './dir-auto.js';
import { LANG_PROPERTY } from './properties/text.js';
import { lowerTag } from './selectors/dom-index.js';

const DIMENSION_ELEMENTS = new Set(['img', 'table', 'td', 'th', 'col', 'colgroup', 'iframe', 'video', 'canvas', 'embed', 'object', 'hr', 'input']);
const HEIGHT_ELEMENTS = new Set(['img', 'table', 'td', 'th', 'tr', 'iframe', 'video', 'canvas', 'embed', 'object', 'input']);
const TEXT_ALIGN_ELEMENTS = new Set(['div', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'caption', 'legend', 'td', 'th', 'tr', 'thead', 'tbody', 'tfoot']);
const VALIGN_ELEMENTS = new Set(['td', 'th', 'tr', 'thead', 'tbody', 'tfoot', 'col', 'colgroup']);
const BGCOLOR_ELEMENTS = new Set(['body', 'table', 'td', 'th', 'tr', 'thead', 'tbody', 'tfoot']);
const FONT_SIZES = ['x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large'];

const HINTED_ELEMENTS = new Set([...DIMENSION_ELEMENTS, ...HEIGHT_ELEMENTS, ...TEXT_ALIGN_ELEMENTS, ...VALIGN_ELEMENTS, ...BGCOLOR_ELEMENTS, 'font', 'br']);

const BR_CLEAR: Readonly<Record<string, string>> = { left: 'left', right: 'right', all: 'both', both: 'both' };

/** The hints for one element as a CSS declaration list ('' when there are none). */
export function presentationalHints(el: DomElement): string {
  const lang = langHint(el);
  const hints = elementHints(el);
  const both = lang === '' ? hints : hints === '' ? lang : `${hints}; ${lang}`;
  const dir = dirAutoHint(el);
  return dir === '' ? both : both === '' ? dir : `${both}; ${dir}`;
}

/** `dir=auto`, and `<bdi>` without a valid `dir`, take the direction of their text (HTML §3.2.6.4). */
function dirAutoHint(el: DomElement): string {
  if (el.attrs.size === 0 && lowerTag(el) !== 'bdi') return '';
  const dir = dirAttribute(el);
  if (dir === 'auto' || (dir === null && lowerTag(el) === 'bdi')) return `direction: ${autoDirection(el)}`;
  return '';
}

/**
 * `lang` (or `xml:lang`, which wins, HTML §3.2.6.2) as the internal language property; an
 * empty value means "unknown", which also stops inheritance.
 */
function langHint(el: DomElement): string {
  if (el.attrs.size === 0) return '';
  const lang = el.attrs.get('xml:lang') ?? el.attrs.get('lang');
  if (lang === undefined || !/^[A-Za-z0-9-]{0,64}$/.test(lang.trim())) return '';
  return `${LANG_PROPERTY}: "${lang.trim()}"`;
}

function elementHints(el: DomElement): string {
  const tag = lowerTag(el);
  if (tag === 'svg') return svgSizeHints(el);
  if (!HINTED_ELEMENTS.has(tag)) return '';
  if (el.attrs.size === 0 && tag !== 'td' && tag !== 'th') return '';
  const out: string[] = [];
  const attr = (name: string): string | undefined => el.attrs.get(name);
  const width = attr('width');
  if (width !== undefined && DIMENSION_ELEMENTS.has(tag)) pushDimension(out, 'width', width);
  const height = attr('height');
  if (height !== undefined && HEIGHT_ELEMENTS.has(tag)) pushDimension(out, 'height', height);
  alignHints(out, tag, attr('align'));
  const valign = attr('valign')?.toLowerCase();
  if (valign !== undefined && VALIGN_ELEMENTS.has(tag) && /^(top|middle|bottom|baseline)$/.test(valign)) out.push(`vertical-align: ${valign}`);
  // HTML §15.3.10 (phrasing content): <br clear=left|right|all|both> clears floats after its line.
  const clear = tag === 'br' ? BR_CLEAR[attr('clear')?.trim().toLowerCase() ?? ''] : undefined;
  if (clear) out.push(`clear: ${clear}`);
  const bgcolor = attr('bgcolor');
  if (bgcolor !== undefined && BGCOLOR_ELEMENTS.has(tag)) pushColor(out, 'background-color', bgcolor);
  if (tag === 'body' && attr('text') !== undefined) pushColor(out, 'color', attr('text')!);
  if (tag === 'font') fontHints(out, el);
  if (tag === 'table') tableHints(out, el);
  if ((tag === 'td' || tag === 'th') && attr('nowrap') !== undefined) out.push('white-space: nowrap');
  if (tag === 'td' || tag === 'th') cellPaddingHint(out, el);
  return out.join('; ');
}

/**
 * An inline `<svg>`'s width and height attributes (the only svg elements in the tree: the
 * DOM stage keeps their subtrees as SVG markup) (SVG 2 §8.2, presentation attributes of the
 * outermost svg element): CSS lengths, unitless numbers in px; `auto` and invalid values are
 * no hint.
 */
function svgSizeHints(el: DomElement): string {
  const out: string[] = [];
  for (const property of ['width', 'height']) {
    const m = /^\s*(\+?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(px|em|ex|rem|in|cm|mm|q|pt|pc|vw|vh|vmin|vmax|%)?\s*$/i.exec(el.attrs.get(property) ?? '');
    if (m) out.push(`${property}: ${m[1]}${m[2] ?? 'px'}`);
  }
  return out.join('; ');
}

// HTML §2.3.4.4 "rules for parsing dimension values": a number of pixels or a percentage.
function pushDimension(out: string[], property: string, value: string): void {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(%?)/.exec(value);
  if (m === null) return;
  out.push(`${property}: ${m[1]}${m[2] === '%' ? '%' : 'px'}`);
}

// HTML §2.3.6 legacy colours: bare hex digits are accepted without the `#`.
function pushColor(out: string[], property: string, value: string): void {
  const v = value.trim();
  if (!/^[#\w]+$/.test(v)) return;
  out.push(`${property}: ${/^[0-9a-f]{6}$|^[0-9a-f]{3}$/i.test(v) ? `#${v}` : v}`);
}

function alignHints(out: string[], tag: string, align: string | undefined): void {
  const value = align?.trim().toLowerCase();
  if (value === undefined) return;
  if (tag === 'table') {
    if (value === 'center') out.push('margin-left: auto; margin-right: auto');
    else if (value === 'left' || value === 'right') out.push(`float: ${value}`);
  } else if (tag === 'img' || tag === 'iframe' || tag === 'object' || tag === 'embed') {
    if (value === 'left' || value === 'right') out.push(`float: ${value}`);
    else if (value === 'top' || value === 'middle' || value === 'bottom') out.push(`vertical-align: ${value}`);
  } else if (TEXT_ALIGN_ELEMENTS.has(tag) && /^(left|right|center|middle|justify)$/.test(value)) {
    // HTML §15.3.3: left, right and center also align block-level descendants (Chromium's
    // -webkit-* values); a caption and a legend only align their text.
    const legacy = tag !== 'caption' && tag !== 'legend' && value !== 'justify';
    const side = value === 'middle' ? 'center' : value;
    out.push(`text-align: ${legacy ? `-webkit-${side}` : side}`);
  }
}

function fontHints(out: string[], el: DomElement): void {
  const color = el.attrs.get('color');
  if (color !== undefined) pushColor(out, 'color', color);
  const face = el.attrs.get('face');
  if (face !== undefined && !/[;{}]/.test(face)) out.push(`font-family: ${face}`);
  const size = el.attrs.get('size')?.trim();
  if (size !== undefined && /^[+-]?\d$/.test(size)) {
    const n = size.startsWith('+') || size.startsWith('-') ? 3 + Number(size) : Number(size);
    out.push(`font-size: ${FONT_SIZES[Math.min(7, Math.max(1, n)) - 1]}`);
  }
}

function tableHints(out: string[], el: DomElement): void {
  const border = el.attrs.get('border');
  if (border !== undefined) {
    const n = border.trim() === '' ? 1 : Number.parseInt(border, 10);
    if (Number.isFinite(n)) out.push(`border-width: ${n}px`);
  }
  const spacing = el.attrs.get('cellspacing');
  if (spacing !== undefined && /^\s*\d+/.test(spacing)) out.push(`border-spacing: ${Number.parseInt(spacing, 10)}px`);
}

// `<table cellpadding>` pads every cell of that table (HTML §15.3.8).
function cellPaddingHint(out: string[], cell: DomElement): void {
  for (let e = cell.parent; e !== null; e = e.parent) {
    if (lowerTag(e) !== 'table') continue;
    const padding = e.attrs.get('cellpadding');
    if (padding !== undefined && /^\s*\d+/.test(padding)) out.push(`padding: ${Number.parseInt(padding, 10)}px`);
    return;
  }
}
