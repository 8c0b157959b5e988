// The collapsing border model (CSS 2.1 §17.6.2): every grid line segment gets the one border
// that wins the conflict between the cells, rows, row groups, columns, column groups and the
// table that meet there. A pure function of the box tree's styles and grid.
import type { BorderStyle, Color, ComputedStyle } from '../../css/types.js';
import type { TableColumn } from '../../boxes/types.js';

/** One border as a candidate for a segment. `rank` orders origins: cell 5 … table 0. */
export interface CollapsedBorder {
  readonly width: number;
  readonly style: BorderStyle;
  readonly color: Color;
  readonly rank: number;
}

/** The winners of every segment of a table's grid. */
export interface CollapsedBorders {
  readonly rows: number;
  readonly columns: number;
  /** horizontal[r * columns + c]: the segment above row r (r = rows: below the last), over column c. */
  readonly horizontal: readonly (CollapsedBorder | null)[];
  /** vertical[r * (columns + 1) + c]: the segment left of column c (c = columns: right of the last), in row r. */
  readonly vertical: readonly (CollapsedBorder | null)[];
}

/** A row of the grid as the resolver sees it: its style, its group's, and whether it starts/ends the group. */
export interface GridRow {
  readonly style: ComputedStyle;
  readonly groupStyle: ComputedStyle;
  readonly groupStart: boolean;
  readonly groupEnd: boolean;
}

/** A cell's slots in the flat grid. */
export interface GridCell {
  readonly style: ComputedStyle;
  readonly row: number;
  readonly rowSpan: number;
  readonly column: number;
  readonly colSpan: number;
}

// §17.6.2.1 rule 3: double > solid > dashed > dotted > ridge > outset > groove > inset.
const STYLE_RANK: Readonly<Record<BorderStyle, number>> = {
  hidden: 10, double: 8, solid: 7, dashed: 6, dotted: 5, ridge: 4, outset: 3, groove: 2, inset: 1, none: 0,
};

const enum Rank { Table = 0, ColumnGroup = 1, Column = 2, RowGroup = 3, Row = 4, Cell = 5 }

type Side = 'Top' | 'Right' | 'Bottom' | 'Left';

const SIDES: readonly Side[] = ['Top', 'Right', 'Bottom', 'Left'];
const SIDE_INDEX: Readonly<Record<Side, number>> = { Top: 0, Right: 1, Bottom: 2, Left: 3 };
// Candidates per style, side and rank, shared: styles are shared between elements, and a
// long table would otherwise make one object per cell side.
const candidateCache = new WeakMap<ComputedStyle, (CollapsedBorder | null)[]>();

// The last style looked up: a row's cells and sides mostly share one.
let lastStyle: ComputedStyle | null = null;
let lastCandidates: (CollapsedBorder | null)[] = [];

function borderOfSide(style: ComputedStyle, side: Side, rank: number): CollapsedBorder | null {
  let candidates = style === lastStyle ? lastCandidates : candidateCache.get(style);
  if (!candidates) {
    candidates = [];
    for (let r = 0; r <= Rank.Cell; r++) {
      for (const s of SIDES) {
        const bs = style[`border${s}Style`];
        candidates.push(bs === 'none' ? null : { width: bs === 'hidden' ? 0 : style[`border${s}Width`], style: bs, color: style[`border${s}Color`], rank: r });
      }
    }
    candidateCache.set(style, candidates);
  }
  lastStyle = style;
  lastCandidates = candidates;
  return candidates[rank * 4 + SIDE_INDEX[side]]!;
}

/** The conflict resolution of §17.6.2.1; on a full tie the existing (left/top) border stays. */
export function winner(existing: CollapsedBorder | null, candidate: CollapsedBorder | null): CollapsedBorder | null {
  if (candidate === null) return existing;
  if (existing === null) return candidate;
  if (existing.style === 'hidden') return existing;
  if (candidate.style === 'hidden') return candidate;
  if (candidate.width !== existing.width) return candidate.width > existing.width ? candidate : existing;
  const byStyle = STYLE_RANK[candidate.style] - STYLE_RANK[existing.style];
  if (byStyle !== 0) return byStyle > 0 ? candidate : existing;
  return candidate.rank > existing.rank ? candidate : existing;
}

/**
 * Resolves every segment of the grid. Columns (the column boxes and the cells' columns) are
 * counted from the left; cells come in document order, so on a full tie the border of the cell
 * nearer the table's start stays, which is the right one in an rtl table (§17.6.2.1 rule 4).
 */
export function resolveCollapsedBorders(tableStyle: ComputedStyle, columnBoxes: readonly (TableColumn | undefined)[], rows: readonly GridRow[], cells: readonly GridCell[], columns: number): CollapsedBorders {
  const R = rows.length;
  const C = columns;
  const horizontal: (CollapsedBorder | null)[] = new Array((R + 1) * C).fill(null);
  const vertical: (CollapsedBorder | null)[] = new Array(R * (C + 1)).fill(null);
  const h = (r: number, c: number, b: CollapsedBorder | null) => { horizontal[r * C + c] = winner(horizontal[r * C + c]!, b); };
  const v = (r: number, c: number, b: CollapsedBorder | null) => { vertical[r * (C + 1) + c] = winner(vertical[r * (C + 1) + c]!, b); };

  // Lowest origin first, so that a later, higher-ranked border wins ties of width and style.
  const t = tableStyle;
  for (let c = 0; c < C; c++) {
    h(0, c, borderOfSide(t, 'Top', Rank.Table));
    h(R, c, borderOfSide(t, 'Bottom', Rank.Table));
  }
  for (let r = 0; r < R; r++) {
    v(r, 0, borderOfSide(t, 'Left', Rank.Table));
    v(r, C, borderOfSide(t, 'Right', Rank.Table));
  }
  columnBorders(columnBoxes, C, R, h, v);
  rows.forEach((row, r) => {
    const top = row.groupStart ? borderOfSide(row.groupStyle, 'Top', Rank.RowGroup) : null;
    const bottom = row.groupEnd ? borderOfSide(row.groupStyle, 'Bottom', Rank.RowGroup) : null;
    if (row.groupStart) for (let c = 0; c < C; c++) h(r, c, top);
    if (row.groupEnd) for (let c = 0; c < C; c++) h(r + 1, c, bottom);
    v(r, 0, borderOfSide(row.groupStyle, 'Left', Rank.RowGroup));
    v(r, C, borderOfSide(row.groupStyle, 'Right', Rank.RowGroup));
  });
  rows.forEach((row, r) => {
    const top = borderOfSide(row.style, 'Top', Rank.Row);
    const bottom = borderOfSide(row.style, 'Bottom', Rank.Row);
    for (let c = 0; c < C; c++) {
      h(r, c, top);
      h(r + 1, c, bottom);
    }
    v(r, 0, borderOfSide(row.style, 'Left', Rank.Row));
    v(r, C, borderOfSide(row.style, 'Right', Rank.Row));
  });
  for (const cell of cells) {
    const s = cell.style;
    const lastRow = cell.row + cell.rowSpan;
    const lastColumn = Math.min(C, cell.column + cell.colSpan);
    const top = borderOfSide(s, 'Top', Rank.Cell);
    const bottom = borderOfSide(s, 'Bottom', Rank.Cell);
    const left = borderOfSide(s, 'Left', Rank.Cell);
    const right = borderOfSide(s, 'Right', Rank.Cell);
    for (let c = cell.column; c < lastColumn; c++) {
      h(cell.row, c, top);
      h(lastRow, c, bottom);
    }
    for (let r = cell.row; r < lastRow; r++) {
      v(r, cell.column, left);
      v(r, lastColumn, right);
    }
  }
  // No line runs through a spanning cell (column and row borders stop at it).
  for (const cell of cells) {
    const lastColumn = Math.min(C, cell.column + cell.colSpan);
    for (let r = cell.row + 1; r < cell.row + cell.rowSpan; r++) for (let c = cell.column; c < lastColumn; c++) horizontal[r * C + c] = null;
    for (let r = cell.row; r < cell.row + cell.rowSpan; r++) for (let c = cell.column + 1; c < lastColumn; c++) vertical[r * (C + 1) + c] = null;
  }
  return { rows: R, columns: C, horizontal, vertical };
}

type Put = (r: number, c: number, b: CollapsedBorder | null) => void;

/** Column groups and columns: their side borders on every row, their top/bottom on the table's edges. */
function columnBorders(columns: readonly (TableColumn | undefined)[], C: number, R: number, h: Put, v: Put): void {
  const count = Math.min(C, columns.length);
  for (const rank of [Rank.ColumnGroup, Rank.Column]) {
    for (let c = 0; c < count; c++) {
      const col = columns[c];
      if (!col) continue;
      const style = rank === Rank.Column ? col.style : col.group?.style ?? null;
      if (!style) continue;
      // A group's side borders sit at its first and last column only.
      const sameGroup = (other: TableColumn | undefined) => rank === Rank.ColumnGroup && other?.group === col.group;
      const left = !sameGroup(columns[c - 1]);
      const right = !sameGroup(columns[c + 1]);
      for (let r = 0; r < R; r++) {
        if (left) v(r, c, borderOfSide(style, 'Left', rank));
        if (right) v(r, c + 1, borderOfSide(style, 'Right', rank));
      }
      h(0, c, borderOfSide(style, 'Top', rank));
      h(R, c, borderOfSide(style, 'Bottom', rank));
    }
  }
}

/** Width of a segment (0 when absent or hidden). */
export function segmentWidth(b: CollapsedBorder | null): number {
  return b === null || b.style === 'hidden' ? 0 : b.width;
}
