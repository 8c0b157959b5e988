// Media queries (mediaqueries-4) evaluated for print: a list applies if any query matches the
// print medium on the default page. Unknown media features evaluate to false, as in browsers.
import { evaluateCondition } from './condition.js';
import { PT_PER_PX, VIEWPORT_HEIGHT_PT, VIEWPORT_WIDTH_PT } from './values/units.js';

// The page box in CSS px stands for the viewport: 816 × 1056 for the 8.5in × 11in default.
const PAGE_WIDTH_PX = VIEWPORT_WIDTH_PT / PT_PER_PX;
const PAGE_HEIGHT_PX = VIEWPORT_HEIGHT_PT / PT_PER_PX;

/** True if the media query list (e.g. `print, screen and (min-width: 600px)`) applies to print. */
export function mediaMatchesPrint(text: string | null): boolean {
  if (text === null) return true;
  const queries = splitTopLevel(text.toLowerCase(), ',').map((q) => q.trim());
  if (queries.length === 1 && queries[0] === '') return true;
  return queries.some(queryMatches);
}

function queryMatches(query: string): boolean {
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
  const result = typeMatches && (rest === '' || evaluateCondition(rest, featureMatches));
  return negate ? !result : result;
}

function featureMatches(feature: string): boolean {
  const range = /^([a-z-]+)\s*(<=|>=|<|>|=)\s*(.+)$/.exec(feature);
  if (range !== null) return compareFeature(range[1]!, range[2]!, range[3]!.trim());
  const colon = feature.indexOf(':');
  const name = (colon < 0 ? feature : feature.slice(0, colon)).trim();
  const value = colon < 0 ? null : feature.slice(colon + 1).trim();
  if (name.startsWith('min-')) return compareFeature(name.slice(4), '>=', value ?? '');
  if (name.startsWith('max-')) return compareFeature(name.slice(4), '<=', value ?? '');
  if (value === null) return booleanFeature(name);
  if (name === 'width' || name === 'height') return compareFeature(name, '=', value);
  return discreteFeature(name, value);
}

function booleanFeature(name: string): boolean {
  return name === 'width' || name === 'height' || name === 'color' || name === 'orientation';
}

// Values a printed page has for the discrete features stylesheets commonly test.
function discreteFeature(name: string, value: string): boolean {
  switch (name) {
    case 'orientation':
      return value === 'portrait';
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

function compareFeature(name: string, op: string, value: string): boolean {
  const actual = name === 'width' || name === 'device-width' ? PAGE_WIDTH_PX : name === 'height' || name === 'device-height' ? PAGE_HEIGHT_PX : null;
  const expected = lengthInPx(value);
  if (actual === null || expected === null) return false;
  switch (op) {
    case '<':
      return actual < expected;
    case '<=':
      return actual <= expected;
    case '>':
      return actual > expected;
    case '>=':
      return actual >= expected;
    default:
      return actual === expected;
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
