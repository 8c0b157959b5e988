// Absolutely positioned boxes of the initial containing block, which in paged media is the
// page area of the page where the placeholder falls (CSS 2.1 §10.1, css-page-3 §3.3). Such
// a box fragments like a block (css-break-3 §2, as Chromium prints): its axes are solved
// against the page area, then it is laid out into the block space left below its top on
// that page, breaking there (forced breaks and page-name changes inside it too), and it
// continues at the top of the next page's area, carried by the page loop as a break token.
// A box whose top lies below the page starts on the page where it falls.
import type { BlockLevelBox } from '../../boxes/types.js';
import { layoutBlockLevel } from '../block.js';
import type { BoxFragment, BreakToken, PageContext } from '../types.js';
import { solveAbsolute, type ContainingBlockSize } from './absolute.js';
import { candidatesIn, isContainingBlock } from './placeholders.js';
import { constraintSpace } from '../constraint-space.js';
import { staticAlignmentShift } from './static-alignment.js';

/** An absolutely positioned box of the initial containing block that goes on to the next page. */
export interface PositionedBreakToken {
  readonly box: BlockLevelBox;
  /** Where its content resumes; null when none of it is laid out yet (its top is below the pages so far). */
  readonly token: BreakToken | null;
  /** Its border box's left edge, relative to the page area. */
  readonly x: number;
  /** Its border box's top on the next page, relative to that page's area. */
  readonly y: number;
  readonly contentWidth: number;
  /** The used content height, or null when its content decides it. */
  readonly contentHeight: number | null;
}

/** This page's absolutely positioned boxes of the initial containing block (relative to the page area), and those that go on. */
export interface InitialContainingBlockLayout {
  readonly fragments: readonly BoxFragment[];
  readonly continuing: readonly PositionedBreakToken[];
}

/**
 * Lays out on one page the boxes continued from earlier pages, then those whose placeholders
 * are in the page's root fragment `root` (placed in the page area; null when the flow ended).
 * `area.height` is finite: every page has a next one for what does not fit.
 */
export function layoutInitialContainingBlock(
  root: BoxFragment | null,
  continued: readonly PositionedBreakToken[],
  area: ContainingBlockSize,
  page: PageContext,
): InitialContainingBlockLayout {
  const fragments: BoxFragment[] = [];
  const continuing: PositionedBreakToken[] = [];
  const add = (piece: { fragment: BoxFragment | null; next: PositionedBreakToken | null }) => {
    if (piece.fragment) fragments.push(piece.fragment);
    if (piece.next) continuing.push(piece.next);
  };
  for (const t of continued) add(continuePositioned(t, area, page));
  // A positioned root is the containing block of all of them: it laid them out itself.
  if (root === null || isContainingBlock(root.box.style)) return { fragments, continuing };
  for (const c of candidatesIn(root)) {
    // A grid container's child: its static position aligned in the grid's content box (css-grid-1 §9.2).
    const rect = c.grid && { x: root.x + c.grid.x, y: root.y + c.grid.y, width: c.grid.width, height: c.grid.height };
    const at = rect ? { x: rect.x, y: rect.y } : { x: root.x + c.x, y: root.y + c.y, ...(c.right === undefined ? {} : { right: root.x + c.right }) };
    const solved = solveAbsolute(c.box, area, at, page);
    const shift = rect ? staticAlignmentShift(c.grid!.box, c.box, rect, solved.fragment) : null;
    const f = shift ? { ...solved.fragment, x: solved.fragment.x + shift.dx, y: solved.fragment.y + shift.dy } : solved.fragment;
    // A table stays monolithic; other boxes are laid out again in the page's block space, where breaks can be forced.
    if (c.box.kind === 'table') {
      fragments.push(f);
      continue;
    }
    add(continuePositioned({ box: c.box, token: null, x: f.x, y: f.y, contentWidth: solved.contentWidth, contentHeight: solved.contentHeight }, area, page));
  }
  return { fragments, continuing };
}

/**
 * The piece of a box on this page, from its top `t.y` to the page area's end, and where it
 * goes on. It starts at the top of the page or is alone in its flow, so it always places
 * something (atFragmentainerStart): each page makes progress.
 */
function continuePositioned(t: PositionedBreakToken, area: ContainingBlockSize, page: PageContext): { fragment: BoxFragment | null; next: PositionedBreakToken | null } {
  if (t.y >= area.height) return { fragment: null, next: { ...t, y: t.y - area.height } };
  const laid = layoutBlockLevel(t.box, constraintSpace({
    inlineSize: area.width, blockLimit: area.height - t.y, atFragmentainerStart: true, page,
    percentageBlockSize: area.height, fixedInlineSize: t.contentWidth, fixedBlockSize: t.contentHeight ?? undefined,
  }), t.token);
  const fragment = laid.fragment && { ...laid.fragment, x: t.x, y: t.y };
  return { fragment, next: laid.breakToken ? { ...t, token: laid.breakToken, y: 0 } : null };
}
