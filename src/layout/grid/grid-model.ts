// A grid container's grid (css-grid-1 §7–§8): its explicit tracks, its items placed, and the
// sizing functions of every track of the implicit grid; shared by layout and intrinsic sizing.
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import type { ComputedStyle, GridTrackSize, LengthPercentage } from '../../css/types.js';
import { isGridPlaceholder } from '../../boxes/grid-items.js';
import { explicitAxis, type ExplicitAxis } from './explicit-grid.js';
import type { AxisLines } from './line-resolution.js';
import { placeItems, type GridPlacement } from './placement.js';
import { clampPlacement, isSubgridTemplate, ownTemplate, registerSubgrids, subgridAxis, subgridGap, subgridOf } from './subgrid.js';

export interface GridModel {
  readonly placement: GridPlacement;
  readonly columns: readonly GridTrackSize[];
  readonly rows: readonly GridTrackSize[];
  readonly columnGap: number;
  readonly rowGap: number;
  /** Empty auto-fit tracks, collapsed with the gaps beside them (§7.2.3.2); per track. */
  readonly collapsedColumns: readonly boolean[];
  readonly collapsedRows: readonly boolean[];
  /** The explicit grid's lines, for the placement of absolutely positioned children. */
  readonly columnLines: AxisLines;
  readonly rowLines: AxisLines;
}

const COLLAPSED: GridTrackSize = { min: { abs: 0, pct: 0 }, max: { abs: 0, pct: 0 }, fitContent: null };

/** A gap in pt: `normal` is 0 in grids (css-align-3 §8.1); percentages of an indefinite size are 0. */
export function gapSize(gap: 'normal' | LengthPercentage, basis: number | null): number {
  if (gap === 'normal') return 0;
  return Math.max(0, gap.abs + (basis === null ? 0 : (gap.pct * basis) / 100));
}

/** The in-flow items in order-modified document order (css-flexbox-1 §5.4, used by grids). */
export function orderedItems(box: BlockBox): BlockLevelBox[] {
  if (box.content.kind !== 'grid') return [];
  const items = box.content.items.filter((b) => !isGridPlaceholder(b));
  if (items.every((b) => b.style.order === 0)) return items;
  return items.map((b, i) => ({ b, i, o: b.style.order })).sort((x, y) => x.o - y.o || x.i - y.i).map((x) => x.b);
}

/** Every track of the implicit grid: explicit ones from the template, the others from grid-auto-* (§7.6). */
function implicitTracks(explicit: ExplicitAxis, offset: number, count: number, auto: readonly GridTrackSize[], collapsed: readonly boolean[]): GridTrackSize[] {
  const out: GridTrackSize[] = [];
  const n = explicit.sizes.length;
  const a = auto.length;
  for (let t = 0; t < count; t++) {
    const i = t - offset;
    let size: GridTrackSize;
    if (i >= 0 && i < n) size = explicit.sizes[i]!;
    else if (i >= n) size = auto[(i - n) % a]!;
    else size = auto[(a - ((-i) % a)) % a]!;
    if (collapsed[t]) size = COLLAPSED;
    out.push(size);
  }
  return out;
}

/** The empty tracks of an auto-fit repeat, which collapse (§7.2.3.2). */
function collapsedTracks(explicit: ExplicitAxis, offset: number, count: number, items: GridPlacement['items'], axis: 'row' | 'column'): boolean[] {
  const out = new Array<boolean>(count).fill(false);
  const fit = explicit.autoFit;
  if (!fit) return out;
  const used = new Uint8Array(count);
  for (const it of items) {
    const start = axis === 'row' ? it.row : it.column;
    const span = axis === 'row' ? it.rowSpan : it.columnSpan;
    used.fill(1, start, start + span);
  }
  for (let t = fit.start + offset; t < fit.end + offset; t++) out[t] = !used[t];
  return out;
}

/** The grid of a container whose content box is `width` wide and `height` high (null: indefinite). */
export function gridModel(box: BlockBox, width: number | null, height: number | null): GridModel {
  const s: ComputedStyle = box.style;
  // A subgrid takes its tracks, line names and gaps from its parent in its subgridded axes (css-grid-2 §9).
  const sub = subgridOf(box);
  const columnGap = sub?.columns ? subgridGap(s.columnGap, sub.columns, width) : gapSize(s.columnGap, width);
  const rowGap = sub?.rows ? subgridGap(s.rowGap, sub.rows, height) : gapSize(s.rowGap, height);
  const columns = sub?.columns && isSubgridTemplate(s.gridTemplateColumns)
    ? subgridAxis(sub.columns, s.gridTemplateColumns, s.gridTemplateAreas, 'columns')
    : explicitAxis(ownTemplate(s.gridTemplateColumns), s.gridTemplateAreas, 'columns', s.gridAutoColumns, width, columnGap);
  const rows = sub?.rows && isSubgridTemplate(s.gridTemplateRows)
    ? subgridAxis(sub.rows, s.gridTemplateRows, s.gridTemplateAreas, 'rows')
    : explicitAxis(ownTemplate(s.gridTemplateRows), s.gridTemplateAreas, 'rows', s.gridAutoRows, height, rowGap);
  const rowLines: AxisLines = { count: rows.sizes.length, names: rows.names };
  const columnLines: AxisLines = { count: columns.sizes.length, names: columns.names };
  const placed = placeItems(orderedItems(box), rowLines, columnLines, s.gridAutoFlow, { rows: !!sub?.rows, columns: !!sub?.columns });
  const placement = sub ? clampPlacement(placed, sub) : placed;
  registerSubgrids(placement.items, placement, { columns: columnLines, rows: rowLines }, { columns: columnGap, rows: rowGap });
  const collapsedColumns = collapsedTracks(columns, placement.columnOffset, placement.columnCount, placement.items, 'column');
  const collapsedRows = collapsedTracks(rows, placement.rowOffset, placement.rowCount, placement.items, 'row');
  return {
    placement,
    columns: implicitTracks(columns, placement.columnOffset, placement.columnCount, s.gridAutoColumns, collapsedColumns),
    rows: implicitTracks(rows, placement.rowOffset, placement.rowCount, s.gridAutoRows, collapsedRows),
    columnGap,
    rowGap,
    collapsedColumns,
    collapsedRows,
    columnLines,
    rowLines,
  };
}
