// Table and column widths (CSS 2.1 §17.5.2; the distribution of css-tables-3 §3.9, which
// browsers follow): column min/max-content widths from the cells, percentages and fixed
// widths, spanning cells spread over their columns; then the table's used width, and the
// columns' share of it. `table-layout: fixed` uses the columns and the first row only.
import type { AtomicLayout } from '../inline/pieces.js';
import { horizontalFrame, maxWidthOrNone, minWidthOrZero, resolveAuto, resolveLength, resolveNone, widthOrAuto } from '../box-model.js';
import { intrinsicContribution, measureContentSizes } from '../intrinsic.js';
import type { ComputedStyle, IntrinsicSizeKeyword, LengthPercentageAuto } from '../../css/types.js';
import { tablePadding, type PlannedCell, type TablePlan } from './plan.js';

export interface ColumnMetrics {
  readonly min: readonly number[];
  readonly max: readonly number[];
  /** Percentage widths (0..100; 0 when none). */
  readonly pct: readonly number[];
  /** The column has a fixed (absolute) width from a `<col>` or a cell. */
  readonly fixed: readonly boolean[];
}

/** The table's used geometry at one containing-block width. */
export interface TableGeometry {
  /** Border-box width of the table box (and of the wrapper). */
  readonly width: number;
  readonly columnWidths: readonly number[];
  /** Left edge of each column, from the table box's left border edge. */
  readonly columnX: readonly number[];
}

const metricsCache = new WeakMap<TablePlan, ColumnMetrics>();
const geometryCache = new WeakMap<TablePlan, Map<number | string, TableGeometry>>();

/** A cell's outer min/max-content widths and its own width (border box) if fixed. */
function cellWidths(cell: PlannedCell, layoutAtomic: AtomicLayout): { min: number; max: number; fixed: number | null; pct: number } {
  const inner = measureContentSizes(cell.box, layoutAtomic);
  const frame = horizontalFrame(cell.box.style, 0);
  const fixed = fixedWidth(cell.specified.width, cell.specified, frame);
  const pct = percentOf(cell.specified.width);
  // A fixed width is a minimum too, as in browsers; in a constrained column it is also the max.
  const min = Math.max(inner.min + frame, fixed ?? 0);
  const max = fixed !== null ? Math.max(min, fixed) : Math.max(min, inner.max + frame);
  return { min, max, fixed, pct };
}

/** An absolute width as a border-box width; null for auto and percentages (and intrinsic keywords, which tables do not size by). */
function fixedWidth(value: LengthPercentageAuto | IntrinsicSizeKeyword, style: ComputedStyle, frame: number): number | null {
  const width = widthOrAuto(value);
  if (width === 'auto' || width.pct !== 0) return null;
  return style.boxSizing === 'border-box' ? Math.max(width.abs, frame) : width.abs + frame;
}

function percentOf(value: LengthPercentageAuto | IntrinsicSizeKeyword): number {
  const width = widthOrAuto(value);
  return width !== 'auto' && width.pct > 0 && width.abs === 0 ? width.pct : 0;
}

/** Column min/max-content widths, percentages and fixed flags (cached per table). */
export function columnMetrics(plan: TablePlan, layoutAtomic: AtomicLayout): ColumnMetrics {
  let hit = metricsCache.get(plan);
  if (!hit) {
    hit = computeMetrics(plan, layoutAtomic);
    metricsCache.set(plan, hit);
  }
  return hit;
}

function computeMetrics(plan: TablePlan, layoutAtomic: AtomicLayout): ColumnMetrics {
  const n = plan.columns;
  const min = new Array<number>(n).fill(0);
  const max = new Array<number>(n).fill(0);
  const pct = new Array<number>(n).fill(0);
  const fixed = new Array<boolean>(n).fill(false);
  plan.columnBoxes.slice(0, n).forEach((col, c) => {
    const style = col?.style ?? col?.group?.style;
    if (!style) return;
    const w = fixedWidth(style.width, style, 0);
    if (w !== null) {
      min[c] = Math.max(min[c]!, w);
      max[c] = Math.max(max[c]!, w);
      fixed[c] = true;
    }
    pct[c] = Math.max(pct[c]!, percentOf(style.width));
  });
  const spanning: { cell: PlannedCell; widths: ReturnType<typeof cellWidths> }[] = [];
  for (const row of plan.rows) {
    if (row.collapsed) continue;
    for (const cell of row.cells) {
      const widths = cellWidths(cell, layoutAtomic);
      if (cell.colSpan > 1) {
        spanning.push({ cell, widths });
        continue;
      }
      const c = cell.column;
      min[c] = Math.max(min[c]!, widths.min);
      max[c] = Math.max(max[c]!, widths.max);
      if (widths.fixed !== null) fixed[c] = true;
      pct[c] = Math.max(pct[c]!, widths.pct);
    }
  }
  // Narrow spans first, so that wide ones see the columns as the narrow ones left them.
  spanning.sort((a, b) => a.cell.colSpan - b.cell.colSpan);
  for (const { cell, widths } of spanning) spreadSpanningCell(cell, widths, { min, max, pct, fixed }, plan.spacingX);
  for (let c = 0; c < n; c++) max[c] = Math.max(max[c]!, min[c]!);
  // Percentages past 100% in total are cut from the later columns (from the left ones in rtl).
  const rtl = plan.box.style.direction === 'rtl';
  let total = 0;
  for (let i = 0; i < n; i++) {
    const c = rtl ? n - 1 - i : i;
    pct[c] = Math.min(pct[c]!, Math.max(0, 100 - total));
    total += pct[c]!;
  }
  return { min, max, pct, fixed };
}

/** Grows the spanned columns so that they hold a spanning cell, in proportion to their max-content widths. */
function spreadSpanningCell(cell: PlannedCell, widths: { min: number; max: number; pct: number }, m: { min: number[]; max: number[]; pct: number[]; fixed: boolean[] }, spacing: number): void {
  const columns: number[] = [];
  for (let c = cell.column; c < Math.min(m.min.length, cell.column + cell.colSpan); c++) columns.push(c);
  if (columns.length === 0) return;
  const inner = spacing * (columns.length - 1);
  const grow = (values: number[], target: number, weights: readonly number[]) => {
    const current = columns.reduce((sum, c) => sum + values[c]!, inner);
    if (target <= current) return;
    const weight = columns.reduce((sum, c) => sum + weights[c]!, 0);
    for (const c of columns) values[c] = values[c]! + (target - current) * (weight > 0 ? weights[c]! / weight : 1 / columns.length);
  };
  grow(m.min, widths.min, m.max);
  grow(m.max, widths.max, m.max);
  if (widths.pct > 0) {
    const have = columns.reduce((sum, c) => sum + m.pct[c]!, 0);
    const free = columns.filter((c) => m.pct[c] === 0);
    const weight = free.reduce((sum, c) => sum + m.max[c]!, 0);
    for (const c of free) m.pct[c] = Math.max(0, widths.pct - have) * (weight > 0 ? m.max[c]! / weight : 1 / free.length);
  }
}

/**
 * The table's min/max-content border-box widths, as a table inside a shrink-to-fit box or a
 * cell contributes them: its grid and captions, or its own width when that is wider.
 */
export function tableIntrinsicSizes(plan: TablePlan, layoutAtomic: AtomicLayout): { min: number; max: number } {
  const style = plan.box.style;
  const grid = gridWidths(columnMetrics(plan, layoutAtomic), gridExtras(plan, 0));
  const min = Math.max(grid.min, captionMin(plan, layoutAtomic));
  const specified = fixedWidth(style.width, style, tableFrame(plan, 0));
  if (specified !== null) return { min: Math.max(min, specified), max: Math.max(min, specified) };
  return { min, max: Math.max(min, grid.max) };
}

/** The table box's used border and padding, left and right. */
function tableFrame(plan: TablePlan, cbWidth: number): number {
  const pad = tablePadding(plan, cbWidth);
  return plan.border.left + plan.border.right + pad.left + pad.right;
}

/** What the table box adds around its columns: its frame, and the spacing at both ends and between columns. */
function gridExtras(plan: TablePlan, cbWidth: number): number {
  const n = plan.columns;
  return tableFrame(plan, cbWidth) + (n > 0 ? (n + 1) * plan.spacingX : 0);
}

/** The grid's min- and max-content border-box widths; percentage columns can widen the max. */
function gridWidths(m: ColumnMetrics, extras: number): { min: number; max: number } {
  const min = sum(m.min) + extras;
  return { min, max: Math.max(min, Math.max(sum(m.max), percentMax(m)) + extras) };
}

/** The table is at least as wide as its captions' min-content (css-tables-3 §3.9.1). */
function captionMin(plan: TablePlan, layoutAtomic: AtomicLayout): number {
  return plan.box.captions.reduce((w, c) => Math.max(w, intrinsicContribution(c, layoutAtomic).min), 0);
}

/**
 * The table's width and its columns' at a containing-block width (cached per table and width).
 * A `forced` border-box width (a flex item's flexed size) stands for the table's width, its
 * min-width and max-width; the table is still never narrower than its columns' minimum.
 */
export function tableGeometry(plan: TablePlan, cbWidth: number, layoutAtomic: AtomicLayout, forced?: number): TableGeometry {
  let byWidth = geometryCache.get(plan);
  if (!byWidth) {
    byWidth = new Map();
    geometryCache.set(plan, byWidth);
  }
  const key = forced === undefined ? cbWidth : `${cbWidth}:${forced}`;
  let hit = byWidth.get(key);
  if (!hit) {
    hit = computeGeometry(plan, cbWidth, layoutAtomic, forced);
    if (byWidth.size > 16) byWidth.clear();
    byWidth.set(key, hit);
  }
  return hit;
}

function computeGeometry(plan: TablePlan, cbWidth: number, layoutAtomic: AtomicLayout, forced: number | undefined): TableGeometry {
  const style = plan.box.style;
  const pad = tablePadding(plan, cbWidth);
  const frame = tableFrame(plan, cbWidth);
  const extras = gridExtras(plan, cbWidth);
  const ml = forced === undefined ? resolveAuto(style.marginLeft, cbWidth) : 0;
  const mr = forced === undefined ? resolveAuto(style.marginRight, cbWidth) : 0;
  const specified = forced ?? resolveAuto(widthOrAuto(style.width), cbWidth);
  const specifiedBorderBox = specified === null ? null : style.boxSizing === 'border-box' || forced !== undefined ? specified : specified + frame;
  const fixedLayout = style.tableLayout === 'fixed' && specifiedBorderBox !== null && widthOrAuto(style.width) !== 'auto';

  let columnWidths: number[];
  let width: number;
  if (fixedLayout) {
    const target = Math.max(0, specifiedBorderBox - extras);
    columnWidths = fixedColumnWidths(plan, target);
    width = Math.max(specifiedBorderBox, sum(columnWidths) + extras);
  } else {
    const m = columnMetrics(plan, layoutAtomic);
    const grid = gridWidths(m, extras);
    const available = Math.max(0, cbWidth - (ml ?? 0) - (mr ?? 0));
    width = specifiedBorderBox ?? Math.min(grid.max, available);
    const maxWidth = forced ?? resolveNone(maxWidthOrNone(style.maxWidth), cbWidth);
    const minWidth = forced ?? resolveLength(minWidthOrZero(style.minWidth), cbWidth);
    width = Math.max(grid.min, captionMin(plan, layoutAtomic), minWidth, Math.min(width, maxWidth));
    columnWidths = distribute(m, width - extras);
  }
  const columnX: number[] = [];
  let x = plan.border.left + pad.left + plan.spacingX;
  for (const w of columnWidths) {
    columnX.push(x);
    x += w + plan.spacingX;
  }
  return { width, columnWidths, columnX };
}

/**
 * The table's left margin at border-box width `width` (CSS 2.1 §10.3.3): auto margins centre
 * it; over-constrained, the end margin gives way, so a table wider than its container keeps
 * its start margin (the left one in an ltr container, the right one in rtl). A `forced`
 * width comes with no margins.
 */
export function tableMarginLeft(style: ComputedStyle, cbWidth: number, width: number, forced: number | undefined, cbDirection: 'ltr' | 'rtl'): number {
  if (forced !== undefined) return 0;
  const ml = resolveAuto(style.marginLeft, cbWidth);
  const mr = resolveAuto(style.marginRight, cbWidth);
  const space = cbWidth - width;
  if (ml === null && mr === null) return Math.max(0, space / 2);
  if (ml === null) return Math.max(0, space - (mr ?? 0));
  if (mr !== null && cbDirection === 'rtl') return space - mr;
  return ml;
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/** The grid width at which every percentage column gets at least its max-content width. */
function percentMax(m: ColumnMetrics): number {
  let needed = 0;
  let pctTotal = 0;
  let otherMax = 0;
  for (let c = 0; c < m.pct.length; c++) {
    const p = m.pct[c]!;
    if (p > 0) needed = Math.max(needed, (m.max[c]! * 100) / p);
    else otherMax += m.max[c]!;
    pctTotal += p;
  }
  if (pctTotal > 0 && pctTotal < 100) needed = Math.max(needed, (otherMax * 100) / (100 - pctTotal));
  return needed;
}

/**
 * Column widths for a grid width (css-tables-3 §3.9.3): between the min-content,
 * min-content-percentage, min-content-specified and max-content guesses the widths are
 * interpolated; beyond max-content the excess goes to auto columns, else fixed, else
 * percentage ones, in proportion to their widths.
 */
export function distribute(m: ColumnMetrics, target: number): number[] {
  const n = m.min.length;
  const isPct = (c: number) => m.pct[c]! > 0;
  const pctGuess = (c: number) => (isPct(c) ? Math.max(m.min[c]!, (m.pct[c]! / 100) * target) : m.min[c]!);
  const guesses: number[][] = [
    [...m.min],
    m.min.map((_, c) => pctGuess(c)),
    m.min.map((_, c) => (isPct(c) ? pctGuess(c) : m.fixed[c] ? m.max[c]! : m.min[c]!)),
    m.min.map((_, c) => (isPct(c) ? pctGuess(c) : m.max[c]!)),
  ];
  const totals = guesses.map(sum);
  if (target <= totals[0]!) return guesses[0]!;
  for (let g = 1; g < guesses.length; g++) {
    if (target <= totals[g]!) {
      const a = guesses[g - 1]!;
      const b = guesses[g]!;
      const span = totals[g]! - totals[g - 1]!;
      const t = span > 0 ? (target - totals[g - 1]!) / span : 1;
      return a.map((w, c) => w + (b[c]! - w) * t);
    }
  }
  const widths = guesses[3]!;
  const excess = target - totals[3]!;
  const all = Array.from({ length: n }, (_, c) => c);
  const auto = all.filter((c) => !isPct(c) && !m.fixed[c]);
  const fixed = all.filter((c) => !isPct(c) && m.fixed[c]);
  const pct = all.filter(isPct);
  const group = auto.length > 0 ? auto : fixed.length > 0 ? fixed : pct.length > 0 ? pct : all;
  const weightOf = (c: number) => (group === pct ? m.pct[c]! : widths[c]!);
  const weight = group.reduce((s, c) => s + weightOf(c), 0);
  for (const c of group) widths[c] = widths[c]! + excess * (weight > 0 ? weightOf(c) / weight : 1 / group.length);
  return widths;
}

/**
 * `table-layout: fixed` (CSS 2.1 §17.5.2.1): widths from `<col>`s, then from the first row's
 * cells; the columns left share what remains equally.
 */
function fixedColumnWidths(plan: TablePlan, target: number): number[] {
  const n = plan.columns;
  const widths: (number | null)[] = new Array(n).fill(null);
  plan.columnBoxes.slice(0, n).forEach((col, c) => {
    const style = col?.style ?? col?.group?.style;
    const width = style ? widthOrAuto(style.width) : 'auto';
    if (width !== 'auto') widths[c] = resolveLength(width, target);
  });
  const first = plan.rows.find((r) => !r.collapsed);
  for (const cell of first?.cells ?? []) {
    const w = widthOrAuto(cell.specified.width);
    if (w === 'auto') continue;
    // Percentages give the column's share as is; lengths are content-box unless box-sizing says otherwise.
    const frame = w.pct !== 0 || cell.specified.boxSizing === 'border-box' ? 0 : horizontalFrame(cell.box.style, 0);
    const border = resolveLength(w, target) + frame;
    const share = (border - plan.spacingX * (cell.colSpan - 1)) / cell.colSpan;
    for (let c = cell.column; c < Math.min(n, cell.column + cell.colSpan); c++) widths[c] ??= Math.max(0, share);
  }
  const assigned = widths.reduce<number>((s, w) => s + (w ?? 0), 0);
  const open = widths.filter((w) => w === null).length;
  const remaining = Math.max(0, target - assigned);
  if (open > 0) return widths.map((w) => w ?? remaining / open);
  const done = widths as number[];
  if (remaining > 0 && n > 0) return done.map((w) => w + (assigned > 0 ? (remaining * w) / assigned : remaining / n));
  return done;
}
