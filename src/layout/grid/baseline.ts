// Baseline alignment in grids, in the column axis (align-self/align-items: [first | last]?
// baseline): items that share a row share a baseline (css-align-3 §9.3), the offset that
// aligns them is extra margin ("shim") that counts in the rows' sizing (css-grid-1 §11.5
// step 1), and the grid container's own baselines come from its first and last rows
// (css-grid-1 §10.8). Horizontal writing modes only: row-axis baselines would need items
// with vertical baselines.
import type { AlignmentKeyword, ComputedStyle, GridTrackSize, LengthPercentageAuto, LengthPercentageNone } from '../../css/types.js';
import { fixedBreadth } from './explicit-grid.js';
import type { BoxFragment } from '../types.js';
import type { PlacedItem } from './placement.js';

export type BaselineSet = 'first' | 'last';

/** The baseline set an alignment value aligns by, or null when it is not a baseline value. */
export function baselineSet(align: AlignmentKeyword): BaselineSet | null {
  return align === 'baseline' ? 'first' : align === 'last baseline' ? 'last' : null;
}

const hasPercentage = (v: LengthPercentageAuto | LengthPercentageNone) => typeof v === 'object' && v.pct !== 0;

/** A track whose size depends on its items: intrinsic, or flexible in an indefinite height. */
function intrinsicTrack(t: GridTrackSize, basis: number | null): boolean {
  if (t.fitContent !== null || fixedBreadth(t.min, basis) === null) return true;
  if (fixedBreadth(t.max, basis) !== null) return false;
  return !(typeof t.max === 'object' && 'fr' in t.max && basis !== null);
}

/**
 * Whether a baseline-aligned item takes part in baseline alignment: not when its height
 * depends on an intrinsically sized row it spans, a cycle (css-grid-1 §10.6): it then
 * aligns by its fallback alignment (start for first baseline, end for last).
 */
export function participates(style: ComputedStyle, rows: readonly GridTrackSize[], start: number, span: number, basis: number | null): boolean {
  if (!hasPercentage(style.height) && !hasPercentage(style.minHeight) && !hasPercentage(style.maxHeight)) return true;
  for (let t = start; t < start + span; t++) if (intrinsicTrack(rows[t]!, basis)) return false;
  return true;
}

/** Extra margin on an item's top (first baseline) or bottom (last baseline) side. */
export interface Shim {
  readonly top: number;
  readonly bottom: number;
}

export const NO_SHIM: Shim = { top: 0, bottom: 0 };

/** An item's first or last baseline from its fragment's top; a box without one takes its bottom border edge (css-align-3 §9.1). */
export function fragmentBaseline(f: BoxFragment, set: BaselineSet): number {
  return (set === 'first' ? f.firstBaseline : f.lastBaseline) ?? f.height;
}

/** A baseline-aligned item as track sizing sees it: its fragment at its area's width and its block margins. */
export interface BaselineItem {
  readonly fragment: BoxFragment;
  readonly marginTop: number;
  readonly marginBottom: number;
}

/**
 * The shim of every item (by placement index; null for items not aligned by baseline). A
 * baseline-sharing group is the items of one row: a spanning item shares the first baseline
 * of its first row and the last baseline of its last (css-align-3 §9.1). Each item gets the
 * least extra space that brings its baseline to the group's: the largest ascent (margin
 * edge to baseline) for first baselines, the largest descent for last ones.
 */
export function baselineShims(items: readonly PlacedItem[], sets: readonly (BaselineSet | null)[], measure: (i: number) => BaselineItem): (Shim | null)[] {
  const extent = new Map<string, number>();
  const own: number[] = [];
  const keyOf = (i: number) => {
    const it = items[i]!;
    return sets[i] === 'first' ? `f${it.row}` : `l${it.row + it.rowSpan - 1}`;
  };
  sets.forEach((set, i) => {
    if (set === null) return;
    const m = measure(i);
    const baseline = fragmentBaseline(m.fragment, set);
    const e = set === 'first' ? m.marginTop + baseline : m.fragment.height - baseline + m.marginBottom;
    own[i] = e;
    const key = keyOf(i);
    extent.set(key, Math.max(extent.get(key) ?? -Infinity, e));
  });
  return sets.map((set, i) => {
    if (set === null) return null;
    const extra = extent.get(keyOf(i))! - own[i]!;
    return set === 'first' ? { top: extra, bottom: 0 } : { top: 0, bottom: extra };
  });
}

/** A placed item's fragment in this grid fragment, relative to the container's border box. */
export interface PlacedFragment {
  readonly item: PlacedItem;
  readonly fragment: BoxFragment;
  readonly set: BaselineSet | null;
}

/**
 * The grid container's first or last baseline (css-grid-1 §10.8): that of the items of its
 * first (last) row that take part in first (last) baseline alignment, else that of the
 * first (last) item of that row in grid order (by column, then order-modified document
 * order); null when there are no items. An item without a baseline of its own gets one
 * synthesized from its border box, its bottom edge (css-grid-2 §10.8, css-align-3 §9.1).
 */
export function gridBaseline(placed: readonly PlacedFragment[], which: BaselineSet): number | null {
  const edge = (p: PlacedFragment) => (which === 'first' ? p.item.row : p.item.row + p.item.rowSpan - 1);
  let row = which === 'first' ? Infinity : -Infinity;
  for (const p of placed) row = which === 'first' ? Math.min(row, edge(p)) : Math.max(row, edge(p));
  let chosen: PlacedFragment | null = null;
  for (const p of placed) {
    if (edge(p) !== row) continue;
    if (p.set === which) {
      chosen = p;
      break;
    }
    if (chosen === null) chosen = p;
    else if (which === 'first' ? p.item.column < chosen.item.column : p.item.column + p.item.columnSpan >= chosen.item.column + chosen.item.columnSpan) chosen = p;
  }
  if (chosen === null) return null;
  return chosen.fragment.y + fragmentBaseline(chosen.fragment, which);
}
