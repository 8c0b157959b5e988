// Grid layout (css-grid-1 §11): columns sized first from the items' intrinsic widths, then
// rows from their heights laid out at those widths, then each item laid out in its grid
// area. Fragmentation (css-grid-1 §12 / css-break-3): the grid breaks between rows; rows
// that do not fit move to the next fragmentainer whole, and a row (or a group of rows
// bound by a spanning item) taller than the fragmentainer is placed at its top as a
// monolithic piece, so layout always progresses.
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import { isGridPlaceholder } from '../../boxes/grid-items.js';
import { blockMargins } from '../box-model.js';
import { layoutBlockLevel } from '../block.js';
import { constraintSpace } from '../constraint-space.js';
import type { BlockBreakToken, BoxFragment, ConstraintSpace, PageContext } from '../types.js';
import { sizeColumns } from './columns.js';
import { distribute, trackLines } from './content-distribution.js';
import { gridModel } from './grid-model.js';
import { layoutItemAt, placeItem } from './item-layout.js';
import type { PlacedItem } from './placement.js';
import { sizeTracks, type Contributions } from './track-sizing.js';

/** What the grid's content produced in this fragment (block.ts's ContentResult). */
export interface GridContentResult {
  readonly children: BoxFragment[];
  readonly height: number;
  readonly token: BlockBreakToken | null;
  readonly pushed: boolean;
}

const EPSILON = 1e-6;

/** The content box's origin in the container's border box on this fragment. */
interface Origin {
  readonly x: number;
  readonly y: number;
}

/** An item's margin-box height when laid out at `width` (its block-axis contributions, §11.5). */
function heightContribution(it: PlacedItem, width: number, box: BlockBox, page: PageContext | null): Contributions {
  const f = layoutItemAt(it.box, width, null, box.style, page);
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

export function layoutGrid(box: BlockBox, width: number, ownHeight: number | null, limit: number, space: ConstraintSpace, token: BlockBreakToken | null, origin: Origin): GridContentResult {
  const s = box.style;
  const page = space.page;
  const model = gridModel(box, width, ownHeight);
  const { placement } = model;
  const contentStretch = (k: string) => k === 'normal' || k === 'stretch';
  const columns = sizeColumns(model, width, contentStretch(s.justifyContent));
  const columnLines = trackLines(columns, model.columnGap, distribute(s.justifyContent, width - total(columns, model.columnGap), columns.length));
  const areaWidth = (it: PlacedItem) => spanSize(columnLines, columns, it.column, it.columnSpan);
  const rowItems = placement.items.map((it) => {
    let cached: Contributions | null = null;
    return { start: it.row, span: it.rowSpan, contributions: () => (cached ??= heightContribution(it, areaWidth(it), box, page)) };
  });
  const rows = sizeTracks(model.rows, rowItems, model.rowGap, ownHeight ?? 'max-content', ownHeight, contentStretch(s.alignContent));
  const rowsHeight = total(rows, model.rowGap);
  const rowLines = trackLines(rows, model.rowGap, distribute(s.alignContent, ownHeight === null ? 0 : ownHeight - rowsHeight, rows.length));

  // The rows of this fragment: from the token's row to the last break that fits.
  const rowCount = rows.length;
  const startRow = Math.min(token?.childIndex ?? 0, rowCount);
  const top = startRow === 0 ? 0 : rowLines[startRow]!;
  const breakable = breakableLines(rowCount, placement.items);
  let endRow = rowCount;
  if (Number.isFinite(limit)) {
    let lastFit = startRow;
    for (let r = startRow; r < rowCount; r++) {
      if (rowLines[r]! + rows[r]! - top > limit + EPSILON) {
        endRow = lastFit;
        break;
      }
      if (breakable[r + 1]) lastFit = r + 1;
    }
    if (endRow === startRow && startRow < rowCount) {
      // Nothing fits: move on whole, unless at the fragmentainer's start, where the first
      // unbreakable group of rows is placed anyway (monolithic, css-break-3 §4.4).
      if (!space.atFragmentainerStart) return { children: [], height: 0, token: null, pushed: true };
      endRow = startRow + 1;
      while (endRow < rowCount && !breakable[endRow]) endRow++;
    }
  }

  const children: BoxFragment[] = [];
  if (startRow === 0) {
    // Placeholders of absolutely positioned children: at the content box's start (css-grid-1 §9.2 static position).
    for (const item of box.content.kind === 'grid' ? box.content.items : []) {
      if (isGridPlaceholder(item)) children.push(placeholder(item, width, page, origin));
    }
  }
  for (const it of placement.items) {
    if (it.row < startRow || it.row >= endRow) continue;
    const y = rowLines[it.row]! - top;
    const area = { x: columnLines[it.column]!, y, width: areaWidth(it), height: spanSize(rowLines, rows, it.row, it.rowSpan) };
    const f = placeItem(it.box, area, s, page);
    children.push({ ...f, x: f.x + origin.x, y: f.y + origin.y });
  }
  const complete = endRow >= rowCount;
  const bottom = complete ? (rowCount === 0 ? 0 : rowLines[rowCount]!) : rowLines[endRow - 1]! + rows[endRow - 1]!;
  const height = Math.max(0, bottom - top);
  const next: BlockBreakToken | null = complete ? null : { kind: 'block', box, childIndex: endRow, child: null, consumedBlockSize: 0, forced: false };
  return { children, height, token: next, pushed: false };
}

/** From the start of track `start` to the end of track `start + span - 1`. */
function spanSize(lines: readonly number[], sizes: readonly number[], start: number, span: number): number {
  const end = start + span - 1;
  return lines[end]! + sizes[end]! - lines[start]!;
}

function total(sizes: readonly number[], gap: number): number {
  return sizes.reduce((a, b) => a + b, 0) + Math.max(0, sizes.length - 1) * gap;
}

function placeholder(item: BlockLevelBox, width: number, page: PageContext | null, origin: Origin): BoxFragment {
  const f = layoutBlockLevel(item, constraintSpace({ inlineSize: width, blockLimit: Infinity, atFragmentainerStart: true, page }), null).fragment!;
  return { ...f, x: f.x + origin.x, y: origin.y };
}
