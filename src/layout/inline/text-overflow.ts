// text-overflow (css-overflow-4 §4.1): a line that overflows the end edge of a block container
// that clips its overflow is cut so that it ends with an ellipsis (or the given string) inside
// the content box. Characters are hidden whole grapheme clusters at a time, atomic inlines whole.
import type { ComputedStyle } from '../../css/types.js';
import { FontRegistry } from '../../text/font-registry.js';
import { fontQueryOf } from '../../text/style-font.js';
import { graphemePieces } from './break-anywhere.js';
import { lineRange, type LineRange } from './break-lines.js';
import type { Piece, TextPiece } from './pieces.js';
import { textPiece } from './pieces.js';

/** The string lines of this block container end with when they overflow, or null (clip). */
export function overflowMarkerOf(style: ComputedStyle): string | null {
  return style.overflow === 'visible' ? null : style.textOverflow;
}

/** The line cut to `available` when its block container has a text-overflow marker. */
export function cutOverflowingLine(range: LineRange, blockStyle: ComputedStyle, available: number, paragraph: string): LineRange {
  const marker = overflowMarkerOf(blockStyle);
  return marker === null ? range : truncateLine(range, available, marker, blockStyle, paragraph);
}

/**
 * The line cut to fit `available` (the line's width after text-indent) with `marker` at its
 * end, or the line itself when it fits. The marker takes the block container's style.
 */
export function truncateLine(range: LineRange, available: number, marker: string, blockStyle: ComputedStyle, paragraph: string): LineRange {
  const pieces = range.pieces;
  if (naturalWidth(pieces) <= available + 1e-6) return range;
  const sample = pieces.find((p): p is TextPiece => p.kind === 'text');
  if (!sample) return range;
  const end = markerPiece(sample, marker, blockStyle);
  const room = available - end.width;
  const kept: Piece[] = [];
  let used = 0;
  for (const p of pieces) {
    if (p.kind === 'br' || p.kind === 'float') continue;
    if (used + p.width <= room + 1e-6) {
      kept.push(p);
      used += p.width;
      continue;
    }
    if (p.kind === 'text') {
      const head = fittingHead(p, paragraph, room - used);
      if (head) kept.push(head);
    }
    break;
  }
  kept.push(end);
  return lineRange(kept, range.start);
}

/** The line's advance without the spaces that hang at its end. */
function naturalWidth(pieces: readonly Piece[]): number {
  let width = 0;
  for (const p of pieces) width += p.width;
  for (let k = pieces.length - 1; k >= 0; k--) {
    const p = pieces[k]!;
    if (p.kind === 'text') return width - p.trailingSpace;
    if (p.kind !== 'close' && p.kind !== 'br') break;
  }
  return width;
}

/** The longest start of `p`, in whole grapheme clusters, that is at most `room` wide. */
function fittingHead(p: TextPiece, paragraph: string, room: number): TextPiece | null {
  let end = p.start;
  let used = 0;
  for (const part of graphemePieces(p, paragraph, null)) {
    if (used + part.width > room + 1e-6) break;
    used += part.width;
    end = part.end;
  }
  return end > p.start ? textPiece(p.item, p.style, p.face, p.start, end, paragraph, false, p.level) : null;
}

/** The marker as a piece of the root inline box, in the block container's font. */
function markerPiece(sample: TextPiece, marker: string, style: ComputedStyle): TextPiece {
  const runs = FontRegistry.current().itemize(marker, fontQueryOf(style));
  const face = runs[0]?.face ?? FontRegistry.current().match(fontQueryOf(style));
  const p = textPiece(sample.item, style, face, 0, marker.length, marker, false);
  return {
    kind: 'text', style, path: [], item: p.item, start: p.start, end: p.end, face: p.face, glyphs: p.glyphs, size: p.size,
    width: p.width, trailingSpace: 0, spaces: p.spaces, trailingSpaces: p.trailingSpaces, level: p.level, breakAfter: false, hyphen: null,
  };
}
