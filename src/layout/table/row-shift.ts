// Relatively positioned table rows and row groups (css-position-3 §3.3): their cells, and the
// backgrounds under them, move by the row's and its group's offsets when painted.
import { definiteContentHeight } from '../box-model.js';
import { relativeOffset, type Offset } from '../positioned/relative.js';
import type { PlannedRow, TablePlan } from './plan.js';

/**
 * The relative offset a cell takes from its row and row group (css-position-3 §3.3): a row's
 * percentages refer to its group, a group's to the table (heights only where specified, as
 * Blink resolves them); `width` is the width of the table's columns. Cached per row; null
 * when neither is positioned.
 */
export function rowShift(row: PlannedRow, plan: TablePlan, width: number, cache: Map<PlannedRow, Offset | null>): Offset | null {
  const cached = cache.get(row);
  if (cached !== undefined) return cached;
  const group = row.group.style.position === 'relative' ? relativeOffset(row.group.style, width, definiteContentHeight(plan.box.style, 0, null)) : null;
  const own = row.box.style.position === 'relative' ? relativeOffset(row.box.style, width, definiteContentHeight(row.group.style, 0, null)) : null;
  const shift = group || own ? { x: (group?.x ?? 0) + (own?.x ?? 0), y: (group?.y ?? 0) + (own?.y ?? 0) } : null;
  cache.set(row, shift);
  return shift;
}
