// A single-line column flex container across fragmentainers (css-flexbox-1 §12): it breaks
// between its items and inside them, as a block container does its children, keeping the
// positions flex layout gave the items; an item split by a break pushes the items after it
// down by what its pieces add. Items are taken in block-axis order (column-reverse reverses
// them). An item that avoids breaking inside moves to the next fragmentainer whole, and
// forced breaks between items are honoured (§12: but for the first and last items', which
// pass to the container, they apply to the items themselves). The whole layout is kept
// between the pages of one container, so that a long column costs one flex layout, not one
// per page.
import type { BlockBox } from '../../boxes/types.js';
import type { ContentResult } from '../block.js';
import { layoutBlockLevel } from '../block.js';
import { avoidsBreakInside, forcedBreakBetween } from '../break-rules.js';
import { constraintSpace } from '../constraint-space.js';
import type { BlockBreakToken, BoxFragment, BreakToken, ConstraintSpace } from '../types.js';
import type { FlexArea, FlexSolution, PlacedItem } from './layout-flex.js';
import { placeFragment } from './place.js';

/** The whole layout of a container that continues on the next page. */
interface Continuation {
  readonly width: number;
  readonly solution: FlexSolution;
  /** Its items in block-axis order. */
  readonly items: readonly PlacedItem[];
}

const continuing = new WeakMap<BlockBox, Continuation>();

export function layoutColumnFragment(box: BlockBox, area: FlexArea, limit: number, reserve: number, space: ConstraintSpace, token: BlockBreakToken | null, solve: () => FlexSolution): ContentResult {
  const kept = token === null ? undefined : continuing.get(box);
  let whole: Continuation;
  if (kept !== undefined && kept.width === area.width) whole = kept;
  else {
    const solution = solve();
    whole = { width: area.width, solution, items: box.style.flexDirection === 'column-reverse' ? solution.items.slice().reverse() : solution.items };
  }
  const { solution, items } = whole;
  const start = token?.childIndex ?? 0;
  // Past the last item: the rest of a container of a fixed height.
  if (token !== null && start >= items.length && token.child === null) return finish(box, [], 0);
  const children: BoxFragment[] = [];
  if (token === null) for (const f of solution.outOfFlow) children.push(placeFragment(f, area.x + f.x, area.y + f.y));
  // Page y = flex y − offset: a continuation starts at an item's border box (its top margin
  // is truncated unless the break was forced, css-break-3 §5.5); a split item's last piece moves the offset.
  let offset = token !== null && token.child === null && start < items.length ? items[start]!.y - (token.forced ? items[start]!.marginTop : 0) : 0;
  let used = 0;
  for (let i = start; i < items.length; i++) {
    const p = items[i]!;
    const resumed = i === start && token !== null && token.child !== null;
    if (i > start && forcedBreakBetween(items[i - 1]!.fragment.box, p.fragment.box, space.inColumns)) return breakAt(box, children, used, i, null, whole, false, true);
    const top = resumed ? 0 : p.y - offset;
    const bottom = top + p.fragment.height + p.marginBottom;
    // The last item leaves room for the container's bottom edges.
    const after = i === items.length - 1 ? reserve : 0;
    if (!resumed && bottom + after <= limit + 1e-6) {
      children.push(placeFragment(p.fragment, area.x + p.x, area.y + top));
      used = bottom;
      continue;
    }
    const nothingBefore = children.length === 0 || (i === start && token === null && children.length === solution.outOfFlow.length);
    const atStart = space.atFragmentainerStart && nothingBefore;
    const splittable = p.fragment.box.kind !== 'replaced' && (atStart || !avoidsBreakInside(p.fragment.box));
    if (!resumed && !splittable) {
      if (atStart) {
        // Monolithic and taller than the page: placed here whole (it overflows, as in a block).
        children.push(placeFragment(p.fragment, area.x + p.x, area.y + top));
        used = bottom;
        continue;
      }
      return breakAt(box, children, used, i, null, whole, nothingBefore && token === null && !space.atFragmentainerStart);
    }
    // Laid out again into the space left, without the flexed height (its pieces take their own).
    const pieceSpace = constraintSpace({
      inlineSize: p.space.inlineSize, blockLimit: limit - Math.max(top, 0), atFragmentainerStart: atStart, page: space.page, endReserve: i === items.length - 1 ? reserve + p.marginBottom : 0,
      percentageBlockSize: p.space.percentageBlockSize, fixedInlineSize: p.space.fixedInlineSize,
    });
    const result = layoutBlockLevel(p.fragment.box, pieceSpace, resumed ? token!.child : null);
    const piece = result.fragment;
    if (piece === null) return breakAt(box, children, used, i, null, whole, nothingBefore && token === null && !space.atFragmentainerStart);
    const pieceTop = Math.max(top, 0);
    children.push(placeFragment(piece, area.x + p.x, area.y + pieceTop));
    if (result.breakToken !== null) return breakAt(box, children, limit, i, result.breakToken, whole, false);
    // The last piece ends where flex layout's item ends: later items follow it.
    used = pieceTop + piece.height + p.marginBottom;
    offset = p.y + p.fragment.height - (pieceTop + piece.height);
  }
  return finish(box, children, Math.max(used, solution.height - offset));
}

function finish(box: BlockBox, children: BoxFragment[], height: number): ContentResult {
  continuing.delete(box);
  return { children, height, token: null, pushed: false };
}

/** A break before item `i`, or inside it (`child`); the whole container moves on when nothing of it fits. */
function breakAt(box: BlockBox, children: BoxFragment[], height: number, i: number, child: BreakToken | null, whole: Continuation, push: boolean, forced = false): ContentResult {
  if (push) return { children: [], height: 0, token: null, pushed: true };
  continuing.set(box, whole);
  const token: BlockBreakToken = { kind: 'block', box, childIndex: i, child, consumedBlockSize: 0, forced };
  return { children, height, token, pushed: false };
}
