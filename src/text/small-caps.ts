// Synthesized small caps (css-fonts-4 §6.6 and §8.1 `font-synthesis: small-caps`): when the
// face has no small-cap glyphs (no `smcp` feature), the letters to be shown as small caps are
// drawn as capitals at a smaller size, as Chromium and Firefox do (Blink's
// kSmallCapsFontSizeMultiplier is 0.7). Layout splits text at the boundaries between letters
// that shrink and the rest, so each piece has one size; the glyphs keep the original text for
// extraction.

import type { ComputedStyle } from '../css/types.js';
import { fontProgramOf } from './font-face.js';
import { shapeText, type ShapeOptions } from './shape.js';
import type { FontFace, FontRun, ShapedGlyph, ShapedText } from './types.js';

/** The size of synthesized small capitals relative to the font size (Blink, Gecko). */
export const SMALL_CAPS_SCALE = 0.7;

/**
 * Which letters are drawn as small capitals at the reduced size: lower-case ones (small-caps,
 * petite-caps), all cased ones (all-small-caps, all-petite-caps), upper-case ones (unicase:
 * lower-case letters stay as they are), or none (the face does it, or no synthesis).
 */
export type CapsSynthesis = 'none' | 'lower' | 'all' | 'upper';

const featureSets = new WeakMap<FontFace, ReadonlySet<string>>();

/** The OpenType feature tags the face's GSUB and GPOS tables offer. */
export function featuresOfFace(face: FontFace): ReadonlySet<string> {
  let set = featureSets.get(face);
  if (!set) {
    try {
      // fontkit lists the GSUB and GPOS feature tags; its typings omit the getter.
      set = new Set((fontProgramOf(face) as unknown as { availableFeatures: string[] }).availableFeatures);
    } catch {
      set = new Set();
    }
    featureSets.set(face, set);
  }
  return set;
}

/** How `style`'s text in `face` synthesizes small capitals. */
export function capsSynthesisOf(style: ComputedStyle, face: FontFace): CapsSynthesis {
  const caps = style.fontVariantCaps;
  if (caps === 'normal' || caps === 'titling-caps' || !style.fontSynthesis.smallCaps) return 'none';
  const has = featuresOfFace(face);
  switch (caps) {
    case 'small-caps': return has.has('smcp') ? 'none' : 'lower';
    case 'petite-caps': return has.has('pcap') ? 'none' : 'lower';
    case 'all-small-caps': return has.has('smcp') && has.has('c2sc') ? 'none' : 'all';
    case 'all-petite-caps': return has.has('pcap') && has.has('c2pc') ? 'none' : 'all';
    case 'unicase': return has.has('unic') ? 'none' : 'upper';
  }
}

/** Whether a code point's text is drawn at the reduced size. */
function shrinks(mode: CapsSynthesis, ch: string): boolean {
  switch (mode) {
    case 'none': return false;
    case 'lower': return ch.toUpperCase() !== ch;
    case 'upper': return ch.toLowerCase() !== ch;
    case 'all': return ch.toUpperCase() !== ch || ch.toLowerCase() !== ch;
  }
}

/** Whether the piece of text starting at `start` is drawn at the reduced size (pieces are uniform). */
export function startsSmall(mode: CapsSynthesis, text: string, start: number): boolean {
  if (mode === 'none' || start >= text.length) return false;
  return shrinks(mode, String.fromCodePoint(text.codePointAt(start)!));
}

/**
 * Font runs of `text` (offsets into it) split where letters start or stop shrinking, so each
 * run is drawn at one size. Runs without synthesis are returned as they are.
 */
export function splitForSmallCaps(runs: readonly FontRun[], text: string, style: ComputedStyle): readonly FontRun[] {
  if (style.fontVariantCaps === 'normal') return runs;
  const out: FontRun[] = [];
  for (const run of runs) {
    const mode = capsSynthesisOf(style, run.face);
    if (mode === 'none') {
      out.push(run);
      continue;
    }
    let from = run.start;
    let small = startsSmall(mode, text, from);
    for (let i = run.start; i < run.end; ) {
      const ch = String.fromCodePoint(text.codePointAt(i)!);
      if (shrinks(mode, ch) !== small) {
        out.push({ face: run.face, start: from, end: i });
        from = i;
        small = !small;
      }
      i += ch.length;
    }
    out.push({ face: run.face, start: from, end: run.end });
  }
  return out;
}

/**
 * Shapes letters that shrink: as capitals (unicase shrinks capitals as they are), each glyph
 * keeping the text of the letters it came from, so that copied text reads as written.
 */
export function shapeSmallCaps(face: FontFace, text: string, mode: CapsSynthesis, options: ShapeOptions): ShapedText {
  if (mode === 'upper') return shapeText(face, text, options);
  // Capitals and where each letter's capital starts (ß becomes SS: lengths can differ).
  let upper = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    const capital = ch.toUpperCase();
    for (let k = 0; k < capital.length; k++) origin.push(i);
    upper += capital;
    i += ch.length;
  }
  origin.push(text.length);
  const shaped = shapeText(face, upper, options);
  if (upper === text) return shaped;
  let lastStart = -1;
  const glyphs: ShapedGlyph[] = shaped.glyphs.map((g) => {
    if (g.text === '') return g;
    const start = origin[g.cluster]!;
    // A letter whose capital is several glyphs gives its text to the first of them.
    if (start === lastStart) return { id: g.id, advance: g.advance, xOffset: g.xOffset, yOffset: g.yOffset, cluster: start, text: '' };
    lastStart = start;
    let j = g.cluster + g.text.length;
    while (j < upper.length && origin[j] === start) j++;
    return { id: g.id, advance: g.advance, xOffset: g.xOffset, yOffset: g.yOffset, cluster: start, text: text.slice(start, origin[j]) };
  });
  return { face, glyphs, advance: shaped.advance };
}
