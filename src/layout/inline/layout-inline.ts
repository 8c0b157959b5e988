// Inline formatting context layout (CSS 2.1 §9.4.2): collect → measure pieces → break lines →
// build line boxes. Lines depend only on the available width, so they are computed once per
// (box, width) and block layout hands them out page by page.
import type { BlockBox, InlineFormattingContext } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import { resolveLength } from '../box-model.js';
import type { LineFragment, PageContext } from '../types.js';
import { paragraphBidi } from './bidi-levels.js';
import { breakLines, type LineRange } from './break-lines.js';
import { collectInline, type CollectedInline } from './collect.js';
import { layoutWithFirstLine, type LayOut, type LayOutOptions } from './first-line.js';
import { buildLineBox } from './line-box.js';
import type { AtomicLayout, Piece } from './pieces.js';
import { buildPieces } from './pieces.js';
import { cutOverflowingLine, overflowMarkerOf } from './text-overflow.js';

/** Lines stacked from y = 0 at the top of the content box. */
export interface InlineLayout {
  readonly lines: readonly LineFragment[];
  /** Index of each line's first piece in `piecesOf` (how lines beside floats name where they resume). */
  readonly starts: readonly number[];
}

// A null width: pieces that hold at any width (see offerPieces).
const piecesCache = new WeakMap<CollectedInline, { width: number | null; readonly pieces: Piece[] }>();

/**
 * The pieces of a paragraph for a content box `width` wide, shared by the layouts of its
 * lines with and without floats so that a piece index means the same in both. Line breaking
 * may split a piece in place (overflow-wrap), which keeps earlier indices valid.
 */
export function piecesOf(collected: CollectedInline, blockStyle: ComputedStyle, width: number, layoutAtomic: AtomicLayout, page: PageContext | null): Piece[] {
  const hit = piecesCache.get(collected);
  if (hit && hit.width === width) return hit.pieces;
  if (hit && hit.width === null) {
    // Taken at this width: line breaking may split them in place for it.
    hit.width = width;
    return hit.pieces;
  }
  const pieces = buildPieces(collected, blockStyle, width, layoutAtomic, page);
  piecesCache.set(collected, { width, pieces });
  return pieces;
}

const cache = new WeakMap<InlineFormattingContext, { width: number; collected: CollectedInline; layout: InlineLayout }>();

/** Lays out the inline content of `box` in a content box `width` wide, on `page` (for page counters). */
export function layoutInlineContent(box: BlockBox, ifc: InlineFormattingContext, width: number, layoutAtomic: AtomicLayout, page: PageContext | null): InlineLayout {
  const collected = collectInline(ifc, page);
  const hit = cache.get(ifc);
  if (hit && hit.width === width && hit.collected === collected) return hit.layout;
  let layout: InlineLayout;
  if (box.firstLine) {
    const layOut: LayOut = (content, options) => layoutLines(box, content, width, layoutAtomic, page, options);
    // Piece indices name places in the unstyled content: a paragraph that continues beside
    // floats on a later page resumes by them, so they come from the plain layout.
    layout = { lines: layoutWithFirstLine(ifc, box.firstLine, page, layOut), starts: plainLayout(box, collected, width, layoutAtomic, page).starts };
  } else layout = plainLayout(box, collected, width, layoutAtomic, page);
  cache.set(ifc, { width, collected, layout });
  return layout;
}

/**
 * Keeps pieces built for intrinsic sizing (a table measures every cell before laying any out)
 * for the layout that follows, when no width can change them: no atomic inlines, no inline
 * box edges (their percentages resolve against the width). Until they are laid out and let go.
 */
export function offerPieces(collected: CollectedInline, pieces: Piece[]): void {
  if (piecesCache.has(collected) || !collected.items.every((item) => item.kind === 'text' || item.kind === 'br')) return;
  piecesCache.set(collected, { width: null, pieces });
}

/** Forgets the pieces of a paragraph laid out beside floats once its last line is placed. */
export function releasePieces(collected: CollectedInline): void {
  piecesCache.delete(collected);
}

/** Lines from the shared pieces, each starting at a piece index. */
function plainLayout(box: BlockBox, collected: CollectedInline, width: number, layoutAtomic: AtomicLayout, page: PageContext | null): InlineLayout {
  const pieces = piecesOf(collected, box.style, width, layoutAtomic, page);
  const indent = resolveLength(box.style.textIndent, width);
  const ranges = cutOverflowingLines(breakLines(pieces, width, width - indent, collected.text), box.style, width, indent, collected.text);
  const bidi = paragraphBidi(collected, box.style);
  let y = 0;
  const lines = ranges.map((range, i) => {
    const line = buildLineBox(range, { blockStyle: box.style, width, isFirstLine: i === 0, isLastLine: i === ranges.length - 1, y, bidi });
    y += line.height;
    return line;
  });
  return { lines, starts: ranges.map((r) => r.start) };
}

/** Pieces of restyled content → line boxes (the first line as `options` say), for ::first-line. */
function layoutLines(box: BlockBox, ifc: InlineFormattingContext, width: number, layoutAtomic: AtomicLayout, page: PageContext | null, options: LayOutOptions) {
  const collected = collectInline(ifc, page);
  const pieces = buildPieces(collected, box.style, width, layoutAtomic, page);
  const indent = options.continuation ? 0 : resolveLength(box.style.textIndent, width);
  const ranges = cutOverflowingLines(breakLines(pieces, width, width - indent, collected.text), box.style, width, indent, collected.text);
  const bidi = paragraphBidi(collected, box.style);
  let y = options.y;
  const lines = ranges.map((range, i) => {
    const first = i === 0 && !options.continuation;
    const line = buildLineBox(range, { blockStyle: first ? (options.firstLineStyle ?? box.style) : box.style, width, isFirstLine: first, isLastLine: i === ranges.length - 1, y, bidi });
    y += line.height;
    return line;
  });
  return { lines, ranges };
}

/** Lines that overflow a block container with `text-overflow` end with its marker (css-overflow-4 §4.1). */
function cutOverflowingLines(ranges: LineRange[], style: ComputedStyle, width: number, indent: number, paragraph: string): LineRange[] {
  if (overflowMarkerOf(style) === null) return ranges;
  return ranges.map((range, i) => cutOverflowingLine(range, style, i === 0 ? width - indent : width, paragraph));
}

/** Forgets the lines of an IFC once its last line is placed, so finished pages can be freed. */
export function releaseInlineLayout(ifc: InlineFormattingContext): void {
  const hit = cache.get(ifc);
  if (hit) piecesCache.delete(hit.collected);
  cache.delete(ifc);
}
