// A laid-out fragment moved to its place in its parent, built field by field (no spread: these
// are made per item, and spread results get hidden classes of their own).
import type { BoxFragment } from '../types.js';

export function placeFragment(f: BoxFragment, x: number, y: number): BoxFragment {
  return withExtras(f, {
    kind: 'box', box: f.box, x, y, width: f.width, height: f.height, isFirst: f.isFirst, isLast: f.isLast,
    children: f.children, marker: f.marker, lastBaseline: f.lastBaseline, firstBaseline: f.firstBaseline,
  });
}

/**
 * A piece of an item of a flex line split across fragmentainers, at the height the line gives
 * it there (css-flexbox-1 §12). `empty`: the rest of an item whose content ended on an earlier
 * fragmentainer, its box continuing without content (a stretched item keeps its cross size).
 */
export function itemPiece(f: BoxFragment, x: number, y: number, height: number, isLast: boolean, empty: boolean): BoxFragment {
  const out: BoxFragment = {
    kind: 'box', box: f.box, x, y, width: f.width, height, isFirst: empty ? false : f.isFirst, isLast,
    children: empty ? [] : f.children, marker: empty ? null : f.marker,
    lastBaseline: empty ? null : f.lastBaseline, firstBaseline: empty ? null : f.firstBaseline,
  };
  return empty ? out : withExtras(f, out);
}

/** The positioned descendants and relative offset of `f`, when it has them, on `out`. */
function withExtras(f: BoxFragment, out: BoxFragment): BoxFragment {
  if (f.positioned === undefined && f.relative === undefined) return out;
  return { ...out, ...(f.positioned ? { positioned: f.positioned } : {}), ...(f.relative ? { relative: f.relative } : {}) };
}
