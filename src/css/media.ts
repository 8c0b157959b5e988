// Media queries (mediaqueries-4) evaluated for print: a list applies if any query matches the
// print medium on the given page. Unknown media features evaluate to false, as in browsers.
import { evaluateCondition } from './condition.js';
import { pageArea } from './page.js';
import type { PageStyle } from './types.js';
import { PT_PER_PX } from './values/units.js';

/**
 * True if the media query list (e.g. `print, screen and (min-width: 600px)`) applies to print
 * on `page`. `width`, `height`, `aspect-ratio` and `orientation` describe its page area, as in
 * every browser (csswg-drafts#5437), the `device-*` features its page box.
 */
export function mediaMatchesPrint(text: string | null, page: PageStyle): boolean {
  if (text === null) return true;
  const queries = splitTopLevel(text.toLowerCase(), ',').map((q) => q.trim());
  if (queries.length === 1 && queries[0] === '') return true;
  const sizes = mediaSizes(page);
  return queries.some((q) => queryMatches(q, sizes));
}

/** The page's sizes in CSS px, by the media feature that reads them. */
interface MediaSizes {
  readonly width: number;
  readonly height: number;
  readonly 'device-width': number;
  readonly 'device-height': number;
}

function mediaSizes(page: PageStyle): MediaSizes {
  const area = pageArea(page);
  return {
    width: area.width / PT_PER_PX,
    height: area.height / PT_PER_PX,
    'device-width': page.width / PT_PER_PX,
    'device-height': page.height / PT_PER_PX,
  };
}

function queryMatches(query: string, sizes: MediaSizes): boolean {
  let rest = query;
  let negate = false;
  if (rest.startsWith('not ')) {
    negate = true;
    rest = rest.slice(4).trim();
  } else if (rest.startsWith('only ')) {
    rest = rest.slice(5).trim();
  }
  let typeMatches = true;
  if (!rest.startsWith('(')) {
    const m = /^([a-z-]+)\s*(.*)$/.exec(rest);
    if (m === null) return false;
    typeMatches = m[1] === 'print' || m[1] === 'all';
    rest = m[2]!;
    if (rest !== '') {
      if (!rest.startsWith('and')) return false;
      rest = rest.slice(3).trim();
    }
  }
  const result = typeMatches && (rest === '' || evaluateCondition(rest, (feature) => featureMatches(feature, sizes)));
  return negate ? !result : result;
}

function featureMatches(feature: string, sizes: MediaSizes): boolean {
  const range = /^([a-z-]+)\s*(<=|>=|<|>|=)\s*(.+)$/.exec(feature);
  if (range !== null) return compareFeature(range[1]!, range[2]!, range[3]!.trim(), sizes);
  const colon = feature.indexOf(':');
  const name = (colon < 0 ? feature : feature.slice(0, colon)).trim();
  const value = colon < 0 ? null : feature.slice(colon + 1).trim();
  if (name.startsWith('min-')) return compareFeature(name.slice(4), '>=', value ?? '', sizes);
  if (name.startsWith('max-')) return compareFeature(name.slice(4), '<=', value ?? '', sizes);
  if (value === null) return booleanFeature(name);
  if (actualValue(name, sizes) !== null) return compareFeature(name, '=', value, sizes);
  return discreteFeature(name, value, sizes);
}

function booleanFeature(name: string): boolean {
  return ['width', 'height', 'device-width', 'device-height', 'aspect-ratio', 'device-aspect-ratio', 'color', 'orientation'].includes(name);
}

// Values a printed page has for the discrete features stylesheets commonly test.
function discreteFeature(name: string, value: string, sizes: MediaSizes): boolean {
  switch (name) {
    case 'orientation':
      // mediaqueries-4 §4.5: portrait when the height is greater than or equal to the width.
      return value === (sizes.height >= sizes.width ? 'portrait' : 'landscape');
    case 'hover':
    case 'any-hover':
    case 'pointer':
    case 'any-pointer':
    case 'update':
    case 'scripting':
      return value === 'none';
    case 'prefers-color-scheme':
      return value === 'light';
    case 'prefers-reduced-motion':
    case 'prefers-contrast':
    case 'prefers-reduced-transparency':
      return value === 'no-preference';
    case 'forced-colors':
      return value === 'none';
    case 'display-mode':
      return value === 'browser';
    default:
      return false;
  }
}

/** The page's value for a range feature (px for sizes, a ratio for aspect ratios), or null. */
function actualValue(name: string, sizes: MediaSizes): number | null {
  switch (name) {
    case 'width':
    case 'height':
    case 'device-width':
    case 'device-height':
      return sizes[name];
    case 'aspect-ratio':
      return sizes.width / sizes.height;
    case 'device-aspect-ratio':
      return sizes['device-width'] / sizes['device-height'];
    default:
      return null;
  }
}

function compareFeature(name: string, op: string, value: string, sizes: MediaSizes): boolean {
  const actual = actualValue(name, sizes);
  const expected = name.endsWith('aspect-ratio') ? ratio(value) : lengthInPx(value);
  if (actual === null || expected === null) return false;
  // Sizes come from pt arithmetic: compare with a tolerance far below a device pixel.
  const EPSILON = 1e-6;
  switch (op) {
    case '<':
      return actual < expected - EPSILON;
    case '<=':
      return actual <= expected + EPSILON;
    case '>':
      return actual > expected + EPSILON;
    case '>=':
      return actual >= expected - EPSILON;
    default:
      return Math.abs(actual - expected) <= EPSILON;
  }
}

const PX_PER_UNIT: Readonly<Record<string, number>> = { px: 1, em: 16, rem: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, pt: 96 / 72, pc: 16 };

function lengthInPx(text: string): number | null {
  const m = /^(-?[\d.]+)([a-z]*)$/.exec(text);
  if (m === null) return null;
  const n = Number(m[1]);
  const factor = m[2] === '' ? (n === 0 ? 1 : undefined) : PX_PER_UNIT[m[2]!];
  return factor === undefined || Number.isNaN(n) ? null : n * factor;
}

/** mediaqueries-4 `<ratio>`: `16/9`, `16 / 9` or a single number. */
function ratio(text: string): number | null {
  const m = /^([\d.]+)\s*(?:\/\s*([\d.]+))?$/.exec(text);
  if (m === null) return null;
  const r = Number(m[1]) / Number(m[2] ?? 1);
  return Number.isFinite(r) && r > 0 ? r : null;
}

/** Splits at `sep` outside parentheses. */
export function splitTopLevel(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
