// The collapsed borders of one table fragment as strokes along the grid lines of the rows
// placed in it. Adjacent segments with the same border merge into one stroke, so a long
// table draws a few lines per row rather than one per cell side.
import type { BorderSegment } from '../types.js';
import { segmentWidth, winner, type CollapsedBorder, type CollapsedBorders } from './collapsed-borders.js';
import type { TableGeometry } from './column-widths.js';
import type { PlannedRow } from './plan.js';

/** A row as placed in a fragment (table-box coordinates). */
export interface PlacedRow {
  readonly row: PlannedRow;
  readonly y: number;
  readonly height: number;
  /** Baseline from the row's top. */
  readonly baseline: number;
}

export function collapsedSegments(b: CollapsedBorders, geo: TableGeometry, placed: readonly PlacedRow[]): BorderSegment[] {
  const C = b.columns;
  if (C === 0 || placed.length === 0) return [];
  const lineX = (c: number) => (c < C ? geo.columnX[c]! : geo.columnX[C - 1]! + geo.columnWidths[C - 1]!);
  const out: BorderSegment[] = [];
  const vertical = (r: number, c: number) => b.vertical[r * (C + 1) + c] ?? null;
  for (let i = 0; i < placed.length; i++) {
    const { row, y, height } = placed[i]!;
    const r = row.index;
    const prev = placed[i - 1];
    // The line above: shared with the row placed before when they are neighbours in the grid;
    // otherwise (a repeated header above a resumed body row) the stronger of the two lines.
    const above = (c: number): CollapsedBorder | null => {
      const own = b.horizontal[r * C + c] ?? null;
      if (!prev || prev.row.index === r - 1) return own;
      return winner(b.horizontal[(prev.row.index + 1) * C + c] ?? null, own);
    };
    horizontalLine(out, y, C, lineX, above, (c) => segmentWidth(vertical(r, c)));
    for (let c = 0; c <= C; c++) pushSegment(out, vertical(r, c), lineX(c), y, lineX(c), y + height);
  }
  const last = placed[placed.length - 1]!;
  const below = (c: number) => b.horizontal[(last.row.index + 1) * C + c] ?? null;
  horizontalLine(out, last.y + last.height, C, lineX, below, (c) => segmentWidth(vertical(last.row.index, c)));
  return mergeVertical(out);
}

/** One horizontal grid line, each column's segment stretched over half the vertical borders at its ends. */
function horizontalLine(out: BorderSegment[], y: number, C: number, lineX: (c: number) => number, border: (c: number) => CollapsedBorder | null, joint: (c: number) => number): void {
  for (let c = 0; c < C; c++) {
    const b = border(c);
    const x1 = lineX(c) - joint(c) / 2;
    const x2 = lineX(c + 1) + joint(c + 1) / 2;
    const prev = out[out.length - 1];
    if (b && prev && prev.y1 === y && prev.y2 === y && sameBorder(prev, b) && Math.abs(prev.x2 - x1) <= Math.max(prev.width, joint(c))) {
      out[out.length - 1] = { ...prev, x2 };
      continue;
    }
    pushSegment(out, b, x1, y, x2, y);
  }
}

function pushSegment(out: BorderSegment[], b: CollapsedBorder | null, x1: number, y1: number, x2: number, y2: number): void {
  const width = segmentWidth(b);
  if (!b || width <= 0 || b.style === 'none') return;
  out.push({ x1, y1, x2, y2, width, style: b.style, color: b.color });
}

function sameBorder(s: BorderSegment, b: CollapsedBorder): boolean {
  return s.width === b.width && s.style === b.style && s.color.r === b.color.r && s.color.g === b.color.g && s.color.b === b.color.b && s.color.a === b.color.a;
}

/** Joins vertical segments that continue each other down the same line. */
function mergeVertical(segments: readonly BorderSegment[]): BorderSegment[] {
  // The index in `out` of the last vertical run on each line, by line and border.
  const open = new Map<string, number>();
  const out: BorderSegment[] = [];
  for (const s of segments) {
    if (s.x1 !== s.x2) {
      out.push(s);
      continue;
    }
    const key = `${s.x1}|${s.width}|${s.style}|${s.color.r},${s.color.g},${s.color.b},${s.color.a}`;
    const index = open.get(key);
    const run = index === undefined ? undefined : out[index]!;
    if (run && index !== undefined && Math.abs(run.y2 - s.y1) < 1e-6) {
      out[index] = { ...run, y2: s.y2 };
    } else {
      open.set(key, out.length);
      out.push(s);
    }
  }
  return out;
}
