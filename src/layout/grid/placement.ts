// Grid item placement (css-grid-1 §8.5): definite lines first, then the items locked to a
// row (a column in column flow), then the rest by the auto-placement cursor, sparse or dense.
// Coordinates are worked out in the flow's major axis (rows for `row` flow) and minor axis.
import type { BlockLevelBox } from '../../boxes/types.js';
import type { ComputedStyle, GridLine } from '../../css/types.js';
import { resolveAxis, type AxisLines, type AxisPlacement } from './line-resolution.js';
import { Occupancy } from './occupancy.js';
import { implicitSpan } from './subgrid.js';

/** An item's grid area: 0-based track indices in the implicit grid. */
export interface PlacedItem {
  readonly box: BlockLevelBox;
  readonly row: number;
  readonly rowSpan: number;
  readonly column: number;
  readonly columnSpan: number;
}

export interface GridPlacement {
  readonly items: readonly PlacedItem[];
  readonly rowCount: number;
  readonly columnCount: number;
  /** The implicit grid's index of the first explicit track (implicit tracks come before it). */
  readonly rowOffset: number;
  readonly columnOffset: number;
}

interface Pending {
  readonly box: BlockLevelBox;
  major: AxisPlacement;
  minor: AxisPlacement;
}

/**
 * `clamp` (a subgrid's subgridded axes, css-grid-2 §9.3): no implicit tracks there; lines
 * are moved into the explicit grid before items are placed.
 */
export function placeItems(items: readonly BlockLevelBox[], rows: AxisLines, columns: AxisLines, flow: ComputedStyle['gridAutoFlow'], clamp = { rows: false, columns: false }): GridPlacement {
  const majorLines = flow.column ? columns : rows;
  const minorLines = flow.column ? rows : columns;
  const pending: Pending[] = items.map((box) => {
    const s = box.style;
    let r = withImplicitSpan(resolveAxis(s.gridRowStart, s.gridRowEnd, rows), s.gridRowStart, s.gridRowEnd, implicitSpan(box, 'rows'));
    let c = withImplicitSpan(resolveAxis(s.gridColumnStart, s.gridColumnEnd, columns), s.gridColumnStart, s.gridColumnEnd, implicitSpan(box, 'columns'));
    if (clamp.rows) r = clamped(r, rows.count);
    if (clamp.columns) c = clamped(c, columns.count);
    return flow.column ? { box, major: c, minor: r } : { box, major: r, minor: c };
  });
  // Implicit tracks before the explicit grid make room for negative lines.
  let majorShift = 0;
  let minorShift = 0;
  for (const p of pending) {
    if (p.major.start !== null) majorShift = Math.max(majorShift, -p.major.start);
    if (p.minor.start !== null) minorShift = Math.max(minorShift, -p.minor.start);
  }
  let width = minorLines.count + minorShift;
  let majorEnd = majorLines.count + majorShift;
  for (const p of pending) {
    if (p.major.start !== null) p.major = { start: p.major.start + majorShift, span: p.major.span };
    const minorStart = p.minor.start;
    if (minorStart !== null) {
      p.minor = { start: minorStart + minorShift, span: p.minor.span };
      width = Math.max(width, minorStart + minorShift + p.minor.span);
    } else width = Math.max(width, p.minor.span);
  }
  const grid = new Occupancy(width);
  const placed = new Map<Pending, { major: number; minor: number }>();
  const place = (p: Pending, major: number, minor: number) => {
    grid.mark(major, p.major.span, minor, p.minor.span);
    placed.set(p, { major, minor });
    majorEnd = Math.max(majorEnd, major + p.major.span);
  };
  // Step 1: definite in both axes.
  for (const p of pending) if (p.major.start !== null && p.minor.start !== null) place(p, p.major.start, p.minor.start);
  // Step 2: locked to a major track; sparse placement keeps a cursor per track.
  const cursors = new Map<number, number>();
  for (const p of pending) {
    if (p.major.start === null || p.minor.start !== null) continue;
    const major = p.major.start;
    let minor = flow.dense ? 0 : cursors.get(major) ?? 0;
    for (;;) {
      grid.widen(minor + p.minor.span);
      if (grid.fits(major, p.major.span, minor, p.minor.span)) break;
      minor++;
    }
    place(p, major, minor);
    cursors.set(major, minor + p.minor.span);
  }
  // Step 4: the rest, by the auto-placement cursor.
  let cursorMajor = 0;
  let cursorMinor = 0;
  for (const p of pending) {
    if (placed.has(p)) continue;
    if (flow.dense) {
      cursorMajor = grid.firstOpen;
      cursorMinor = 0;
    }
    if (p.minor.start !== null) {
      const minor = p.minor.start;
      if (!flow.dense && minor < cursorMinor) cursorMajor++;
      while (!grid.fits(cursorMajor, p.major.span, minor, p.minor.span)) cursorMajor++;
      place(p, cursorMajor, minor);
      cursorMinor = minor + p.minor.span;
      continue;
    }
    for (;;) {
      if (cursorMinor + p.minor.span > grid.minorCount) {
        cursorMajor++;
        cursorMinor = 0;
      } else if (grid.fits(cursorMajor, p.major.span, cursorMinor, p.minor.span)) break;
      else cursorMinor++;
    }
    place(p, cursorMajor, cursorMinor);
    cursorMinor += p.minor.span;
  }
  const out: PlacedItem[] = pending.map((p) => {
    const at = placed.get(p)!;
    return flow.column
      ? { box: p.box, row: at.minor, rowSpan: p.minor.span, column: at.major, columnSpan: p.major.span }
      : { box: p.box, row: at.major, rowSpan: p.major.span, column: at.minor, columnSpan: p.minor.span };
  });
  const minorCount = grid.minorCount;
  return flow.column
    ? { items: out, rowCount: minorCount, columnCount: majorEnd, rowOffset: minorShift, columnOffset: majorShift }
    : { items: out, rowCount: majorEnd, columnCount: minorCount, rowOffset: majorShift, columnOffset: minorShift };
}

/** A subgrid placed with no span and at most one line spans its own line names' tracks (css-grid-2 §9.3). */
function withImplicitSpan(p: AxisPlacement, start: GridLine, end: GridLine, span: number): AxisPlacement {
  if (span === 1 || start.kind === 'span' || end.kind === 'span' || (start.kind === 'line' && end.kind === 'line')) return p;
  if (start.kind === 'auto' && end.kind === 'line') return { start: p.start === null ? null : p.start + 1 - span, span };
  return { start: p.start, span };
}

/** A placement moved into `count` tracks and its span cut to fit them. */
function clamped(p: AxisPlacement, count: number): AxisPlacement {
  const n = Math.max(1, count);
  if (p.start === null) return { start: null, span: Math.min(p.span, n) };
  const start = Math.min(Math.max(0, p.start), n - 1);
  return { start, span: Math.max(1, Math.min(p.span, n - start)) };
}
