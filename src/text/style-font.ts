// The bridge from computed style to font matching: which FontQuery an element's text asks for.

import type { ComputedStyle } from '../css/types.js';
import type { FontQuery } from './types.js';

const queries = new WeakMap<ComputedStyle, FontQuery>();

/** The font query of a computed style (font-family, font-weight, font-style, CSS Fonts 3 §3; and the content language). */
export function fontQueryOf(style: ComputedStyle): FontQuery {
  let query = queries.get(style);
  if (!query) {
    query = { families: style.fontFamily, weight: style.fontWeight, style: style.fontStyle, lang: style.lang };
    queries.set(style, query);
  }
  return query;
}
