// Shaping: a string in one face → positioned glyphs with their source text (fontkit's
// OpenType layout with the default features: ccmp, liga, kern, mark …; HarfBuzz for the
// scripts fontkit gets wrong, see harfbuzz-shaper.ts). Layout shapes one word
// at a time, so results are cached by face, options and text, found without cutting the
// word out of its paragraph (word-cache.ts).

import type * as fontkit from 'fontkit';
import { fontProgramOf } from './font-face.js';
import { layoutWithClusters } from './fontkit-clusters.js';
import { needsHarfBuzz, shapeWithHarfBuzz } from './harfbuzz-shaper.js';
import { sharedGlyphs } from './shared-glyphs.js';
import type { FontFace, ShapedGlyph, ShapedText, ShapedWord } from './types.js';
import { hashRange, WordCache } from './word-cache.js';
import { isJustifiableSpace } from './word-separators.js';

/**
 * How a run is shaped beyond its face and text: the direction its bidi level gives it (glyphs
 * come back in visual order either way) and OpenType features switched on or off on top of
 * the shaper's defaults (`font-feature-settings`, `font-variant-*`, `font-kerning`).
 */
export interface ShapeOptions {
  /**
   * 'auto' leaves the direction to the script (Arabic is set right to left, Latin left to
   * right); 'ltr' and 'rtl' force it, as a bidi level does (Hebrew under an LTR override).
   */
  readonly direction: ShapingDirection;
  /** Feature tag → value (0 turns a default feature off, 1 turns one on), or null for none. */
  readonly features: Readonly<Record<string, number>> | null;
  /** Identifies the options in the shaping cache: '' for the defaults. */
  readonly key: string;
}

export type ShapingDirection = 'auto' | 'ltr' | 'rtl';

/** The script's own direction with the default features. */
export const DEFAULT_SHAPING: ShapeOptions = { direction: 'auto', features: null, key: '' };

/** Shaping options; equal options get equal keys, so runs share cache entries. */
export function shapeOptions(direction: ShapingDirection, features: Readonly<Record<string, number>> | null = null): ShapeOptions {
  const tags = features === null ? [] : Object.keys(features).sort();
  if (direction === 'auto' && tags.length === 0) return DEFAULT_SHAPING;
  const key = `${direction}|${tags.map((t) => `${t}=${features![t]}`).join(',')}`;
  return { direction, features: tags.length === 0 ? null : features, key };
}

/** Entries kept per face and shaping options. */
const SHAPING_CACHE_LIMIT = 50_000;
/**
 * Weak: a document's @font-face faces are made for its render, and a strong key kept each of
 * them, its file and up to SHAPING_CACHE_LIMIT shaped words for the life of the process.
 * Within a face, one cache per ShapeOptions key.
 */
let shapingCaches = new WeakMap<FontFace, Map<string, WordCache<ShapedWord>>>();

/**
 * Shapes `text` with `face`. Each glyph carries the text of its cluster, so a ligature "fi"
 * carries "fi"; later glyphs of a cluster carry ''. Metrics are in font units. The same face
 * and text return the same (frozen-by-contract) object until the cache evicts it.
 */
export function shapeText(face: FontFace, text: string, options: ShapeOptions = DEFAULT_SHAPING): ShapedWord {
  return shapeRange(face, text, 0, text.length, options);
}

/** shapeText of source[start, end), which a cached word answers without slicing the source. */
export function shapeRange(face: FontFace, source: string, start: number, end: number, options: ShapeOptions = DEFAULT_SHAPING): ShapedWord {
  const cache = wordCacheOf(face, options.key);
  const hash = hashRange(source, start, end);
  let shaped = cache.get(source, start, end, hash);
  if (shaped === undefined) {
    const text = start === 0 && end === source.length ? source : source.slice(start, end);
    const uncached = shapeUncached(face, text, options);
    // The cache keeps it for the process: its glyphs shared with the other words'.
    shaped = shapedWord(text, { face: uncached.face, glyphs: sharedGlyphs(uncached.glyphs), advance: uncached.advance });
    cache.add(hash, shaped);
  }
  return shaped;
}

function wordCacheOf(face: FontFace, key: string): WordCache<ShapedWord> {
  // Consecutive words are mostly in one face with one set of options: one comparison instead
  // of two look-ups (it holds one face, as style-shaping.ts holds one style).
  if (face === lastFace && key === lastKey) return lastCache!;
  const cache = lookUpWordCache(face, key);
  lastFace = face;
  lastKey = key;
  lastCache = cache;
  return cache;
}

let lastFace: FontFace | null = null;
let lastKey = '';
let lastCache: WordCache<ShapedWord> | null = null;

function lookUpWordCache(face: FontFace, key: string): WordCache<ShapedWord> {
  let caches = shapingCaches.get(face);
  if (caches === undefined) {
    caches = new Map();
    shapingCaches.set(face, caches);
  }
  let cache = caches.get(key);
  if (cache === undefined) {
    cache = new WordCache<ShapedWord>(SHAPING_CACHE_LIMIT);
    caches.set(key, cache);
  }
  return cache;
}

/** `shaped` with its text and its justifiable spaces counted. */
export function shapedWord(text: string, shaped: ShapedText): ShapedWord {
  return { face: shaped.face, glyphs: shaped.glyphs, advance: shaped.advance, text, ...justifiableSpaces(shaped.glyphs) };
}

/** The glyphs that are justifiable spaces, and those of them that end the glyphs with their advance. */
export function justifiableSpaces(glyphs: readonly ShapedGlyph[]): Pick<ShapedWord, 'spaces' | 'trailingSpaces' | 'trailingAdvance'> {
  let spaces = 0;
  let trailingSpaces = 0;
  let trailingAdvance = 0;
  for (const glyph of glyphs) {
    if (isJustifiableSpace(glyph.text)) {
      spaces++;
      trailingSpaces++;
      trailingAdvance += glyph.advance;
    } else {
      trailingSpaces = 0;
      trailingAdvance = 0;
    }
  }
  return { spaces, trailingSpaces, trailingAdvance };
}

/** The advance width of `text` in `face`, font units (multiply by size / unitsPerEm for pt). */
export function measureText(face: FontFace, text: string): number {
  return shapeText(face, text).advance;
}

/** Empties the shaping cache (tests; a long-running process that swapped its fonts). */
export function clearShapingCache(): void {
  shapingCaches = new WeakMap();
  lastFace = null;
  lastCache = null;
}

/** Faces that have drawn some text with glyph 0 (.notdef), in this process. */
const notdefFaces = new WeakSet<FontFace>();

/**
 * False when no text shaped with `face` so far got glyph 0: then none of its glyph runs
 * need a look for missing characters (paint/missing-glyphs.ts), which Latin text never does.
 */
export function mayDrawNotdef(face: FontFace): boolean {
  return notdefFaces.has(face);
}

function shapeUncached(face: FontFace, text: string, options: ShapeOptions): ShapedText {
  const shaped = shapeAny(face, text, options);
  for (const glyph of shaped.glyphs) {
    if (glyph.id === 0) {
      notdefFaces.add(face);
      break;
    }
  }
  return shaped;
}

function shapeAny(face: FontFace, text: string, options: ShapeOptions): ShapedText {
  if (text.length === 0) return { face, glyphs: [], advance: 0 };
  if (needsHarfBuzz(text)) {
    try {
      const shaped = shapeWithHarfBuzz(face, text, options);
      if (shaped) return shaped;
    } catch {
      // A face HarfBuzz rejects: fontkit below, as for any other text.
    }
  }
  try {
    return shapeWithLayout(face, text, options);
  } catch {
    // A damaged table the font check did not reach (a GSUB lookup of another script, a
    // glyph's metrics): the text set glyph by glyph without OpenType features.
    const plain = shapeGlyphByGlyph(face, text);
    return options.direction === 'rtl' ? { face, glyphs: [...plain.glyphs].reverse(), advance: plain.advance } : plain;
  }
}

function shapeWithLayout(face: FontFace, text: string, options: ShapeOptions): ShapedText {
  const program = fontProgramOf(face);
  const input = inputGlyphs(program, text);
  const { run, codePointCounts } = layoutWithClusters(program, input.glyphs, options);
  const counts = clusterSizes(run, input.glyphs, codePointCounts);
  const glyphs = placeGlyphs(run, counts, text, input.codePointStarts, program.glyphForCodePoint(0x20).id);
  let advance = 0;
  for (const glyph of glyphs) advance += glyph.advance;
  return { face, glyphs, advance };
}

/**
 * One glyph per code point, each from the cmap with its own advance; a glyph that cannot be
 * read is .notdef (still extractable: pdf/ gives it the text's ToUnicode entry) with a
 * half-em advance.
 */
function shapeGlyphByGlyph(face: FontFace, text: string): ShapedText {
  let program: fontkit.Font | null = null;
  try {
    program = fontProgramOf(face);
  } catch {
    // Not even parseable: every glyph below is .notdef.
  }
  const fallbackAdvance = face.unitsPerEm / 2;
  const glyphs: ShapedGlyph[] = [];
  let advance = 0;
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i)!;
    const size = codePoint > 0xffff ? 2 : 1;
    let id = 0;
    let width = fallbackAdvance;
    try {
      const glyph = program!.glyphForCodePoint(codePoint);
      const glyphAdvance = glyph.advanceWidth;
      if (Number.isFinite(glyphAdvance)) [id, width] = [glyph.id, glyphAdvance];
    } catch {
      // .notdef at the fallback advance.
    }
    glyphs.push({ id, advance: width, xOffset: 0, yOffset: 0, cluster: i, text: glyphText(text, i, i + size) });
    advance += width;
    i += size;
  }
  return { face, glyphs, advance };
}

/**
 * One glyph per code point (a code point plus its variation selector make one, as in
 * fontkit's glyphsForString), each carrying exactly its own code points; see
 * fontkit-clusters.ts for why the shared Glyph objects' code points cannot be trusted.
 */
function inputGlyphs(program: fontkit.Font, text: string): { glyphs: fontkit.Glyph[]; codePointStarts: number[] } {
  const glyphs: fontkit.Glyph[] = [];
  const codePointStarts: number[] = [];
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i)!;
    const size = codePoint > 0xffff ? 2 : 1;
    const selector = i + size < text.length ? text.codePointAt(i + size)! : 0;
    codePointStarts.push(i);
    if (isVariationSelector(selector)) {
      codePointStarts.push(i + size);
      const pair = text.slice(i, i + size + (selector > 0xffff ? 2 : 1));
      glyphs.push(withCodePoints(program.glyphsForString(pair)[0]!, [codePoint, selector]));
      i += pair.length;
    } else {
      glyphs.push(withCodePoints(program.glyphForCodePoint(codePoint), [codePoint]));
      i += size;
    }
  }
  codePointStarts.push(text.length);
  return { glyphs, codePointStarts };
}

/** The number of code points each output glyph stands for, in logical order. */
function clusterSizes(run: fontkit.GlyphRun, input: readonly fontkit.Glyph[], counts: number[] | null): number[] {
  if (counts && counts.length === run.glyphs.length) return counts;
  // No OpenType engine ran: output glyphs are the input glyphs, one for one.
  if (run.glyphs.length === input.length) return input.map((glyph) => glyph.codePoints.length);
  const logical = run.direction === 'rtl' ? [...run.glyphs].reverse() : run.glyphs;
  return logical.map((glyph) => glyph.codePoints.length);
}

/**
 * Builds ShapedGlyphs in visual order, giving each the text of the code points it consumed. A
 * glyph for default-ignorable characters only (soft hyphen, ZWJ …) becomes a zero-width space
 * glyph, as HarfBuzz does: decided here from the source text, because fontkit's own hiding
 * reads the code points of its per-id glyph cache (fontkit-clusters.ts turns it off), which
 * hid every later '-' of a font that maps U+00AD and U+002D to one glyph.
 */
function placeGlyphs(run: fontkit.GlyphRun, counts: readonly number[], text: string, starts: readonly number[], spaceId: number): ShapedGlyph[] {
  const count = run.glyphs.length;
  const rtl = run.direction === 'rtl';
  const glyphs = new Array<ShapedGlyph>(count);
  let consumed = 0;
  let cluster = 0;
  for (let logical = 0; logical < count; logical++) {
    const visual = rtl ? count - 1 - logical : logical;
    const size = counts[logical]!;
    const start = starts[Math.min(consumed, starts.length - 1)]!;
    const end = starts[Math.min(consumed + size, starts.length - 1)]!;
    if (size > 0) cluster = start;
    consumed += size;
    const position = run.positions[visual]!;
    const source = glyphText(text, start, end);
    const hidden = source === '' && end > start;
    glyphs[visual] = {
      id: hidden ? spaceId : run.glyphs[visual]!.id,
      advance: hidden ? 0 : position.xAdvance,
      xOffset: hidden ? 0 : position.xOffset,
      yOffset: hidden ? 0 : position.yOffset,
      cluster,
      text: source,
    };
  }
  return glyphs;
}

const IGNORABLE_ONLY = /^\p{Default_Ignorable_Code_Point}+$/u;

/**
 * The cluster's source text; '' for invisible characters, which fontkit draws as a zero-width
 * space glyph and which must not become that glyph's ToUnicode text.
 */
function glyphText(text: string, start: number, end: number): string {
  if (end <= start) return '';
  const slice = text.slice(start, end);
  return slice.charCodeAt(0) < 0xad ? slice : IGNORABLE_ONLY.test(slice) ? '' : slice;
}

function isVariationSelector(codePoint: number): boolean {
  return (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || (codePoint >= 0xe0100 && codePoint <= 0xe01ef);
}

const MARK = /^\p{M}$/u;

/** The glyph itself when its code points are right; otherwise a view of it that says ours. */
function withCodePoints(glyph: fontkit.Glyph, codePoints: number[]): fontkit.Glyph {
  const own = glyph.codePoints;
  if (own.length === codePoints.length && own.every((cp, i) => cp === codePoints[i])) return glyph;
  return Object.create(glyph, {
    codePoints: { value: codePoints },
    isMark: { value: codePoints.every((cp) => MARK.test(String.fromCodePoint(cp))) },
    isLigature: { value: codePoints.length > 1 },
  }) as fontkit.Glyph;
}
