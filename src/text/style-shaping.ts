// The bridge from computed style to shaping: the OpenType features an element's text asks
// for (css-fonts-4 §7.2 "Feature precedence") and the ShapeOptions built from them. Computed
// once per style object, so every word of a paragraph shares the same options (and cache key).

import type { ComputedStyle } from '../css/types.js';
import { DEFAULT_SHAPING, shapeOptions, type ShapeOptions, type ShapingDirection } from './shape.js';

type Features = Readonly<Record<string, number>>;

const featureMaps = new WeakMap<ComputedStyle, Features | null>();
const optionsByDirection: Readonly<Record<ShapingDirection, WeakMap<ComputedStyle, ShapeOptions>>> = { auto: new WeakMap(), ltr: new WeakMap(), rtl: new WeakMap() };

/** The shaping options for a run of `style`'s text in `direction` ('auto': the script's). */
export function shapingOf(style: ComputedStyle, direction: ShapingDirection = 'auto'): ShapeOptions {
  // Consecutive pieces of text mostly share their style: one comparison instead of a look-up.
  if (style === lastStyle && direction === 'auto') return lastOptions!;
  const options = lookUpShaping(style, direction);
  if (direction === 'auto') {
    lastStyle = style;
    lastOptions = options;
  }
  return options;
}

let lastStyle: ComputedStyle | null = null;
let lastOptions: ShapeOptions | null = null;

function lookUpShaping(style: ComputedStyle, direction: ShapingDirection): ShapeOptions {
  const cache = optionsByDirection[direction];
  let options = cache.get(style);
  if (!options) {
    const features = featuresOf(style);
    options = direction === 'auto' && features === null ? DEFAULT_SHAPING : shapeOptions(direction, features);
    cache.set(style, options);
  }
  return options;
}

/** The features that differ from the shaper's defaults, or null when none do. */
export function featuresOf(style: ComputedStyle): Features | null {
  let features = featureMaps.get(style);
  if (features === undefined) {
    features = resolveFeatures(style);
    featureMaps.set(style, features);
  }
  return features;
}

const LIGATURE_FEATURES: Readonly<Record<string, readonly [readonly string[], number]>> = {
  'common-ligatures': [['liga', 'clig'], 1],
  'no-common-ligatures': [['liga', 'clig'], 0],
  'discretionary-ligatures': [['dlig'], 1],
  'no-discretionary-ligatures': [['dlig'], 0],
  'historical-ligatures': [['hlig'], 1],
  'no-historical-ligatures': [['hlig'], 0],
  contextual: [['calt'], 1],
  'no-contextual': [['calt'], 0],
};

const NUMERIC_FEATURES: Readonly<Record<string, string>> = {
  'lining-nums': 'lnum',
  'oldstyle-nums': 'onum',
  'proportional-nums': 'pnum',
  'tabular-nums': 'tnum',
  'diagonal-fractions': 'frac',
  'stacked-fractions': 'afrc',
  ordinal: 'ordn',
  'slashed-zero': 'zero',
};

/** §6.6: the features each font-variant-caps value turns on. */
export const CAPS_FEATURES: Readonly<Record<ComputedStyle['fontVariantCaps'], readonly string[]>> = {
  normal: [],
  'small-caps': ['smcp'],
  'all-small-caps': ['c2sc', 'smcp'],
  'petite-caps': ['pcap'],
  'all-petite-caps': ['c2pc', 'pcap'],
  unicase: ['unic'],
  'titling-caps': ['titl'],
};

const OPTIONAL_LIGATURES = ['liga', 'clig', 'dlig', 'hlig', 'calt'];
const COMMON_LIGATURES = ['liga', 'clig'];

/**
 * §7.2: the shaper's defaults, then font-kerning, then font-variant-* (with letter-spacing
 * turning common ligatures off, §7.2 step 5 / css-text-3 §8.2), then font-feature-settings
 * on top. A later entry for the same tag replaces an earlier one.
 */
function resolveFeatures(style: ComputedStyle): Features | null {
  const features: Record<string, number> = {};
  let any = false;
  const set = (tag: string, value: number): void => {
    features[tag] = value;
    any = true;
  };
  if (style.fontKerning === 'none') set('kern', 0);
  else if (style.fontKerning === 'normal') set('kern', 1);
  for (const word of style.fontVariantLigatures) {
    if (word === 'none') for (const tag of OPTIONAL_LIGATURES) set(tag, 0);
    const entry = LIGATURE_FEATURES[word];
    if (entry) for (const tag of entry[0]) set(tag, entry[1]);
  }
  for (const tag of CAPS_FEATURES[style.fontVariantCaps]) set(tag, 1);
  for (const word of style.fontVariantNumeric) set(NUMERIC_FEATURES[word]!, 1);
  if (style.fontVariantPosition === 'sub') set('subs', 1);
  else if (style.fontVariantPosition === 'super') set('sups', 1);
  // Chromium turns off the common ligatures only (HarfBuzzShaper's letter-spacing features).
  if (style.letterSpacing !== 0) for (const tag of COMMON_LIGATURES) if (!(tag in features)) set(tag, 0);
  for (const [tag, value] of style.fontFeatureSettings) set(tag, value);
  return any ? Object.freeze(features) : null;
}
