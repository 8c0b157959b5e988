// Per-character font fallback and itemization: split a string into runs that one face can
// render (CSS Fonts 3 §5.2 step 7: "if no matching face contains a glyph for the character,
// the user agent ... attempts to find a suitable font"), keeping clusters in one run.

import type { FontFace, FontRun } from './types.js';

/**
 * The faces a query may use, in order: the faces of its own families, then (loaded only on
 * the first character they miss) every other registered family. Remembers each code point's
 * choice, so itemizing text costs a table look-up per character.
 */
export class FallbackChain {
  private readonly candidates: FontFace[];
  private othersAdded = false;
  // Chosen candidate index + 1 per BMP code point (0 = not looked up yet); astral in a Map.
  private readonly bmpChoice = new Uint8Array(0x10000);
  private readonly astralChoice = new Map<number, FontFace>();

  /** `preferred[0]` is the primary face: it draws (.notdef) what no face has. */
  constructor(
    preferred: readonly FontFace[],
    private readonly others: () => readonly FontFace[],
  ) {
    if (preferred.length === 0) throw new Error('a fallback chain needs at least one face');
    this.candidates = [...preferred];
  }

  get primary(): FontFace {
    return this.candidates[0]!;
  }

  /** The first candidate with a glyph for the code point, else the primary face. */
  faceFor(codePoint: number): FontFace {
    if (codePoint < 0x10000) {
      const known = this.bmpChoice[codePoint]!;
      if (known !== 0) return this.candidates[known - 1]!;
      const index = this.search(codePoint);
      if (index < 255) this.bmpChoice[codePoint] = index + 1;
      return this.candidates[index]!;
    }
    let face = this.astralChoice.get(codePoint);
    if (!face) {
      face = this.candidates[this.search(codePoint)]!;
      this.astralChoice.set(codePoint, face);
    }
    return face;
  }

  private search(codePoint: number): number {
    let index = this.candidates.findIndex((face) => face.hasGlyph(codePoint));
    if (index < 0 && !this.othersAdded) {
      this.addOthers();
      index = this.candidates.findIndex((face) => face.hasGlyph(codePoint));
    }
    return index < 0 ? 0 : index;
  }

  private addOthers(): void {
    this.othersAdded = true;
    for (const face of this.others()) {
      if (!this.candidates.includes(face)) this.candidates.push(face);
    }
  }
}

/**
 * Splits `text` into maximal runs of one face. Combining marks, joiners, variation selectors
 * and emoji modifiers stay with their base character's face (a cluster is never split across
 * faces); so does the character after a ZWJ when that face has it.
 */
export function itemizeText(text: string, chain: FallbackChain): FontRun[] {
  const runs: FontRun[] = [];
  let runFace: FontFace | null = null;
  let runStart = 0;
  let afterJoiner = false;
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i)!;
    const keepsRun: boolean = runFace !== null && (isClusterExtender(codePoint) || (afterJoiner && runFace.hasGlyph(codePoint)));
    const face: FontFace = keepsRun ? runFace! : isControl(codePoint) ? chain.primary : chain.faceFor(codePoint);
    if (face !== runFace) {
      if (runFace) runs.push({ face: runFace, start: runStart, end: i });
      runFace = face;
      runStart = i;
    }
    afterJoiner = codePoint === 0x200d;
    i += codePoint > 0xffff ? 2 : 1;
  }
  if (runFace) runs.push({ face: runFace, start: runStart, end: text.length });
  return runs;
}

const EXTENDER = /^[\p{M}\p{Cc}\u200c\u200d\ufe00-\ufe0f\u{e0100}-\u{e01ef}\u{1f3fb}-\u{1f3ff}\u{e0020}-\u{e007f}]$/u;
// 0 = unknown, 1 = extender, 2 = not; BMP only (astral code points use the regex directly).
const bmpExtender = new Uint8Array(0x10000);

/**
 * True for characters that never start a cluster of their own (UAX #29 Extend and the
 * like) and for control characters, which have no glyph and should not split a run.
 */
export function isClusterExtender(codePoint: number): boolean {
  if (codePoint < 0x300) return isControl(codePoint);
  if (codePoint >= 0x10000) return EXTENDER.test(String.fromCodePoint(codePoint));
  let known = bmpExtender[codePoint]!;
  if (known === 0) {
    known = EXTENDER.test(String.fromCharCode(codePoint)) ? 1 : 2;
    bmpExtender[codePoint] = known;
  }
  return known === 1;
}

function isControl(codePoint: number): boolean {
  return codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0);
}
