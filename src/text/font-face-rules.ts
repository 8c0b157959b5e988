// @font-face rules (CSS Fonts 4 §4) as the faces a document registers: the family, the
// weight and style it is matched under, the characters it serves (unicode-range) and the first
// of its `src` files that was fetched and parses. Fonts that cannot be used are warnings.
import type { Declaration } from '../css/types.js';
import { familyName } from '../css/properties/font.js';
import { parseComponents, type Component } from '../css/values/components.js';
import { parseUnicodeRange, type CodePointRange } from './unicode-range.js';

/** One usable @font-face rule. */
export interface WebFontFace {
  readonly family: string;
  /** The weight the face is matched at: its weight, or for a range (a variable font) 400 clamped into it. */
  readonly weight: number;
  readonly style: 'normal' | 'italic';
  /** Characters it serves; every character when the rule has no unicode-range. */
  readonly ranges: readonly CodePointRange[];
  /** The `src` URL it was loaded from, as written. */
  readonly url: string;
  readonly data: Uint8Array;
}

/** A font file fetched by the resources stage. */
export interface FetchedFont {
  readonly data: Uint8Array;
  readonly contentType: string;
}

// Formats fontkit reads; others (embedded-opentype, svg) are skipped in favour of the next source.
const READABLE_FORMATS: ReadonlySet<string> = new Set(['truetype', 'opentype', 'woff', 'woff2', 'truetype-variations', 'opentype-variations', 'woff-variations', 'woff2-variations']);

/** The usable faces of a document's @font-face rules, in rule order. */
export function webFontFaces(rules: readonly (readonly Declaration[])[], files: ReadonlyMap<string, FetchedFont>, warn: (message: string) => void): WebFontFace[] {
  const faces: WebFontFace[] = [];
  for (const rule of rules) {
    const get = (name: string) => lastValue(rule, name);
    const family = familyOf(get('font-family'));
    if (family === null) {
      warn('@font-face without a font-family ignored');
      continue;
    }
    const sources = sourcesOf(get('src') ?? '');
    const readable = sources.filter((s) => s.format === null || READABLE_FORMATS.has(s.format));
    const source = readable.find((s) => files.has(s.url));
    if (!source) {
      // Why a file could not be loaded was already warned by the resources stage.
      if (sources.length === 0) warn(`@font-face "${family}" has no url() source; ignored`);
      else if (readable.length === 0) warn(`@font-face "${family}": no source in a format the engine reads (TrueType, OpenType, WOFF, WOFF2); ignored`);
      else warn(`@font-face "${family}": no source could be loaded; text in it uses the fallback fonts`);
      continue;
    }
    const unicodeRange = get('unicode-range');
    faces.push({
      family,
      weight: weightOf(get('font-weight')),
      style: styleOf(get('font-style')),
      ranges: unicodeRange === undefined ? [[0, 0x10ffff]] : parseUnicodeRange(unicodeRange),
      url: source.url,
      data: files.get(source.url)!.data,
    });
  }
  return faces;
}

function lastValue(rule: readonly Declaration[], name: string): string | undefined {
  for (let i = rule.length - 1; i >= 0; i--) if (rule[i]!.property.toLowerCase() === name) return rule[i]!.value;
  return undefined;
}

/** `font-family: "Open Sans"` or `font-family: Open Sans` (one family name). */
function familyOf(value: string | undefined): string | null {
  const items = value === undefined ? null : parseComponents(value);
  return items === null ? null : familyName(items) || null;
}

/** `src: url(a.woff2) format("woff2"), local(X), url(a.ttf)`: the url() entries with their format hints. */
function sourcesOf(value: string): { url: string; format: string | null }[] {
  const items = parseComponents(value);
  if (items === null) return [];
  const out: { url: string; format: string | null }[] = [];
  let current: Component[] = [];
  const flush = () => {
    const url = current.find((c) => c.type === 'url');
    const format = current.find((c): c is Component & { type: 'function' } => c.type === 'function' && c.name === 'format');
    const hint = format?.args.find((a) => a.type === 'string' || a.type === 'ident');
    if (url && url.type === 'url') out.push({ url: url.value, format: hint ? String(hint.value).toLowerCase() : null });
    current = [];
  };
  for (const c of items) {
    if (c.type === 'op' && c.value === ',') flush();
    else current.push(c);
  }
  flush();
  return out;
}

function weightOf(value: string | undefined): number {
  if (value === undefined) return 400;
  const words = value.trim().toLowerCase().split(/\s+/);
  const one = (w: string) => (w === 'normal' ? 400 : w === 'bold' ? 700 : Number(w));
  const [lo, hi = lo] = words.map(one);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return 400;
  // A range (a variable font): matched at 400 when it covers it, else at its nearer end.
  return Math.min(Math.max(400, Math.min(lo!, hi!)), Math.max(lo!, hi!));
}

function styleOf(value: string | undefined): 'normal' | 'italic' {
  const word = value?.trim().toLowerCase().split(/\s+/)[0];
  return word === 'italic' || word === 'oblique' ? 'italic' : 'normal';
}
