// Grid layout (css-grid-1 §11): columns sized first from the items' intrinsic widths, then
// rows from their heights laid out at those widths, then each item laid out in its grid
// area. Fragmentation (css-grid-1 §12 / css-break-3): the grid breaks between rows; rows
// that do not fit move to the next fragmentainer whole, and a row (or a group of rows
// bound by a spanning item) taller than the fragmentainer starts at its top and its items
// break inside, each fragment taking at least 1pt of it, so layout always progresses.
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import { isGridPlaceholder } from '../../boxes/grid-items.js';
import type { ComputedStyle } from '../../css/types.js';
import { blockMargins, resolveLength, verticalFrame } from '../box-model.js';
import { layoutBlockLevel } from '../block.js';
import { constraintSpace } from '../constraint-space.js';
import type { BlockBreakToken, BlockLayoutResult, BoxFragment, BreakToken, ConstraintSpace, GridBreakToken, PageContext } from '../types.js';
import { recordGridGeometry } from './abspos-area.js';
import { NONE, plusMargin, sizeColumns } from './columns.js';
import { distribute, gapCount, trackLines } from './content-distribution.js';
import { gridModel } from './grid-model.js';
import { layoutItemAt, placeItem, type ItemFragmentation } from './item-layout.js';
import type { PlacedItem } from './placement.js';
import { assignTracks, sizingLeaves, subgridOf } from './subgrid.js';
import { sizeTracks, type Contributions, type SizedItem } from './track-sizing.js';

/** What the grid's content produced in this fragment (block.ts's ContentResult). */
export interface GridContentResult {
  readonly children: BoxFragment[];
  readonly height: number;
  readonly token: BlockBreakToken | GridBreakToken | null;
  readonly pushed: boolean;
}

const EPSILON = 1e-6;

/** The content box's origin in the container's border box on this fragment. */
interface Origin {
  readonly x: number;
  readonly y: number;
}

/** An item's margin-box height when laid out at `width` in a grid styled `container` (its block-axis contributions, §11.5). */
function heightContribution(it: PlacedItem, width: number, container: ComputedStyle, page: PageContext | null): Contributions {
  const f = layoutItemAt(it.box, width, null, container, page).fragment!;
  const m = blockMargins(it.box.style, width);
  const h = f.height + m.top + m.bottom;
  return { minContent: h, maxContent: h, minimum: h };
}

/**
 * The boundaries between rows that no item spans across (`breakable[r]`: a break may fall
 * before row r), from one pass over the items with a difference array.
 */
function breakableLines(rowCount: number, items: readonly PlacedItem[]): boolean[] {
  const diff = new Int32Array(rowCount + 2);
  for (const it of items) {
    if (it.rowSpan < 2) continue;
    diff[it.row + 1]! += 1;
    diff[it.row + it.rowSpan]! -= 1;
  }
  const out: boolean[] = [];
  let open = 0;
  for (let r = 0; r <= rowCount; r++) {
    open += diff[r]!;
    out.push(open === 0);
  }
  return out;
}

/** A grid's sized tracks: everything its fragments share, computed once per width and height. */
interface SizedGrid {
  readonly model: ReturnType<typeof gridModel>;
  readonly columns: number[];
  readonly columnLines: number[];
  readonly rows: number[];
  readonly rowLines: number[];
  readonly areaWidth: (it: PlacedItem) => number;
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

export function layoutGrid(box: BlockBox, width: number, ownHeight: number | null, limit: number, space: ConstraintSpace, token: BreakToken | null, origin: Origin): GridContentResult {
  const s = box.style;
  const page = space.page;
  const minHeight = ownHeight === null ? minContentHeight(s, space) : null;
  let hit = sizedGrids.get(box);
  const inherited = inheritedTracks(box);
  if (!hit || hit.width !== width || hit.ownHeight !== ownHeight || hit.minHeight !== minHeight || hit.inherited.some((t, i) => t !== inherited[i])) {
    hit = { width, ownHeight, minHeight, inherited, grid: sizeGrid(box, width, ownHeight, minHeight, page) };
    sizedGrids.set(box, hit);
  }
  const { model, columns, columnLines, rows, rowLines, areaWidth } = hit.grid;
  const { placement } = model;
  // Subgrid items take their tracks from this grid's (css-grid-2 §9), again when the sizing was reused.
  assignTracks(placement.items, 'columns', columnLines, columns, width);
  assignTracks(placement.items, 'rows', rowLines, rows, width);

  const rowCount = rows.length;
  const resume = token?.kind === 'grid' ? token : null;
  const startRow = Math.min(resume ? resume.rowIndex : token?.kind === 'block' ? token.childIndex : 0, rowCount);
  // Where this fragment starts in the grid's rows.
  const top = (startRow === 0 ? 0 : rowLines[startRow]!) + (resume?.rowConsumed ?? 0);
  recordGridGeometry(box, {
    columns: { starts: columnLines, sizes: columns, lines: model.columnLines, offset: placement.columnOffset },
    rows: { starts: rowLines.map((l) => l - top), sizes: rows, lines: model.rowLines, offset: placement.rowOffset },
    content: { x: origin.x - s.borderLeftWidth, y: startRow === 0 && !resume ? origin.y - s.borderTopWidth : origin.y, width, paddingBottom: resolveLength(s.paddingBottom, space.inlineSize) },
  });
  const breakable = breakableLines(rowCount, placement.items);
  const rowBottom = (r: number) => rowLines[r]! + rows[r]!;
  const children: BoxFragment[] = [];
  if (startRow === 0 && !resume) {
    // Placeholders of absolutely positioned children: at the content box's start (css-grid-1 §9.2 static position).
    for (const item of box.content.kind === 'grid' ? box.content.items : []) {
      if (isGridPlaceholder(item)) children.push(placeholder(item, width, page, origin));
    }
  }
  // Right-to-left, columns run from the content box's right edge (css-grid-1 §7.1).
  const columnX = s.direction === 'rtl' ? (it: PlacedItem) => width - columnLines[it.column]! - areaWidth(it) : (it: PlacedItem) => columnLines[it.column]!;
  const area = (it: PlacedItem) => ({ x: columnX(it), y: rowLines[it.row]! - top, width: areaWidth(it), height: spanSize(rowLines, rows, it.row, it.rowSpan) });
  const push = (f: BoxFragment) => children.push({ ...f, x: f.x + origin.x, y: f.y + origin.y });

  let first = startRow;
  if (startRow < rowCount && Number.isFinite(limit)) {
    let groupEnd = startRow + 1;
    while (groupEnd < rowCount && !breakable[groupEnd]) groupEnd++;
    if (resume || rowBottom(groupEnd - 1) - top > limit + EPSILON) {
      // The first group of rows does not fit: it moves on whole, unless at the fragmentainer's
      // start, where its items are fragmented in it (a row taller than a page continues).
      if (!resume && startRow === 0 && !space.atFragmentainerStart) return { children: [], height: 0, token: null, pushed: true };
      const step = Math.max(limit, 1);
      const left = fragmentGroup(placement.items, startRow, groupEnd, resume, step, area, (it, a, at) => placeItem(it.box, a, s, page, at), push);
      if (left.size > 0 || rowBottom(groupEnd - 1) - top > step + EPSILON) {
        const next: GridBreakToken = { kind: 'grid', box, rowIndex: startRow, rowConsumed: (resume?.rowConsumed ?? 0) + step, items: left, consumedBlockSize: 0 };
        return { children, height: step, token: next, pushed: false };
      }
      first = groupEnd;
    }
  }
  // Whole rows, from `first` to the last break that fits.
  let endRow = rowCount;
  if (Number.isFinite(limit)) {
    let lastFit = first;
    for (let r = first; r < rowCount; r++) {
      if (rowBottom(r) - top > limit + EPSILON) {
        endRow = lastFit;
        break;
      }
      if (breakable[r + 1]) lastFit = r + 1;
    }
  }
  for (const it of placement.items) {
    if (it.row >= first && it.row < endRow) push(placeItem(it.box, area(it), s, page).fragment!);
  }
  const complete = endRow >= rowCount;
  const bottom = complete ? (rowCount === 0 ? 0 : rowLines[rowCount]!) : endRow > startRow ? rowBottom(endRow - 1) : top;
  const height = Math.max(0, bottom - top);
  const next: BlockBreakToken | null = complete ? null : { kind: 'block', box, childIndex: endRow, child: null, consumedBlockSize: 0, forced: false };
  return { children, height, token: next, pushed: false };
}

type Area = { x: number; y: number; width: number; height: number };

/**
 * One fragment of a group of rows taller than the space left: the items that start in it
 * or continue into it, laid out up to `limit`. Returns the items to continue (their token,
 * or null for one that could not start here); the others are done.
 */
function fragmentGroup(
  items: readonly PlacedItem[],
  startRow: number,
  groupEnd: number,
  resume: GridBreakToken | null,
  limit: number,
  area: (it: PlacedItem) => Area,
  place: (it: PlacedItem, area: Area, at: ItemFragmentation) => BlockLayoutResult,
  push: (f: BoxFragment) => void,
): Map<number, BreakToken | null> {
  const left = new Map<number, BreakToken | null>();
  items.forEach((it, i) => {
    if (it.row < startRow || it.row >= groupEnd) return;
    const a = area(it);
    // Not reached yet: it starts afresh where it is on a later fragment.
    if (a.y >= limit) return;
    let at: ItemFragmentation;
    if (a.y < 0) {
      // Started on an earlier fragment: continues at the top, or is done.
      if (!resume || !resume.items.has(i)) return;
      at = { blockLimit: limit, atStart: true, token: resume.items.get(i)! };
      a.y = 0;
    } else at = { blockLimit: limit - a.y, atStart: a.y === 0, token: null };
    const result = place(it, a, at);
    if (!result.fragment) {
      left.set(i, null);
      return;
    }
    push(result.fragment);
    if (result.breakToken) left.set(i, result.breakToken);
  });
  return left;
}

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
  if (inherited?.rows?.tracks) {
    const rows = [...inherited.rows.tracks.sizes];
    const rowLines = [...inherited.rows.tracks.starts];
    assignTracks(placement.items, 'rows', rowLines, rows, width);
    return { model, columns, columnLines, rows, rowLines, areaWidth };
  }
  const rowItems = rowSizingItems(box, placement.items, width, areaWidth, page);
  const sizeRows = (available: number | 'max-content') => sizeTracks(model.rows, rowItems, model.rowGap, available, ownHeight, contentStretch(s.alignContent), gapCount(model.collapsedRows));
  let rows = sizeRows(ownHeight ?? 'max-content');
  let rowSpace = ownHeight;
  // An auto height below the min-height: the rows are sized again in the min-height, which
  // flexible and stretched tracks fill (§11.7.1, §11.8).
  if (minHeight !== null && minHeight > total(rows, model.rowGap, model.collapsedRows) + EPSILON) {
    rows = sizeRows(minHeight);
    rowSpace = minHeight;
  }
  const rowsHeight = total(rows, model.rowGap, model.collapsedRows);
  const openRows = gapCount(model.collapsedRows) + (rows.length > 0 ? 1 : 0);
  const rowLines = trackLines(rows, model.rowGap, distribute(s.alignContent, rowSpace === null ? 0 : rowSpace - rowsHeight, openRows), model.collapsedRows);
  assignTracks(placement.items, 'rows', rowLines, rows, width);
  return { model, columns, columnLines, rows, rowLines, areaWidth };
}

const contentStretch = (k: string) => k === 'normal' || k === 'stretch';

/**
 * The items that size the rows, with their heights laid out at their widths: the grid's own
 * items in their areas, and in place of each subgrid in the rows its items (css-grid-2 §9.5),
 * as wide as the subgrid's columns they span.
 */
function rowSizingItems(box: BlockBox, items: readonly PlacedItem[], width: number, areaWidth: (it: PlacedItem) => number, page: PageContext | null): SizedItem[] {
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
      if (leaf.holder === null) return (cached = heightContribution(leaf.item, areaWidth(leaf.item), box.style, page));
      if (leaf.empty) return (cached = plusMargin(NONE, leaf.before + leaf.after));
      const c = columnsOf(leaf.holder, leaf.root, leaf.inset);
      const w = Math.max(0, spanSize(c.starts, c.sizes, leaf.item.column, Math.min(leaf.item.columnSpan, c.sizes.length - leaf.item.column)))
      return (cached = plusMargin(heightContribution(leaf.item, w, leaf.holder.style, page), leaf.before + leaf.after));
    };
    return { start: leaf.start, span: leaf.span, contributions };
  });
}
