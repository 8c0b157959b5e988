// The page loop (DESIGN.md invariant 1): pages are produced one at a time, each laying out
// the root box from the previous page's break token into that page's page area. Each page
// gets its name from the content that starts it (css-page-3 §4.3), its styles from the
// @page rules that match, its number from the page counter, and a blank page is inserted
// where a forced left/right break needs one (§3.3 :blank). Absolutely positioned boxes of
// the initial containing block that do not end on their page go on with the next pages, so
// pages continue until both the root and they are done.
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import type { PageResolver } from '../../css/page-context.js';
import type { ComputedStyle, PageStyle } from '../../css/types.js';
import { layoutBlockLevel } from '../block.js';
import { blockMargins, borderOf, paddingOf } from '../box-model.js';
import { forcedBreakSide } from '../break-rules.js';
import type { BoxFragment, BreakToken, PageContext } from '../types.js';
import { layoutInitialContainingBlock, type PositionedBreakToken } from '../positioned/initial-containing-block.js';
import { layoutFixed, withFixedStaticPositions, type FixedStaticPositions } from './fixed.js';
import { collectPageMarks, type PageMarks } from './page-marks.js';
import { pageNamesOf } from './page-names.js';
import { constraintSpace } from '../constraint-space.js';

/** The page area: the page box less its margins, border and padding (css-page-3 §2). */
export interface PageArea {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** One laid-out page: its page box and styles, and the root fragment placed in its page area. */
export interface LaidOutPage {
  readonly index: number;
  /** The page counter's value (css-page-3 §4.4). */
  readonly number: number;
  readonly name: string | null;
  readonly blank: boolean;
  /** Size and margins. */
  readonly style: PageStyle;
  /** The page context's style: the page box's background, border and padding. */
  readonly context: ComputedStyle;
  /** Margin boxes that generate a box, by name (`top-left`). */
  readonly marginBoxes: ReadonlyMap<string, ComputedStyle>;
  readonly area: PageArea;
  readonly root: BoxFragment | null;
  /** `position: fixed` boxes, relative to the page area. */
  readonly fixed: readonly BoxFragment[];
  readonly marks: PageMarks;
  /** Where the page's content starts and where the next page's starts (null: the document's start, or end). */
  readonly startToken: PageBreakToken | null;
  readonly endToken: PageBreakToken | null;
}

/** Where a page's content starts: in the root box and in the positioned boxes continued from earlier pages. */
export interface PageBreakToken {
  /** The root box's break token; null when the root ended on an earlier page. */
  readonly flow: BreakToken | null;
  readonly positioned: readonly PositionedBreakToken[];
  /** The static positions of fixed boxes found on the pages so far: they repeat there. */
  readonly fixedStatic: FixedStaticPositions;
}

/** What a previous pass learned about the pages: their total and where elements with ids start. */
export interface PageTotals {
  readonly pageCount: number;
  /** Page counter value of the page where each id's element starts. */
  readonly targets: ReadonlyMap<string, number>;
}

export interface PaginateInput {
  readonly root: BlockBox;
  readonly fixed: readonly BlockLevelBox[];
  /** False when no box is absolutely positioned: pages are then not searched for placeholders. */
  readonly hasAbsolute?: boolean;
  readonly pages: PageResolver;
  /** Page totals from an earlier pass, for counter(pages) and target-counter() in the flow. */
  readonly totals: PageTotals | null;
  /** Hard bound on the page count, so no input can grow memory without bound. */
  readonly maxPages?: number;
  readonly onWarning?: (message: string) => void;
}

export const DEFAULT_MAX_PAGES = 20_000;

/**
 * Lays out the document into pages until the root box has no break token left. Pages are
 * yielded one at a time, so a caller can paint and write each and let its fragments go.
 */
export function* paginate(input: PaginateInput): Generator<LaidOutPage, void, undefined> {
  const maxPages = input.maxPages ?? DEFAULT_MAX_PAGES;
  const names = pageNamesOf(input.root);
  let token: PageBreakToken | null = null;
  let number = 0;
  let name: string | null = null;
  for (let index = 0; index < maxPages; index++) {
    // Pages that only continue positioned boxes keep the last page's name.
    if (token === null || token.flow !== null) name = names.at(input.root, token?.flow ?? null);
    // A forced break to a left or right page that lands on the wrong side leaves a blank page.
    const side = token?.flow ? forcedBreakSide(token.flow) : null;
    const blank = side !== null && side !== (index % 2 === 0 ? 'right' : 'left');
    const resolved = input.pages.resolve({ index, name, blank });
    number = nextPageNumber(number, resolved.context);
    const frame: PageFrame = { index, name, blank, number, style: resolved.box, context: resolved.context, marginBoxes: resolved.marginBoxes, area: pageAreaOf(resolved.box, resolved.context) };
    const page = layOutPage(input, frame, token, input.totals);
    yield page;
    number = page.number;
    if (blank) continue;
    if (!page.endToken) return;
    if (token && samePageBreakToken(token, page.endToken)) {
      input.onWarning?.(`layout made no progress on page ${index + 1}; the rest of the document was dropped`);
      return;
    }
    token = page.endToken;
  }
  input.onWarning?.(`the document was cut at ${maxPages} pages`);
}

/**
 * Lays out a page again with the page totals a pass found, from where it started. Null when
 * the content no longer ends where it did (the numbers changed a line break): then the pages
 * after it would change too.
 */
export function layOutPageAgain(input: PaginateInput, page: LaidOutPage, totals: PageTotals): LaidOutPage | null {
  const again = layOutPage(input, page, page.startToken, totals);
  return samePageBreakToken(again.endToken, page.endToken) && again.number === page.number ? again : null;
}

/** A page's box, styles and number: everything its layout needs besides the content. */
type PageFrame = Omit<LaidOutPage, 'root' | 'fixed' | 'marks' | 'startToken' | 'endToken'>;

function layOutPage(input: PaginateInput, frame: PageFrame, token: PageBreakToken | null, totals: PageTotals | null): LaidOutPage {
  const names = pageNamesOf(input.root);
  const { area } = frame;
  const targetPage = (id: string) => totals?.targets.get(id) ?? null;
  const context = (pageNumber: number): PageContext => ({ pageNumber, pageCount: totals?.pageCount ?? null, targetPage, pageNames: names });
  // The initial containing block takes the root's direction (CSS 2.1 §10.1).
  const initial = { width: area.width, height: area.height, direction: input.root.style.direction };
  const layOutFixed = (page: PageContext, statics: FixedStaticPositions) => input.fixed.map((box) => layoutFixed(box, initial, page, statics.get(box)));
  const knownStatics = token?.fixedStatic ?? NO_STATIC_POSITIONS;
  let number = frame.number;
  if (frame.blank) {
    const fixed = layOutFixed(context(number), knownStatics);
    return laidOutPage(frame, number, null, fixed, collectPageMarks(null, fixed), token, token);
  }
  // The initial containing block is the page area: percentage heights of the root resolve against it (CSS 2.1 §10.5).
  const inlineSize = Math.max(1, area.width);
  const blockLimit = Math.max(1, area.height);
  // Boxes positioned against the initial containing block are laid out on the page where their placeholder falls.
  const layOutRoot = (page: PageContext): { fragment: BoxFragment | null; breakToken: Omit<PageBreakToken, 'fixedStatic'> | null } => {
    // An absolutely positioned root is laid out whole against the page area, on the first page.
    if (isOutOfFlow(input.root.style)) return { fragment: layoutFixed(input.root, initial, page), breakToken: null };
    const flowEnded = token !== null && token.flow === null;
    // The root's top margin is in the initial containing block on its first page; later pages start after a break, which truncates it (css-break-3 §5.5).
    const marginTop = token === null ? blockMargins(input.root.style, area.width).top : 0;
    const flow = flowEnded ? null : layoutBlockLevel(input.root, constraintSpace({ inlineSize, blockLimit: Math.max(1, blockLimit - marginTop), atFragmentainerStart: true, percentageBlockSize: area.height, page }), token?.flow ?? null);
    const laid = flow === null ? { fragment: null, breakToken: null } : { ...flow, fragment: flow.fragment && { ...flow.fragment, y: flow.fragment.y + marginTop } };
    const icb = layoutInitialContainingBlock(input.hasAbsolute === false ? null : laid.fragment, token?.positioned ?? [], { ...initial, height: blockLimit }, page);
    const holder = laid.fragment ?? (icb.fragments.length > 0 ? emptyRoot(input.root, area.width) : null);
    const fragment = holder && withPositioned(holder, icb.fragments);
    const breakToken = laid.breakToken !== null || icb.continuing.length > 0 ? { flow: laid.breakToken, positioned: icb.continuing } : null;
    return { fragment, breakToken };
  };
  let result = layOutRoot(context(number));
  let marks = collectPageMarks(result.fragment);
  if (marks.pageReset !== null && marks.pageReset !== number) {
    // An element on this page resets the page counter: the page is laid out again with its
    // number, so that counter(page) in its content agrees (rare, and at most once per page).
    number = marks.pageReset;
    result = layOutRoot(context(number));
    marks = collectPageMarks(result.fragment);
  }
  const statics = input.fixed.length > 0 ? withFixedStaticPositions(knownStatics, result.fragment) : knownStatics;
  const fixed = layOutFixed(context(number), statics);
  if (fixed.length > 0) marks = { ...marks, usesTotals: collectPageMarks(null, fixed).usesTotals || marks.usesTotals };
  const endToken = result.breakToken && { flow: result.breakToken.flow, positioned: result.breakToken.positioned, fixedStatic: statics };
  return laidOutPage(frame, number, result.fragment, fixed, marks, token, endToken);
}

/** A page built field by field: spread from the frame, pages took a hidden class each (V8). */
function laidOutPage(frame: PageFrame, number: number, root: BoxFragment | null, fixed: readonly BoxFragment[], marks: PageMarks, startToken: PageBreakToken | null, endToken: PageBreakToken | null): LaidOutPage {
  return {
    index: frame.index, number, name: frame.name, blank: frame.blank, style: frame.style, context: frame.context,
    marginBoxes: frame.marginBoxes, area: frame.area, root, fixed, marks, startToken, endToken,
  };
}

const NO_STATIC_POSITIONS: FixedStaticPositions = new Map();

/** The root fragment with boxes placed against the page area added to its positioned boxes (they paint in its stacking context). */
function withPositioned(root: BoxFragment, placed: readonly BoxFragment[]): BoxFragment {
  if (placed.length === 0) return root;
  const positioned = placed.map((f) => ({ ...f, x: f.x - root.x, y: f.y - root.y }));
  return { ...root, positioned: [...(root.positioned ?? []), ...positioned] };
}

/** The root's place on a page after its own content ended, holding only positioned boxes that go on: no edges, no height. */
function emptyRoot(root: BlockBox, width: number): BoxFragment {
  return { kind: 'box', box: root, x: 0, y: 0, width, height: 0, isFirst: false, isLast: false, children: [], marker: null, firstBaseline: null, lastBaseline: null };
}

function isOutOfFlow(style: ComputedStyle): boolean {
  return style.position === 'absolute' || style.position === 'fixed';
}

/**
 * The page counter (css-page-3 §4.4): reset by `counter-reset: page` in the page context,
 * then incremented by the context's `counter-increment: page`, or by 1 when it names none.
 */
function nextPageNumber(previous: number, context: ComputedStyle): number {
  const reset = context.counterReset.find((c) => c.name === 'page');
  const increment = context.counterIncrement.find((c) => c.name === 'page');
  return (reset ? reset.value : previous) + (increment ? increment.value : 1);
}

function pageAreaOf(box: PageStyle, context: ComputedStyle): PageArea {
  const border = borderOf(context);
  const padding = paddingOf(context, box.width);
  const x = box.marginLeft + border.left + padding.left;
  const y = box.marginTop + border.top + padding.top;
  return {
    x,
    y,
    width: Math.max(0, box.width - x - box.marginRight - border.right - padding.right),
    height: Math.max(0, box.height - y - box.marginBottom - border.bottom - padding.bottom),
  };
}

/** Structural equality of page break tokens. */
export function samePageBreakToken(a: PageBreakToken | null, b: PageBreakToken | null): boolean {
  if (a === null || b === null) return a === b;
  return sameBreakToken(a.flow, b.flow) && a.positioned.length === b.positioned.length
    && a.positioned.every((p, i) => {
      const q = b.positioned[i]!;
      return p.box === q.box && p.y === q.y && sameBreakToken(p.token, q.token);
    });
}

/** Structural equality of break tokens: the same place in the same box tree. */
export function sameBreakToken(a: BreakToken | null, b: BreakToken | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind !== b.kind || a.box !== b.box || a.consumedBlockSize !== b.consumedBlockSize) return false;
  if (a.kind === 'lines' && b.kind === 'lines') return a.lineIndex === b.lineIndex;
  if (a.kind === 'block' && b.kind === 'block') return a.childIndex === b.childIndex && sameBreakToken(a.child, b.child);
  if (a.kind === 'table' && b.kind === 'table') {
    return a.rowIndex === b.rowIndex && a.cells.length === b.cells.length
      && a.cells.every((c, i) => c.cell === b.cells[i]!.cell && sameBreakToken(c.token, b.cells[i]!.token));
  }
  if (a.kind === 'flex' && b.kind === 'flex') {
    return a.lineIndex === b.lineIndex && a.lineConsumed === b.lineConsumed && a.items.size === b.items.size
      && [...a.items].every(([i, p]) => {
        const q = b.items.get(i);
        return q !== undefined && p.consumed === q.consumed && sameBreakToken(p.token, q.token);
      });
  }
  return false;
}
