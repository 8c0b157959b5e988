// The `font` shorthand (css-fonts-4 §2.8): `[style || variant || weight || stretch]? size
// [/ line-height]? family`. System-font keywords (caption, menu…) are not supported and make
// the declaration invalid, so earlier values stay.
import { keywordOf, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseFontFamily, parseFontSize, parseFontWeight, parseLineHeight } from './font.js';
import type { Expansion, ShorthandDef } from './registry.js';

const STRETCH_KEYWORDS = new Set([
  'ultra-condensed', 'extra-condensed', 'condensed', 'semi-condensed', 'semi-expanded', 'expanded',
  'extra-expanded', 'ultra-expanded',
]);

interface FontPrefix {
  style?: Computer<unknown>;
  smallCaps?: Computer<unknown>;
  weight?: Computer<unknown>;
  stretch?: Computer<unknown>;
}

// Tries one component as one of the optional prefix parts; false when it is none of them.
function takePrefix(c: Component, prefix: FontPrefix): boolean {
  const word = keywordOf(c);
  if (word === 'normal') return true; // resets whichever part it stands for: all are already initial
  if ((word === 'italic' || word === 'oblique') && prefix.style === undefined) {
    prefix.style = constant(word);
    return true;
  }
  if (word === 'small-caps' && prefix.smallCaps === undefined) {
    prefix.smallCaps = constant('small-caps');
    return true;
  }
  if (word !== null && STRETCH_KEYWORDS.has(word) && prefix.stretch === undefined) {
    prefix.stretch = constant(word);
    return true;
  }
  const weightLike = word === 'bold' || word === 'bolder' || word === 'lighter' || c.type === 'number';
  if (weightLike && prefix.weight === undefined) {
    const weight = parseFontWeight(c);
    if (weight !== null) prefix.weight = weight;
    return weight !== null;
  }
  return false;
}

function expandFont(items: readonly Component[]): Expansion | null {
  const prefix: FontPrefix = {};
  let i = 0;
  // The size is the first component that is not a prefix part (at most four of those).
  while (i < items.length && i < 4 && takePrefix(items[i]!, prefix)) i++;
  const size = parseFontSize(items[i]);
  if (size === null) return null;
  i++;
  let lineHeight: Computer<unknown> = constant({ kind: 'normal' });
  const next = items[i];
  if (next?.type === 'op' && next.value === '/') {
    const parsed = parseLineHeight(items[i + 1]);
    if (parsed === null) return null;
    lineHeight = parsed;
    i += 2;
  }
  const family = parseFontFamily(items.slice(i));
  if (family === null) return null;
  return new Map<string, Computer<unknown>>([
    ['font-style', prefix.style ?? constant('normal')],
    ['font-variant-caps', prefix.smallCaps ?? constant('normal')],
    ['font-weight', prefix.weight ?? constant(400)],
    ['font-size', size],
    ['line-height', lineHeight],
    ['font-family', family],
    ...(prefix.stretch ? [['font-stretch', prefix.stretch] as const] : []),
  ]);
}

/** Font shorthands. */
export const FONT_SHORTHANDS: readonly ShorthandDef[] = [
  {
    name: 'font',
    longhands: [
      'font-style', 'font-variant-caps', 'font-weight', 'font-size', 'line-height', 'font-family',
      'font-stretch', 'font-kerning', 'font-feature-settings', 'font-variant-numeric', 'font-variant-ligatures',
      'font-variant-position', 'font-variant-east-asian',
      'font-size-adjust',
    ],
    expand: expandFont,
  },
];
