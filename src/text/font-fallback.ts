// Per-character font fallback and itemization: split a string into runs that one face can
// render (CSS Fonts 3 §5.2 step 7: "if no matching face contains a glyph for the character,
// the user agent ... attempts to find a suitable font"), keeping clusters in one run.

import type { FontFace, FontRun } from './types.js';
import type { UnicodeRangeIndex } from './unicode-range.js';

/**
 * One family's faces for one style and weight when each face covers part of Unicode (CSS
 * Fonts 4 §4.5 `unicode-range`, as in web fonts cut into subset files): the face for a code
 * point is the one whose range contains it, loaded the first time a character needs it.
 */
export class UnicodeRangeFaces {
  private indexBuilt: UnicodeRangeIndex | undefined;
  private faces: (FontFace | null | undefined)[] = [];
  private primaryFace: FontFace | null | undefined;

  /**
   * `load(i)` opens face i of the index (null when it cannot be loaded); each is asked once.
   * The index may be given as a function, called when a character is first looked up (the
   * bundled fallback fonts read their package's CSS only when some text needs a fallback).
   */
  constructor(
    private readonly index: UnicodeRangeIndex | (() => UnicodeRangeIndex),
    private readonly load: (faceIndex: number) => FontFace | null,
  ) {}

  private get ranges(): UnicodeRangeIndex {
    if (!this.indexBuilt) {
      this.indexBuilt = typeof this.index === 'function' ? this.index() : this.index;
      this.faces = new Array<FontFace | null | undefined>(this.indexBuilt.faceCount);
    }
    return this.indexBuilt;
  }

  /** The face whose range contains the code point, if it has a glyph for it. */
  faceFor(codePoint: number): FontFace | undefined {
    const faceIndex = this.ranges.faceOf(codePoint);
    if (faceIndex < 0) return undefined;
    const face = this.faceAt(faceIndex);
    return face && face.hasGlyph(codePoint) ? face : undefined;
  }

  /**
   * The family's first available font (CSS Fonts 4 §4.5: the first face whose range includes
   * U+0020), whose metrics set the strut; undefined if no face loads.
   */
  get primary(): FontFace | undefined {
    if (this.primaryFace === undefined) {
      const space = this.ranges.faceOf(0x20);
      let face = space >= 0 ? this.faceAt(space) : null;
      for (let i = 0; !face && i < this.faces.length; i++) face = this.faceAt(i);
      this.primaryFace = face;
    }
    return this.primaryFace ?? undefined;
  }

  private faceAt(faceIndex: number): FontFace | null {
    let face = this.faces[faceIndex];
    if (face === undefined) {
      face = this.load(faceIndex);
      this.faces[faceIndex] = face;
    }
    return face;
  }
}

/** At most this many clusters' faces are remembered per chain (then forgotten all at once). */
const CLUSTER_CACHE_LIMIT = 1024;

/** What a family contributes to a fallback chain: one face, or faces split by unicode-range. */
export type FaceCandidate = FontFace | UnicodeRangeFaces;

/** The face a candidate renders `codePoint` with, or undefined when it has no glyph for it. */
export function candidateFaceFor(candidate: FaceCandidate, codePoint: number): FontFace | undefined {
  if (candidate instanceof UnicodeRangeFaces) return candidate.faceFor(codePoint);
  return candidate.hasGlyph(codePoint) ? candidate : undefined;
}

/** The face whose metrics stand for a candidate (its first available font). */
export function candidatePrimary(candidate: FaceCandidate): FontFace | undefined {
  return candidate instanceof UnicodeRangeFaces ? candidate.primary : candidate;
}

/**
 * The faces a query may use, in order: the faces of its own families, then (loaded only on
 * the first character they miss) every other registered family. Remembers each code point's
 * choice, so itemizing text costs a table look-up per character.
 */
export class FallbackChain {
  private readonly candidates: FaceCandidate[];
  private othersAdded = false;
  readonly primary: FontFace;
  /** Every face chosen so far; choices below are indexes into it. */
  private readonly chosen: FontFace[] = [];
  // Chosen face index + 1 per BMP code point (0 = not looked up yet); astral in a Map.
  private readonly bmpChoice = new Uint8Array(0x10000);
  private readonly astralChoice = new Map<number, FontFace>();
  /** faceForCluster's answers (null: no one face has the whole cluster). */
  private readonly clusterChoice = new Map<string, FontFace | null>();

  /**
   * The primary face is the first candidate's (first available) face: it draws (.notdef) what
   * no face has. `primary` overrides it when the first candidate has none.
   */
  constructor(
    preferred: readonly FaceCandidate[],
    private readonly others: () => readonly FaceCandidate[],
    primary?: FontFace,
  ) {
    const first = primary ?? preferred.map(candidatePrimary).find((face) => face !== undefined);
    if (!first) throw new Error('a fallback chain needs at least one face');
    this.primary = first;
    this.candidates = [...preferred];
  }

  /** The first candidate with a glyph for the code point, else the primary face. */
  faceFor(codePoint: number): FontFace {
    if (codePoint < 0x10000) {
      const known = this.bmpChoice[codePoint]!;
      if (known !== 0) return this.chosen[known - 1]!;
      const face = this.search(codePoint);
      let index = this.chosen.indexOf(face);
      if (index < 0 && this.chosen.length < 255) index = this.chosen.push(face) - 1;
      if (index >= 0) this.bmpChoice[codePoint] = index + 1;
      return face;
    }
    let face = this.astralChoice.get(codePoint);
    if (!face) {
      face = this.search(codePoint);
      this.astralChoice.set(codePoint, face);
    }
    return face;
  }

  /**
   * The first face with a glyph for every visible character of a cluster (a base and its
   * extenders), or undefined when no one face has them all. Remembered per cluster.
   */
  faceForCluster(cluster: string): FontFace | undefined {
    let face = this.clusterChoice.get(cluster);
    if (face === undefined) {
      if (!this.othersAdded) this.addOthers();
      const base = cluster.codePointAt(0)!;
      face = null;
      for (const candidate of this.candidates) {
        const found = candidateFaceFor(candidate, base);
        if (found && coversExtenders(found, cluster, base > 0xffff ? 2 : 1, cluster.length)) {
          face = found;
          break;
        }
      }
      if (this.clusterChoice.size >= CLUSTER_CACHE_LIMIT) this.clusterChoice.clear();
      this.clusterChoice.set(cluster, face);
    }
    return face ?? undefined;
  }

  private search(codePoint: number): FontFace {
    let face = this.firstWithGlyph(codePoint, 0);
    if (!face && !this.othersAdded) {
      const searched = this.candidates.length;
      this.addOthers();
      face = this.firstWithGlyph(codePoint, searched);
    }
    return face ?? this.primary;
  }

  private firstWithGlyph(codePoint: number, from: number): FontFace | undefined {
    for (let i = from; i < this.candidates.length; i++) {
      const face = candidateFaceFor(this.candidates[i]!, codePoint);
      if (face) return face;
    }
    return undefined;
  }

  private addOthers(): void {
    this.othersAdded = true;
    for (const candidate of this.others()) {
      if (!this.candidates.includes(candidate)) this.candidates.push(candidate);
    }
  }
}

/**
 * Splits `text` into maximal runs of one face. Combining marks, joiners, variation selectors
 * and emoji modifiers stay with their base character's face (a cluster is never split across
 * faces); so does the character after a ZWJ when that face has it. When the base's face lacks
 * one of its cluster's visible extenders (a keycap's U+20E3, a skin tone modifier, U+FE0F
 * asking for the emoji form), the cluster takes the first face that has them all, if any
 * (CSS Fonts 4 §5.4, cluster matching).
 */
export function itemizeText(text: string, chain: FallbackChain): FontRun[] {
  const runs: FontRun[] = [];
  let runFace: FontFace | null = null;
  let runStart = 0;
  let i = 0;
  // Latin text first: a simple character followed by another is a cluster of its own, so it
  // takes its own face without the cluster checks below.
  while (i < text.length && isSimple(text.charCodeAt(i)) && (i + 1 === text.length || isSimple(text.charCodeAt(i + 1)))) {
    const face = chain.faceFor(text.charCodeAt(i));
    if (face !== runFace) {
      if (runFace) runs.push({ face: runFace, start: runStart, end: i });
      runFace = face;
      runStart = i;
    }
    i++;
  }
  // A simple character is no joiner; whether the next one extends its cluster is looked at anew.
  let afterJoiner = false;
  // Whether the current character extends a cluster, carried over from the look-ahead.
  let extending = i < text.length && isClusterExtender(text.codePointAt(i)!);
  while (i < text.length) {
    const codePoint = text.codePointAt(i)!;
    const next = i + (codePoint > 0xffff ? 2 : 1);
    const nextExtends = next < text.length && extendsAt(text, next);
    const keepsRun: boolean = runFace !== null && (extending || (afterJoiner && runFace.hasGlyph(codePoint)));
    extending = nextExtends;
    let face: FontFace = keepsRun ? runFace! : isControl(codePoint) ? chain.primary : chain.faceFor(codePoint);
    if (!keepsRun && nextExtends) {
      const end = clusterEnd(text, next);
      if (!coversExtenders(face, text, next, end)) face = chain.faceForCluster(text.slice(i, end)) ?? face;
    }
    if (face !== runFace) {
      if (runFace) runs.push({ face: runFace, start: runStart, end: i });
      runFace = face;
      runStart = i;
    }
    afterJoiner = codePoint === 0x200d;
    i = next;
  }
  if (runFace) runs.push({ face: runFace, start: runStart, end: text.length });
  return runs;
}

/** A character below U+0300 that is no control: it neither extends a cluster nor joins one. */
function isSimple(unit: number): boolean {
  return unit >= 0x20 && unit < 0x300 && (unit < 0x7f || unit >= 0xa0);
}

/** isClusterExtender of the code point at `i`, without decoding it below U+0300 (Latin text). */
function extendsAt(text: string, i: number): boolean {
  const unit = text.charCodeAt(i);
  return unit < 0x300 ? isControl(unit) : isClusterExtender(text.codePointAt(i)!);
}

/** The end of the extenders that start at `from`. */
function clusterEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length) {
    const codePoint = text.codePointAt(end)!;
    if (!isClusterExtender(codePoint)) break;
    end += codePoint > 0xffff ? 2 : 1;
  }
  return end;
}

/**
 * True when the face has every visible character of text[from, end), and U+FE0F when the
 * cluster asks for emoji presentation with it (UTS #51 §4: a font that maps VARIATION
 * SELECTOR-16 has the emoji form; ❤️ is the emoji font's heart, ❤ the symbol font's).
 */
function coversExtenders(face: FontFace, text: string, from: number, end: number): boolean {
  for (let i = from; i < end; ) {
    const codePoint = text.codePointAt(i)!;
    if (!face.hasGlyph(codePoint) && (codePoint === EMOJI_PRESENTATION || !isInvisible(codePoint))) return false;
    i += codePoint > 0xffff ? 2 : 1;
  }
  return true;
}

const EMOJI_PRESENTATION = 0xfe0f;
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}\p{Cc}]$/u;

/**
 * Characters a face need not have: default ignorables (joiners, variation selectors, tags:
 * UAX #44) and controls, which draw nothing.
 */
export function isInvisible(codePoint: number): boolean {
  return INVISIBLE.test(String.fromCodePoint(codePoint));
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
