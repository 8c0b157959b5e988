// Inline layout, step 3 — break lines: greedy filling of line boxes from pieces (CSS Text 3
// §5). Trailing spaces hang; a word wider than the line overflows unless overflow-wrap lets
// it break between characters. Every line takes at least one piece, so this always ends.
import type { Piece, TextPiece } from './pieces.js';
import { textPiece } from './pieces.js';

export interface LineRange {
  readonly pieces: readonly Piece[];
  /** Index of the line's first piece in the paragraph's pieces. */
  readonly start: number;
  /** The line ends at a forced break (`<br>`, preserved newline). */
  readonly forced: boolean;
  /** Some piece sits in (or opens or closes) an inline box: the line builder must track them. */
  readonly hasInlineBoxes: boolean;
  /** Some of those inline boxes is relatively positioned: what sits in it moves (CSS 2.1 §9.4.3). */
  readonly hasRelative: boolean;
}

/**
 * Breaks pieces into lines of `width` (the first line `firstWidth`, after text-indent).
 * `paragraph` is the collected text, needed to re-shape a word split by overflow-wrap (the
 * split replaces the piece in `pieces`).
 */
export function breakLines(pieces: Piece[], width: number, firstWidth: number, paragraph: string): LineRange[] {
  const lines: LineRange[] = [];
  let i = 0;
  while (i < pieces.length) {
    const available = lines.length === 0 ? firstWidth : width;
    const end = findLineEnd(pieces, i, available, paragraph);
    const linePieces = pieces.slice(i, end);
    lines.push(lineRange(linePieces, i));
    i = end;
  }
  return lines;
}

/** A line of the given pieces, the first of which is piece `start` of the paragraph. */
export function lineRange(linePieces: readonly Piece[], start: number): LineRange {
  const last = linePieces[linePieces.length - 1];
  const hasInlineBoxes = linePieces.some(inInlineBox);
  return { pieces: linePieces, start, forced: last?.kind === 'br', hasInlineBoxes, hasRelative: hasInlineBoxes && linePieces.some(inRelativeBox) };
}

function inRelativeBox(p: Piece): boolean {
  return p.path.some((box) => box.style.position === 'relative') || ((p.kind === 'open' || p.kind === 'close') && p.box.style.position === 'relative');
}

function inInlineBox(p: Piece): boolean {
  return p.path.length > 0 || p.kind === 'open' || p.kind === 'close';
}

/**
 * Index one past the last piece of the line starting at `start`. May split a piece in `pieces`.
 * `onFloat` meets the floats inside the line (CSS 2.1 §9.5.1): given the piece's index and the
 * width used so far, it returns the line's available width after placing the float.
 */
export function findLineEnd(pieces: Piece[], start: number, available: number, paragraph: string, onFloat?: (index: number, used: number) => number): number {
  let used = 0;
  let lastBreak = -1;
  for (let j = start; j < pieces.length; j++) {
    const p = pieces[j]!;
    if (p.kind === 'br') return j + 1;
    if (p.kind === 'float') {
      if (onFloat) available = onFloat(j, used);
      continue;
    }
    const fits = used + p.width - p.trailingSpace <= available + 1e-6;
    if (!fits && j > start && lastBreak >= start && !onlyEdgesSince(pieces, start, j)) return lastBreak + 1;
    if (!fits && p.kind === 'text' && mayBreakWord(p) && p.end - p.start > 1) {
      const parts = splitIntoCharacters(p, paragraph);
      pieces.splice(j, 1, ...parts);
      const retry = pieces[j]!;
      if (used + retry.width - retry.trailingSpace > available + 1e-6 && j > start) return j;
    }
    used += pieces[j]!.width;
    if (pieces[j]!.breakAfter) lastBreak = j;
  }
  return pieces.length;
}

/** A line may not break before any content was placed; opening edges alone are not content. */
function onlyEdgesSince(pieces: readonly Piece[], start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (pieces[k]!.kind !== 'open' && pieces[k]!.kind !== 'close' && pieces[k]!.kind !== 'float') return false;
  return true;
}

function mayBreakWord(p: TextPiece): boolean {
  return p.style.overflowWrap !== 'normal' || p.style.wordBreak === 'break-all';
}

/** Emergency breaking (overflow-wrap: break-word | anywhere): one piece per character. */
function splitIntoCharacters(p: TextPiece, paragraph: string): TextPiece[] {
  const out: TextPiece[] = [];
  let offset = p.start;
  for (const ch of paragraph.slice(p.start, p.end)) {
    const end = offset + ch.length;
    out.push(textPiece(p.item, p.style, p.face, offset, end, paragraph, end === p.end ? p.breakAfter : true, p.level));
    offset = end;
  }
  return out;
}
