// Block formatting context layout (CSS 2.1 §9.4.1, §10.3.3, §10.6.3) with fragmentation
// (css-break-3): each call lays out one fragment of a block-level box into the block space
// left in the fragmentainer and returns a break token when the box continues.
import type { AtomicInlineBox, BlockBox, BlockLevelBox, InlineFormattingContext, ReplacedBox } from '../boxes/types.js';
import { isAnonymousStyle } from '../boxes/anonymous-style.js';
import { columnFlowOf, isMulticolContainer } from '../boxes/multicol.js';
import { layoutColumns } from './multicol/columns.js';
import { blockMargins, borderOf, definiteContentHeight, horizontalFrame, intrinsicWidth, paddingOf, resolveAuto, resolveContentHeight, solveInlineGeometry } from './box-model.js';
import { childEndReserve, contentEndReserve, endFits, lastInFlowChild } from './block-end.js';
import { applyOrphansWidows, avoidBreakBetween, avoidsBreakInside, forcedBreakBetween } from './break-rules.js';
import type { AtomicLayout } from './inline/pieces.js';
import { collectInline } from './inline/collect.js';
import { layoutInlineContent, releaseInlineLayout } from './inline/layout-inline.js';
import { intrinsicContentSizes } from './intrinsic.js';
import { EMPTY_STRUT, addMargin, collapsedBottom, collapsedTop, collapsesThrough, joinStruts, strutSize, topAdjoinsChild, bottomAdjoinsChild } from './margins.js';
import type { MarginStrut } from './margins.js';
import { legacyAlignShift } from './legacy-align.js';
import { outsideMarker } from './marker.js';
import { replacedSize } from './replaced.js';
import { layoutTable } from './table/layout-table.js';
import { flexArea, layoutFlexContent } from './flex/layout-flex.js';
import { layoutGrid } from './grid/layout-grid.js';
import { outsidePageFlow } from './page/page-names.js';
import { isContainingBlock, layoutPositioned } from './positioned/containing-block.js';
import { relativeOffset } from './positioned/relative.js';
import { ExclusionSpace, type LayoutOpportunity } from './float/exclusion-space.js';
import { layoutLinesBesideFloats, type FlowArea } from './float/lines.js';
import { isFloating, placeFloat, type FloatLayout } from './float/place.js';
import type { BlockBreakToken, BlockLayoutResult, BoxFragment, BreakToken, CarriedFloat, ConstraintSpace, LineFragment, LinesBreakToken, PageContext, TableBreakToken } from './types.js';
import { constraintSpace, withBlockLimit, withInlineSize } from './constraint-space.js';

/** One block-level box, one fragment. The fragment's x is its left margin; the parent sets y. */
export function layoutBlockLevel(box: BlockLevelBox, space: ConstraintSpace, token: BreakToken | null): BlockLayoutResult {
  switch (box.kind) {
    case 'replaced': return withPositioned(layoutReplacedBlock(box, space), space);
    case 'table': return withPositioned(layoutTable(box, space, token as TableBreakToken | null), space);
    default: return layoutBlockBox(box, space, token);
  }
}

/** What laying out a container's content produced in this fragment. */
export interface ContentResult {
  readonly children: (BoxFragment | LineFragment)[];
  /** Block size used by the content, from the content box top. */
  readonly height: number;
  readonly token: BreakToken | null;
  /** Nothing fits: move the whole box to the next fragmentainer. */
  readonly pushed: boolean;
  /** The floats after the content; absent when unchanged. */
  readonly exclusions?: ExclusionSpace;
  /** Floats that moved to the next fragmentainer. */
  readonly pushedFloats?: readonly CarriedFloat[];
  /** Baselines the content decides itself, from the box's border box top (a grid's, css-grid-1 §10.8; a flex container's, css-flexbox-1 §8.5); absent: its children's. */
  readonly baselines?: { readonly first: number | null; readonly last: number | null };
}

const NO_FLOATS: readonly CarriedFloat[] = [];
/** The flow of a BFC root: no floats yet, its own coordinates. */
const OWN_FLOW: FlowArea = { exclusions: ExclusionSpace.EMPTY, left: 0, top: 0 };

function layoutBlockBox(box: BlockBox, space: ConstraintSpace, token: BreakToken | null): BlockLayoutResult {
  const style = box.style;
  const cb = space.inlineSize;
  const intrinsic = () => intrinsicContentSizes(box, layoutAtomic);
  const geometry = space.fixedInlineSize === undefined ? solveInlineGeometry(style, cb, undefined, intrinsic, space.direction) : { marginLeft: 0, marginRight: 0, contentWidth: space.fixedInlineSize };
  const pad = paddingOf(style, cb);
  const bdr = borderOf(style);
  const frame = pad.top + pad.bottom + bdr.top + bdr.bottom;
  const percentageBase = space.percentageBlockSize;
  // A height that does not depend on the content: also what percentages inside resolve against.
  const ownHeight = space.fixedBlockSize ?? definiteContentHeight(style, frame, percentageBase);
  // Anonymous blocks are skipped when percentages resolve (CSS 2.1 §9.2.1.1).
  const childPercentageBase = ownHeight === null && isAnonymousStyle(style) ? percentageBase : ownHeight;
  const isFirst = token === null;
  const consumed = token?.consumedBlockSize ?? 0;
  const topEdge = isFirst ? bdr.top + pad.top : 0;
  const contentLimit = space.blockLimit - topEdge;
  // Children are placed relative to this box's border box: offset by the top and left edges.
  const origin = { x: bdr.left + pad.left, y: topEdge };
  // The content's last piece must leave room for this box's bottom edges and its ancestors'.
  // A number beside `space`, not a copy of it: a spread space per box was a hot allocation.
  const reserve = contentEndReserve(space, pad.bottom + bdr.bottom, ownHeight !== null);
  // A BFC root's floats are its own, in coordinates from its content box (CSS 2.1 §9.4.1).
  const outer = space.bfc;
  const ownsFloats = box.establishesBfc || !outer;
  const flow: FlowArea = ownsFloats
    ? OWN_FLOW
    : { exclusions: outer.exclusions, left: outer.inline + geometry.marginLeft + origin.x, top: outer.block + origin.y };
  // Boxes that must not break, or that are taller than the page anyway, are laid out whole.
  const columnFlow = isMulticolContainer(style) ? columnFlowOf(box) : null;
  const content: ContentResult = columnFlow
    ? layoutColumns({ container: box, flow: columnFlow, width: geometry.contentWidth, limit: contentLimit - reserve, fixedHeight: ownHeight === null ? null : Math.max(0, ownHeight - consumed), maxHeight: resolveContentHeight(style, Infinity, frame, percentageBase) - consumed, percentageBase: childPercentageBase, atStart: space.atFragmentainerStart, page: space.page, token: token as BlockBreakToken | null, origin })
    : box.content.kind === 'inline'
    ? layoutLines(box, box.content.ifc, geometry.contentWidth, contentLimit, reserve, space, token as LinesBreakToken | null, origin, flow)
    : box.content.kind === 'flex'
    ? layoutFlexContent(box, box.content.items, flexArea(style, geometry.contentWidth, ownHeight, percentageBase, origin.x, origin.y), contentLimit, reserve, space, token)
    : box.content.kind === 'grid'
    ? layoutGrid(box, geometry.contentWidth, ownHeight, contentLimit, space, token, origin)
    : layoutChildren(box, geometry.contentWidth, contentLimit, reserve, space, token as BlockBreakToken | null, origin, flow, childPercentageBase);
  if (content.pushed && !space.atFragmentainerStart) return { fragment: null, breakToken: null };

  let contentHeight = content.height;
  let nextToken = content.token;
  const carried = content.pushedFloats ?? [];
  if (ownsFloats && carried.length > 0) {
    // The BFC root continues where its floats do (css-break-3 §4), even when its flow ended here.
    nextToken = { ...(nextToken ?? endToken(box)), floats: carried } as BreakToken;
  }
  if (box.establishesBfc && content.exclusions) {
    // A BFC root's auto height reaches down to its floats' bottom margin edges (CSS 2.1 §10.6.7).
    contentHeight = Math.max(contentHeight, content.exclusions.clearance('both'));
  }
  if (nextToken) {
    // A box that breaks inside fills the rest of the fragmentainer (css-break-3 §4.4).
    contentHeight = Math.max(contentHeight, Math.min(contentLimit, ownHeight !== null ? ownHeight - consumed : contentLimit));
    nextToken = { ...nextToken, consumedBlockSize: consumed + contentHeight } as BreakToken;
  } else {
    const total = ownHeight ?? resolveContentHeight(style, consumed + contentHeight, frame, percentageBase);
    contentHeight = Math.max(0, total - consumed);
    const bottomEdge = pad.bottom + bdr.bottom;
    if (contentHeight + bottomEdge > contentLimit && ownHeight !== null && contentLimit > 0 && Number.isFinite(contentLimit)) {
      // A fixed height taller than the space left continues on the next page.
      const used = Math.max(contentLimit, 1);
      nextToken = box.content.kind === 'inline'
        ? { kind: 'lines', box, lineIndex: ((token as LinesBreakToken | null)?.lineIndex ?? 0) + content.children.length, consumedBlockSize: consumed + used }
        : { kind: 'block', box, childIndex: childCount(box), child: null, consumedBlockSize: consumed + used, forced: false };
      contentHeight = used;
    }
  }
  const isLast = nextToken === null;
  const height = topEdge + contentHeight + (isLast ? pad.bottom + bdr.bottom : 0);
  const children = content.children;
  // A box with no content to break before whose end does not fit moves on whole.
  if (isLast && children.length === 0 && !space.atFragmentainerStart && !endFits(height, space.endReserve, space.blockLimit)) return { fragment: null, breakToken: null };
  const firstBaseline = content.baselines ? content.baselines.first : baselineOf(children, 'first');
  const contentLeft = bdr.left + pad.left;
  const marker = isFirst && box.marker ? outsideMarker(box.marker, firstBaseline ?? topEdge + pad.top, { left: contentLeft, right: contentLeft + geometry.contentWidth }) : null;
  const fragment: BoxFragment = {
    kind: 'box',
    box,
    x: geometry.marginLeft,
    y: 0,
    width: geometry.contentWidth + pad.left + pad.right + bdr.left + bdr.right,
    height,
    isFirst,
    isLast,
    children,
    marker,
    firstBaseline,
    lastBaseline: content.baselines ? content.baselines.last : baselineOf(children, 'last'),
  };
  const result: BlockLayoutResult = ownsFloats
    ? { fragment, breakToken: nextToken }
    : { fragment, breakToken: nextToken, exclusions: content.exclusions ?? outer.exclusions, pushedFloats: carried };
  return withPositioned(result, space);
}

/** A token past the end of the box's content: only its carried floats continue. */
function endToken(box: BlockBox): BlockBreakToken | LinesBreakToken {
  if (box.content.kind === 'inline') return { kind: 'lines', box, lineIndex: Number.MAX_SAFE_INTEGER, consumedBlockSize: 0, piece: Number.MAX_SAFE_INTEGER };
  return { kind: 'block', box, childIndex: childCount(box), child: null, consumedBlockSize: 0, forced: false };
}

/**
 * A positioned box's finishing touches: a containing block lays out the absolutely
 * positioned boxes whose placeholders it holds (CSS 2.1 §10.1), a relatively positioned box
 * gets its offset against its containing block (§9.4.3).
 */
function withPositioned(result: BlockLayoutResult, space: ConstraintSpace): BlockLayoutResult {
  const f = result.fragment;
  if (!f || !isContainingBlock(f.box.style)) return result;
  const positioned = layoutPositioned(f, space.page);
  const style = f.box.style;
  const relative = style.position === 'relative' ? relativeOffset(style, space.inlineSize, space.percentageBlockSize) : null;
  if (positioned.length === 0 && relative === null) return result;
  return { ...result, fragment: { ...f, ...(positioned.length > 0 ? { positioned } : {}), ...(relative ? { relative } : {}) } };
}

/** Where a token resumes past all of the box's content (for a grid: past its last row). */
function childCount(box: BlockBox): number {
  if (box.content.kind === 'flex') return box.content.items.length;
  return box.content.kind === 'blocks' ? box.content.children.length : box.content.kind === 'grid' ? Number.MAX_SAFE_INTEGER : 0;
}

/**
 * Baseline of the first or last line box inside, relative to the fragment top. A table's
 * rows are not line boxes of this flow: the last baseline skips them, as Blink does for an
 * inline-block's baseline (CSS 2.1 §10.8.1).
 */
function baselineOf(children: readonly (BoxFragment | LineFragment)[], which: 'first' | 'last'): number | null {
  const n = children.length;
  for (let i = 0; i < n; i++) {
    const c = children[which === 'first' ? i : n - 1 - i]!;
    if (c.kind === 'box' && (isFloating(c.box) || (which === 'last' && c.box.kind === 'table'))) continue;
    if (c.kind === 'line') {
      if (c.height > 0) return c.y + c.baseline;
    } else {
      const inner = which === 'first' ? c.firstBaseline : c.lastBaseline;
      if (inner !== null) return c.y + inner;
    }
  }
  return null;
}

/** Where a container's content box starts inside its border box. */
interface Origin {
  readonly x: number;
  readonly y: number;
}

/**
 * Lines of an inline formatting context, cut at the fragmentainer end with orphans and widows.
 * `reserve` is what the last line must leave below it (the box's and its ancestors' end edges).
 */
function layoutLines(box: BlockBox, ifc: InlineFormattingContext, width: number, limit: number, reserve: number, space: ConstraintSpace, token: LinesBreakToken | null, origin: Origin, flow: FlowArea): ContentResult {
  const atStart = space.atFragmentainerStart;
  // Lines that meet a float are laid out one by one beside it; the others all at once, cached.
  const besideFloats = collectInline(ifc, space.page).hasFloats || flow.exclusions.lowestBottom > flow.top || (token?.floats?.length ?? 0) > 0;
  if (besideFloats) {
    return layoutLinesBesideFloats({ box, ifc, width, limit, atStart, page: space.page, token, origin, flow, layoutAtomic, layoutFloat });
  }
  const { lines, starts } = layoutInlineContent(box, ifc, width, layoutAtomic, space.page);
  const start = token?.piece !== undefined ? lineAtPiece(starts, token.piece) : token?.lineIndex ?? 0;
  const offset = start < lines.length ? lines[start]!.y : 0;
  const remaining = lines.length - start;
  // A box with a fixed height can continue after its last line: nothing is left to place.
  if (remaining <= 0) return { children: [], height: 0, token: null, pushed: false };
  let fit = 0;
  while (fit < remaining) {
    const line = lines[start + fit]!;
    if (line.y + line.height - offset > limit + 1e-6 && line.height > 0) break;
    fit++;
  }
  // All lines fit but not the box's end edges after them: break before the last line.
  if (fit === remaining && fit > 0 && !endFits(lines[start + fit - 1]!.y + lines[start + fit - 1]!.height - offset, reserve, limit)) fit--;
  let take = fit;
  if (fit < remaining) take = applyOrphansWidows(fit, remaining, box, atStart);
  if (take === 0) return { children: [], height: 0, token: null, pushed: true };
  const children = lines.slice(start, start + take).map((l) => ({ ...l, x: l.x + origin.x, y: l.y - offset + origin.y }));
  const last = lines[start + take - 1]!;
  const next: LinesBreakToken | null = take < remaining ? { kind: 'lines', box, lineIndex: start + take, consumedBlockSize: 0, piece: starts[start + take]! } : null;
  if (!next && Number.isFinite(limit)) releaseInlineLayout(ifc);
  return { children, height: last.y + last.height - offset, token: next, pushed: false };
}

/** The line that starts at piece `piece` (or the first after it), for a paragraph that was laid out beside floats on an earlier page. */
function lineAtPiece(starts: readonly number[], piece: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! < piece) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Block-level children: margin collapsing, forced and avoided breaks, break tokens. `reserve` as for layoutLines. */
function layoutChildren(box: BlockBox, width: number, limit: number, reserve: number, space: ConstraintSpace, token: BlockBreakToken | null, origin: Origin, flow: FlowArea, percentageBlockSize: number | null): ContentResult {
  if (box.content.kind !== 'blocks') throw new Error('layoutChildren needs block content');
  const atStart = space.atFragmentainerStart;
  const names = space.page?.pageNames ?? null;
  const children = box.content.children;
  const out: BoxFragment[] = [];
  const startIndex = token?.childIndex ?? 0;
  let cursor = 0;
  let strut: MarginStrut = EMPTY_STRUT;
  // The first child's top margin was already applied by our parent when it adjoins ours.
  let absorbing = token === null && topAdjoinsChild(box, width);
  // Margins adjoining an unforced break are truncated (css-break-3 §5.5).
  let truncating = token !== null && !token.forced;
  let placedHere = false;
  // The margins in `strut` follow an empty box with clearance: they stay inside this box.
  let clearedStrut = false;
  // Where each child's fragments begin in `out`, so that a break can move back several children.
  const starts: number[] = [];
  const last = lastInFlowChild(children, width);
  // Floats: those placed so far, those waiting for the position of the next in-flow box, and
  // those that moved to the next fragmentainer (with the index of the child they came from).
  let exclusions = flow.exclusions;
  let pending: BlockLevelBox[] = [];
  const carried: { index: number; float: CarriedFloat }[] = [];
  const place = (float: BlockLevelBox, floatToken: BreakToken | null, y: number, index: number, cb = { left: flow.left, right: flow.left + width }) => {
    const floatAtStart = atStart && !placedHere && y <= 1e-6;
    const r = placeFloat(float, floatToken, { exclusions, ...cb, top: flow.top + y, end: flow.top + limit, atStart: floatAtStart, page: space.page }, layoutFloat);
    exclusions = r.exclusions;
    if (r.kind === 'pushed') carried.push({ index, float: { box: float, token: floatToken, ...cb } });
    else {
      out.push({ ...r.fragment, x: r.fragment.x - flow.left + origin.x, y: r.fragment.y - flow.top + origin.y });
      if (r.token) carried.push({ index, float: { box: float, token: r.token, ...cb } });
    }
  };
  // A float's top is where the next in-flow box would be without its own top margin: after
  // the margins before the float (CSS 2.1 §9.5.1, as LayoutNG places it once its container's
  // position is known; while that container takes its first child's margins, they move it
  // and its floats together).
  const placePending = (y: number, index: number) => {
    for (const f of pending) place(f, null, y, index);
    pending = [];
  };
  const finish = (r: ContentResult): ContentResult => {
    const before = r.token?.kind === 'block' ? r.token.childIndex + (r.token.child ? 1 : 0) : Infinity;
    const pushedFloats = carried.length === 0 ? NO_FLOATS : carried.filter((c) => c.index < before).map((c) => c.float);
    return { children: r.children, height: r.height, token: r.token, pushed: r.pushed, exclusions, pushedFloats };
  };
  // Floats carried over from the previous fragmentainer go first, at the top (css-break-3 §4).
  for (const c of token?.floats ?? []) place(c.box, c.token, 0, -1, { left: c.left, right: c.right });

  for (let i = startIndex; i < children.length; i++) {
    const child = children[i]!;
    starts.push(out.length);
    if (isFloating(child)) {
      pending.push(child);
      continue;
    }
    const resuming = i === startIndex && token?.child ? token.child : null;
    // Without a fragmentainer (an unfragmented layout: intrinsic sizes, monolithic boxes) no break is forced.
    const forced = i > startIndex && Number.isFinite(limit) && (forcedBreakBetween(children[i - 1]!, child, space.inColumns) || (names !== null && names.changeBetween(children[i - 1]!, child)));
    if (forced && (placedHere || !atStart)) {
      placePending(cursor, i - 1);
      return finish(broken(out, cursor, { kind: 'block', box, childIndex: i, child: null, consumedBlockSize: 0, forced: true }));
    }
    // An empty box that clears floats adjoining its parent's top margin drops those margins
    // (as LayoutNG does: else the floats would move down with them); otherwise clearance keeps
    // a box at least at its hypothetical position (CSS 2.1 §9.5.2).
    const dropsMargins = !resuming && absorbing && pending.length > 0 && pending.some((f) => clears(child, f));
    const beforeMargins = cursor + strutSize(strut);
    if (!resuming) {
      const top = collapsedTop(child, width);
      if (!absorbing && !truncating) strut = joinStruts(strut, top);
      if (collapsesThrough(child, width)) {
        const hypothetical = cursor + strutSize(strut);
        placePending(beforeMargins, i);
        const y = clearedTo(child, exclusions, flow, hypothetical, dropsMargins ? beforeMargins : null);
        const childSpace = constraintSpace({ inlineSize: width, blockLimit: limit - y, atFragmentainerStart: false, page: space.page, percentageBlockSize, bfc: { exclusions, inline: flow.left, block: flow.top + y }, inColumns: space.inColumns, direction: box.style.direction });
        const empty = layoutBlockLevel(child, childSpace, null);
        if (empty.fragment) out.push(child.kind === 'block' && child.onLine ? onLinePlaceholder(empty.fragment, exclusions, flow, y, width, origin) : { ...empty.fragment, x: empty.fragment.x + origin.x, y: y + origin.y });
        exclusions = empty.exclusions ?? exclusions;
        for (const f of empty.pushedFloats ?? []) carried.push({ index: i, float: f });
        const height = empty.fragment?.height ?? 0;
        if (height > 0) {
          // Clearance inside separates the margins above from those below (CSS 2.1 §9.5.2, §8.3.1).
          absorbing = false;
          truncating = false;
          cursor = y + height;
          strut = addMargin(EMPTY_STRUT, blockMargins(child.style, width).bottom);
        } else if (y !== hypothetical) {
          // With clearance, its margins collapse with those after it from its top margin edge,
          // and not with the parent's bottom margin (CSS 2.1 §8.3.1).
          absorbing = false;
          truncating = false;
          const own = collapsedTop(child, width);
          cursor = y - blockMargins(child.style, width).top;
          strut = own;
          clearedStrut = true;
        } else if (!absorbing && !truncating) strut = joinStruts(strut, collapsedBottom(child, width));
        continue;
      }
    }
    absorbing = false;
    truncating = false;
    clearedStrut = false;
    let y = cursor + strutSize(strut);
    placePending(beforeMargins, i);
    if (!resuming) y = clearedTo(child, exclusions, flow, y, null);
    const childAtStart = atStart && !placedHere;
    // One space per child, built whole (spreading it again per child was a hot allocation).
    // A box that avoids floats is a BFC root or a table: the floats outside do not reach in.
    const avoids = avoidsFloats(child);
    const childSpace = constraintSpace({
      inlineSize: width, blockLimit: limit - y, atFragmentainerStart: childAtStart, page: space.page,
      endReserve: childEndReserve(box, children, i, last, width, reserve), percentageBlockSize,
      bfc: avoids ? undefined : { exclusions, inline: flow.left, block: flow.top + y }, inColumns: space.inColumns, direction: box.style.direction,
    });
    let result: BlockLayoutResult;
    let offset = 0;
    if (avoids && !exclusions.isEmpty) {
      const beside = layoutBesideFloats(child, childSpace, resuming, exclusions, flow, y);
      result = beside;
      offset = beside.offset;
      y = beside.y;
    } else result = layoutBlockLevel(child, childSpace, resuming);
    const avoidInside = result.breakToken !== null && avoidsBreakInside(child) && !childAtStart;
    if (!result.fragment || avoidInside) {
      if (!placedHere) return { children: out, height: cursor, token: null, pushed: true };
      return finish(breakBefore(box, { children, i, startIndex, starts }, out, cursor, origin, token === null && !atStart));
    }
    out.push({ ...result.fragment, x: result.fragment.x + offset + origin.x + legacyAlignShift(box.style, child, result.fragment, width), y: y + origin.y });
    placedHere = true;
    cursor = y + result.fragment.height;
    exclusions = result.exclusions ?? exclusions;
    for (const f of result.pushedFloats ?? []) carried.push({ index: i, float: f });
    if (result.breakToken) {
      return finish(broken(out, cursor, { kind: 'block', box, childIndex: i, child: result.breakToken, consumedBlockSize: 0, forced: false }));
    }
    strut = collapsedBottom(child, width);
  }
  placePending(cursor + strutSize(strut), children.length);
  if (!bottomAdjoinsChild(box, width) || clearedStrut) cursor += strutSize(strut);
  return finish({ children: out, height: cursor, token: null, pushed: false });
}

/** Where `clear` puts the child's top border edge, in its container's content coordinates (CSS 2.1 §9.5.2). */
/**
 * The placeholder of an inline-level absolutely positioned box with no line around it spans
 * the inline range a line would have at `y`, beside the floats there: its static position
 * (CSS 2.1 §10.3.7) is that line's start (its left edge, or its right edge in rtl).
 */
function onLinePlaceholder(f: BoxFragment, exclusions: ExclusionSpace, flow: FlowArea, y: number, width: number, origin: Origin): BoxFragment {
  const range = exclusions.opportunity(flow.top + y, LINE_PROBE, flow.left, flow.left + width);
  return { ...f, x: range.left - flow.left + origin.x, y: y + origin.y, width: range.right - range.left };
}

/** The height of the band probed for a line's inline range: a line of any height meets the floats at its top. */
const LINE_PROBE = 1e-3;

/**
 * Where a child goes after clearance: at least its hypothetical position, below the floats it
 * clears. `droppedMarginsAt`: where the margins before it begin when it drops them (it clears
 * floats adjoining its parent's top margin); it then goes right below those floats.
 */
function clearedTo(child: BlockLevelBox, exclusions: ExclusionSpace, flow: FlowArea, hypothetical: number, droppedMarginsAt: number | null): number {
  if (child.style.clear === 'none') return hypothetical;
  const cleared = clearanceOf(child, exclusions, flow);
  return droppedMarginsAt !== null && cleared > droppedMarginsAt ? cleared : Math.max(hypothetical, cleared);
}

function clearanceOf(child: BlockLevelBox, exclusions: ExclusionSpace, flow: FlowArea): number {
  return child.style.clear === 'none' ? -Infinity : exclusions.clearance(child.style.clear) - flow.top;
}

/** The box clears the float's side. */
function clears(box: BlockLevelBox, float: BlockLevelBox): boolean {
  const clear = box.style.clear;
  return clear === 'both' || (clear !== 'none' && clear === float.style.float);
}

/** Tables, block-level images and BFC roots keep their border box off floats (CSS 2.1 §9.5). */
function avoidsFloats(box: BlockLevelBox): boolean {
  return box.kind !== 'block' || box.establishesBfc;
}

/**
 * A box that avoids floats goes beside them, narrowed when its width is auto, in the highest
 * band at or below `y` where its border box meets no float over its whole height, or below
 * them (CSS 2.1 §9.5). Each band tried is lower by one float bottom, so this ends after at
 * most as many tries as there are floats; each try lays the box out at most twice (the band
 * at its top, then the band over the height it took there).
 */
function layoutBesideFloats(child: BlockLevelBox, space: ConstraintSpace, token: BreakToken | null, exclusions: ExclusionSpace, flow: FlowArea, y: number): BlockLayoutResult & { offset: number; y: number } {
  const right = flow.left + space.inlineSize;
  let top = y;
  for (;;) {
    const here = withBlockLimit(space, space.blockLimit - (top - y), space.atFragmentainerStart && top === y);
    const layIn = (band: LayoutOpportunity) => band.narrowed
      ? { ...layoutBlockLevel(child, withInlineSize(here, band.right - band.left), token), offset: band.left - flow.left, y: top }
      : { ...layoutBlockLevel(child, here, token), offset: 0, y: top };
    let band = exclusions.opportunity(flow.top + top, 0, flow.left, right);
    let result = layIn(band);
    if (result.fragment) {
      const over = exclusions.opportunity(flow.top + top, result.fragment.height, flow.left, right);
      if (over.left !== band.left || over.right !== band.right) {
        band = over;
        result = layIn(band);
      }
    }
    const next = exclusions.nextBottomBelow(flow.top + top);
    if (!result.fragment || next === null || fitsBesideFloats(child, result.fragment, flow.left + result.offset, band, exclusions, flow.top + top, right)) return result;
    top = next - flow.top;
  }
}

/**
 * The border box of a box placed with its left margin edge at `left` meets no float over its
 * height and stays in its container beside them; its margins may not reach into a float
 * either, but a positive one may overflow the container (negative ones make room, as in browsers).
 */
function fitsBesideFloats(child: BlockLevelBox, f: BoxFragment, left: number, band: LayoutOpportunity, exclusions: ExclusionSpace, top: number, right: number): boolean {
  const floats = exclusions.opportunity(top, f.height, -Infinity, Infinity);
  const borderLeft = left + f.x;
  const borderRight = borderLeft + f.width;
  const marginRight = resolveAuto(child.style.marginRight, band.right - band.left) ?? 0;
  if (floats.left > -Infinity && left < floats.left - 1e-6) return false;
  if (floats.right < Infinity && borderRight + marginRight > floats.right + 1e-6) return false;
  return !floats.narrowed || borderRight + Math.min(marginRight, 0) <= right + 1e-6;
}

function broken(children: BoxFragment[], height: number, token: BlockBreakToken): ContentResult {
  return { children, height, token, pushed: false };
}

/**
 * Breaks before child `i`, or earlier when that break is to be avoided (a heading followed by
 * its text): the break moves back to the last break between the children placed here that is
 * not avoided (css-break-3 §4.4, rule 3 of the break choice), taking the children after it
 * off this page. When every break back to the first child here is avoided and the box
 * started on this page, the whole box moves on (`canPush`), so the break falls before the
 * box, one level up; otherwise the avoided break at `i` is taken, so layout progresses.
 */
function breakBefore(
  box: BlockBox,
  at: { children: readonly BlockLevelBox[]; i: number; startIndex: number; starts: readonly number[] },
  out: BoxFragment[],
  cursor: number,
  origin: Origin,
  canPush: boolean,
): ContentResult {
  const { children, i, startIndex, starts } = at;
  let j = i;
  while (j > startIndex && avoidBreakBetween(children[j - 1]!, children[j]!)) j--;
  if (j === i) return broken(out, cursor, { kind: 'block', box, childIndex: i, child: null, consumedBlockSize: 0, forced: false });
  if (j > startIndex) {
    out.length = starts[j - startIndex]!;
    const prev = out[out.length - 1];
    const height = prev ? prev.y + prev.height - origin.y : 0;
    return broken(out, height, { kind: 'block', box, childIndex: j, child: null, consumedBlockSize: 0, forced: false });
  }
  if (canPush) return { children: out, height: cursor, token: null, pushed: true };
  return broken(out, cursor, { kind: 'block', box, childIndex: i, child: null, consumedBlockSize: 0, forced: false });
}

/** A block-level image: monolithic, so it moves to the next page whole unless it starts one. */
function layoutReplacedBlock(box: ReplacedBox, space: ConstraintSpace): BlockLayoutResult {
  const natural = replacedSize(box, space.inlineSize);
  const size = { width: space.fixedInlineSize ?? natural.width, height: space.fixedBlockSize ?? natural.height };
  const geometry = space.fixedInlineSize === undefined ? solveInlineGeometry(box.style, space.inlineSize, () => size.width, undefined, space.direction) : { marginLeft: 0 };
  const pad = paddingOf(box.style, space.inlineSize);
  const bdr = borderOf(box.style);
  const height = size.height + pad.top + pad.bottom + bdr.top + bdr.bottom;
  if (!endFits(height, space.endReserve, space.blockLimit) && !space.atFragmentainerStart) return { fragment: null, breakToken: null };
  const fragment: BoxFragment = {
    kind: 'box', box, x: geometry.marginLeft, y: 0,
    width: size.width + pad.left + pad.right + bdr.left + bdr.right, height,
    isFirst: true, isLast: true, children: [], marker: null, firstBaseline: null, lastBaseline: null,
  };
  return { fragment, breakToken: null };
}

/**
 * A float's fragment (CSS 2.1 §10.3.5, §10.6.7): shrink-to-fit wide when its width is auto,
 * auto margins 0; it is a BFC root, so its height holds its own floats.
 */
const layoutFloat: FloatLayout = (box, cbWidth, blockLimit, atStart, page, token) => {
  const s = box.style;
  const marginLeft = resolveAuto(s.marginLeft, cbWidth) ?? 0;
  const marginRight = resolveAuto(s.marginRight, cbWidth) ?? 0;
  const margins = blockMargins(s, cbWidth);
  const marginTop = token === null ? margins.top : 0;
  const space = constraintSpace({ inlineSize: cbWidth, blockLimit: blockLimit - marginTop, atFragmentainerStart: atStart, page });
  let result: BlockLayoutResult;
  if (box.kind === 'block' && s.width === 'auto') {
    const shrink = (avail: number) => {
      const sizes = intrinsicContentSizes(box, layoutAtomic);
      return Math.min(Math.max(sizes.min, avail), sizes.max);
    };
    const geometry = solveInlineGeometry(s, cbWidth, shrink);
    result = layoutBlockBox(box, withInlineSize(space, geometry.contentWidth + horizontalFrame(s, cbWidth) + marginLeft + marginRight), token);
  } else result = layoutBlockLevel(box, space, token);
  if (!result.fragment) return null;
  return {
    fragment: { ...result.fragment, x: marginLeft },
    token: result.breakToken,
    marginTop,
    marginBottom: result.breakToken ? 0 : margins.bottom,
    marginRight,
  };
};

/**
 * Atomic inlines (inline-block, inline images) are monolithic: laid out whole, shrink-to-fit
 * wide (CSS 2.1 §10.3.9), baseline from their last line box or their bottom margin edge.
 */
export const layoutAtomic: AtomicLayout = (atomic: AtomicInlineBox, available: number, page: PageContext | null) => {
  const inner = atomic.box;
  const s = inner.style;
  const { top: mTop, bottom: mBottom } = blockMargins(s, available);
  // An inline-level box is never over-constrained (§10.3.9): its left margin is as specified,
  // as the ltr rule leaves it, whatever the direction.
  const space = constraintSpace({ inlineSize: available, blockLimit: Infinity, atFragmentainerStart: true, page: outsidePageFlow(page), direction: 'ltr' });
  let fragment: BoxFragment;
  if (inner.kind !== 'block') {
    fragment = layoutBlockLevel(inner, space, null).fragment!;
  } else {
    const intrinsic = () => intrinsicContentSizes(inner, layoutAtomic);
    const shrink = (avail: number) => intrinsicWidth('fit-content', intrinsic(), avail);
    const geometry = solveInlineGeometry(s, available, shrink, intrinsic, 'ltr');
    const fixedSpace = withInlineSize(space, geometry.contentWidth + horizontalFrame(inner.style, available) + geometry.marginLeft + geometry.marginRight);
    fragment = layoutBlockBox({ ...inner, style: s }, fixedSpace, null).fragment!;
    fragment = { ...fragment, width: geometry.contentWidth + horizontalFrame(inner.style, available), x: geometry.marginLeft };
  }
  const ml = fragment.x;
  const mr = resolveAuto(s.marginRight, available) ?? 0;
  const width = ml + fragment.width + mr;
  const height = mTop + fragment.height + mBottom;
  // An inline-table sits on its first row's baseline (CSS 2.1 §17.5.3), an inline-flex or
  // inline-grid on its first item's (css-flexbox-1 §8.5, css-grid-1 §10.8), an inline-block
  // on its last line's.
  const firstBaseline = inner.kind === 'table' || (inner.kind === 'block' && (inner.content.kind === 'flex' || inner.content.kind === 'grid'));
  const useLineBaseline = inner.kind === 'block' && inner.style.overflow === 'visible' && fragment.lastBaseline !== null;
  const lineBaseline = firstBaseline ? fragment.firstBaseline : useLineBaseline ? fragment.lastBaseline : null;
  const baseline = lineBaseline !== null ? mTop + lineBaseline : height;
  return { fragment: { ...fragment, y: mTop }, width, height, baseline };
};

