// Margin collapsing (CSS 2.1 §8.3.1). Adjoining margins are gathered in a strut (the largest
// positive plus the most negative); which margins adjoin is a property of the box tree, so
// a box's collapsed top and bottom margins are computed structurally and memoized.
import type { BlockBox, BlockLevelBox } from '../boxes/types.js';
import { blockMargins, paddingOf, solveInlineGeometry } from './box-model.js';
import { isFloating } from './float/place.js';

export interface MarginStrut {
  readonly positive: number;
  readonly negative: number;
}

export const EMPTY_STRUT: MarginStrut = { positive: 0, negative: 0 };

export function addMargin(strut: MarginStrut, margin: number): MarginStrut {
  if (margin >= 0) return margin > strut.positive ? { ...strut, positive: margin } : strut;
  return margin < strut.negative ? { ...strut, negative: margin } : strut;
}

export function joinStruts(a: MarginStrut, b: MarginStrut): MarginStrut {
  return { positive: Math.max(a.positive, b.positive), negative: Math.min(a.negative, b.negative) };
}

export function strutSize(strut: MarginStrut): number {
  return strut.positive + strut.negative;
}

/** The top margin of a box adjoins its first in-flow child's top margin. */
export function topAdjoinsChild(box: BlockBox, cbWidth: number): boolean {
  return !box.establishesBfc && box.content.kind === 'blocks' && box.style.borderTopWidth === 0
    && paddingOf(box.style, cbWidth).top === 0;
}

/** The bottom margin of a box adjoins its last in-flow child's bottom margin (height auto, min-height 0). */
export function bottomAdjoinsChild(box: BlockBox, cbWidth: number): boolean {
  const s = box.style;
  return !box.establishesBfc && box.content.kind === 'blocks' && s.borderBottomWidth === 0
    && paddingOf(s, cbWidth).bottom === 0 && s.height === 'auto' && s.minHeight.abs === 0 && s.minHeight.pct === 0;
}

/** A box whose top and bottom margins adjoin each other: no content, padding, border or height. */
export function collapsesThrough(box: BlockLevelBox, cbWidth: number): boolean {
  if (box.kind !== 'block') return false;
  return cached(throughCache, box, cbWidth, () => {
    if (!topAdjoinsChild(box, cbWidth) || !bottomAdjoinsChild(box, cbWidth)) return false;
    if (box.content.kind !== 'blocks') return false;
    const inner = childWidth(box, cbWidth);
    let floats = false;
    for (const child of box.content.children) {
      // Floats are out of flow: their margins never collapse (CSS 2.1 §8.3.1).
      if (isFloating(child)) floats = true;
      // A child with clearance past them separates our top margin from our bottom one.
      else if (hasClearance(child, floats) || !collapsesThrough(child, inner)) return false;
      else floats ||= holdsFloats(child);
    }
    return true;
  });
}

/** All margins that collapse with the box's top margin, seen from its parent. */
export function collapsedTop(box: BlockLevelBox, cbWidth: number): MarginStrut {
  return cached(topCache, box, cbWidth, () => {
    const own = addMargin(EMPTY_STRUT, blockMargins(box.style, cbWidth).top);
    if (box.kind !== 'block' || !topAdjoinsChild(box, cbWidth) || box.content.kind !== 'blocks') return own;
    if (collapsesThrough(box, cbWidth)) return joinStruts(own, collapsedBottom(box, cbWidth));
    const inner = childWidth(box, cbWidth);
    let strut = own;
    let floats = false;
    for (const child of box.content.children) {
      if (isFloating(child)) {
        floats = true;
        continue;
      }
      // Clearance past the floats before it keeps a box's margins from collapsing with ours (CSS 2.1 §8.3.1).
      if (hasClearance(child, floats)) break;
      strut = joinStruts(strut, collapsedTop(child, inner));
      if (!collapsesThrough(child, inner)) break;
      strut = joinStruts(strut, collapsedBottom(child, inner));
      floats ||= holdsFloats(child);
    }
    return strut;
  });
}

/** All margins that collapse with the box's bottom margin, seen from its parent. */
export function collapsedBottom(box: BlockLevelBox, cbWidth: number): MarginStrut {
  return cached(bottomCache, box, cbWidth, () => {
    let strut = addMargin(EMPTY_STRUT, blockMargins(box.style, cbWidth).bottom);
    if (box.kind !== 'block' || box.content.kind !== 'blocks') return strut;
    const through = collapsesThrough(box, cbWidth);
    if (through) strut = addMargin(strut, blockMargins(box.style, cbWidth).top);
    if (!through && !bottomAdjoinsChild(box, cbWidth)) return strut;
    const inner = childWidth(box, cbWidth);
    const children = box.content.children;
    const own = strut;
    const cleared = clearedChild(children);
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i]!;
      if (isFloating(child)) continue;
      // The margins of an empty box with clearance collapse with those after it but not with
      // its parent's bottom margin: the parent's height holds them (CSS 2.1 §8.3.1).
      if (i === cleared && collapsesThrough(child, inner)) return own;
      strut = joinStruts(strut, collapsedBottom(child, inner));
      if (!collapsesThrough(child, inner)) break;
      strut = joinStruts(strut, collapsedTop(child, inner));
    }
    return strut;
  });
}

/**
 * A box with `clear` after floats of its own formatting context is taken to have clearance
 * (whether it does depends on positions; these structural rules assume the usual case).
 */
function hasClearance(box: BlockLevelBox, floatsBefore: boolean): boolean {
  return floatsBefore && box.style.clear !== 'none';
}

/** The index of the first in-flow child with clearance past floats among its earlier siblings; -1 when none. */
function clearedChild(children: readonly BlockLevelBox[]): number {
  let floats = false;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (isFloating(child)) floats = true;
    else if (hasClearance(child, floats)) return i;
    else floats ||= holdsFloats(child);
  }
  return -1;
}

/** A box that collapses through but holds floats (they hang out of it). */
function holdsFloats(box: BlockLevelBox): boolean {
  return box.kind === 'block' && box.content.kind === 'blocks' && box.content.children.some((c) => isFloating(c) || holdsFloats(c));
}

function childWidth(box: BlockBox, cbWidth: number): number {
  return solveInlineGeometry(box.style, cbWidth).contentWidth;
}

type Cache<T> = WeakMap<BlockLevelBox, { width: number; value: T }>;
const topCache: Cache<MarginStrut> = new WeakMap();
const bottomCache: Cache<MarginStrut> = new WeakMap();
const throughCache: Cache<boolean> = new WeakMap();

function cached<T>(cache: Cache<T>, box: BlockLevelBox, width: number, compute: () => T): T {
  const hit = cache.get(box);
  if (hit && hit.width === width) return hit.value;
  const value = compute();
  cache.set(box, { width, value });
  return value;
}
