// Breaks inside words between grapheme clusters (UAX #29), so that combining marks, emoji
// sequences and Hangul syllables stay whole: `word-break: break-all` (between letters,
// css-text-3 §5.2), `line-break: anywhere` (around every typographic character unit, §5.3) and
// the emergency breaks of `overflow-wrap: break-word | anywhere` (§5.5).
import type { ComputedStyle } from '../../css/types.js';
import type { TextPiece } from './pieces.js';
import { textPiece, wraps } from './pieces.js';

/** Where breaks between grapheme clusters are allowed: between letters only, or anywhere. */
export type InWordBreaks = 'letters' | 'anywhere';

/**
 * The breaks inside words that are ordinary soft wrap opportunities for this style (a line
 * fills with as much of the word as fits), or null when words break only to avoid overflow.
 */
export function inWordOpportunities(style: ComputedStyle): InWordBreaks | null {
  if (!wraps(style.whiteSpace)) return null;
  if (style.lineBreak === 'anywhere') return 'anywhere';
  return style.wordBreak === 'break-all' ? 'letters' : null;
}

// Made on first use: ICU's grapheme rules cost a cold start ~7 ms that most documents never need.
let segmenter: Intl.Segmenter | undefined;
const LETTER_OR_NUMBER = /^[\p{L}\p{N}]/u;
const OPENING = /[\p{Ps}\p{Pi}]$/u;

/**
 * The piece cut into one piece per grapheme cluster, with a break allowed after each where
 * `mode` allows it; the piece itself when it is one cluster. A break is never made before a
 * collapsible space, which would start the next line (it hangs at this line's end instead).
 */
export function splitAtGraphemes(p: TextPiece, paragraph: string, mode: InWordBreaks): readonly TextPiece[] {
  return wraps(p.style.whiteSpace) ? graphemePieces(p, paragraph, mode) : [p];
}

/**
 * The piece cut into one piece per grapheme cluster, breaks allowed as `mode` says (none for
 * null: the pieces text-overflow hides from the end).
 */
export function graphemePieces(p: TextPiece, paragraph: string, mode: InWordBreaks | null): readonly TextPiece[] {
  // A marker's text is not in the paragraph.
  if (p.item.kind !== 'text') return [p];
  const text = paragraph.slice(p.start, p.end);
  const clusters: number[] = [];
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const s of segmenter.segment(text)) clusters.push(s.index);
  if (clusters.length < 2) return [p];
  clusters.push(text.length);
  const spacesBreak = p.style.whiteSpace === 'break-spaces';
  const parts: TextPiece[] = [];
  for (let c = 0; c + 1 < clusters.length; c++) {
    const start = clusters[c]!;
    const end = clusters[c + 1]!;
    const last = c + 2 === clusters.length;
    let breakAfter = p.breakAfter;
    if (!last) {
      const next = text.slice(end, clusters[c + 2]);
      breakAfter = mode !== null && (spacesBreak || !isSpace(next)) && (mode === 'anywhere' || (LETTER_OR_NUMBER.test(next) && !OPENING.test(text.slice(start, end))));
    }
    parts.push(textPiece(p.item, p.style, p.face, p.start + start, p.start + end, paragraph, breakAfter, p.level));
  }
  return parts;
}

function isSpace(cluster: string): boolean {
  const code = cluster.charCodeAt(0);
  return code === 0x20 || code === 0x09 || code === 0x0a;
}
