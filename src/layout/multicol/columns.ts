// Multi-column layout (css-multicol-1): the container's column flow is fragmented into
// columns the way content is fragmented into pages — each column is a fragmentainer, laid out
// from the previous column's break token (css-break-3). Columns are balanced (§7.1): the
// shortest column height that still holds the rest of the flow in the available columns,
// found by bisection. Content that does not fit in this page's columns continues in the
// container's next fragment, with the flow's break token in the container's.
import type { BlockBox } from '../../boxes/types.js';
import { layoutBlockLevel } from '../block.js';
import { isForcedPageBreak } from '../break-rules.js';
import { constraintSpace } from '../constraint-space.js';
import { usedColumns } from './column-geometry.js';
import type { BlockBreakToken, BoxFragment, BreakToken, PageContext } from '../types.js';

/** What layoutColumns returns to block layout, in the container's content-result shape. */
export interface ColumnsResult {
  /** The columns' fragments of the column flow, placed from the content box's top-left at `origin`. */
  readonly children: BoxFragment[];
  readonly height: number;
  readonly token: BlockBreakToken | null;
  /** Not even the first column's first piece fits in the space left. */
  readonly pushed: boolean;
}

export interface ColumnsInput {
  readonly container: BlockBox;
  readonly flow: BlockBox;
  /** The container's content-box width. */
  readonly width: number;
  /** Block space left for the content on this page (Infinity when unfragmented). */
  readonly limit: number;
  /** The content height the container's own height leaves here, or null when it is auto. */
  readonly fixedHeight: number | null;
  /** The most its max-height leaves here (Infinity for none): columns are no taller (§7.1). */
  readonly maxHeight: number;
  /** What percentage heights inside resolve against: the container's definite height, or null. */
  readonly percentageBase: number | null;
  readonly atStart: boolean;
  readonly page: PageContext | null;
  readonly token: BlockBreakToken | null;
  readonly origin: { readonly x: number; readonly y: number };
}

/** Overflow columns past the container's last: each holds something, so the flow bounds them too. */
const MAX_OVERFLOW_COLUMNS = 10_000;

/** Bisection stops when the interval is this small (pt): a tenth of a CSS px. */
const PRECISION = 0.075;
/** And after this many steps in any case. */
const MAX_STEPS = 24;

export function layoutColumns(input: ColumnsInput): ColumnsResult {
  const { count, width, gap } = usedColumns(input.container.style, input.width);
  // A container that goes on only for its own height (its flow ended on an earlier page) has no columns left.
  if (input.token !== null && input.token.child === null && input.token.childIndex > 0) return { children: [], height: input.fixedHeight ?? 0, token: null, pushed: false };
  const start = input.token?.child ?? null;
  const available = Math.max(0, Math.min(input.limit, input.fixedHeight ?? input.maxHeight));
  const fill = (height: number) => fillColumns(input, count, width, height, start);
  const balance = input.container.style.columnFill !== 'auto' || !Number.isFinite(available);
  // When the container's height (or max-height) ends on this page, what its columns cannot hold
  // goes into more columns in the inline direction (§8.2), not onto more pages.
  const ends = Math.min(input.fixedHeight ?? Infinity, input.maxHeight) <= input.limit;
  const columns = (balance ? balanced(fill, count, available) : null)
    ?? (ends ? fillColumns(input, MAX_OVERFLOW_COLUMNS, width, available, start) : fill(available));
  if (columns.fragments.length === 0) return { children: [], height: 0, token: null, pushed: !input.atStart };
  // Columns follow the inline direction (css-multicol-1 §2): from the right in rtl.
  const rtl = input.container.style.direction === 'rtl';
  const children = columns.fragments.map((f, i) => placed(f, input.origin.x + (rtl ? input.width - width - i * (width + gap) : i * (width + gap)), input.origin.y));
  const used = Math.max(...columns.fragments.map((f) => f.height));
  const token: BlockBreakToken | null = columns.token === null ? null
    : { kind: 'block', box: input.container, childIndex: 0, child: columns.token, consumedBlockSize: 0, forced: false };
  // A container that continues on the next page fills this one (css-break-3 §4.4), and no more of its fixed height.
  const height = token !== null && Number.isFinite(available) ? available : input.fixedHeight ?? used;
  return { children, height, token, pushed: false };
}

interface Filled {
  readonly fragments: BoxFragment[];
  /** Where the flow continues after the last column; null when it ended. */
  readonly token: BreakToken | null;
  /** The last column ended at a forced page break: the flow continues on the next page. */
  readonly pageBreak: boolean;
}

/** Up to `count` columns `height` tall from `start`. */
function fillColumns(input: ColumnsInput, count: number, width: number, height: number, start: BreakToken | null): Filled {
  const fragments: BoxFragment[] = [];
  let token = start;
  let pageBreak = false;
  for (let i = 0; i < count && !pageBreak; i++) {
    // Every column after the first is a fresh fragmentainer: it always takes something.
    const space = constraintSpace({ inlineSize: width, blockLimit: height, atFragmentainerStart: input.atStart || i > 0, page: input.page, percentageBlockSize: input.percentageBase, inColumns: true });
    const laid = layoutBlockLevel(input.flow, space, token);
    if (!laid.fragment) break;
    fragments.push(laid.fragment);
    token = laid.breakToken;
    if (token === null) break;
    // On a page, a forced page break ends the page's columns (css-multicol-1 §8.1); without
    // pages it only ends the column.
    pageBreak = input.page !== null && isForcedPageBreak(token);
  }
  return { fragments, token, pageBreak };
}

/**
 * The shortest columns that hold the rest of the flow (§7.1), or null when it does not fit in
 * `limit` even unbalanced. Bisection between the flow's height over the column count and its
 * whole height; every try lays the flow out again, which the inline layout caches (per
 * paragraph and width) keep cheap.
 */
function balanced(fill: (height: number) => Filled, count: number, limit: number): Filled | null {
  // The columns hold all that is left to place here: the rest of the flow, or what comes before a forced page break.
  const done = (f: Filled) => (f.token === null || f.pageBreak) && f.fragments.length > 0;
  // Content that fills this page's columns is not balanced: find that out first, without
  // laying out the rest of a long flow (which made each page cost the whole flow's length).
  if (Number.isFinite(limit) && !done(fill(limit))) return null;
  const total = fill(Infinity).fragments[0]?.height ?? 0;
  let hi = Math.min(limit, total);
  let best = fill(hi);
  if (!done(best)) return null;
  // Content before a forced page break is less than the whole flow: its columns are at least its height over the count.
  let lo = (best.pageBreak ? best.fragments.reduce((sum, f) => sum + contentBottom(f), 0) : total) / count;
  for (let step = 0; step < MAX_STEPS && hi - lo > PRECISION; step++) {
    const mid = (lo + hi) / 2;
    const tried = fill(mid);
    if (done(tried)) {
      best = tried;
      hi = mid;
    } else lo = mid;
  }
  // A column that breaks fills the height it was given; the columns' content ends a little
  // higher (within the bisection's precision): the final columns are exactly that tall.
  const tight = fill(Math.max(...best.fragments.map(contentBottom)));
  return done(tight) ? tight : best;
}

/**
 * The bottom of a column's content: its last child's bottom edge (the flow has no edges of its
 * own), looking into a child that breaks, which fills the column whatever its content.
 */
function contentBottom(f: BoxFragment, depth = 0): number {
  if (f.isLast) return f.height;
  let bottom = 0;
  for (const c of f.children) {
    const own = c.kind === 'box' && !c.isLast && depth < 16 ? contentBottom(c, depth + 1) : c.height;
    bottom = Math.max(bottom, c.y + own);
  }
  return bottom;
}

/** A column's fragment at (x, y) in the container (a few per container: a spread is fine here). */
function placed(f: BoxFragment, x: number, y: number): BoxFragment {
  return { ...f, x: f.x + x, y: f.y + y };
}
