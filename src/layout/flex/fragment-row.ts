// A row flex container across fragmentainers (css-flexbox-1 §12), and a multi-line column one
// taken as a single line across the block axis (flex-lines.ts): it breaks between its flex
// lines (class A break opportunities), and a line that does not fit in the space left is
// split there, its items fragmenting in parallel as the cells of a table row do, each
// continuing in its own column on the next fragmentainer (as Chromium does). A line moves to
// the next fragmentainer whole instead when one of its items avoids breaking inside or cannot
// start in the space left; at the top of a fragmentainer it is split anyway, so layout always
// progresses. Forced breaks on items are propagated to their lines. The container is laid out
// whole once and the layout kept between its fragments, so a row over p pages costs one flex
// layout, not p; the lines after a split one move down by what its pieces added.
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { ContentResult } from '../block.js';
import { layoutBlockLevel } from '../block.js';
import { avoidsBreakInside, forcedBreakAfter, forcedBreakBefore } from '../break-rules.js';
import { constraintSpace } from '../constraint-space.js';
import type { BlockBreakToken, BlockLayoutResult, BoxFragment, BreakToken, ConstraintSpace, FlexBreakToken, FlexItemBreak, PageContext } from '../types.js';
import { blockAxisLines, type FlexLine } from './flex-lines.js';
import type { FlexArea, FlexSolution, PlacedItem } from './layout-flex.js';
import { itemPiece, placeFragment } from './place.js';
import { isRowDirection } from './yoga-style.js';

/** The whole layout of a container that continues on the next fragmentainer. */
interface Continuation {
  readonly width: number;
  readonly solution: FlexSolution;
  readonly lines: readonly FlexLine[];
}

const continuing = new WeakMap<BlockBox, Continuation>();

const EPSILON = 1e-6;

export function layoutRowFragment(box: BlockBox, area: FlexArea, limit: number, reserve: number, space: ConstraintSpace, token: BlockBreakToken | FlexBreakToken | null, solve: () => FlexSolution): ContentResult {
  const kept = token === null ? undefined : continuing.get(box);
  let whole: Continuation;
  if (kept !== undefined && kept.width === area.width) whole = kept;
  else {
    const solution = solve();
    whole = { width: area.width, solution, lines: blockAxisLines(solution.items, box.style, solution.height) };
  }
  const { solution, lines } = whole;
  const resume = token?.kind === 'flex' ? token : null;
  const start = token === null ? 0 : token.kind === 'flex' ? token.lineIndex : token.childIndex;
  // Past the last line: the rest of a container of a fixed height.
  if (start >= lines.length && token !== null) return { children: [], height: 0, token: null, pushed: false };
  const children: BoxFragment[] = [];
  if (token === null) for (const f of solution.outOfFlow) children.push(placeFragment(f, area.x + f.x, area.y + f.y));
  // Page y = flex y − offset. A line resumed after a break starts at the top.
  let offset = token !== null && start < lines.length ? lines[start]!.top : 0;
  let used = 0;
  let placedHere = false;
  const breakBefore = (l: number, forced: boolean): ContentResult => {
    // Nothing of a container that starts here fits: it moves on whole (a break before it).
    if (!placedHere && token === null && !space.atFragmentainerStart) return { children: [], height: 0, token: null, pushed: true };
    continuing.set(box, whole);
    return { children, height: used, token: { kind: 'block', box, childIndex: l, child: null, consumedBlockSize: 0, forced }, pushed: false };
  };
  for (let l = start; l < lines.length; l++) {
    const line = lines[l]!;
    const resumed = l === start && resume !== null;
    if (l > start && forcedBreakBetweenLines(solution.items, lines[l - 1]!, line, space.inColumns)) return breakBefore(l, true);
    const top = resumed ? 0 : line.top - offset;
    // The last line leaves room for the container's bottom edges. Where no space is left at
    // all (a column past its multicol container's height), a line at the start goes whole, as a block would.
    const last = l === lines.length - 1;
    const atStart = space.atFragmentainerStart && !placedHere;
    if (!resumed && (line.bottom - offset + (last ? reserve : 0) <= limit + EPSILON || (atStart && limit <= EPSILON))) {
      for (let i = line.first; i < line.end; i++) {
        const p = solution.items[i]!;
        children.push(placeFragment(p.fragment, area.x + p.x, area.y + p.y - offset));
      }
      used = line.bottom - offset;
      placedHere = true;
      continue;
    }
    if (!atStart && !resumed && lineAvoidsBreakInside(solution.items, line)) return breakBefore(l, false);
    // At the fragmentainer's start the line takes at least 1pt of it, so that layout
    // progresses; where no space is left at all, the rest of it goes whole.
    const end = !atStart ? limit : limit <= EPSILON ? Infinity : Math.max(limit, top + 1);
    const split = splitLine(box.style, solution.items, line, resumed ? resume : null, top, end, last ? reserve : null, atStart, space.page, area);
    // An item that cannot start here, or none that starts here (the gap or margins above them
    // fill the space left): the break goes before the line.
    if (split === null || (split.pieces.length === 0 && !resumed && !atStart)) return breakBefore(l, false);
    for (const f of split.pieces) children.push(f);
    placedHere = true;
    if (split.items.size > 0) {
      continuing.set(box, whole);
      const next: FlexBreakToken = { kind: 'flex', box, lineIndex: l, lineConsumed: (resumed ? resume.lineConsumed : 0) + end - top, items: split.items, consumedBlockSize: 0 };
      return { children, height: end, token: next, pushed: false };
    }
    // The lines after this one follow its last pieces.
    used = split.bottom;
    offset = line.bottom - split.bottom;
  }
  continuing.delete(box);
  return { children, height: Math.max(used, solution.height - offset), token: null, pushed: false };
}

/** A forced break between two lines: after an item of the first, or before one of the second (§12: propagated to the line). */
function forcedBreakBetweenLines(items: readonly PlacedItem[], before: FlexLine, after: FlexLine, inColumns: boolean): boolean {
  for (let i = before.first; i < before.end; i++) if (forcedBreakAfter(items[i]!.fragment.box, inColumns)) return true;
  for (let i = after.first; i < after.end; i++) if (forcedBreakBefore(items[i]!.fragment.box, inColumns)) return true;
  return false;
}

/** An item of the line avoids breaking inside (css-break-3 §3.2): the line is not split where it could move on. */
function lineAvoidsBreakInside(items: readonly PlacedItem[], line: FlexLine): boolean {
  for (let i = line.first; i < line.end; i++) if (avoidsBreakInside(items[i]!.fragment.box)) return true;
  return false;
}

/** One fragment of a split line: its items' pieces, positioned in the container's border box. */
interface LinePieces {
  readonly pieces: BoxFragment[];
  /** The items that continue on the next fragmentainer; the line ends here when empty. */
  readonly items: Map<number, FlexItemBreak>;
  /** Where the line ends on this fragmentainer when it ends here. */
  readonly bottom: number;
}

/** An item's piece before it is sized to the line. */
interface Piece {
  readonly item: PlacedItem;
  readonly fragment: BoxFragment;
  readonly y: number;
  readonly height: number;
  readonly ends: boolean;
  readonly empty: boolean;
}

/**
 * The items of `line` laid out in parallel from `top` (this fragment's y of the line's top,
 * 0 when it continues) down to `limit`. An item continues while its content does or while its
 * border box has not reached the height flex layout gave it (a stretched item keeps its full
 * cross size across its pieces); a piece that continues fills the fragmentainer. `reserve`:
 * what the items of the container's last line leave below them when they end here (its bottom
 * edges); null for another line. Null when an item cannot start here (and the line is not at
 * the fragmentainer's start).
 */
function splitLine(container: ComputedStyle, items: readonly PlacedItem[], line: FlexLine, resume: FlexBreakToken | null, top: number, limit: number, reserve: number | null, atStart: boolean, page: PageContext | null, area: FlexArea): LinePieces | null {
  const lineConsumed = resume?.lineConsumed ?? 0;
  const next = new Map<number, FlexItemBreak>();
  const pieces: Piece[] = [];
  for (let i = line.first; i < line.end; i++) {
    const p = items[i]!;
    const state = resume === null ? NOT_STARTED : resume.items.get(i);
    if (state === undefined) continue; // ended on an earlier fragmentainer
    const started = state.consumed !== null;
    const y = started ? 0 : top + p.y - line.top - lineConsumed;
    if (!started && y >= limit - EPSILON) {
      next.set(i, NOT_STARTED); // it starts below the break
      continue;
    }
    const consumed = state.consumed ?? 0;
    let fragment: BoxFragment;
    let contentToken: BreakToken | null = null;
    const empty = started && state.token === null;
    if (empty) fragment = p.fragment;
    else {
      const result = layoutPiece(p, state.token, limit - y, reserve === null ? 0 : reserve + p.marginBottom, atStart || started, page);
      if (result.fragment === null) {
        // Nothing of it fits: the line moves on, or, where it continues, this item waits.
        if (resume === null) return null;
        next.set(i, state);
        continue;
      }
      fragment = result.fragment;
      contentToken = result.breakToken;
    }
    const remaining = p.fragment.height - consumed;
    const room = limit - y;
    const ends = contentToken === null && remaining <= room + EPSILON;
    const height = ends ? Math.max(empty ? 0 : fragment.height, remaining) : Math.max(room, empty ? 0 : fragment.height);
    if (!ends) next.set(i, { token: contentToken, consumed: consumed + room });
    pieces.push({ item: p, fragment, y, height, ends, empty });
  }
  // A line that ends here ends below its last pieces; its stretched items reach down to that end.
  let bottom = top + line.bottom - line.top - lineConsumed;
  for (const piece of pieces) bottom = Math.max(bottom, piece.y + piece.height + piece.item.marginBottom);
  const out: BoxFragment[] = [];
  for (const { item, fragment, y, height, ends, empty } of pieces) {
    const grown = ends && next.size === 0 && stretched(container, item.fragment.box.style) ? Math.max(height, bottom - y - item.marginBottom) : height;
    out.push(itemPiece(fragment, area.x + item.x, area.y + y, grown, ends, empty));
  }
  return { pieces: out, items: next, bottom };
}

const NOT_STARTED: FlexItemBreak = { token: null, consumed: null };

/**
 * The item laid out into the space left from where it resumes, at its flexed width; its
 * height is its content's. A replaced item is monolithic: whole at its flexed size, or not here.
 */
function layoutPiece(p: PlacedItem, token: FlexItemBreak['token'], blockLimit: number, endReserve: number, atStart: boolean, page: PageContext | null): BlockLayoutResult {
  if (p.fragment.box.kind === 'replaced') return { fragment: atStart || p.fragment.height <= blockLimit + EPSILON ? p.fragment : null, breakToken: null };
  const pieceSpace = constraintSpace({
    inlineSize: p.space.inlineSize, blockLimit, atFragmentainerStart: atStart, page, endReserve,
    percentageBlockSize: p.space.percentageBlockSize, fixedInlineSize: p.space.fixedInlineSize,
  });
  return layoutBlockLevel(p.fragment.box, pieceSpace, token);
}

/** An item of a row that align-self: stretch sizes to its line (§9.4 step 11): its height is auto and neither block margin is. */
function stretched(container: ComputedStyle, s: BlockLevelBox['style']): boolean {
  if (!isRowDirection(container)) return false;
  const align = s.alignSelf === 'auto' ? container.alignItems : s.alignSelf;
  return (align === 'normal' || align === 'stretch') && s.height === 'auto' && s.marginTop !== 'auto' && s.marginBottom !== 'auto';
}
