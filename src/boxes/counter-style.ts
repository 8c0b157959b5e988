// Counter representations (CSS Counter Styles 3 predefined styles) for list markers and counter().
import type { ListStyleType } from '../css/types.js';

const ROMAN: readonly [number, string][] = [
  [1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'],
  [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i'],
];

/** Formats a counter value in a list-style-type; bullets give their glyph. */
export function formatCounter(value: number, style: ListStyleType): string {
  switch (style) {
    case 'none': return '';
    case 'disc': return '\u2022';
    case 'circle': return '\u25E6';
    case 'square': return '\u25AA';
    case 'decimal': return String(value);
    case 'decimal-leading-zero': return value >= 0 && value < 10 ? `0${value}` : String(value);
    case 'lower-alpha': case 'lower-latin': return alphabetic(value, 'abcdefghijklmnopqrstuvwxyz');
    case 'upper-alpha': case 'upper-latin': return alphabetic(value, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    case 'lower-greek': return alphabetic(value, 'αβγδεζηθικλμνξοπρστυφχψω');
    case 'lower-roman': return roman(value);
    case 'upper-roman': return roman(value).toUpperCase();
  }
}

/** Bijective base-N (a, b, …, z, aa, ab, …); outside 1.. falls back to decimal, as the spec's range rule says. */
function alphabetic(value: number, digits: string): string {
  if (value < 1) return String(value);
  const symbols = [...digits];
  let n = value;
  let out = '';
  while (n > 0) {
    n -= 1;
    out = symbols[n % symbols.length] + out;
    n = Math.floor(n / symbols.length);
  }
  return out;
}

/** Additive roman numerals, range 1..3999 (decimal outside it). */
function roman(value: number): string {
  if (value < 1 || value > 3999) return String(value);
  let n = value;
  let out = '';
  for (const [weight, symbol] of ROMAN) {
    while (n >= weight) {
      out += symbol;
      n -= weight;
    }
  }
  return out;
}

/** The marker string of a list item: the counter and a suffix (". " for numbered styles). */
export function markerText(value: number, style: ListStyleType): string {
  const body = formatCounter(value, style);
  if (style === 'disc' || style === 'circle' || style === 'square' || style === 'none') return body;
  return `${body}. `;
}
