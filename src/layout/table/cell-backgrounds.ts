// Where the backgrounds of a table's parts paint under each cell of one fragment
// (css-tables-3 "Drawing backgrounds and borders"): each part's image is positioned against
// the part's own box and shown only inside the cells. A row's box spans the grid's columns at
// the row's top and height, a row group's spans its rows, a column's spans the rows of this
// fragment at the column's left and width, and a column group's spans its columns.
import type { TableRowGroup } from '../../boxes/types.js';
import type { Offset } from '../positioned/relative.js';
import type { Rect } from '../replaced.js';
import { rowShift } from './row-shift.js';
import type { BoxFragment, CellBackground, TableCellFragment } from '../types.js';
import type { PlacedRow } from './border-segments.js';
import type { TableGeometry } from './column-widths.js';
import type { PlannedCell, PlannedLayer, PlannedRow, TablePlan } from './plan.js';

/** A cell as table layout places it (table-box coordinates), before its backgrounds are placed. */
export interface PlacedCell {
  readonly cell: PlannedCell;
  readonly fragment: BoxFragment;
  readonly decorated: boolean;
  /** A header or footer group's cell repeated on a fragment after its first (header) or before its last (footer). */
  readonly repeated: boolean;
}

const NO_BACKGROUNDS: readonly CellBackground[] = [];

/** A vertical extent in table-box coordinates. */
interface Extent {
  readonly top: number;
  readonly bottom: number;
}

/** The fragment's cells, each with the backgrounds under it placed against their parts' boxes. */
export function cellFragments(plan: TablePlan, geo: TableGeometry, placed: readonly PlacedRow[], cells: readonly PlacedCell[]): TableCellFragment[] {
  const rows = new Map<PlannedRow, Extent>();
  const groups = new Map<TableRowGroup, Extent>();
  for (const p of placed) {
    const extent = { top: p.y, bottom: p.y + p.height };
    rows.set(p.row, extent);
    const group = groups.get(p.row.group);
    groups.set(p.row.group, group ? { top: Math.min(group.top, extent.top), bottom: Math.max(group.bottom, extent.bottom) } : extent);
  }
  const first = placed[0];
  const last = placed[placed.length - 1];
  const columns: Extent | undefined = first && last ? { top: first.y, bottom: last.y + last.height } : undefined;
  const boxes: PartBoxes = { plan, geo, rows, groups, columns };
  const shifts = new Map<PlannedRow, Offset | null>();
  const columnsWidth = columnLeft(geo, geo.columnWidths.length) - columnLeft(geo, 0);
  return cells.map(({ cell, fragment, decorated, repeated }) => {
    const row = plan.rows[cell.row];
    const shift = row ? rowShift(row, plan, columnsWidth, shifts) : null;
    // Most cells have no layers and no shift: no list or object made for them per cell.
    const layers = cell.layers.length === 0 ? NO_BACKGROUNDS : cell.layers.map((layer): CellBackground => ({ style: layer.style, image: layer.image, area: areaOf(boxes, cell, fragment, layer) }));
    return shift ? { fragment, decorated, repeated, layers, shift } : { fragment, decorated, repeated, layers };
  });
}


interface PartBoxes {
  readonly plan: TablePlan;
  readonly geo: TableGeometry;
  readonly rows: ReadonlyMap<PlannedRow, Extent>;
  readonly groups: ReadonlyMap<TableRowGroup, Extent>;
  readonly columns: Extent | undefined;
}

/**
 * The layer's part box relative to the cell's border box. A cell spanning rows takes its first
 * row's (and that row's group's) box; a cell whose first row is on an earlier page, its own.
 */
function areaOf(boxes: PartBoxes, cell: PlannedCell, f: BoxFragment, layer: PlannedLayer): Rect {
  const { geo } = boxes;
  const own = { x: 0, y: 0, width: f.width, height: f.height };
  if ('start' in layer) {
    if (!boxes.columns) return own;
    const left = columnLeft(geo, layer.start);
    return { x: left - f.x, y: boxes.columns.top - f.y, width: columnLeft(geo, layer.end) - left, height: boxes.columns.bottom - boxes.columns.top };
  }
  const row = boxes.plan.rows[cell.row];
  const extent = row && (layer.part === 'row' ? boxes.rows.get(row) : boxes.groups.get(row.group));
  if (!extent) return own;
  const left = columnLeft(geo, 0);
  return { x: left - f.x, y: extent.top - f.y, width: columnLeft(geo, geo.columnWidths.length) - left, height: extent.bottom - extent.top };
}

/** The left edge of column `c`; for `c` past the last column, the last column's right edge. */
function columnLeft(geo: TableGeometry, c: number): number {
  const n = geo.columnWidths.length;
  if (n === 0) return 0;
  if (c < n) return geo.columnX[c]!;
  return geo.columnX[n - 1]! + geo.columnWidths[n - 1]!;
}
