// Table layout with fragmentation (CSS 2.1 §17.5, css-break-3, css-tables-3 §3.10): one call
// lays out one fragment of a table — captions, the table box with its header group, the body
// rows that fit, and its footer group — and returns a break token naming the row to resume
// at. A row that does not fit starts here and is split inside its cells, as in Chromium,
// unless it avoids breaking inside or a cell cannot start here: then it moves to the next
// fragment (at the top of one it is split anyway). Header and footer groups repeat on every fragment unless
// `-fs-table-paginate: none`; they are laid out once per width and reused.
import { holdsOnlyPlaceholders } from '../positioned/placeholders.js';
import type { TableBox } from '../../boxes/types.js';
import type { LengthPercentageAuto } from '../../css/types.js';
import { blockMargins, borderOf, definiteContentHeight, paddingOf } from '../box-model.js';
import { isForcedBreak } from '../break-rules.js';
import { releaseInlineLayout } from '../inline/layout-inline.js';
import { layoutAtomic, layoutBlockLevel } from '../block.js';
import { outsidePageFlow } from '../page/page-names.js';
import type { BlockLayoutResult, BoxFragment, BreakToken, ChildFragment, ConstraintSpace, ContinuingCell, PageContext, TableBreakToken, TableGridFragment } from '../types.js';
import { collapsedSegments, type PlacedRow } from './border-segments.js';
import { cellFragments, type PlacedCell } from './cell-backgrounds.js';
import { tableGeometry, tableMarginLeft, type TableGeometry } from './column-widths.js';
import { plannedCellOf, tablePadding, tablePlan, type PlannedCell, type PlannedRow, type TablePlan } from './plan.js';
import { constraintSpace } from '../constraint-space.js';

const EPSILON = 1e-6;

/**
 * One fragment of a table. The fragment's x is its left margin; the parent sets y. Fixed sizes
 * in the space are the table wrapper box's (a flex item's flexed size, css-flexbox-1 §4): the
 * table box's border-box width, and its height with the captions'; they stand for the table's
 * specified sizes, and the table still grows to hold its rows.
 */
export function layoutTable(box: TableBox, space: ConstraintSpace, token: TableBreakToken | null): BlockLayoutResult {
  const plan = tablePlan(box);
  const geo = tableGeometry(plan, space.inlineSize, layoutAtomic, space.fixedInlineSize);
  const pad = tablePadding(plan, space.inlineSize);
  const isFirst = token === null;
  const children: ChildFragment[] = [];
  let y = isFirst ? placeCaptions(plan, 'top', geo.width, 0, children) : 0;
  const gridTop = y;
  const cells: PlacedCell[] = [];
  const placed: PlacedRow[] = [];
  // A fragment after a break has no top border in the separate model (sliced); collapsed
  // borders are centred on the grid lines, so half of the first one must fit.
  let gy = (isFirst ? plan.border.top + pad.top : plan.collapse ? plan.border.top : 0) + plan.spacingY;
  const limit = space.blockLimit - gridTop;
  const header = plan.header.end > plan.header.start ? sectionLayout(plan, geo, 'header') : null;
  // Without body rows, the footer's rows are the body: they break and move like any rows.
  const hasBody = plan.body.end > plan.body.start;
  const rowsEnd = hasBody ? plan.body.end : plan.footer.end;
  const footer = hasBody && plan.footer.end > plan.footer.start ? sectionLayout(plan, geo, 'footer') : null;
  // Groups repeat while they leave at least half of a page to the body rows.
  const repeat = plan.repeat && (header?.height ?? 0) + (footer?.height ?? 0) <= space.blockLimit / 2;
  let from = token?.rowIndex ?? plan.body.start;
  if (header && isFirst && gy + header.height > limit) {
    // A header that does not fit moves the table on; at the top of a page it is laid out as
    // ordinary rows, which can break.
    if (!space.atFragmentainerStart) return { fragment: null, breakToken: null };
    from = plan.header.start;
  } else if (header && (isFirst || (repeat && from >= plan.body.start))) {
    gy = appendSection(header, gy, cells, placed, !isFirst);
  }
  const reserve = footer && repeat ? footer.height : 0;
  // What must fit below the last row: the footer when not repeated, the bottom edge, the bottom captions.
  const bottomCaptions: ChildFragment[] = [];
  const captionsHeight = placeCaptions(plan, 'bottom', geo.width, 0, bottomCaptions);
  // The ancestors' end edges too, when the table ends their content (css-break-3 §4.4).
  const tail = (footer && !repeat ? footer.height : 0) + pad.bottom + plan.border.bottom + captionsHeight + space.endReserve;
  const rowsInput: RowsInput = { from, to: rowsEnd, y: gy, limit, reserve, tail, atStart: space.atFragmentainerStart, incoming: token?.cells ?? [], page: outsidePageFlow(space.page) };
  let body = layoutRows(plan, geo, rowsInput);
  if (body === 'pushed') return { fragment: null, breakToken: null };
  // The table's height is a minimum for its box (CSS 2.1 §17.5.3), met by a table laid out
  // whole: the rows take what they leave, in proportion to their heights, as in Chromium.
  const frameY = plan.border.top + pad.top + pad.bottom + plan.border.bottom;
  const forced = space.fixedBlockSize === undefined ? null : Math.max(0, space.fixedBlockSize - gridTop - captionsHeight - frameY);
  const specified = isFirst && body.next === null ? forced ?? definiteContentHeight(plan.box.style, frameY, space.percentageBlockSize) : null;
  const natural = body.y + (footer ? footer.height : 0) + pad.bottom + plan.border.bottom;
  let extra = specified === null ? 0 : specified + frameY - natural;
  if (extra > EPSILON && body.rows.length > 0) {
    const grown = layoutRows(plan, geo, { ...rowsInput, minHeights: grownRowHeights(body.rows, extra) });
    if (grown !== 'pushed' && grown.next === null) {
      body = grown;
      extra = 0;
    }
  }
  cells.push(...body.cells);
  placed.push(...body.rows);
  gy = body.y;
  const isLast = body.next === null;
  if (footer && (isLast || repeat)) gy = appendSection(footer, gy, cells, placed, !isLast);
  gy += isLast ? pad.bottom + plan.border.bottom : plan.collapse ? plan.border.bottom : 0;
  // Rows that could not take it (none, or grown they would not fit here) leave it to the grid.
  if (extra > EPSILON && isLast) gy += extra;

  const firstRow = placed[0];
  const lastRow = placed[placed.length - 1];
  const grid: TableGridFragment = {
    kind: 'table-grid', box, x: 0, y: gridTop, width: geo.width, height: gy, isFirst, isLast, cells: cellFragments(plan, geo, placed, cells),
    borders: plan.borders ? collapsedSegments(plan.borders, geo, placed) : [],
    firstBaseline: firstRow ? firstRow.y + firstRow.baseline : null,
    lastBaseline: lastRow ? lastRow.y + lastRow.baseline : null,
  };
  children.push(grid);
  y = gridTop + gy;
  if (isLast) {
    for (const caption of bottomCaptions) children.push({ ...caption, y: caption.y + y });
    y += captionsHeight;
  }
  const fragment: BoxFragment = {
    kind: 'box', box, x: tableMarginLeft(box.style, space.inlineSize, geo.width, space.fixedInlineSize, space.direction ?? box.style.direction), y: 0, width: geo.width, height: y, isFirst, isLast, children, marker: null,
    firstBaseline: grid.firstBaseline === null ? null : gridTop + grid.firstBaseline,
    lastBaseline: grid.lastBaseline === null ? null : gridTop + grid.lastBaseline,
  };
  const next: TableBreakToken | null = body.next ? { kind: 'table', box, rowIndex: body.next.rowIndex, cells: body.next.cells, consumedBlockSize: 0 } : null;
  return { fragment, breakToken: next };
}

/** Captions on one side (CSS 2.1 §17.4.1), as wide as the table box, stacked with their margins. */
function placeCaptions(plan: TablePlan, side: 'top' | 'bottom', width: number, y: number, out: ChildFragment[]): number {
  for (const caption of plan.box.captions) {
    if (caption.style.captionSide !== side) continue;
    const margins = blockMargins(caption.style, width);
    const f = layoutBlockLevel(caption, constraintSpace({ inlineSize: width, blockLimit: Infinity, atFragmentainerStart: true, page: null }), null).fragment;
    if (!f) continue;
    out.push({ ...f, y: y + margins.top });
    y += margins.top + f.height + margins.bottom;
  }
  return y;
}

/** Rows laid out without a limit (a header or footer group), positioned from 0. */
interface SectionLayout {
  readonly cells: readonly PlacedCell[];
  readonly rows: readonly PlacedRow[];
  readonly height: number;
}

const sectionCache = new WeakMap<TableGeometry, Map<'header' | 'footer', SectionLayout>>();

/** The header or footer group at this width: laid out once, reused on every fragment. */
function sectionLayout(plan: TablePlan, geo: TableGeometry, section: 'header' | 'footer'): SectionLayout {
  let bySection = sectionCache.get(geo);
  if (!bySection) {
    bySection = new Map();
    sectionCache.set(geo, bySection);
  }
  let hit = bySection.get(section);
  if (!hit) {
    const range = plan[section];
    const result = layoutRows(plan, geo, { from: range.start, to: range.end, y: 0, limit: Infinity, reserve: 0, tail: 0, atStart: true, incoming: [], page: null });
    if (result === 'pushed') throw new Error('unbounded rows cannot be pushed');
    hit = { cells: result.cells, rows: result.rows, height: result.y };
    bySection.set(section, hit);
  }
  return hit;
}

function appendSection(section: SectionLayout, y: number, cells: PlacedCell[], rows: PlacedRow[], repeated: boolean): number {
  for (const c of section.cells) cells.push({ cell: c.cell, fragment: { ...c.fragment, y: c.fragment.y + y }, decorated: c.decorated, repeated });
  for (const r of section.rows) rows.push({ ...r, y: r.y + y });
  return y + section.height;
}

interface RowsInput {
  readonly from: number;
  readonly to: number;
  /** Top of the first row, in the table box's coordinates. */
  readonly y: number;
  /** Where the fragmentainer ends, in the same coordinates. */
  readonly limit: number;
  /** Space kept free below the rows (a repeated footer). */
  readonly reserve: number;
  /** Space that must also fit below the last row (the table's end). */
  readonly tail: number;
  readonly atStart: boolean;
  readonly incoming: readonly ContinuingCell[];
  /** The page, for page counters in cells; null for the repeated header and footer (laid out once). */
  readonly page: PageContext | null;
  /** Minimum row heights, from the table's height. */
  readonly minHeights?: ReadonlyMap<PlannedRow, number>;
}

interface RowsResult {
  readonly cells: PlacedCell[];
  readonly rows: PlacedRow[];
  /** Below the last row placed and its spacing. */
  readonly y: number;
  readonly next: { readonly rowIndex: number; readonly cells: readonly ContinuingCell[] } | null;
}

/** A cell being laid out in this fragment. */
interface ActiveCell {
  readonly cell: PlannedCell;
  /** Top of the cell in this fragment. */
  readonly startY: number;
  /** Where its content resumes: 'fresh' (not started), a break token, or 'done'. */
  readonly from: BreakToken | 'fresh' | 'done';
  content: CellContent;
}

interface CellContent {
  readonly fragment: BoxFragment;
  readonly token: BreakToken | null;
}

function lastRowOf(cell: PlannedCell): number {
  return cell.row + cell.rowSpan - 1;
}

/** Lays out rows [from, to) into the space left; see the file comment for the break rules. */
function layoutRows(plan: TablePlan, geo: TableGeometry, input: RowsInput): RowsResult | 'pushed' {
  const active = new Map<PlannedCell, ActiveCell>();
  for (const c of input.incoming) {
    const cell = plannedCellOf(plan, c.cell);
    if (cell) active.set(cell, { cell, startY: input.y, from: c.token ?? 'done', content: layoutCell(cell, geo, c.token ?? 'done', Infinity, input.page) });
  }
  const cells: PlacedCell[] = [];
  const rows: PlacedRow[] = [];
  let y = input.y;
  let previous: PlannedRow | null = null;
  for (let r = input.from; r < input.to; r++) {
    const row = plan.rows[r]!;
    if (row.collapsed) continue;
    if (rows.length > 0 && previous && forcedBreakBetweenRows(previous, row)) {
      return { cells, rows, y, next: breakBefore(r, active, cells, geo, y - plan.spacingY, input.page) };
    }
    for (const cell of row.cells) {
      if (!active.has(cell)) active.set(cell, { cell, startY: y, from: 'fresh', content: layoutCell(cell, geo, 'fresh', Infinity, input.page) });
    }
    const metrics = rowMetrics(row, r, y, active, input.minHeights?.get(row) ?? 0);
    const after = input.reserve + (r === input.to - 1 ? input.tail : 0);
    if (y + metrics.height + plan.spacingY + after > input.limit + EPSILON) {
      // A row that can break starts here and splits, as in Chromium, rather than leave the
      // space empty; one that avoids breaking inside, a header or footer row (Chromium keeps
      // those whole), or one whose cells cannot start here (orphans, an image that does not
      // fit) moves on whole. At the top of a page it splits.
      const startHere = input.atStart && rows.length === 0;
      const split = startHere || !avoidsBreakInsideRow(plan, r) ? splitRow(plan, geo, r, y, input, active, cells, rows, startHere) : null;
      if (split) return split;
      if (rows.length > 0) return { cells, rows, y, next: breakBefore(r, active, cells, geo, y - plan.spacingY, input.page) };
      if (!input.atStart) return 'pushed';
    }
    // A row whose height came from `height` or alignment, not content, cannot split: it overflows.
    const used = rows.length === 0 && input.atStart ? rowMetrics(row, r, y, active, input.minHeights?.get(row) ?? 0) : metrics;
    placeRow(row, r, y, used, active, cells, rows, geo);
    y += used.height + plan.spacingY;
    previous = row;
  }
  return { cells, rows, y, next: null };
}

/** break-inside: avoid on the row or its group (css-break-3 §3.2), or a header or footer row. */
function avoidsBreakInsideRow(plan: TablePlan, r: number): boolean {
  const row = plan.rows[r]!;
  const inRange = (range: { start: number; end: number }) => r >= range.start && r < range.end;
  return row.box.style.breakInside !== 'auto' || row.group.style.breakInside !== 'auto' || inRange(plan.header) || inRange(plan.footer);
}

/** A forced break between two rows, from the rows or, where a row group ends, the groups (css-break-3 §3.1). */
function forcedBreakBetweenRows(before: PlannedRow, after: PlannedRow): boolean {
  if (isForcedBreak(before.box.style.breakAfter) || isForcedBreak(after.box.style.breakBefore)) return true;
  return before.group !== after.group && (isForcedBreak(before.group.style.breakAfter) || isForcedBreak(after.group.style.breakBefore));
}

interface RowMetrics {
  readonly height: number;
  /** Baseline from the row's top (CSS 2.1 §17.5.3), or null when no cell aligns on it. */
  readonly baseline: number | null;
}

/**
 * The rows' heights with `extra` shared out: in proportion to their heights, or equally when
 * they have none; only among the rows with content and no height of their own or of a cell
 * when there are such, as Chromium does (the others keep the height their author gave).
 */
function grownRowHeights(rows: readonly PlacedRow[], extra: number): Map<PlannedRow, number> {
  const free = rows.filter((r) => r.height > EPSILON && !constrained(r.row));
  const growing = free.length > 0 ? free : rows;
  const total = growing.reduce((n, r) => n + r.height, 0);
  const out = new Map(rows.map((r) => [r.row, r.height]));
  for (const r of growing) out.set(r.row, r.height + (total > EPSILON ? (extra * r.height) / total : extra / growing.length));
  return out;
}

/** A row with a specified height, its own or a cell's that spans it alone. */
function constrained(row: PlannedRow): boolean {
  return row.box.style.height !== 'auto' || row.cells.some((c) => c.rowSpan === 1 && c.specified.height !== 'auto');
}

/** The row's height: at least `minHeight` and its own, its cells' that end here, and baseline alignment. */
function rowMetrics(row: PlannedRow, r: number, y: number, active: ReadonlyMap<PlannedCell, ActiveCell>, minHeight = 0): RowMetrics {
  let height = Math.max(minHeight, fixedHeight(row.box.style.height));
  let baseline: number | null = null;
  for (const a of active.values()) {
    if (a.startY === y && a.from === 'fresh' && alignsOnBaseline(a.cell)) baseline = Math.max(baseline ?? 0, cellBaseline(a.content.fragment));
  }
  for (const a of active.values()) {
    if (lastRowOf(a.cell) !== r) continue;
    let need = cellHeight(a) - (y - a.startY);
    if (baseline !== null && a.startY === y && a.from === 'fresh' && alignsOnBaseline(a.cell)) need += baseline - cellBaseline(a.content.fragment);
    height = Math.max(height, need);
  }
  return { height, baseline };
}

/** An absolute height; percentages need a definite table height, which tables here never have. */
function fixedHeight(h: LengthPercentageAuto): number {
  return h !== 'auto' && h.pct === 0 ? h.abs : 0;
}

/** The cell's height in this fragment so far: its content, and its own `height` as a minimum. */
function cellHeight(a: ActiveCell): number {
  const h = a.content.fragment.height;
  if (a.from !== 'fresh') return h;
  const s = a.cell.specified;
  const own = fixedHeight(s.height);
  if (own === 0) return h;
  const b = borderOf(a.cell.box.style);
  const p = paddingOf(a.cell.box.style, a.content.fragment.width);
  return Math.max(h, s.boxSizing === 'border-box' ? own : own + b.top + b.bottom + p.top + p.bottom);
}

function alignsOnBaseline(cell: PlannedCell): boolean {
  const va = cell.specified.verticalAlign;
  return va !== 'top' && va !== 'middle' && va !== 'bottom';
}

/** The cell's baseline: its first line's, else the bottom of its content box (CSS 2.1 §17.5.3). */
function cellBaseline(f: BoxFragment): number {
  if (f.firstBaseline !== null) return f.firstBaseline;
  const b = borderOf(f.box.style);
  const p = paddingOf(f.box.style, f.width);
  return f.height - b.bottom - p.bottom;
}

/** Lays out a cell's content at its width from where it resumes, into `limit` block space. */
function layoutCell(cell: PlannedCell, geo: TableGeometry, from: BreakToken | 'fresh' | 'done', limit: number, page: PageContext | null): CellContent {
  const width = cellWidth(cell, geo);
  if (from === 'done') return { fragment: emptyPiece(cell, width), token: null };
  return layoutCellPiece(cell, geo, from, limit, true, page) ?? { fragment: emptyPiece(cell, width), token: null };
}

/** The piece of a cell's content that fits in `limit`; null when nothing fits and it need not progress. */
function layoutCellPiece(cell: PlannedCell, geo: TableGeometry, from: BreakToken | 'fresh', limit: number, atStart: boolean, page: PageContext | null): CellContent | null {
  const result = layoutBlockLevel(cell.box, constraintSpace({ inlineSize: cellWidth(cell, geo), blockLimit: limit, atFragmentainerStart: atStart, page }), from === 'fresh' ? null : from);
  return result.fragment ? { fragment: result.fragment, token: result.breakToken } : null;
}

/** A cell spans its columns and the spacing between them. */
function cellWidth(cell: PlannedCell, geo: TableGeometry): number {
  const last = Math.min(geo.columnWidths.length, cell.column + cell.colSpan) - 1;
  if (last < cell.column) return 0;
  return geo.columnX[last]! + geo.columnWidths[last]! - geo.columnX[cell.column]!;
}

/** The rest of a cell whose content ended on an earlier page: its box continues, empty. */
function emptyPiece(cell: PlannedCell, width: number): BoxFragment {
  const b = borderOf(cell.box.style);
  const p = paddingOf(cell.box.style, width);
  return {
    kind: 'box', box: cell.box, x: 0, y: 0, width, height: p.bottom + b.bottom, isFirst: false, isLast: true,
    children: [], marker: null, firstBaseline: null, lastBaseline: null,
  };
}

/** Places a row that fits and finishes the cells that end in it. */
function placeRow(row: PlannedRow, r: number, y: number, metrics: RowMetrics, active: Map<PlannedCell, ActiveCell>, cells: PlacedCell[], rows: PlacedRow[], geo: TableGeometry): void {
  rows.push({ row, y, height: metrics.height, baseline: metrics.baseline ?? metrics.height });
  for (const a of active.values()) {
    if (lastRowOf(a.cell) !== r) continue;
    cells.push(finishCell(a, y + metrics.height - a.startY, geo, a.startY === y ? metrics.baseline : null));
    active.delete(a.cell);
  }
}

/**
 * A break before row `r` (after rows that fit): cells from above that span into `r` are cut
 * at `bottom`, their content split there if it does not fit, and continue on the next page.
 */
function breakBefore(r: number, active: Map<PlannedCell, ActiveCell>, cells: PlacedCell[], geo: TableGeometry, bottom: number, page: PageContext | null): { rowIndex: number; cells: ContinuingCell[] } {
  const continuing: ContinuingCell[] = [];
  for (const a of active.values()) {
    if (a.cell.row >= r) continue; // starts in row r: laid out afresh on the next page
    const room = bottom - a.startY;
    if (a.content.fragment.height > room + EPSILON && a.from !== 'done') a.content = layoutCell(a.cell, geo, a.from, room, page);
    cells.push(finishCell(a, room, geo, null));
    continuing.push({ cell: a.cell.cell, token: a.content.token });
  }
  return { rowIndex: r, cells: continuing };
}

/**
 * A row that does not fit in the rest of the fragment: its cells are split at the
 * fragment's end, and the row continues on the next one. At the fragment's start each cell
 * makes progress; elsewhere every cell must be able to start here. Null when no cell's
 * content needs splitting or one cannot start here; the cells are then left as they were.
 */
function splitRow(plan: TablePlan, geo: TableGeometry, r: number, y: number, input: RowsInput, active: Map<PlannedCell, ActiveCell>, cells: PlacedCell[], rows: PlacedRow[], atStart: boolean): RowsResult | null {
  const height = Math.max(1, input.limit - input.reserve - plan.spacingY - y);
  const pieces = new Map<ActiveCell, CellContent>();
  let split = false;
  for (const a of active.values()) {
    if (a.from === 'done') continue;
    const piece = layoutCellPiece(a.cell, geo, a.from, y + height - a.startY, atStart, input.page);
    if (!piece) return null;
    pieces.set(a, piece);
    if (piece.token) split = true;
  }
  if (!split) return null;
  for (const [a, piece] of pieces) a.content = piece;
  rows.push({ row: plan.rows[r]!, y, height, baseline: height });
  const continuing: ContinuingCell[] = [];
  const rowContinues = [...active.values()].some((a) => lastRowOf(a.cell) === r && a.content.token !== null);
  for (const a of active.values()) {
    cells.push(finishCell(a, y + height - a.startY, geo, null));
    if (rowContinues || lastRowOf(a.cell) > r) continuing.push({ cell: a.cell.cell, token: a.content.token });
  }
  return { cells, rows, y: y + height + plan.spacingY, next: { rowIndex: rowContinues ? r : r + 1, cells: continuing } };
}

/** The cell's fragment at its final height, its content moved by vertical-align (CSS 2.1 §17.5.4). */
function finishCell(a: ActiveCell, height: number, geo: TableGeometry, rowBaseline: number | null): PlacedCell {
  const f = a.content.fragment;
  // Cells are laid out without a block limit, which keeps their lines cached: let them go.
  const content = a.cell.box.content;
  if (a.content.token === null && content.kind === 'inline') releaseInlineLayout(content.ifc);
  const offset = a.from === 'fresh' && a.content.token === null && !holdsOnlyPlaceholders(f) ? alignOffset(a.cell, f, height, rowBaseline) : 0;
  const children = offset === 0 ? f.children : f.children.map((c) => ({ ...c, y: c.y + offset }));
  const fragment: BoxFragment = {
    ...f,
    x: geo.columnX[a.cell.column] ?? 0,
    y: a.startY,
    height: Math.max(height, 0),
    isLast: a.content.token === null && f.isLast,
    children,
    firstBaseline: f.firstBaseline === null ? null : f.firstBaseline + offset,
    lastBaseline: f.lastBaseline === null ? null : f.lastBaseline + offset,
  };
  const decorated = !(a.cell.empty && a.cell.specified.emptyCells === 'hide' && a.cell.box.style.borderCollapse === 'separate');
  return { cell: a.cell, fragment, decorated, repeated: false };
}

function alignOffset(cell: PlannedCell, f: BoxFragment, height: number, rowBaseline: number | null): number {
  const free = Math.max(0, height - f.height);
  switch (cell.specified.verticalAlign) {
    case 'top': return 0;
    case 'middle': return free / 2;
    case 'bottom': return free;
    default: return rowBaseline === null ? 0 : Math.min(free, Math.max(0, rowBaseline - cellBaseline(f)));
  }
}
