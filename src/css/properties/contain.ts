// `contain` (css-contain-2 §2): kept in `extra` as its keywords. Layout reads only size
// containment back, through hasSizeContainment: a grid item with it does not split with its
// row (a box with size containment is monolithic, css-contain-2 §3.1).
import type { ComputedStyle } from '../types.js';
import type { Component } from '../values/components.js';
import type { Computer } from '../values/context.js';
import type { LonghandDef } from './registry.js';

const SINGLE = new Set(['none', 'strict', 'content']);
const COMBINABLE = new Set(['size', 'inline-size', 'layout', 'style', 'paint']);

/** `none | strict | content | [ [size | inline-size] || layout || style || paint ]`. */
function parseContain(items: readonly Component[]): Computer<string> | null {
  const words: string[] = [];
  for (const c of items) {
    if (c.type !== 'ident') return null;
    words.push(c.lower);
  }
  if (words.length === 1 && SINGLE.has(words[0]!)) return () => words[0]!;
  if (words.length === 0 || new Set(words).size !== words.length || !words.every((w) => COMBINABLE.has(w))) return null;
  if (words.includes('size') && words.includes('inline-size')) return null;
  const text = words.join(' ');
  return () => text;
}

/** Size containment in both axes: `contain: size` or `strict`. */
export function hasSizeContainment(style: ComputedStyle): boolean {
  const value = style.extra.get('contain');
  return value !== undefined && (value === 'strict' || value.split(' ').includes('size'));
}

export const CONTAIN_LONGHANDS: readonly LonghandDef[] = [{ name: 'contain', inherited: false, field: null, parse: parseContain }];
