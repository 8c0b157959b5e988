// Automatic hyphenation (css-text-3 §5.4 `hyphens: auto`): Franklin M. Liang's algorithm over
// the TeX hyph-utf8 patterns that the `hyphen` package ships as a trie per language. Only the
// package's data is used: its hyphenator keeps every word it ever saw, and layout wants break
// points, not text with soft hyphens. Patterns load on the first word that needs them.
import { createRequire } from 'node:module';
import { BoundedCache } from './bounded-cache.js';

/** A trie node of the package's data: children by letter, a leaf's index into the levels table, or both. */
type TrieNode = { readonly [letter: string]: TrieNode | number | readonly [TrieNode, number] };

interface Patterns {
  /** Inter-letter levels of each pattern; odd levels allow a break (Liang 1983, §2). */
  readonly levels: readonly (readonly number[])[];
  readonly trie: TrieNode;
  /** Lower-cased word → its break offsets (the patterns' exception list). */
  readonly exceptions: Readonly<Record<string, readonly number[]>>;
}

/**
 * Pattern sets by name → module. A fixed table: the name never comes from the document, so a
 * `lang` attribute cannot reach any other file.
 */
const PATTERN_MODULES: Readonly<Record<string, string>> = {
  'en-us': 'hyphen/patterns/en-us.js',
  'en-gb': 'hyphen/patterns/en-gb.js',
  // German after the 1996 reform, the spelling in use (de-1901 is the traditional one).
  de: 'hyphen/patterns/de-1996.js',
  fr: 'hyphen/patterns/fr.js',
  es: 'hyphen/patterns/es.js',
  it: 'hyphen/patterns/it.js',
  pt: 'hyphen/patterns/pt.js',
  nl: 'hyphen/patterns/nl.js',
  ca: 'hyphen/patterns/ca.js',
  da: 'hyphen/patterns/da.js',
  sv: 'hyphen/patterns/sv.js',
  nb: 'hyphen/patterns/nb.js',
  nn: 'hyphen/patterns/nn.js',
  fi: 'hyphen/patterns/fi.js',
  pl: 'hyphen/patterns/pl.js',
  cs: 'hyphen/patterns/cs.js',
  sk: 'hyphen/patterns/sk.js',
  hu: 'hyphen/patterns/hu.js',
  ru: 'hyphen/patterns/ru.js',
  uk: 'hyphen/patterns/uk.js',
};

/**
 * The pattern set for a content language (a lower-cased BCP 47 tag, as ComputedStyle.lang), or
 * null when none applies: an unknown language is not hyphenated, as in Chromium and Firefox.
 */
export function hyphenationPatternsFor(lang: string): string | null {
  if (lang === '') return null;
  const subtags = lang.split(/[-_]/);
  const primary = subtags[0]!;
  if (primary === 'en') return subtags.includes('gb') ? 'en-gb' : 'en-us';
  if (primary === 'no') return 'nb';
  return Object.hasOwn(PATTERN_MODULES, primary) ? primary : null;
}

const loaded = new Map<string, Patterns>();

/** The pattern sets loaded so far, in load order (for tests: loading is lazy). */
export function loadedHyphenationPatterns(): readonly string[] {
  return [...loaded.keys()];
}

function patternsNamed(name: string): Patterns {
  let patterns = loaded.get(name);
  if (!patterns) {
    const data = createRequire(import.meta.url)(PATTERN_MODULES[name]!) as [Patterns['levels'], TrieNode, Patterns['exceptions'] | undefined];
    patterns = { levels: data[0], trie: data[1], exceptions: data[2] ?? {} };
    loaded.set(name, patterns);
  }
  return patterns;
}

/** Words longer than this are not hyphenated (bounds the work per word; no real word is as long). */
export const MAX_HYPHENATED_WORD = 64;
const NO_POINTS: readonly number[] = Object.freeze([]);
const cache = new BoundedCache<readonly number[]>(20_000);

/**
 * The offsets inside `word` (2 … length − 2, ascending) before which the patterns named
 * `patterns` (see hyphenationPatternsFor) allow a hyphen. The caller applies
 * hyphenate-limit-chars. Cached per pattern set and word.
 */
export function hyphenationPoints(word: string, patterns: string): readonly number[] {
  if (word.length < 4 || word.length > MAX_HYPHENATED_WORD) return NO_POINTS;
  const key = `${patterns}\u0000${word}`;
  let points = cache.get(key);
  if (points === undefined) {
    points = liang(word, patternsNamed(patterns));
    cache.set(key, points);
  }
  return points;
}

function liang(word: string, patterns: Patterns): readonly number[] {
  const lower = word.toLowerCase();
  // A letter whose lower case is longer (İ) would shift every offset: leave such words whole.
  if (lower.length !== word.length) return NO_POINTS;
  const exception = patterns.exceptions[lower];
  // The package stores each exception's offsets in the hyphenated spelling ("as-so-ciate" →
  // 2, 5): the k-th offset counts k hyphens before it.
  if (exception) return exception.map((p, k) => p - k).filter((p) => p >= 2 && p <= word.length - 2);
  const dotted = `.${lower}.`;
  // levels[i]: the break before letter i.
  const levels = new Uint8Array(word.length + 1);
  for (let s = 0; s + 3 <= dotted.length; s++) {
    // A pattern starting at the leading dot has no level before the dot: its first level is
    // the one before the word's first letter, as for a pattern starting there.
    const at = Math.max(0, s - 1);
    let node: TrieNode | undefined = patterns.trie;
    for (let c = s; c < dotted.length && node !== undefined; c++) {
      const entry: TrieNode[string] | undefined = node[dotted[c]!];
      if (entry === undefined) break;
      let index = -1;
      if (typeof entry === 'number') {
        index = entry;
        node = undefined;
      } else if (Array.isArray(entry)) {
        node = entry[0] as TrieNode;
        index = entry[1] as number;
      } else node = entry as TrieNode;
      if (index < 0) continue;
      const pattern = patterns.levels[index]!;
      for (let k = 0; k < pattern.length; k++) {
        const i = at + k;
        if (i < levels.length && pattern[k]! > levels[i]!) levels[i] = pattern[k]!;
      }
    }
  }
  // Two letters at least on each side, as the package and TeX (left/righthyphenmin) keep:
  // the patterns are not made for points nearer the ends.
  const points: number[] = [];
  for (let i = 2; i <= word.length - 2; i++) if ((levels[i]! & 1) === 1) points.push(i);
  return points.length === 0 ? NO_POINTS : points;
}
