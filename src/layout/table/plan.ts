// What table layout derives from a table box once, whatever the width or page: the rows in
// display order (header, bodies, footer), each cell's used box (no margins, no own width or
// height, collapsed border halves), the collapsed borders, and the table's used frame.
import type { BlockBox, TableBox, TableCell, TableColumn, TableRow, TableRowGroup } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { ImageResource } from '../../paint/types.js';
import type { Edges } from '../box-model.js';
import { paddingOf } from '../box-model.js';
import { resolveCollapsedBorders, segmentWidth, type CollapsedBorders, type GridCell, type GridRow } from './collapsed-borders.js';

export type Section = 'header' | 'body' | 'footer';

export interface PlannedRow {
  readonly box: TableRow;
  readonly group: TableRowGroup;
  readonly section: Section;
  /** Index in TablePlan.rows. */
  readonly index: number;
  /** Cells whose first row this is. */
  readonly cells: readonly PlannedCell[];
  /** visibility: collapse removes the row (CSS 2.1 §17.5.5). */
  readonly collapsed: boolean;
}

export interface PlannedCell {
  readonly cell: TableCell;
  /** The cell's box with its used style: what layout lays out. */
  readonly box: BlockBox;
  /** The style as computed, for the cell's own width and height. */
  readonly specified: ComputedStyle;
  /** First row, as an index in TablePlan.rows. */
  readonly row: number;
  readonly rowSpan: number;
  /** Its leftmost column (the grid's columns are counted from the left, see TablePlan.columnBoxes). */
  readonly column: number;
  readonly colSpan: number;
  /** The parts whose backgrounds paint under the cell, bottom first: column group, column, row group, row. */
  readonly layers: readonly PlannedLayer[];
  /** No in-flow content (for empty-cells: hide). */
  readonly empty: boolean;
}

/**
 * A table part with a background under a cell (CSS 2.1 §17.5.1): a column group or column,
 * naming its columns [start, end), or the cell's first row or that row's group.
 */
export type PlannedLayer =
  | { readonly part: 'column-group' | 'column'; readonly style: ComputedStyle; readonly image: ImageResource | undefined; readonly start: number; readonly end: number }
  | { readonly part: 'row-group' | 'row'; readonly style: ComputedStyle; readonly image: ImageResource | undefined };

export interface TablePlan {
  readonly box: TableBox;
  readonly rows: readonly PlannedRow[];
  /** Ranges of `rows`: [start, end). */
  readonly header: { readonly start: number; readonly end: number };
  readonly body: { readonly start: number; readonly end: number };
  readonly footer: { readonly start: number; readonly end: number };
  readonly columns: number;
  /**
   * The column boxes by grid column from the left, undefined where no `<col>` is. The grid's
   * columns are numbered left to right here: in an rtl table the first column is the rightmost
   * (CSS 2.1 §17.5), so its cells' columns are mirrored, and a cell spans leftwards.
   */
  readonly columnBoxes: readonly (TableColumn | undefined)[];
  readonly collapse: boolean;
  readonly borders: CollapsedBorders | null;
  /** The table box's used border widths (halves of the outer collapsed borders when collapsing). */
  readonly border: Edges;
  /** Horizontal and vertical border-spacing (0 when collapsing). */
  readonly spacingX: number;
  readonly spacingY: number;
  /** Repeat the header and footer groups on every fragment (-fs-table-paginate). */
  readonly repeat: boolean;
}

const cache = new WeakMap<TableBox, TablePlan>();

export function tablePlan(box: TableBox): TablePlan {
  let plan = cache.get(box);
  if (!plan) {
    plan = buildPlan(box);
    cache.set(box, plan);
  }
  return plan;
}

function buildPlan(box: TableBox): TablePlan {
  const collapse = box.style.borderCollapse === 'collapse';
  const groups: [TableRowGroup, Section][] = [];
  if (box.header) groups.push([box.header, 'header']);
  for (const body of box.bodies) groups.push([body, 'body']);
  if (box.footer) groups.push([box.footer, 'footer']);

  const flat: { box: TableRow; group: TableRowGroup; section: Section; groupStart: boolean; groupEnd: boolean }[] = [];
  for (const [group, section] of groups) {
    group.rows.forEach((row, i) => flat.push({ box: row, group, section, groupStart: i === 0, groupEnd: i === group.rows.length - 1 }));
  }
  const columns = box.columnCount;
  const rtl = box.style.direction === 'rtl';
  // Grid columns from the left (the box tree counts them from the start); columnCount covers every span.
  const leftmost = (cell: TableCell) => (rtl ? columns - cell.column - cell.colSpan : cell.column);
  const columnBoxes = rtl ? Array.from({ length: columns }, (_, c) => box.columns[columns - 1 - c]) : box.columns;
  const grid: GridCell[] = [];
  flat.forEach((row, r) => {
    for (const cell of row.box.cells) grid.push({ style: cell.box.style, row: r, rowSpan: cell.rowSpan, column: leftmost(cell), colSpan: cell.colSpan });
  });
  const borders = collapse ? resolveCollapsedBorders(box.style, columnBoxes, flat.map((r): GridRow => ({ style: r.box.style, groupStyle: r.group.style, groupStart: r.groupStart, groupEnd: r.groupEnd })), grid, columns) : null;

  const groupRanges = columnGroupRanges(columnBoxes);
  const rows: PlannedRow[] = flat.map((r, row) => {
    // map(), not push(): the plan lives as long as the table, and push() leaves room for 17.
    const cells = r.box.cells.map((cell): PlannedCell => {
      const column = leftmost(cell);
      const specified = cell.box.style;
      const style = usedCellStyle(specified, borders ? cellBorder(borders, row, column, cell) : null);
      const layers = backgroundLayers(columnBoxes, groupRanges, r.box, r.group, column);
      const empty = cell.box.content.kind === 'blocks' && cell.box.content.children.length === 0;
      return { cell, box: { ...cell.box, style }, specified, row, rowSpan: cell.rowSpan, column, colSpan: cell.colSpan, layers, empty };
    });
    return { box: r.box, group: r.group, section: r.section, index: row, cells, collapsed: r.box.style.visibility === 'collapse' };
  });
  // Rows are in display order, so each section is one range.
  const count = (section: Section) => rows.filter((r) => r.section === section).length;
  const headerEnd = count('header');
  const bodyEnd = headerEnd + count('body');
  const [spacingX, spacingY] = collapse ? [0, 0] : box.style.borderSpacing;
  return {
    box,
    rows,
    header: { start: 0, end: headerEnd },
    body: { start: headerEnd, end: bodyEnd },
    footer: { start: bodyEnd, end: rows.length },
    columns,
    columnBoxes,
    collapse,
    borders,
    border: borders ? tableBorder(borders) : { top: box.style.borderTopWidth, right: box.style.borderRightWidth, bottom: box.style.borderBottomWidth, left: box.style.borderLeftWidth },
    spacingX,
    spacingY,
    repeat: box.style.tablePaginate === 'paginate',
  };
}

const byTableCell = new WeakMap<TablePlan, ReadonlyMap<TableCell, PlannedCell>>();

/**
 * A box-tree cell's plan entry, for break tokens (which name box-tree cells). The map is made
 * on first use: only a cell that continues on a later fragment needs it.
 */
export function plannedCellOf(plan: TablePlan, cell: TableCell): PlannedCell | undefined {
  let map = byTableCell.get(plan);
  if (!map) {
    map = new Map(plan.rows.flatMap((r) => r.cells.map((c) => [c.cell, c] as const)));
    byTableCell.set(plan, map);
  }
  return map.get(cell);
}

/** The table layers under a cell (CSS 2.1 §17.5.1) that have a background to paint. */
function backgroundLayers(columnBoxes: readonly (TableColumn | undefined)[], groupRanges: readonly ColumnRange[], row: TableRow, group: TableRowGroup, column: number): readonly PlannedLayer[] {
  const col = columnBoxes[column];
  // Most cells have none: the plan keeps one shared empty list rather than one per cell.
  if (col === undefined && !paintsBackground(group.style, group.backgroundImage) && !paintsBackground(row.style, row.backgroundImage)) return NO_LAYERS;
  const layers: PlannedLayer[] = [];
  if (col?.group && paintsBackground(col.group.style, col.group.backgroundImage)) {
    layers.push({ part: 'column-group', style: col.group.style, image: col.group.backgroundImage, ...groupRanges[column]! });
  }
  if (col?.style && paintsBackground(col.style, col.backgroundImage)) layers.push({ part: 'column', style: col.style, image: col.backgroundImage, start: column, end: column + 1 });
  if (paintsBackground(group.style, group.backgroundImage)) layers.push({ part: 'row-group', style: group.style, image: group.backgroundImage });
  if (paintsBackground(row.style, row.backgroundImage)) layers.push({ part: 'row', style: row.style, image: row.backgroundImage });
  return layers.length === 0 ? NO_LAYERS : layers;
}

const NO_LAYERS: readonly PlannedLayer[] = [];

/** A colour, a gradient, or a url image that could be had. */
function paintsBackground(style: ComputedStyle, image: ImageResource | undefined): boolean {
  return style.backgroundColor.a > 0 || image !== undefined || (style.backgroundImage !== null && typeof style.backgroundImage === 'object');
}

interface ColumnRange {
  readonly start: number;
  readonly end: number;
}

/** Per column, the columns [start, end) of its column group: the run of columns sharing it. */
function columnGroupRanges(columns: readonly (TableColumn | undefined)[]): ColumnRange[] {
  const out: ColumnRange[] = [];
  for (let start = 0; start < columns.length;) {
    let end = start + 1;
    const group = columns[start]?.group ?? null;
    while (end < columns.length && group !== null && columns[end]?.group === group) end++;
    for (let c = start; c < end; c++) out.push({ start, end });
    start = end;
  }
  return out;
}

/**
 * A cell is laid out at its column's width with its row's height, so its own width, height
 * and margins are left to the table (§17.5.3); in the collapsing model its border is half
 * of each winning border (§17.6.2), painted by the table, not the cell.
 */
function usedCellStyle(style: ComputedStyle, collapsed: Edges | null): ComputedStyle {
  let byBorder = usedStyleCache.get(style);
  if (!byBorder) {
    byBorder = [];
    usedStyleCache.set(style, byBorder);
  }
  for (const entry of byBorder) if (sameEdges(entry.collapsed, collapsed)) return entry.used;
  const used = computeUsedCellStyle(style, collapsed);
  if (byBorder.length < MAX_USED_STYLES) byBorder.push({ collapsed, used });
  return used;
}

// Shared per computed style and collapsed border: a long table has few distinct cell styles,
// each with a few border widths, so a short list searched by value (no key to build per cell).
const usedStyleCache = new WeakMap<ComputedStyle, { readonly collapsed: Edges | null; readonly used: ComputedStyle }[]>();
const MAX_USED_STYLES = 32;

function sameEdges(a: Edges | null, b: Edges | null): boolean {
  if (a === null || b === null) return a === b;
  return a.top === b.top && a.right === b.right && a.bottom === b.bottom && a.left === b.left;
}

function computeUsedCellStyle(style: ComputedStyle, collapsed: Edges | null): ComputedStyle {
  const zero = { abs: 0, pct: 0 };
  const used: ComputedStyle = {
    ...style,
    width: 'auto', height: 'auto', minWidth: zero, maxWidth: 'none', minHeight: zero, maxHeight: 'none',
    marginTop: zero, marginRight: zero, marginBottom: zero, marginLeft: zero,
    boxSizing: 'content-box',
  };
  if (!collapsed) return used;
  return {
    ...used,
    borderTopWidth: collapsed.top, borderRightWidth: collapsed.right, borderBottomWidth: collapsed.bottom, borderLeftWidth: collapsed.left,
    borderTopStyle: 'hidden', borderRightStyle: 'hidden', borderBottomStyle: 'hidden', borderLeftStyle: 'hidden',
  };
}

/** Half of the widest winning border along each side of a cell whose leftmost column is `column`. */
function cellBorder(b: CollapsedBorders, row: number, column: number, cell: TableCell): Edges {
  const C = b.columns;
  const lastColumn = Math.min(C, column + cell.colSpan);
  let top = 0;
  let bottom = 0;
  let left = 0;
  let right = 0;
  for (let c = column; c < lastColumn; c++) {
    top = Math.max(top, segmentWidth(b.horizontal[row * C + c]!));
    bottom = Math.max(bottom, segmentWidth(b.horizontal[(row + cell.rowSpan) * C + c]!));
  }
  for (let r = row; r < row + cell.rowSpan; r++) {
    left = Math.max(left, segmentWidth(b.vertical[r * (C + 1) + column]!));
    right = Math.max(right, segmentWidth(b.vertical[r * (C + 1) + lastColumn]!));
  }
  return { top: top / 2, right: right / 2, bottom: bottom / 2, left: left / 2 };
}

/** The table's own border in the collapsing model: half the outer borders (first row for the sides). */
function tableBorder(b: CollapsedBorders): Edges {
  const C = b.columns;
  let top = 0;
  let bottom = 0;
  for (let c = 0; c < C; c++) {
    top = Math.max(top, segmentWidth(b.horizontal[c]!));
    bottom = Math.max(bottom, segmentWidth(b.horizontal[b.rows * C + c]!));
  }
  const left = b.rows > 0 ? segmentWidth(b.vertical[0]!) : 0;
  const right = b.rows > 0 ? segmentWidth(b.vertical[C]!) : 0;
  return { top: top / 2, right: right / 2, bottom: bottom / 2, left: left / 2 };
}

/** The table box's padding: none in the collapsing model (§17.6.2). */
export function tablePadding(plan: TablePlan, cbWidth: number): Edges {
  return plan.collapse ? { top: 0, right: 0, bottom: 0, left: 0 } : paddingOf(plan.box.style, cbWidth);
}
