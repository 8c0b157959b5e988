// Hyphenation in line breaking (css-text-3 §5.4, css-text-4 §6): the hyphen a line ends with
// at a soft hyphen (U+00AD) or at a point `hyphens: auto` finds, and the search for such a point
// inside the word that overflows a line. Words are hyphenated only when a line needs it.
import type { ComputedStyle } from '../../css/types.js';
import { segmentAdvance } from '../../paint/glyph-runs.js';
import { hyphenationPatternsFor, hyphenationPoints, MAX_HYPHENATED_WORD } from '../../text/hyphenation.js';
import { justifiableSpaces, shapeText } from '../../text/shape.js';
import type { FontFace, ShapedGlyph } from '../../text/types.js';
import type { Piece, TextPiece } from './pieces.js';
import { textPiece, wraps } from './pieces.js';

/** The hyphenate-character as shaped for a piece, and its advance, pt. */
export interface Hyphen {
  readonly glyphs: readonly ShapedGlyph[];
  readonly width: number;
}

const SOFT_HYPHEN = 0xad;
const HYPHEN = 0x2010;

/**
 * The hyphen drawn if a line ends at `end`: when a soft hyphen ends the piece (unless
 * `hyphens: none`) or the piece was cut at an automatic hyphenation point (`hyphenated`).
 * None at the paragraph's end, where no line breaks.
 */
export function hyphenAfter(style: ComputedStyle, face: FontFace, paragraph: string, end: number, hyphenated: boolean): Hyphen | null {
  if (end >= paragraph.length) return null;
  if (!hyphenated && (paragraph.charCodeAt(end - 1) !== SOFT_HYPHEN || style.hyphens === 'none')) return null;
  return shapeHyphen(style, face);
}

/**
 * `hyphenate-character: auto` is U+2010 HYPHEN when the font has it, else U+002D (css-text-4
 * §6.1; Chromium's ComputedStyle::HyphenString makes the same choice with the primary font).
 * The hyphen takes the style and font of the text before it.
 */
function shapeHyphen(style: ComputedStyle, face: FontFace): Hyphen {
  const text = style.hyphenateCharacter ?? (face.hasGlyph(HYPHEN) ? '\u2010' : '-');
  const glyphs = shapeText(face, text).glyphs;
  const scale = style.fontSize / face.unitsPerEm;
  const segment = { glyphs, x: 0, letterSpacing: style.letterSpacing, wordSpacing: style.wordSpacing, justify: 0, justifyEnd: 0 };
  let width = 0;
  for (let k = 0; k < glyphs.length; k++) width += segmentAdvance(segment, k, scale);
  return { glyphs, width };
}

/**
 * The piece as it ends a line: its hyphen after its glyphs, which is to their left in a
 * right-to-left run (glyphs are in visual order).
 */
export function withHyphenDrawn(p: TextPiece, hyphen: Hyphen): TextPiece {
  const cluster = p.end - p.start;
  const added = hyphen.glyphs.map((g) => ({ id: g.id, advance: g.advance, xOffset: g.xOffset, yOffset: g.yOffset, cluster, text: g.text }));
  const glyphs = (p.level & 1) === 1 ? [...added, ...p.glyphs] : [...p.glyphs, ...added];
  const { spaces, trailingSpaces } = justifiableSpaces(glyphs);
  return {
    kind: 'text', style: p.style, path: p.path, item: p.item, start: p.start, end: p.end, face: p.face, glyphs, size: p.size,
    width: p.width + hyphen.width, trailingSpace: p.trailingSpace, spaces, trailingSpaces, level: p.level, breakAfter: p.breakAfter, hyphen: null,
  };
}

/**
 * Soft wrap opportunities the style removes from those UAX #14 gives: after a soft hyphen under
 * `hyphens: none` (css-text-3 §5.4), and between letters under `word-break: keep-all` (§5.2).
 */
export function keepsWrapOpportunity(paragraph: string, at: number, style: ComputedStyle): boolean {
  if (style.hyphens === 'none' && paragraph.charCodeAt(at - 1) === SOFT_HYPHEN) return false;
  if (style.wordBreak === 'keep-all' && at < paragraph.length && isLetterOrDigit(paragraph, at - 1) && isLetterOrDigit(paragraph, at)) return false;
  return true;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/u;

function isLetterOrDigit(text: string, index: number): boolean {
  const code = text.codePointAt(index)!;
  // The low half of a surrogate pair: the code point starts one before.
  const start = code >= 0xdc00 && code <= 0xdfff && index > 0 ? index - 1 : index;
  return LETTER_OR_DIGIT.test(String.fromCodePoint(text.codePointAt(start)!));
}

const WORD_CHARACTER = /[\p{L}\p{M}\u00AD]/u;

function isWordCharacter(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
  return WORD_CHARACTER.test(text[index]!);
}

/**
 * The paragraph offsets inside piece `p` where `hyphens: auto` allows a hyphen, ascending:
 * pattern points of the words the piece holds (a word may begin in an earlier piece), within
 * hyphenate-limit-chars. A word with a soft hyphen keeps to its soft hyphens (css-text-3 §5.4).
 */
export function autoHyphenationPoints(p: TextPiece, paragraph: string): number[] {
  const style = p.style;
  if (style.hyphens !== 'auto' || p.item.kind !== 'text' || !wraps(style.whiteSpace)) return [];
  const patterns = hyphenationPatternsFor(style.lang);
  if (patterns === null) return [];
  const limits = style.hyphenateLimitChars;
  const out: number[] = [];
  let i = p.start;
  while (i > 0 && p.start - i <= MAX_HYPHENATED_WORD && isWordCharacter(paragraph, i - 1)) i--;
  while (i < p.end) {
    if (!isWordCharacter(paragraph, i)) {
      i++;
      continue;
    }
    const wordStart = i;
    while (i < paragraph.length && i - wordStart <= MAX_HYPHENATED_WORD && isWordCharacter(paragraph, i)) i++;
    const word = paragraph.slice(wordStart, i);
    // Too long to hyphenate (or begun too far back to see its start): skip the rest of it.
    if (word.length > MAX_HYPHENATED_WORD || (wordStart > 0 && isWordCharacter(paragraph, wordStart - 1))) {
      while (i < p.end && isWordCharacter(paragraph, i)) i++;
      continue;
    }
    if (word.length < Math.max(limits.word, 2) || word.includes('\u00AD')) continue;
    for (const point of hyphenationPoints(word, patterns)) {
      const at = wordStart + point;
      // A point at the piece's end (a word that goes on in another inline box) counts here.
      if (point >= limits.before && word.length - point >= limits.after && at > p.start && at <= p.end) out.push(at);
    }
  }
  return out;
}

/**
 * Ends the line inside the word made of pieces `from` … `to` (the last of which overflows),
 * at the last automatic hyphenation point where the word's start and the hyphen still fit in
 * `available`; `usedBefore` is the line's width before piece `from`. Splits that piece in
 * `pieces` and returns the index one past the line's last piece, or -1 when no point fits.
 */
export function hyphenateOverflow(pieces: Piece[], from: number, to: number, usedBefore: number, available: number, paragraph: string): number {
  const before: number[] = [];
  let used = usedBefore;
  for (let k = from; k <= to; k++) {
    before.push(used);
    used += pieces[k]!.width;
  }
  for (let k = to; k >= from; k--) {
    const p = pieces[k]!;
    if (p.kind !== 'text') continue;
    const points = autoHyphenationPoints(p, paragraph);
    for (let n = points.length - 1; n >= 0; n--) {
      const at = points[n]!;
      const head = textPiece(p.item, p.style, p.face, p.start, at, paragraph, true, p.level, true);
      if (before[k - from]! + head.width + head.hyphen!.width > available + 1e-6) continue;
      if (at < p.end) {
        pieces.splice(k, 1, head, textPiece(p.item, p.style, p.face, at, p.end, paragraph, p.breakAfter, p.level));
        return k + 1;
      }
      // The whole piece, the word going on past the inline boxes that close after it.
      pieces[k] = head;
      let end = k + 1;
      while (end < pieces.length && pieces[end]!.kind === 'close') end++;
      return end;
    }
  }
  return -1;
}

/**
 * A text piece cut at every automatic hyphenation point, for min-content widths (css-sizing-3
 * §5.1: every soft wrap opportunity taken); the piece itself when it has none.
 */
export function hyphenatedParts(p: TextPiece, paragraph: string): readonly TextPiece[] {
  const points = autoHyphenationPoints(p, paragraph);
  if (points.length === 0) return [p];
  const parts: TextPiece[] = [];
  let start = p.start;
  for (const at of points) {
    parts.push(textPiece(p.item, p.style, p.face, start, at, paragraph, true, p.level, true));
    start = at;
  }
  if (start < p.end) parts.push(textPiece(p.item, p.style, p.face, start, p.end, paragraph, p.breakAfter, p.level));
  return parts;
}
