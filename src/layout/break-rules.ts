// Break rules between siblings (css-break-3 §3): forced breaks, which propagate from a
// box's first or last child to the box, and breaks to avoid.
import type { BlockBox, BlockLevelBox } from '../boxes/types.js';
import type { BreakValue } from '../css/types.js';
import type { BreakToken } from './types.js';
import { firstRowItems, lastRowItems } from './grid/propagated-breaks.js';
import { propagatingItems } from './flex/break-propagation.js';

/** A forced break value (css-break-3 §3.1); `column` only where the fragmentainer is a column. */
export function isForcedBreak(value: BreakValue, inColumns = false): boolean {
  if (value === 'column') return inColumns;
  return value === 'page' || value === 'always' || value === 'left' || value === 'right' || value === 'recto' || value === 'verso';
}

/** An avoid break value (css-break-3 §3.2). */
export function isAvoidBreak(value: BreakValue): boolean {
  return value === 'avoid' || value === 'avoid-page';
}

/** A forced break before the box, its own or propagated from its first child (§3.1). */
export function forcedBreakBefore(box: BlockLevelBox, inColumns = false): boolean {
  return forcedBreakBeforeValue(box, inColumns) !== null;
}

/** A forced break after the box, its own or propagated from its last child. */
export function forcedBreakAfter(box: BlockLevelBox, inColumns = false): boolean {
  return forcedBreakAfterValue(box, inColumns) !== null;
}

function forcedBreakBeforeValue(box: BlockLevelBox, inColumns = false): BreakValue | null {
  if (isForcedBreak(box.style.breakBefore, inColumns)) return box.style.breakBefore;
  if (box.kind === 'table') {
    // A table's first row group and its first row pass theirs on to the table.
    const group = box.header ?? box.bodies[0] ?? box.footer;
    if (group && isForcedBreak(group.style.breakBefore)) return group.style.breakBefore;
    const row = group?.rows[0];
    return row && isForcedBreak(row.style.breakBefore) ? row.style.breakBefore : null;
  }
  if (box.kind === 'block' && box.content.kind === 'flex') return firstForced(propagatingItems(box, 'start'), (item) => forcedBreakBeforeValue(item, inColumns));
  if (box.kind !== 'block' || box.content.kind !== 'blocks') return null;
  const first = box.content.children[0];
  return first ? forcedBreakBeforeValue(first, inColumns) : null;
}

function forcedBreakAfterValue(box: BlockLevelBox, inColumns = false): BreakValue | null {
  if (isForcedBreak(box.style.breakAfter, inColumns)) return box.style.breakAfter;
  if (box.kind === 'block' && box.content.kind === 'grid') {
    // The grid's last row passes its items' breaks on to the grid (css-grid-1 §12).
    for (const item of lastRowItems(box)) {
      const value = forcedBreakAfterValue(item, inColumns);
      if (value !== null) return value;
    }
    return null;
  }
  if (box.kind === 'block' && box.content.kind === 'flex') return firstForced(propagatingItems(box, 'end'), (item) => forcedBreakAfterValue(item, inColumns));
  if (box.kind !== 'block' || box.content.kind !== 'blocks') return null;
  const children = box.content.children;
  const last = children[children.length - 1];
  return last ? forcedBreakAfterValue(last, inColumns) : null;
}

/** The first forced break value among the boxes' (css-flexbox-1 §12: a flex container's items). */
function firstForced(boxes: readonly BlockLevelBox[], value: (box: BlockLevelBox) => BreakValue | null): BreakValue | null {
  for (const b of boxes) {
    const v = value(b);
    if (v !== null) return v;
  }
  return null;
}

/**
 * The page-breaking values (page, left, right, recto, verso; not column) of the forced break
 * at `token`: that after the box before it and that before the box after it, or null when
 * `token` is not a forced break between block siblings.
 */
function forcedPageBreakValues(token: BreakToken): { readonly after: BreakValue | null; readonly before: BreakValue | null } | null {
  let t: BreakToken | null = token;
  // Bounded by the box tree's depth.
  while (t !== null && t.kind === 'block') {
    if (t.child === null) {
      if (!t.forced || t.box.content.kind !== 'blocks') return null;
      const children = t.box.content.children;
      const before = children[t.childIndex - 1];
      const after = children[t.childIndex];
      return { after: before ? forcedBreakAfterValue(before) : null, before: after ? forcedBreakBeforeValue(after) : null };
    }
    t = t.child;
  }
  return null;
}

/**
 * The side of the page that a forced break at `token` asks the next content to start on
 * (css-break-3 §3.1: left, right, and recto/verso, which are right/left in a left-to-right
 * document), or null for a break that does not care.
 */
export function forcedBreakSide(token: BreakToken): 'left' | 'right' | null {
  const values = forcedPageBreakValues(token);
  return values === null ? null : sideOf(values.after) ?? sideOf(values.before);
}

/**
 * True when `token` is a forced break whose value breaks pages, not only columns: inside a
 * multi-column container on a page it ends the page's columns (css-multicol-1 §8.1), not
 * just the column.
 */
export function isForcedPageBreak(token: BreakToken): boolean {
  const values = forcedPageBreakValues(token);
  return values !== null && (values.after !== null || values.before !== null);
}

function sideOf(value: BreakValue | null): 'left' | 'right' | null {
  if (value === 'left' || value === 'verso') return 'left';
  if (value === 'right' || value === 'recto') return 'right';
  return null;
}

/** A forced break between two adjacent siblings. */
export function forcedBreakBetween(before: BlockLevelBox, after: BlockLevelBox, inColumns = false): boolean {
  return forcedBreakAfter(before, inColumns) || forcedBreakBefore(after, inColumns);
}

/** The break between two adjacent siblings should be avoided (e.g. after a heading). */
export function avoidBreakBetween(before: BlockLevelBox, after: BlockLevelBox): boolean {
  return avoidsBreakAfter(before) || avoidsBreakBefore(after);
}

/** break-after: avoid on the box, or on an item of its last row when it is a grid (css-grid-1 §12). */
function avoidsBreakAfter(box: BlockLevelBox): boolean {
  if (isAvoidBreak(box.style.breakAfter)) return true;
  return box.kind === 'block' && box.content.kind === 'grid' && lastRowItems(box).some((item) => isAvoidBreak(item.style.breakAfter));
}

/** break-before: avoid on the box, or on an item of its first row when it is a grid. */
function avoidsBreakBefore(box: BlockLevelBox): boolean {
  if (isAvoidBreak(box.style.breakBefore)) return true;
  return box.kind === 'block' && box.content.kind === 'grid' && firstRowItems(box).some((item) => isAvoidBreak(item.style.breakBefore));
}

/** break-inside: avoid on the box. */
export function avoidsBreakInside(box: BlockLevelBox): boolean {
  return box.style.breakInside !== 'auto';
}

/**
 * How many of the lines that fit to place before a break (css-break-3 §3.3): at least
 * `orphans` here and `widows` on the next page; at the top of a page at least one line, so
 * layout always progresses. Returns 0 to move the whole paragraph on.
 */
export function applyOrphansWidows(fit: number, remaining: number, box: BlockBox, atStart: boolean): number {
  const { orphans, widows } = box.style;
  const progress = atStart ? Math.max(1, fit) : 0;
  if (fit < orphans) return progress;
  const take = Math.min(fit, remaining - widows);
  if (take >= orphans) return take;
  return atStart ? Math.max(1, fit) : 0;
}
