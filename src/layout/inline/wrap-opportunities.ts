// The soft wrap opportunities of a paragraph: UAX #14's (text/line-break.ts) plus those around
// the objects in it, as sorted offsets, found once when the paragraph is collected.
import { wrapPositions } from '../../text/line-break.js';
import type { InlineItem } from './collect.js';

/**
 * Soft wrap opportunities of the paragraph, ascending offsets (a break before that offset). A
 * plain array of exact size: a typed array costs an ArrayBuffer and a backing store each, and
 * a table has a paragraph of one or two opportunities per cell.
 */
export function wrapOpportunities(text: string, items: readonly InlineItem[]): readonly number[] {
  const positions = wrapPositions(text);
  // Atomic inlines allow breaks on both sides, as browsers do for images. A leader allows a
  // break before it but not after, so it goes to the next line with what follows it.
  let objects = false;
  const noBreak = new Set<number>();
  for (const item of items) {
    if (item.kind === 'atomic') {
      positions.push(item.start, item.start + 1);
      objects = true;
    } else if (item.kind === 'leader') {
      positions.push(item.start);
      noBreak.add(item.start + 1);
      objects = true;
    }
  }
  for (const item of items) if (item.kind === 'atomic') noBreak.delete(item.start);
  if (!objects) return positions.length === 1 ? single(positions[0]!) : positions.slice();
  return [...new Set(positions)].filter((p) => !noBreak.has(p)).sort((a, b) => a - b);
}

// A paragraph of one word has one opportunity, at its end: a table's cells share these.
const SINGLES: (readonly number[])[] = [];
const MAX_SHARED_SINGLE = 64;

function single(position: number): readonly number[] {
  if (position >= MAX_SHARED_SINGLE) return [position];
  return (SINGLES[position] ??= [position]);
}

/** Index of the first entry greater than `value` (binary search). */
export function firstAfter(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function hasOpportunity(sorted: readonly number[], position: number): boolean {
  const i = firstAfter(sorted, position - 1);
  return i < sorted.length && sorted[i] === position;
}
