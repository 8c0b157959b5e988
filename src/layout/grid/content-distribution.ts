// Content distribution (css-align-3 §5.1) of the grid tracks in the container, and the
// track offsets that result (css-grid-1 §10.5 gutters, §10.6 justify-content/align-content).
import type { AlignmentKeyword } from '../../css/types.js';

/** Where the first track starts and the space added to every gap. */
export interface Distribution {
  readonly offset: number;
  readonly between: number;
}

export function distribute(keyword: AlignmentKeyword, free: number, tracks: number): Distribution {
  if (tracks === 0) return { offset: 0, between: 0 };
  switch (keyword) {
    case 'end': case 'flex-end': case 'right': return { offset: free, between: 0 };
    case 'center': return { offset: free / 2, between: 0 };
    // Distribution falls back to safe start or safe center when the space is negative (§5.1):
    // safe, an overflowing grid stays at the start.
    case 'space-between':
      return free > 0 && tracks > 1 ? { offset: 0, between: free / (tracks - 1) } : { offset: 0, between: 0 };
    case 'space-around':
      return free > 0 ? { offset: free / tracks / 2, between: free / tracks } : { offset: 0, between: 0 };
    case 'space-evenly':
      return free > 0 ? { offset: free / (tracks + 1), between: free / (tracks + 1) } : { offset: 0, between: 0 };
    default: return { offset: 0, between: 0 };
  }
}

/** The number of gaps between tracks: collapsed tracks have none beside them (css-grid-1 §7.2.3.2). */
export function gapCount(collapsed: readonly boolean[]): number {
  let open = 0;
  for (const c of collapsed) if (!c) open++;
  return Math.max(0, open - 1);
}

/**
 * Where each track starts, and the end of the last: `lines[i]` is track i's start, `lines[n]`
 * the grid's end. Gaps (and distributed space) go only between tracks that are not collapsed.
 */
export function trackLines(sizes: readonly number[], gap: number, d: Distribution, collapsed: readonly boolean[]): number[] {
  const lines: number[] = [];
  let at = d.offset;
  let open = false;
  sizes.forEach((s, i) => {
    if (open && !collapsed[i]) at += gap + d.between;
    lines.push(at);
    at += s;
    if (!collapsed[i]) open = true;
  });
  lines.push(at);
  return lines;
}
