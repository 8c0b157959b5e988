// Inline layout, bidi step 2 — reorder a line (UAX #9 L1–L2): spaces at the line's end take
// the paragraph level, then each maximal sequence of pieces at or above a level is reversed,
// from the highest level down to the lowest odd one. Pieces at odd levels were shaped right to
// left already, so their glyphs are in visual order (L3–L4 are done when shaping). The edges
// of inline boxes (margin, border, padding) then go beside their content on the side their
// box's direction gives them (CSS 2.1 §8.6), as Blink does.
import type { InlineBox } from '../../boxes/types.js';
import type { ParagraphBidi } from './bidi-levels.js';
import type { EdgePiece, Piece } from './pieces.js';

/**
 * The indices of a line's pieces in visual order, left to right; null when nothing moves (all
 * at level 0, and no right-to-left inline box whose edges swap sides).
 */
export function visualOrder(pieces: readonly Piece[], bidi: ParagraphBidi): Int32Array | null {
  const n = pieces.length;
  const levels = new Uint8Array(n);
  let trailing = true;
  let hasEdges = false;
  let rtlEdges = false;
  for (let i = n - 1; i >= 0; i--) {
    const p = pieces[i]!;
    if (isEdge(p)) {
      hasEdges = true;
      if (p.box.style.direction === 'rtl') rtlEdges = true;
      continue;
    }
    let level = levelOf(p, bidi);
    if (trailing) {
      // L1: the spaces that end the line, across the inline box edges among them.
      if (p.kind === 'text' && allSpaces(p)) level = bidi.paragraphLevel;
      else if (p.kind !== 'br' && p.kind !== 'float') trailing = false;
    }
    levels[i] = level;
  }
  // An edge takes the level of the content next to it inside its box, so that it never splits
  // a run; where it goes is decided once the content is in visual order (placeEdges).
  if (hasEdges) {
    let next = bidi.paragraphLevel;
    for (let i = n - 1; i >= 0; i--) {
      const p = pieces[i]!;
      if (p.kind === 'open') levels[i] = next;
      else if (p.kind !== 'close') next = levels[i]!;
    }
    let previous = bidi.paragraphLevel;
    for (let i = 0; i < n; i++) {
      const p = pieces[i]!;
      if (p.kind === 'close') levels[i] = previous;
      else if (p.kind !== 'open') previous = levels[i]!;
    }
  }
  let max = 0;
  let min = 255;
  for (let i = 0; i < n; i++) {
    max = Math.max(max, levels[i]!);
    min = Math.min(min, levels[i]!);
  }
  if (max === 0 && !rtlEdges) return null;
  const order = levelOrder(levels, min, max);
  return hasEdges ? placeEdges(pieces, order) : order;
}

/**
 * The indices of items at `levels` in visual order (rule L2): from the highest level down to
 * the lowest odd one, each maximal sequence at or above the level reversed. `min` and `max`
 * are the lowest and highest of the levels.
 */
export function levelOrder(levels: Uint8Array, min: number, max: number): Int32Array {
  const order = new Int32Array(levels.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  for (let level = max; level >= (min | 1); level--) reverseRuns(order, levels, level);
  return order;
}

/** Reverses each maximal sequence of `order` whose levels are at least `level` (rule L2). */
function reverseRuns(order: Int32Array, levels: Uint8Array, level: number): void {
  const n = order.length;
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

/**
 * `order` with the edges of each inline box that has content on the line moved next to that
 * content: the left edge (the start of a left-to-right box, the end of a right-to-left one)
 * before its leftmost piece, the right edge after its rightmost, outer boxes outside inner
 * ones. The edges of a box with nothing inside on the line stay where reordering put them.
 */
function placeEdges(pieces: readonly Piece[], order: Int32Array): Int32Array {
  const filled = new Set<InlineBox>();
  for (const p of pieces) for (const box of p.path) filled.add(box);
  const left = new Map<InlineBox, number>();
  const right = new Map<InlineBox, number>();
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i]!;
    if (!isEdge(p) || !filled.has(p.box)) continue;
    ((p.kind === 'open') === (p.box.style.direction === 'ltr') ? left : right).set(p.box, i);
  }
  const anchors: number[] = [];
  for (const i of order) {
    const p = pieces[i]!;
    if (!isEdge(p) || !filled.has(p.box)) anchors.push(i);
  }
  const first = new Map<InlineBox, number>();
  const last = new Map<InlineBox, number>();
  anchors.forEach((i, k) => {
    for (const box of pieces[i]!.path) {
      if (!first.has(box)) first.set(box, k);
      last.set(box, k);
    }
  });
  const out = new Int32Array(order.length);
  let o = 0;
  anchors.forEach((i, k) => {
    const path = pieces[i]!.path;
    for (let d = 0; d < path.length; d++) {
      const edge = left.get(path[d]!);
      if (edge !== undefined && first.get(path[d]!) === k) out[o++] = edge;
    }
    out[o++] = i;
    for (let d = path.length - 1; d >= 0; d--) {
      const edge = right.get(path[d]!);
      if (edge !== undefined && last.get(path[d]!) === k) out[o++] = edge;
    }
  });
  return out;
}

function isEdge(p: Piece): p is EdgePiece {
  return p.kind === 'open' || p.kind === 'close';
}

function levelOf(p: Piece, bidi: ParagraphBidi): number {
  switch (p.kind) {
    // An inside marker's text starts the line at the paragraph level, whatever its own script.
    case 'text': return p.item.kind === 'marker' ? bidi.paragraphLevel : p.level;
    case 'atomic': case 'leader': return bidi.objectLevels.get(p.box) ?? bidi.paragraphLevel;
    default: return bidi.paragraphLevel;
  }
}

function allSpaces(p: Extract<Piece, { kind: 'text' }>): boolean {
  return p.glyphs.length > 0 && p.spaces === p.glyphs.length;
}
