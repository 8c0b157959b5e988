// The geometry of multi-column containers (css-multicol-1 §3): the used column count, width
// and gap for an available width, and the container's intrinsic widths from one column's.
import type { ComputedStyle } from '../../css/types.js';
import { resolveLength } from '../box-model.js';

/** The used number and width of columns and the gap between them, pt (§3.4). */
export interface ColumnGeometry {
  readonly count: number;
  readonly width: number;
  readonly gap: number;
}

/** At most this many columns: a bound for `column-width: 0.01px` and the like. */
const MAX_COLUMNS = 1000;

/** The pseudo-algorithm of §3.4 for an available content width `available`. */
export function usedColumns(style: ComputedStyle, available: number): ColumnGeometry {
  const gap = Math.max(0, style.columnGap === 'normal' ? style.fontSize : resolveLength(style.columnGap, available));
  const { columnCount, columnWidth } = style;
  let count: number;
  if (columnWidth === 'auto') count = columnCount === 'auto' ? 1 : columnCount;
  else {
    const fit = Math.max(1, Math.floor((available + gap) / (Math.max(columnWidth, 0) + gap)));
    count = columnCount === 'auto' ? fit : Math.min(columnCount, fit);
  }
  count = Math.min(Math.max(1, count), MAX_COLUMNS);
  const width = Math.max(0, (available + gap) / count - gap);
  return { count, width, gap };
}

/**
 * A multi-column container's min- and max-content widths from one column's (`column`): at
 * least column-width wide, times the column count, plus the gaps between (as Blink sizes it;
 * css-multicol-1 leaves it open). A percentage gap counts as 0 here.
 */
export function multicolIntrinsicSizes(style: ComputedStyle, column: { readonly min: number; readonly max: number }): { min: number; max: number } {
  const count = style.columnCount === 'auto' ? 1 : Math.min(style.columnCount, MAX_COLUMNS);
  const gap = style.columnGap === 'normal' ? style.fontSize : style.columnGap.abs;
  const width = style.columnWidth === 'auto' ? 0 : style.columnWidth;
  const total = (w: number) => Math.max(w, width) * count + gap * (count - 1);
  return { min: total(column.min), max: total(column.max) };
}
