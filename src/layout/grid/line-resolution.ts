// Line-based placement of one item in one axis (css-grid-1 §8.3.1, §8.3.2): its grid-*-start
// and grid-*-end lines become a definite span of lines, or a span size to auto-place.
import type { GridLine } from '../../css/types.js';
import { MAX_GRID_LINE } from '../../css/properties/grid.js';

/** A definite position (0-based line index, may be negative: before the explicit grid) or an auto one. */
export interface AxisPlacement {
  readonly start: number | null;
  readonly span: number;
}

/** What resolution needs of the axis: its explicit track count and line names. */
export interface AxisLines {
  readonly count: number;
  readonly names: ReadonlyMap<string, readonly number[]>;
}

function clampLine(n: number): number {
  return Math.max(-MAX_GRID_LINE, Math.min(MAX_GRID_LINE, n));
}

/**
 * The nth line named `name` counting from the start (n > 0) or the end (n < 0); lines past
 * the explicit grid all count as having the name (§8.3).
 */
function namedLine(lines: AxisLines, name: string, n: number): number {
  const found = lines.names.get(name) ?? [];
  if (n > 0) return n <= found.length ? found[n - 1]! : lines.count + (n - found.length);
  const m = -n;
  return m <= found.length ? found[found.length - m]! : -(m - found.length);
}

/** A line that is not a span, for the start side or the end side. */
function definiteLine(line: GridLine & { kind: 'line' }, lines: AxisLines, side: 'start' | 'end'): number {
  if (line.name === null) return line.index > 0 ? line.index - 1 : lines.count + 1 + line.index;
  if (line.index !== 0) return namedLine(lines, line.name, line.index);
  // A lone identifier: the area's implicit `-start`/`-end` line first, then a line of that name (§8.3.1).
  const implicit = lines.names.get(`${line.name}-${side}`);
  if (implicit && implicit.length > 0) return implicit[0]!;
  return namedLine(lines, line.name, 1);
}

/** A span from `from` towards the end (dir 1) or the start (dir -1), counting lines named `name`. */
function spanFrom(from: number, count: number, name: string | null, lines: AxisLines, dir: 1 | -1): number {
  if (name === null) return from + dir * count;
  const found = lines.names.get(name) ?? [];
  let seen = 0;
  if (dir > 0) {
    for (const l of found) if (l > from && ++seen === count) return l;
    return Math.max(from, lines.count) + (count - seen);
  }
  for (let i = found.length - 1; i >= 0; i--) if (found[i]! < from && ++seen === count) return found[i]!;
  return Math.min(from, 0) - (count - seen);
}

export function resolveAxis(start: GridLine, end: GridLine, lines: AxisLines): AxisPlacement {
  if (start.kind === 'line' && end.kind === 'line') {
    let a = clampLine(definiteLine(start, lines, 'start'));
    let b = clampLine(definiteLine(end, lines, 'end'));
    if (a > b) [a, b] = [b, a];
    return { start: a, span: Math.max(1, b - a) };
  }
  if (start.kind === 'line') {
    const a = clampLine(definiteLine(start, lines, 'start'));
    if (end.kind !== 'span') return { start: a, span: 1 };
    return { start: a, span: Math.max(1, clampLine(spanFrom(a, end.count, end.name, lines, 1)) - a) };
  }
  if (end.kind === 'line') {
    const b = clampLine(definiteLine(end, lines, 'end'));
    if (start.kind === 'auto') return { start: b - 1, span: 1 };
    const a = clampLine(spanFrom(b, start.count, start.name, lines, -1));
    return { start: a, span: Math.max(1, b - a) };
  }
  // Auto placement: a named span counts as span 1 (§8.3.1); a span at the end wins when the start is auto.
  const span = start.kind === 'span' ? start : end.kind === 'span' ? end : null;
  return { start: null, span: span === null || span.name !== null ? 1 : span.count };
}

/**
 * The lines of an absolutely positioned child's grid area (css-grid-1 §9.1): null where a
 * line is auto (the padding edge stands for it); a span against an auto line is auto too.
 */
export function absoluteLines(start: GridLine, end: GridLine, lines: AxisLines): { start: number | null; end: number | null } {
  let a = start.kind === 'line' ? clampLine(definiteLine(start, lines, 'start')) : null;
  let b = end.kind === 'line' ? clampLine(definiteLine(end, lines, 'end')) : null;
  if (a !== null && b === null && end.kind === 'span') b = clampLine(spanFrom(a, end.count, end.name, lines, 1));
  if (b !== null && a === null && start.kind === 'span') a = clampLine(spanFrom(b, start.count, start.name, lines, -1));
  if (a !== null && b !== null && a > b) [a, b] = [b, a];
  // The same line twice: the end one is dropped (§8.3.1), and auto stands for it.
  if (a !== null && a === b) b = null;
  return { start: a, end: b };
}
