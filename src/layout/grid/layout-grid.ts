// Grid layout (css-grid-1 §11): columns sized first from the items' intrinsic widths, then
// rows from their heights laid out at those widths, then each item laid out in its grid
// area. The tracks are sized once per container; across fragmentainers (css-grid-1 §12) each
// fragment's rows are laid out by fragment-rows.ts.
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import { isGridPlaceholder } from '../../boxes/grid-items.js';
import type { ComputedStyle, GridTrackBreadth } from '../../css/types.js';
import { blockMargins, resolveLength, verticalFrame } from '../box-model.js';
import { layoutBlockLevel } from '../block.js';
import { constraintSpace } from '../constraint-space.js';
import type { BoxFragment, BreakToken, ConstraintSpace, ContinuingItem, GridBreakToken, PageContext } from '../types.js';
import { recordGridGeometry } from './abspos-area.js';
import { NONE, plusMargin, sizeColumns } from './columns.js';
import { distribute, gapCount, trackLines } from './content-distribution.js';
import { gapSize, gridModel } from './grid-model.js';
import { baselineSet, baselineShims, gridBaseline, NO_SHIM, participates, type BaselineItem, type BaselineSet, type PlacedFragment, type Shim } from './baseline.js';
import { fragmentRows, rowIndex, type RowIndex, type RowsResume } from './fragment-rows.js';
import { recordEdgeRows } from './propagated-breaks.js';
import { layoutItemAt, placeItem, selfAlignment, stretchesInBlockAxis } from './item-layout.js';
import type { PlacedItem } from './placement.js';
import { assignTracks, sizingLeaves, subgridOf } from './subgrid.js';
import { sizeTracks, type Contributions, type SizedItem } from './track-sizing.js';

/** What the grid's content produced in this fragment (block.ts's ContentResult). */
export interface GridContentResult {
  readonly children: BoxFragment[];
  readonly height: number;
  readonly token: GridBreakToken | null;
  readonly pushed: boolean;
  /** The container's first and last baselines from its items (§10.8), relative to its border box. */
  readonly baselines: { readonly first: number | null; readonly last: number | null };
}

const EPSILON = 1e-6;

/** The content box's origin in the container's border box on this fragment. */
interface Origin {
  readonly x: number;
  readonly y: number;
}

/** An item laid out at `width` in a grid styled `container`, unaligned, with its block margins: what row sizing measures. */
function measureItem(it: PlacedItem, width: number, container: ComputedStyle, page: PageContext | null): BaselineItem {
  const fragment = layoutItemAt(it.box, width, null, container, page).fragment!;
  const m = blockMargins(it.box.style, width);
  return { fragment, marginTop: m.top, marginBottom: m.bottom };
}

/** An item's block-axis contributions (§11.5): its margin-box height, with its baseline shim (step 1). */
function heightContribution(m: BaselineItem, shim: Shim | null): Contributions {
  const h = m.fragment.height + m.marginTop + m.marginBottom + (shim ? shim.top + shim.bottom : 0);
  return { minContent: h, maxContent: h, minimum: h };
}

/** A grid's sized tracks: everything its fragments share, computed once per width and height. */
interface SizedGrid {
  readonly model: ReturnType<typeof gridModel>;
  readonly columns: number[];
  readonly columnLines: number[];
  readonly rows: number[];
  readonly rowLines: number[];
  /** The rows' extent from the content box's top: what an auto height holds. */
  readonly extent: number;
  readonly areaWidth: (it: PlacedItem) => number;
  /** The items by row, for fragmentation. */
  readonly rowIndex: RowIndex;
  /** Per item (placement index): the baseline it aligns by in the column axis and its shim. */
  readonly sets: readonly (BaselineSet | null)[];
  readonly shims: readonly (Shim | null)[];
}

/**
 * The sized grid of the last layout of each container: the fragments of one grid on later
 * pages reuse it, so a grid of n items over p pages costs one track sizing, not p (which made
 * long grids quadratic).
 */
const sizedGrids = new WeakMap<BlockBox, { readonly width: number; readonly ownHeight: number | null; readonly minHeight: number | null; readonly inherited: readonly unknown[]; readonly grid: SizedGrid }>();

/** What a subgrid's sizing depends on besides its size: the tracks its parent gave it (none for other grids). */
function inheritedTracks(box: BlockBox): readonly unknown[] {
  const sub = subgridOf(box);
  return sub ? [sub.columns?.tracks, sub.rows?.tracks] : [];
}

/** The last unfragmented layout of each container, for the sizing it was made with. */
const wholeLayouts = new WeakMap<BlockBox, { readonly grid: SizedGrid; readonly page: PageContext | null; readonly x: number; readonly y: number; readonly result: GridContentResult }>();

/**
 * Whether a sizing made for `cached` heights holds for these: the same ones, or a definite
 * height equal to the extent an auto height gave (a grid item stretched to the row its own
 * measure made), when nothing in the rows resolves against the height: no percentage or
 * auto-repeated row tracks and no percentage row gap (their free space is then 0, css-grid-1 §11.8).
 */
function sameRows(cached: { readonly ownHeight: number | null; readonly minHeight: number | null; readonly grid: SizedGrid }, ownHeight: number | null, minHeight: number | null, s: ComputedStyle): boolean {
  if (cached.ownHeight === ownHeight && cached.minHeight === minHeight) return true;
  if (cached.ownHeight !== null || cached.minHeight !== null || ownHeight === null || Math.abs(ownHeight - cached.grid.extent) > EPSILON) return false;
  // A subgrid's rows or an auto-repeat count may depend on the height.
  const template = s.gridTemplateRows;
  if (template !== 'none' && !('autoRepeat' in template && template.autoRepeat === null)) return false;
  if (s.rowGap !== 'normal' && s.rowGap.pct !== 0) return false;
  return cached.grid.model.rows.every((t) => !isPercentage(t.min) && !isPercentage(t.max) && (t.fitContent === null || t.fitContent.pct === 0));
}

function isPercentage(b: GridTrackBreadth): boolean {
  return typeof b === 'object' && 'pct' in b && b.pct !== 0;
}

export function layoutGrid(box: BlockBox, width: number, ownHeight: number | null, limit: number, space: ConstraintSpace, token: BreakToken | null, origin: Origin): GridContentResult {
  const s = box.style;
  const page = space.page;
  const minHeight = ownHeight === null ? minContentHeight(s, space) : null;
  let hit = sizedGrids.get(box);
  const inherited = inheritedTracks(box);
  if (!hit || hit.width !== width || !sameRows(hit, ownHeight, minHeight, box.style) || hit.inherited.some((t, i) => t !== inherited[i])) {
    hit = { width, ownHeight, minHeight, inherited, grid: sizeGrid(box, width, ownHeight, minHeight, page) };
    sizedGrids.set(box, hit);
    recordEdgeRows(box, edgeRowItems(hit.grid, 'start'), edgeRowItems(hit.grid, 'end'));
  }
  const { model, columns, columnLines, rows, rowLines, extent, areaWidth, sets, shims } = hit.grid;
  const { placement } = model;
  // Subgrid items take their tracks from this grid's (css-grid-2 §9), again when the sizing was reused.
  assignTracks(placement.items, 'columns', columnLines, columns, width);
  assignTracks(placement.items, 'rows', rowLines, rows, width);

  const rowCount = rows.length;
  const resume = resumeOf(token, rowCount);
  // Where this fragment starts in the grid's rows.
  const top = resume === null ? 0 : (resume.rowIndex === 0 ? 0 : rowLines[Math.min(resume.rowIndex, rowCount)] ?? 0) + resume.rowConsumed;
  recordGridGeometry(box, {
    columns: { starts: columnLines, sizes: columns, lines: model.columnLines, offset: placement.columnOffset },
    rows: { starts: rowLines.map((l) => l - top), sizes: rows, lines: model.rowLines, offset: placement.rowOffset },
    content: { x: origin.x - s.borderLeftWidth, y: resume === null ? origin.y - s.borderTopWidth : origin.y, width, paddingBottom: resolveLength(s.paddingBottom, space.inlineSize) },
  });
  const children: BoxFragment[] = [];
  if (resume === null) {
    // Placeholders of absolutely positioned children: at the content box's start (css-grid-1 §9.2 static position).
    for (const item of box.content.kind === 'grid' ? box.content.items : []) {
      if (isGridPlaceholder(item)) children.push(placeholder(item, width, page, origin));
    }
  }
  // Right-to-left, columns run from the content box's right edge (css-grid-1 §7.1).
  const columnX = s.direction === 'rtl' ? (it: PlacedItem) => width - columnLines[it.column]! - areaWidth(it) : (it: PlacedItem) => columnLines[it.column]!;
  const area = (it: PlacedItem, y: number, height: number) => ({ x: columnX(it), y, width: areaWidth(it), height });
  const items = placement.items;
  const placed: PlacedFragment[] = [];
  const push = (i: number, f: BoxFragment) => {
    const moved = { ...f, x: f.x + origin.x, y: f.y + origin.y };
    children.push(moved);
    placed.push({ item: items[i]!, fragment: moved, set: sets[i] ?? null });
  };
  const shimOf = (i: number) => shims[i] ?? NO_SHIM;
  const baselines = () => ({ first: gridBaseline(placed, 'first'), last: gridBaseline(placed, 'last') });

  if (resume === null && !Number.isFinite(limit)) {
    // Unfragmented: every item in its area. The same sizing gives the same items: a grid
    // measured for its row and then laid out stretched to that row is laid out once, which
    // keeps nested grids linear in their depth (each level did both, twice the level below).
    const kept = wholeLayouts.get(box);
    if (kept && kept.grid === hit.grid && kept.page === page && kept.x === origin.x && kept.y === origin.y) return kept.result;
    items.forEach((it, i) => push(i, placeItem(it.box, area(it, rowLines[it.row]!, spanSize(rowLines, rows, it.row, it.rowSpan)), s, page, undefined, shimOf(i)).fragment!));
    const result: GridContentResult = { children, height: rowCount === 0 ? 0 : extent, token: null, pushed: false, baselines: baselines() };
    wholeLayouts.set(box, { grid: hit.grid, page, x: origin.x, y: origin.y, result });
    return result;
  }
  const fragment = fragmentRows({
    rows, rowLines, items, index: hit.grid.rowIndex, limit, atStart: space.atFragmentainerStart, inColumns: space.inColumns, resume,
    place: (i, y, height, at) => placeItem(items[i]!.box, area(items[i]!, y, height), s, page, at ?? undefined, at === null || at.token === null ? shimOf(i) : NO_SHIM),
    stretches: (i) => stretchesInBlockAxis(items[i]!.box, s),
    areaWidth: (i) => areaWidth(items[i]!),
  });
  if (fragment.pushed) return { children: [], height: 0, token: null, pushed: true, baselines: NO_BASELINES };
  fragment.fragments.forEach((f, k) => push(fragment.indices[k]!, f));
  const next = fragment.next;
  // The last fragment ends at the rows' extent, which a percentage row gap does not move (see sizeGrid).
  const height = next === null && rowCount > 0 ? fragment.height + extent - rowLines[rowCount]! : fragment.height;
  return { children, height, token: next && { kind: 'grid', box, rowIndex: next.rowIndex, rowConsumed: next.rowConsumed, items: next.items, consumedBlockSize: 0 }, pushed: false, baselines: baselines() };
}

const NO_BASELINES = { first: null, last: null };

/** The items starting in the grid's first row, or ending in its last. */
function edgeRowItems(grid: SizedGrid, edge: 'start' | 'end'): BlockLevelBox[] {
  const last = grid.rows.length - 1;
  if (last < 0) return [];
  const { startOffsets, starting, endOffsets, ending } = grid.rowIndex;
  const items = grid.model.placement.items;
  const picked = edge === 'start' ? starting.subarray(startOffsets[0]!, startOffsets[1]!) : ending.subarray(endOffsets[last]!, endOffsets[last + 1]!);
  return Array.from(picked, (i) => items[i]!.box);
}

/** Where a fragment resumes: a grid token, or a block token past the content (a fixed height that goes on); null on the first fragment. */
function resumeOf(token: BreakToken | null, rowCount: number): RowsResume | null {
  if (token === null) return null;
  if (token.kind === 'grid') return token;
  return { rowIndex: token.kind === 'block' ? Math.min(token.childIndex, rowCount) : rowCount, rowConsumed: 0, items: NO_ITEMS };
}

const NO_ITEMS: ReadonlyMap<number, ContinuingItem> = new Map();

/** The content-box min-height when it is definite and above 0, else null. */
function minContentHeight(s: ComputedStyle, space: ConstraintSpace): number | null {
  const m = s.minHeight;
  if (m.pct !== 0 && space.percentageBlockSize === null) return null;
  const border = s.boxSizing === 'border-box' ? verticalFrame(s, space.inlineSize) : 0;
  const h = m.abs + (m.pct * (space.percentageBlockSize ?? 0)) / 100 - border;
  return h > 0 ? h : null;
}

/** From the start of track `start` to the end of track `start + span - 1`. */
function spanSize(lines: readonly number[], sizes: readonly number[], start: number, span: number): number {
  const end = start + span - 1;
  return lines[end]! + sizes[end]! - lines[start]!;
}

function total(sizes: readonly number[], gap: number, collapsed: readonly boolean[]): number {
  return sizes.reduce((a, b) => a + b, 0) + gapCount(collapsed) * gap;
}

function placeholder(item: BlockLevelBox, width: number, page: PageContext | null, origin: Origin): BoxFragment {
  const f = layoutBlockLevel(item, constraintSpace({ inlineSize: width, blockLimit: Infinity, atFragmentainerStart: true, page }), null).fragment!;
  return { ...f, x: f.x + origin.x, y: origin.y };
}

/** Columns sized first, then rows from the items laid out at their column widths (§11.1). */
function sizeGrid(box: BlockBox, width: number, ownHeight: number | null, minHeight: number | null, page: PageContext | null): SizedGrid {
  const s = box.style;
  const model = gridModel(box, width, ownHeight);
  const { placement } = model;
  // A subgrid's tracks are its parent's in its subgridded axes (css-grid-2 §9).
  const inherited = subgridOf(box);
  let columns: number[];
  let columnLines: number[];
  if (inherited?.columns?.tracks) {
    columns = [...inherited.columns.tracks.sizes];
    columnLines = [...inherited.columns.tracks.starts];
  } else {
    columns = sizeColumns(model, width, contentStretch(s.justifyContent));
    const openColumns = gapCount(model.collapsedColumns) + (columns.length > 0 ? 1 : 0);
    const columnFree = width - total(columns, model.columnGap, model.collapsedColumns);
    columnLines = trackLines(columns, model.columnGap, distribute(s.justifyContent, columnFree, openColumns), model.collapsedColumns);
  }
  assignTracks(placement.items, 'columns', columnLines, columns, width);
  const areaWidth = (it: PlacedItem) => spanSize(columnLines, columns, it.column, it.columnSpan);
  const measured: (BaselineItem | undefined)[] = [];
  const measure = (i: number) => (measured[i] ??= measureItem(placement.items[i]!, areaWidth(placement.items[i]!), s, page));
  const sets = placement.items.map((it) => {
    const set = baselineSet(selfAlignment(it.box.style.alignSelf, s.alignItems));
    return set !== null && participates(it.box.style, model.rows, it.row, it.rowSpan, ownHeight) ? set : null;
  });
  const shims = baselineShims(placement.items, sets, measure);
  if (inherited?.rows?.tracks) {
    const rows = [...inherited.rows.tracks.sizes];
    const rowLines = [...inherited.rows.tracks.starts];
    assignTracks(placement.items, 'rows', rowLines, rows, width);
    return { model, columns, columnLines, rows, rowLines, extent: rowLines[rows.length] ?? 0, areaWidth, rowIndex: rowIndex(rows.length, placement.items), sets, shims };
  }
  const ownIndex = new Map(placement.items.map((it, i) => [it, i] as const));
  const rowItems = rowSizingItems(placement.items, width, areaWidth, page, (it) => {
    const i = ownIndex.get(it)!;
    return heightContribution(measure(i), shims[i] ?? null);
  });
  const sizeRows = (available: number | 'max-content', basis = ownHeight) => sizeTracks(model.rows, rowItems, model.rowGap, available, basis, contentStretch(s.alignContent), gapCount(model.collapsedRows));
  let rows = sizeRows(ownHeight ?? 'max-content');
  let rowSpace = ownHeight;
  // The auto height the rows were sized again in, which stays the grid's (tracks may overflow it).
  let autoHeight: number | null = null;
  // An auto height below the min-height: the rows are sized again in the min-height, which
  // flexible and stretched tracks fill (§11.7.1, §11.8).
  if (minHeight !== null && minHeight > total(rows, model.rowGap, model.collapsedRows) + EPSILON) {
    rows = sizeRows(minHeight);
    rowSpace = minHeight;
  } else if (rowSpace === null && model.rows.some((t) => isPercentage(t.min) || isPercentage(t.max) || (typeof t.max === 'object' && 'fr' in t.max))) {
    // The auto height found, percentage rows (auto until then) resolve against it and flexible
    // rows are sized again in it as a definite height (§7.2.1), as columns are in a
    // shrink-to-fit width: flex factors summing below 1 then leave part of it free (§11.7.1).
    rowSpace = autoHeight = total(rows, model.rowGap, model.collapsedRows);
    rows = sizeRows(rowSpace, rowSpace);
  }
  const rowsHeight = total(rows, model.rowGap, model.collapsedRows);
  const openRows = gapCount(model.collapsedRows) + (rows.length > 0 ? 1 : 0);
  const distribution = distribute(s.alignContent, rowSpace === null ? 0 : rowSpace - rowsHeight, openRows);
  const extent = autoHeight ?? trackLines(rows, model.rowGap, distribution, model.collapsedRows)[rows.length]!;
  // A percentage row gap in an indefinite height counts as 0 while the rows and the height are
  // sized, then resolves against that height to lay them out (css-align-3 §8.1).
  const rowGap = ownHeight === null && s.rowGap !== 'normal' && s.rowGap.pct !== 0 ? gapSize(s.rowGap, rowSpace ?? rowsHeight) : model.rowGap;
  const rowLines = trackLines(rows, rowGap, distribution, model.collapsedRows);
  assignTracks(placement.items, 'rows', rowLines, rows, width);
  return { model, columns, columnLines, rows, rowLines, extent, areaWidth, rowIndex: rowIndex(rows.length, placement.items), sets, shims };
}

const contentStretch = (k: string) => k === 'normal' || k === 'stretch';

/**
 * The items that size the rows, with their heights laid out at their widths: the grid's own
 * items in their areas (`own`), and in place of each subgrid in the rows its items (css-grid-2 §9.5),
 * as wide as the subgrid's columns they span.
 */
function rowSizingItems(items: readonly PlacedItem[], width: number, areaWidth: (it: PlacedItem) => number, page: PageContext | null, own: (it: PlacedItem) => Contributions): SizedItem[] {
  const leaves = sizingLeaves(items, 'rows', width, (sub) => {
    const inner = gridModel(sub, null, null);
    return { items: inner.placement.items, gap: inner.rowGap };
  });
  // The column tracks of each subgrid holding items: this grid's when it is this grid's item
  // subgridded in columns (given just before); its own sized in its content box when its
  // columns are its own; deeper down, its content box shared out evenly (an estimate).
  const holderColumns = new Map<BlockBox, { starts: readonly number[]; sizes: readonly number[] }>();
  const columnsOf = (holder: BlockBox, root: PlacedItem, inset: number) => {
    let c = holderColumns.get(holder);
    if (!c) {
      const sub = subgridOf(holder)?.columns;
      const w = Math.max(0, areaWidth(root) - inset);
      if (sub?.tracks && holder === root.box) c = sub.tracks;
      else if (sub) {
        const n = Math.max(1, sub.span);
        c = { starts: Array.from({ length: n + 1 }, (_, i) => (i * w) / n), sizes: Array.from({ length: n }, () => w / n) };
      } else {
        const model = gridModel(holder, w, null);
        const sizes = sizeColumns(model, w, contentStretch(holder.style.justifyContent));
        c = { starts: trackLines(sizes, model.columnGap, { offset: 0, between: 0 }, model.collapsedColumns), sizes };
      }
      holderColumns.set(holder, c);
    }
    return c;
  };
  return leaves.map((leaf) => {
    let cached: Contributions | null = null;
    const contributions = () => {
      if (cached) return cached;
      if (leaf.holder === null) return (cached = own(leaf.item));
      if (leaf.empty) return (cached = plusMargin(NONE, leaf.before + leaf.after));
      const c = columnsOf(leaf.holder, leaf.root, leaf.inset);
      const w = Math.max(0, spanSize(c.starts, c.sizes, leaf.item.column, Math.min(leaf.item.columnSpan, c.sizes.length - leaf.item.column)))
      return (cached = plusMargin(heightContribution(measureItem(leaf.item, w, leaf.holder.style, page), null), leaf.before + leaf.after));
    };
    return { start: leaf.start, span: leaf.span, contributions };
  });
}
