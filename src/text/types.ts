// Fonts and shaped text: what text/ hands to layout and, through the display list, to pdf/.
// Glyph metrics are in font units; multiply by size / unitsPerEm for points.

import type { FontStyle } from '../css/types.js';

/** A loaded font face: one file (or one face of a collection) with its metrics. */
export interface FontFace {
  /** Unique, stable key (PostScript name plus a suffix when needed); used by pdf/ to dedupe. */
  readonly id: string;
  readonly family: string;
  readonly weight: number;
  readonly style: 'normal' | 'italic';
  readonly postscriptName: string;
  readonly unitsPerEm: number;
  /** Line metrics in font units; descent is positive (distance below the baseline). */
  readonly ascent: number;
  readonly descent: number;
  readonly lineGap: number;
  readonly capHeight: number;
  readonly xHeight: number;
  /** The `post` table's suggested top of the underline; negative is below the baseline. */
  readonly underlinePosition: number;
  readonly underlineThickness: number;
  /** True when the face maps the code point to a glyph. */
  hasGlyph(codePoint: number): boolean;
  /** The raw font file (TrueType/OpenType), for subsetting. */
  readonly data: Uint8Array;
}

/**
 * One positioned glyph. `text` is the source text it stands for: one glyph of each cluster
 * carries the cluster's text, the others '' (fontkit: the first; HarfBuzz: the last in visual
 * order, so that letter-spacing falls after the cluster).
 */
export interface ShapedGlyph {
  readonly id: number;
  /** Advance width, font units (kerning included). */
  readonly advance: number;
  /** Offset of the glyph from its pen position, font units; yOffset is positive UP (font convention). */
  readonly xOffset: number;
  readonly yOffset: number;
  /** UTF-16 offset of the glyph's cluster in the shaped string. */
  readonly cluster: number;
  readonly text: string;
}

/** Result of shaping one string with one face (kerning and ligatures applied). */
export interface ShapedText {
  readonly face: FontFace;
  readonly glyphs: readonly ShapedGlyph[];
  /** Sum of advances, font units. */
  readonly advance: number;
}

/**
 * Shaped text as the shaping cache keeps it: with its text (the cache's key) and what line
 * layout asks of every word, counted once here instead of per glyph on every line.
 */
export interface ShapedWord extends ShapedText {
  readonly text: string;
  /** Glyphs that are justifiable spaces (CSS Text 3 §7.3), and how many of them end the glyphs. */
  readonly spaces: number;
  readonly trailingSpaces: number;
  /** The advance of those trailing spaces, font units. */
  readonly trailingAdvance: number;
}

/** A request for a face, from computed style. */
export interface FontQuery {
  readonly families: readonly string[];
  readonly weight: number;
  readonly style: FontStyle;
  /**
   * The text's language (ComputedStyle.lang: a lower-cased BCP 47 tag; '' or absent when
   * unknown): it chooses which CJK font's forms Han ideographs take (bundled-cjk.ts).
   */
  readonly lang?: string;
}

/** A maximal run of a string that one face renders (per-character fallback splits runs). */
export interface FontRun {
  readonly face: FontFace;
  readonly start: number;
  readonly end: number;
}
