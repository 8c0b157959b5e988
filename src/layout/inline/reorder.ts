// Inline layout, bidi step 2 — reorder a line (UAX #9 L1–L2): spaces at the line's end take
// the paragraph level, then each maximal sequence of pieces at or above a level is reversed,
// from the highest level down to the lowest odd one. Pieces at odd levels were shaped right to
// left already, so their glyphs are in visual order (L3–L4 are done when shaping).
import type { ParagraphBidi } from './bidi-levels.js';
import type { Piece } from './pieces.js';
import { isSpace } from './pieces.js';

/** The indices of a line's pieces in visual order, left to right; null when nothing moves. */
export function visualOrder(pieces: readonly Piece[], bidi: ParagraphBidi): Int32Array | null {
  const n = pieces.length;
  const levels = new Uint8Array(n);
  let max = 0;
  let min = 255;
  let trailing = true;
  for (let i = n - 1; i >= 0; i--) {
    const p = pieces[i]!;
    let level = levelOf(p, bidi);
    if (trailing) {
      // L1: the spaces that end the line, across the inline box edges among them.
      if (p.kind === 'text' && allSpaces(p)) level = bidi.paragraphLevel;
      else if (p.kind !== 'open' && p.kind !== 'close' && p.kind !== 'br' && p.kind !== 'float') trailing = false;
    }
    levels[i] = level;
    if (level > max) max = level;
    if (level < min) min = level;
  }
  if (max === 0) return null;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const lowestOdd = min | 1;
  for (let level = max; level >= lowestOdd; level--) {
    let i = 0;
    while (i < n) {
      if (levels[order[i]!]! < level) {
        i++;
        continue;
      }
      let j = i;
      while (j + 1 < n && levels[order[j + 1]!]! >= level) j++;
      for (let a = i, b = j; a < b; a++, b--) {
        const t = order[a]!;
        order[a] = order[b]!;
        order[b] = t;
      }
      i = j + 1;
    }
  }
  return order;
}

function levelOf(p: Piece, bidi: ParagraphBidi): number {
  switch (p.kind) {
    // An inside marker's text starts the line at the paragraph level, whatever its own script.
    case 'text': return p.item.kind === 'marker' ? bidi.paragraphLevel : p.level;
    case 'open': case 'close': case 'atomic': case 'leader': return bidi.boxLevels.get(p.box) ?? bidi.paragraphLevel;
    default: return bidi.paragraphLevel;
  }
}

function allSpaces(p: Extract<Piece, { kind: 'text' }>): boolean {
  for (const g of p.glyphs) if (!isSpace(g.text)) return false;
  return p.glyphs.length > 0;
}
