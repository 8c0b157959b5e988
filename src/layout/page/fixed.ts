// `position: fixed` in paged media (css-position-3 §3.4, css-page-3): the box's containing
// block is the page area, and it repeats on every page. It is sized and placed like an
// absolutely positioned box (CSS 2.1 §10.3.7, §10.6.4). Its static position, for auto
// offsets, is where its placeholder fell relative to the page area on the page that holds it;
// later pages keep it (the box repeats in the same place), and pages before that one, which
// cannot know it yet, take the page area's start.
import type { BlockLevelBox } from '../../boxes/types.js';
import { layoutAbsolute, type ContainingBlockSize, type StaticPosition } from '../positioned/absolute.js';
import { fixedCandidatesIn } from '../positioned/placeholders.js';
import type { BoxFragment, PageContext } from '../types.js';

/** The static positions of fixed boxes found so far, relative to the page area. */
export type FixedStaticPositions = ReadonlyMap<BlockLevelBox, StaticPosition>;

/** Lays out a fixed box against the page area; x and y are relative to the area. */
export function layoutFixed(box: BlockLevelBox, area: ContainingBlockSize, page: PageContext, staticPosition: StaticPosition = { x: 0, y: 0 }): BoxFragment {
  return layoutAbsolute(box, area, staticPosition, page);
}

/** `known` with the static positions of the fixed boxes whose placeholders are in the page's root fragment `root`. */
export function withFixedStaticPositions(known: FixedStaticPositions, root: BoxFragment | null): FixedStaticPositions {
  const found = root === null ? [] : fixedCandidatesIn(root);
  if (found.length === 0) return known;
  const next = new Map(known);
  for (const c of found) next.set(c.box, { x: c.x, y: c.y, ...(c.right === undefined ? {} : { right: c.right }) });
  return next;
}
