// A laid-out fragment moved to its place in its parent, built field by field (no spread: these
// are made per item, and spread results get hidden classes of their own).
import type { BoxFragment } from '../types.js';

export function placeFragment(f: BoxFragment, x: number, y: number): BoxFragment {
  const out: BoxFragment = {
    kind: 'box', box: f.box, x, y, width: f.width, height: f.height, isFirst: f.isFirst, isLast: f.isLast,
    children: f.children, marker: f.marker, lastBaseline: f.lastBaseline, firstBaseline: f.firstBaseline,
  };
  if (f.positioned === undefined && f.relative === undefined) return out;
  return { ...out, ...(f.positioned ? { positioned: f.positioned } : {}), ...(f.relative ? { relative: f.relative } : {}) };
}
