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

/** A segment while its run grows: it is drawn on to (x2, y2) in place rather than copied per row. */
type Stroke = { -readonly [K in keyof BorderSegment]: BorderSegment[K] };

export function collapsedSegments(b: CollapsedBorders, geo: TableGeometry, placed: readonly PlacedRow[]): BorderSegment[] {
  const C = b.columns;
  if (C === 0 || placed.length === 0) return [];
  const lineX = (c: number) => (c < C ? geo.columnX[c]! : geo.columnX[C - 1]! + geo.columnWidths[C - 1]!);
  const out: Stroke[] = [];
  const vertical = (r: number, c: number) => b.vertical[r * (C + 1) + c] ?? null;
  // Per vertical line: the border of its current run and the run's index in `out`.
  const runBorder: (CollapsedBorder | null)[] = new Array(C + 1).fill(null);
  const runIndex: number[] = new Array(C + 1).fill(-1);
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
    for (let c = 0; c <= C; c++) {
      const border = vertical(r, c);
      const run = runIndex[c]! >= 0 ? out[runIndex[c]!]! : null;
      if (border && run && sameBorder(runBorder[c]!, border) && Math.abs(run.y2 - y) < 1e-6) {
        run.y2 = y + height;
        continue;
      }
      runBorder[c] = border;
      runIndex[c] = pushSegment(out, border, lineX(c), y, lineX(c), y + height);
    }
  }
  const last = placed[placed.length - 1]!;
  const below = (c: number) => b.horizontal[(last.row.index + 1) * C + c] ?? null;
  horizontalLine(out, last.y + last.height, C, lineX, below, (c) => segmentWidth(vertical(last.row.index, c)));
  return out;
}

/** One horizontal grid line, each column's segment stretched over half the vertical borders at its ends. */
function horizontalLine(out: Stroke[], y: number, C: number, lineX: (c: number) => number, border: (c: number) => CollapsedBorder | null, joint: (c: number) => number): void {
  let runBorder: CollapsedBorder | null = null;
  let runIndex = -1;
  for (let c = 0; c < C; c++) {
    const b = border(c);
    const x1 = lineX(c) - joint(c) / 2;
    const x2 = lineX(c + 1) + joint(c + 1) / 2;
    if (b && runIndex >= 0 && runBorder && sameBorder(runBorder, b)) {
      out[runIndex]!.x2 = x2;
      continue;
    }
    runBorder = b;
    runIndex = pushSegment(out, b, x1, y, x2, y);
  }
}

/** Adds a stroke for a visible border; returns its index, or -1. */
function pushSegment(out: Stroke[], b: CollapsedBorder | null, x1: number, y1: number, x2: number, y2: number): number {
  const width = segmentWidth(b);
  if (!b || width <= 0 || b.style === 'none') return -1;
  out.push({ x1, y1, x2, y2, width, style: b.style, color: b.color });
  return out.length - 1;
}

function sameBorder(a: CollapsedBorder | null, b: CollapsedBorder): boolean {
  if (a === b) return true;
  if (a === null) return false;
  const x = a.color;
  const y = b.color;
  return a.width === b.width && a.style === b.style && x.r === y.r && x.g === y.g && x.b === y.b && x.a === y.a;
}
