// Break rules between siblings (css-break-3 §3): forced breaks, which propagate from a
// box's first or last child to the box, and breaks to avoid.
import type { BlockLevelBox } from '../boxes/types.js';
import type { BreakValue } from '../css/types.js';

/** A forced break value (css-break-3 §3.1). */
export function isForcedBreak(value: BreakValue): boolean {
  return value === 'page' || value === 'always' || value === 'left' || value === 'right' || value === 'recto' || value === 'verso';
}

function isAvoid(value: BreakValue): boolean {
  return value === 'avoid' || value === 'avoid-page';
}

/** A forced break before the box, its own or propagated from its first child (§3.1). */
export function forcedBreakBefore(box: BlockLevelBox): boolean {
  if (isForcedBreak(box.style.breakBefore)) return true;
  if (box.kind === 'table') {
    // A table's first row group and its first row pass theirs on to the table.
    const group = box.header ?? box.bodies[0] ?? box.footer;
    const row = group?.rows[0];
    return (group !== undefined && group !== null && isForcedBreak(group.style.breakBefore)) || (row !== undefined && isForcedBreak(row.style.breakBefore));
  }
  if (box.kind !== 'block' || box.content.kind !== 'blocks') return false;
  const first = box.content.children[0];
  return first ? forcedBreakBefore(first) : false;
}

/** A forced break after the box, its own or propagated from its last child. */
export function forcedBreakAfter(box: BlockLevelBox): boolean {
  if (isForcedBreak(box.style.breakAfter)) return true;
  if (box.kind !== 'block' || box.content.kind !== 'blocks') return false;
  const children = box.content.children;
  const last = children[children.length - 1];
  return last ? forcedBreakAfter(last) : false;
}

/** A forced break between two adjacent siblings. */
export function forcedBreakBetween(before: BlockLevelBox, after: BlockLevelBox): boolean {
  return forcedBreakAfter(before) || forcedBreakBefore(after);
}

/** The break between two adjacent siblings should be avoided (e.g. after a heading). */
export function avoidBreakBetween(before: BlockLevelBox, after: BlockLevelBox): boolean {
  return isAvoid(before.style.breakAfter) || isAvoid(after.style.breakBefore);
}

/** break-inside: avoid on the box. */
export function avoidsBreakInside(box: BlockLevelBox): boolean {
  return box.style.breakInside !== 'auto';
}
