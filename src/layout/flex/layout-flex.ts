// Flex layout (css-flexbox-1 §9) of a flex container's content: yoga resolves the flexible
// lengths, lines and alignment; our own layout measures the items (their min-/max-content
// widths and their height at a width) and then lays each one out at its final size.
import { Direction, Edge, MeasureMode, Unit, type Node } from 'yoga-layout/load';
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import { AUTO_MIN_SIZE } from '../../css/initial-style.js';
import type { ContentResult } from '../block.js';
import { layoutAtomic, layoutBlockLevel } from '../block.js';
import { horizontalFrame, intrinsicWidth, isIntrinsicKeyword, paddingOf, resolveLength, verticalFrame } from '../box-model.js';
import { constraintSpace } from '../constraint-space.js';
import { intrinsicContentSizes, type IntrinsicSizes } from '../intrinsic.js';
import { tableIntrinsicSizes } from '../table/column-widths.js';
import { tablePlan } from '../table/plan.js';
import { outsidePageFlow } from '../page/page-names.js';
import { replacedSize } from '../replaced.js';
import type { BlockBreakToken, BoxFragment, BreakToken, ConstraintSpace, FlexBreakToken, PageContext } from '../types.js';
import { layoutColumnFragment } from './fragment-column.js';
import { layoutRowFragment } from './fragment-row.js';
import { placeFragment } from './place.js';
import { collapseToStruts } from './collapse.js';
import { flexContainerBaselines } from './container-baselines.js';
import { replacedContentSuggestion, stretchedReplacedHeight } from './replaced-item.js';
import { alignSafely } from './safe-alignment.js';
import { recordFlexContentBox } from './static-position.js';
import { tableMinimumHeight, tableMinimumWidth, tableWrapperFrame } from './table-item.js';
import { applyContainerStyle, applyItemStyle, isRowDirection, yogaConfig, type FlexBasisSizes } from './yoga-style.js';
import { yogaEngine } from './yoga-engine.js';

/** The container's content box: where items go, and what their percentages resolve against. */
export interface FlexArea {
  /** Content-box width, pt. */
  readonly width: number;
  /** Content-box height when definite (a fixed or stretched height), else null. */
  readonly height: number | null;
  /** min-height and max-height of the content box, for an auto height (Infinity: none). */
  readonly minHeight: number;
  readonly maxHeight: number;
  /** The content box's offset in the container's border box. */
  readonly x: number;
  readonly y: number;
}

/**
 * The content box of a container of content width `width` whose height is `height` when
 * definite; its min-height and max-height as content-box sizes for an auto height.
 */
export function flexArea(style: ComputedStyle, width: number, height: number | null, percentageBase: number | null, x: number, y: number): FlexArea {
  const frame = style.boxSizing === 'border-box' ? verticalFrame(style, width) : 0;
  const bound = (v: { abs: number; pct: number }) => (v.pct !== 0 && percentageBase === null ? null : resolveLength(v, percentageBase ?? 0) - frame);
  const min = bound(style.minHeight);
  const max = style.maxHeight === 'none' ? null : bound(style.maxHeight);
  return { width, height, minHeight: Math.max(0, min ?? 0), maxHeight: max === null ? Infinity : Math.max(0, max), x, y };
}

/** Layouts of a container's items again after freezing min violations, at most. */
const MIN_VIOLATION_ROUNDS = 3;

/** What the container's layout needs of one item while yoga measures it. */
interface Item {
  readonly box: BlockLevelBox;
  readonly node: Node;
  sizes: IntrinsicSizes | null;
  /** The content width the measure function last answered: yoga hands it back in float32. */
  measured: number;
  readonly base: FlexBasisSizes;
  /** The automatic minimum main size (§4.5), border-box or content-box as the node reads it; 0 when none. */
  minimum: number;
}

/**
 * Lays out a flex container's items in its content box. In a fragmentainer, a single-line
 * column breaks between its items and inside them, as a block container does its children
 * (css-flexbox-1 §12, fragment-column.ts), and a row breaks between its lines and splits a
 * line that does not fit, its items in parallel (fragment-row.ts). A multi-line column with
 * an indefinite height and no max-height has one line (§9.3) and breaks as a single-line one;
 * any other multi-line column breaks as a single row line would, its items (in their columns
 * side by side) fragmenting in parallel where the page ends. Without a fragmentainer, the
 * container is laid out whole. `reserve`: what the last line
 * or item must leave below it when the container ends here (its bottom edges, css-break-3 §4.4).
 */
export function layoutFlexContent(box: BlockBox, items: readonly BlockLevelBox[], area: FlexArea, limit: number, reserve: number, space: ConstraintSpace, token: BreakToken | null): ContentResult {
  const style = box.style;
  recordFlexContentBox(box, { x: area.x, y: area.y, width: area.width, paddingBottom: paddingOf(style, space.inlineSize).bottom });
  let solution: FlexSolution | null = null;
  const solve = () => (solution = solveFlex(box, items, area, space));
  if (Number.isFinite(limit)) {
    const oneLine = style.flexWrap === 'nowrap' || (area.height === null && area.maxHeight === Infinity);
    const result = !isRowDirection(style) && oneLine
      ? layoutColumnFragment(box, area, limit, reserve, space, token as BlockBreakToken | null, solve)
      : layoutRowFragment(box, area, limit, reserve, space, token as BlockBreakToken | FlexBreakToken | null, solve);
    // A container whole in this fragment has its items where the solution put them: its baselines are the solution's (§8.5).
    return token === null && result.token === null && solution !== null ? { ...result, baselines: containerBaselines(style, solution, area) } : result;
  }
  const solved = solve();
  const children = solved.outOfFlow.map((f) => placeFragment(f, area.x + f.x, area.y + f.y));
  for (const p of solved.items) children.push(placeFragment(p.fragment, area.x + p.x, area.y + p.y));
  return { children, height: solved.height, token: null, pushed: false, baselines: containerBaselines(style, solved, area) };
}

/** The container's first and last baselines from its border box top (§8.5). */
function containerBaselines(style: ComputedStyle, solved: FlexSolution, area: FlexArea): { first: number | null; last: number | null } {
  const baselines = flexContainerBaselines(style, solved.items);
  return { first: baselines.first === null ? null : area.y + baselines.first, last: baselines.last === null ? null : area.y + baselines.last };
}

/** The items of a container laid out whole, positioned in its content box. */
export interface FlexSolution {
  /** Placeholders of absolutely positioned children, at their static position. */
  readonly outOfFlow: readonly BoxFragment[];
  /** The items in order-modified document order. */
  readonly items: readonly PlacedItem[];
  /** The content height. */
  readonly height: number;
}

/**
 * Yoga grows items from their min-clamped sizes, not their flex base sizes (§9.7 step 3 says
 * base sizes), so minimums (automatic and specified) are applied only to the items that
 * violate them, as the spec's freezing of min violations does, and the line is laid out
 * again; an item frozen so can leave others violating theirs, hence a few rounds.
 */
function freezeMinViolations(root: Node, inFlow: readonly Item[], area: FlexArea, row: boolean, direction: Direction): void {
  for (let round = 0; round < MIN_VIOLATION_ROUNDS; round++) {
    let violated = false;
    for (const item of inFlow) {
      const size = row ? item.node.getComputedWidth() : item.node.getComputedHeight();
      if (item.minimum > 0 && size < item.minimum - 1e-3) {
        item.node[row ? 'setMinWidth' : 'setMinHeight'](item.minimum);
        violated = true;
      }
    }
    if (!violated) return;
    root.calculateLayout(area.width, area.height ?? undefined, direction);
  }
}

/**
 * Yoga lays out wrap-reverse by mirroring each item's place across the container's cross
 * axis, which moves its cross-start margin to its cross-end side: the item's margins stay
 * where they are (§9.4 places items in their lines with their margins), so it moves back
 * by the difference of the two.
 */
function keepCrossMargins(inFlow: readonly Item[], placed: PlacedItem[], row: boolean): void {
  for (let i = 0; i < inFlow.length; i++) {
    const node = inFlow[i]!.node;
    if (row) placed[i]!.y += node.getComputedMargin(Edge.Top) - node.getComputedMargin(Edge.Bottom);
    else placed[i]!.x += node.getComputedMargin(Edge.Left) - node.getComputedMargin(Edge.Right);
  }
}

/** The container's direction: in rtl a row's main axis (and a column's cross axis) runs right to left. */
function yogaDirection(style: ComputedStyle): Direction {
  return style.direction === 'rtl' ? Direction.RTL : Direction.LTR;
}

/** Runs yoga over the items and lays each out at its final size. */
function solveFlex(box: BlockBox, items: readonly BlockLevelBox[], area: FlexArea, space: ConstraintSpace): FlexSolution {
  const style = box.style;
  const row = isRowDirection(style);
  const base: FlexBasisSizes = { width: area.width, height: area.height };
  const page = outsidePageFlow(space.page);
  const root = yogaEngine().Node.create(yogaConfig());
  const inFlow: Item[] = [];
  const outOfFlow: BoxFragment[] = [];
  try {
    applyContainerStyle(root, style, base);
    root.setWidth(area.width);
    if (area.height !== null) root.setHeight(area.height);
    else {
      if (area.minHeight > 0) root.setMinHeight(area.minHeight);
      if (area.maxHeight < Infinity) root.setMaxHeight(area.maxHeight);
    }
    // order-modified document order (§5.4): a stable sort by `order`.
    const ordered = items.map((b, i) => ({ b, i })).sort((p, q) => p.b.style.order - q.b.style.order || p.i - q.i);
    for (const { b } of ordered) {
      if (b.kind === 'block' && (b.absolute !== undefined || b.running !== undefined)) {
        // Absolutely positioned children leave a placeholder at the content box's start; positioned
        // layout aligns their static position in the content box (§4.1, static-position.ts).
        const f = layoutBlockLevel(b, constraintSpace({ inlineSize: area.width, blockLimit: Infinity, atFragmentainerStart: true, page }), null).fragment;
        if (f) outOfFlow.push(placeFragment(f, 0, 0));
        continue;
      }
      const item: Item = { box: b, node: yogaEngine().Node.create(yogaConfig()), sizes: null, measured: NaN, base, minimum: 0 };
      setUpItem(item, style, base, row, page);
      root.insertChild(item.node, inFlow.length);
      inFlow.push(item);
    }
    root.calculateLayout(area.width, area.height ?? undefined, yogaDirection(style));
    freezeMinViolations(root, inFlow, area, row, yogaDirection(style));
    // Collapsed items become struts and the items are laid out again (§4.4).
    const collapsible = inFlow.map((item) => ({ node: item.node, collapsed: item.box.style.visibility === 'collapse' }));
    if (collapseToStruts(collapsible, row, style.flexDirection === 'row-reverse' || style.flexDirection === 'column-reverse')) {
      for (const item of inFlow) if (item.box.style.visibility === 'collapse') item.minimum = 0;
      root.calculateLayout(area.width, area.height ?? undefined, yogaDirection(style));
      freezeMinViolations(root, inFlow, area, row, yogaDirection(style));
    }
    const placed = inFlow.map((item) => layoutItem(item, base, page));
    if (style.flexWrap === 'wrap-reverse') keepCrossMargins(inFlow, placed, row);
    let height = root.getComputedHeight();
    if (style.justifyContentSafe || style.alignContentSafe) alignSafely(style, placed, row, area.width, height);
    if (row) height = alignBaselines(style, inFlow, placed, height, area.height === null ? area.maxHeight : null);
    return { outOfFlow, items: placed, height };
  } finally {
    root.freeRecursive();
  }
}

/** The item's style on its node, its automatic minimum size, and its measure function. */
function setUpItem(item: Item, container: ComputedStyle, base: FlexBasisSizes, row: boolean, page: PageContext | null): void {
  const { box, node } = item;
  const s = box.style;
  const table = box.kind === 'table';
  const wrapper = table ? tableWrapperFrame(box, base.width) : null;
  // An intrinsic keyword is a content-box width (a table's, border-box): yoga reads widths by
  // the item's box-sizing; a table's lengths get its wrapper's frame added.
  const keywordFrame = table ? 0 : s.boxSizing === 'border-box' ? horizontalFrame(s, base.width) : 0;
  const width = isIntrinsicKeyword(s.width) ? intrinsicWidth(s.width, sizesOf(item), base.width) + keywordFrame - (wrapper?.horizontal ?? 0) : s.width === 'auto' ? undefined : Math.max(0, resolveLength(s.width, base.width));
  applyItemStyle(node, s, base, width, row, wrapper);
  // An image stretched to a definite line height takes its width from it (§9.2 step 3B).
  const stretchedHeight = box.kind === 'replaced' && row ? stretchedReplacedHeight(box, stretchAligned(container, s), container.flexWrap === 'nowrap', base.height, base.width) : null;
  if (box.kind === 'replaced' && stretchedHeight !== null && s.width === 'auto' && s.flexBasis !== 'content') {
    node.setWidth(replacedContentSuggestion(box, true, stretchedHeight, base.width, base.height) + (s.boxSizing === 'border-box' ? horizontalFrame(s, base.width) : 0));
  }
  if (isIntrinsicKeyword(s.minWidth)) node.setMinWidth(intrinsicWidth(s.minWidth, sizesOf(item), base.width) + keywordFrame);
  if (isIntrinsicKeyword(s.maxWidth)) node.setMaxWidth(intrinsicWidth(s.maxWidth, sizesOf(item), base.width) + keywordFrame);
  if (table) {
    // A table sizes its own border box (its collapsed borders): measured whole, with no frame on the node.
    for (const edge of [Edge.Top, Edge.Right, Edge.Bottom, Edge.Left]) {
      node.setPadding(edge, 0);
      node.setBorder(edge, 0);
    }
  }
  // A specified main-axis minimum is held back from yoga, as the automatic one is (solveFlex).
  const specifiedMinimum = row ? node.getMinWidth() : node.getMinHeight();
  if (specifiedMinimum.unit === Unit.Point && specifiedMinimum.value > 0) {
    node[row ? 'setMinWidth' : 'setMinHeight'](undefined);
  }
  const automaticMinimum = (row ? s.minWidth : s.minHeight) === AUTO_MIN_SIZE && s.overflow !== 'hidden';
  if (table) item.minimum = row ? tableMinimumWidth(box, base.width) : tableMinimumHeight(box, tableWidth(item, node, container, base), page, base.height);
  else if (automaticMinimum) {
    const frame = s.boxSizing === 'border-box' && !table ? (row ? horizontalFrame(s, base.width) : verticalFrame(s, base.width)) : 0;
    item.minimum = contentMinimum(item, base, row, width, stretched(container, s), stretchedHeight, page) + frame;
  }
  if (specifiedMinimum.unit === Unit.Point) item.minimum = Math.max(item.minimum, specifiedMinimum.value);
  node.setMeasureFunc((w, wMode, h, hMode) => {
    // Yoga may ask at a stretched width that min-width or max-width then overrides: the
    // height is the one at the width the item will have.
    const contentWidth = table ? widthFor(item, w, wMode) : clampWidth(s, widthFor(item, w, wMode), base.width);
    item.measured = contentWidth;
    return { width: contentWidth, height: hMode === MeasureMode.Exactly ? h : heightAt(item, contentWidth, base, page) };
  });
}

/**
 * The content-based minimum size (§4.5): the min-content size in the main axis, no larger
 * than a definite specified size. In a column, the min-content height is the content's
 * height at the width the item will likely have.
 */
function contentMinimum(item: Item, base: FlexBasisSizes, row: boolean, width: number | undefined, stretch: boolean, stretchedHeight: number | null, page: PageContext | null): number {
  const b = item.box;
  const s = b.style;
  const specifiedWidth = width === undefined || s.boxSizing !== 'border-box' ? width : Math.max(0, width - horizontalFrame(s, base.width));
  if (row) {
    // Clamped by max-width too (§4.5): clampWidth applies it (min-width is auto, 0, here).
    // An image's is its width from a definite height through its ratio, else its natural one.
    const min = b.kind === 'replaced' ? replacedContentSuggestion(b, true, stretchedHeight, base.width, base.height) : sizesOf(item).min;
    return clampWidth(s, specifiedWidth === undefined ? min : Math.min(min, specifiedWidth), base.width);
  }
  const specified = s.height === 'auto' || (s.height.pct !== 0 && base.height === null) ? undefined : resolveLength(s.height, base.height ?? 0);
  const margins = (s.marginLeft === 'auto' ? 0 : resolveLength(s.marginLeft, base.width)) + (s.marginRight === 'auto' ? 0 : resolveLength(s.marginRight, base.width));
  const available = Math.max(0, base.width - horizontalFrame(s, base.width) - margins);
  const contentWidth = clampWidth(s, specifiedWidth ?? (stretch ? available : widthFor(item, available, MeasureMode.AtMost)), base.width);
  if (b.kind === 'replaced') return Math.min(replacedContentSuggestion(b, false, contentWidth, base.width, base.height), specified ?? Infinity);
  if (specified === undefined || b.kind !== 'block') return heightAt(item, contentWidth, base, page);
  // The content's own height, not the specified one: the box laid out with an auto height.
  const auto: BlockBox = { ...b, style: { ...s, height: 'auto', minHeight: AUTO_MIN_SIZE, maxHeight: 'none' } };
  const f = layoutBlockLevel(auto, itemSpace(base.width, contentWidth, undefined, base, page), null).fragment;
  return Math.min(f ? f.height - verticalFrame(s, base.width) : 0, specified);
}

/** The border-box width a table takes in a column: its specified width, the column's (stretched), or fit-content. */
function tableWidth(item: Item, node: Node, container: ComputedStyle, base: FlexBasisSizes): number {
  const specified = node.getWidth();
  if (specified.unit === Unit.Point) return specified.value;
  const s = item.box.style;
  const margins = (s.marginLeft === 'auto' ? 0 : resolveLength(s.marginLeft, base.width)) + (s.marginRight === 'auto' ? 0 : resolveLength(s.marginRight, base.width));
  const available = Math.max(0, base.width - margins);
  return stretched(container, s) ? Math.max(sizesOf(item).min, available) : widthFor(item, available, MeasureMode.AtMost);
}

/** A content-box width within the box's min-width and max-width. */
function clampWidth(s: ComputedStyle, width: number, cbWidth: number): number {
  const frame = s.boxSizing === 'border-box' ? horizontalFrame(s, cbWidth) : 0;
  const max = isIntrinsicKeyword(s.maxWidth) || s.maxWidth === 'none' ? Infinity : resolveLength(s.maxWidth, cbWidth) - frame;
  const min = isIntrinsicKeyword(s.minWidth) ? 0 : resolveLength(s.minWidth, cbWidth) - frame;
  return Math.max(min, Math.min(max, width));
}

/** An item of auto width that a column stretches across its width (§9.4 step 11). */
function stretched(container: ComputedStyle, s: ComputedStyle): boolean {
  return stretchAligned(container, s) && s.width === 'auto' && s.marginLeft !== 'auto' && s.marginRight !== 'auto';
}

/** The item's align-self is stretch (`normal` is stretch for flex items, css-align-3 §6.1). */
function stretchAligned(container: ComputedStyle, s: ComputedStyle): boolean {
  const align = s.alignSelf === 'auto' ? container.alignItems : s.alignSelf;
  return align === 'normal' || align === 'stretch';
}

/** The item's min- and max-content widths (content box; a table's border box). */
function sizesOf(item: Item): IntrinsicSizes {
  if (item.sizes === null) {
    const b = item.box;
    if (b.kind === 'table') item.sizes = tableIntrinsicSizes(tablePlan(b), layoutAtomic);
    else if (b.kind === 'replaced') {
      const w = replacedSize(b, item.base.width, item.base.height).width;
      item.sizes = { min: w, max: w };
    } else item.sizes = intrinsicContentSizes(b, layoutAtomic);
  }
  return item.sizes;
}

/** The content width yoga asks for: exact, fit-content within an upper bound, or max-content. */
function widthFor(item: Item, w: number, mode: MeasureMode): number {
  if (mode === MeasureMode.Exactly) return w;
  const sizes = sizesOf(item);
  if (mode === MeasureMode.AtMost && Number.isFinite(w)) return Math.min(Math.max(sizes.min, w), sizes.max);
  return sizes.max;
}

/**
 * Content heights of boxes measured as flex items, by content width and percentage base. Kept
 * across container layouts: a container nested in an item is laid out again each time its
 * ancestors are, and without this every level of nesting would multiply the work.
 */
const measuredHeights = new WeakMap<BlockLevelBox, Map<string, number>>();

/** The item's content height at a content width, by our own layout; measured once per width. */
function heightAt(item: Item, width: number, base: FlexBasisSizes, page: PageContext | null): number {
  let heights = measuredHeights.get(item.box);
  if (heights === undefined) {
    heights = new Map();
    measuredHeights.set(item.box, heights);
  }
  const key = `${width}:${base.width}:${base.height}`;
  const hit = heights.get(key);
  if (hit !== undefined) return hit;
  const b = item.box;
  let height: number;
  if (b.kind === 'replaced' && b.style.height === 'auto' && b.intrinsicWidth > 0) height = (width * b.intrinsicHeight) / b.intrinsicWidth;
  else {
    const table = b.kind === 'table';
    const f = layoutBlockLevel(b, itemSpace(table ? width : base.width, width, undefined, base, page), null).fragment;
    height = f ? f.height - (table ? 0 : verticalFrame(b.style, base.width)) : 0;
  }
  heights.set(key, height);
  return height;
}

function itemSpace(inlineSize: number, fixedInlineSize: number | undefined, fixedBlockSize: number | undefined, base: FlexBasisSizes, page: PageContext | null): ConstraintSpace {
  return constraintSpace({ inlineSize, blockLimit: Infinity, atFragmentainerStart: true, page, percentageBlockSize: base.height, fixedInlineSize, fixedBlockSize });
}

/** An item laid out whole at its flexed size. */
export interface PlacedItem {
  readonly fragment: BoxFragment;
  /** Border-box position in the content box. */
  x: number;
  y: number;
  readonly marginTop: number;
  readonly marginBottom: number;
  readonly marginLeft: number;
  readonly marginRight: number;
  /** The space it was laid out in, for laying it out again in pieces across pages. */
  readonly space: ConstraintSpace;
}

/** The item laid out for real at the size yoga gave it (a stretched height included). */
function layoutItem(item: Item, base: FlexBasisSizes, page: PageContext | null): PlacedItem {
  const { box, node } = item;
  const w = node.getComputedWidth();
  const h = node.getComputedHeight();
  const table = box.kind === 'table';
  const frameH = table ? 0 : horizontalFrame(box.style, base.width);
  const frameV = table ? 0 : verticalFrame(box.style, base.width);
  // Yoga computes in float32: a width a hair under the max-content width it was given would
  // wrap the item's last word, so a width within float32 rounding of the measured one is it.
  const contentWidth = Math.abs(w - frameH - item.measured) < 1e-3 ? item.measured : Math.max(0, w - frameH);
  const space = itemSpace(table ? w : base.width, contentWidth, Math.max(0, h - frameV), base, page);
  return { fragment: finalFragment(box, space, page), x: node.getComputedLeft(), y: node.getComputedTop(), marginTop: node.getComputedMargin(Edge.Top), marginBottom: node.getComputedMargin(Edge.Bottom),
    marginLeft: node.getComputedMargin(Edge.Left), marginRight: node.getComputedMargin(Edge.Right), space };
}

/**
 * Items laid out at their final sizes, by the space's sizes and the page (for page counters).
 * Fragments are immutable, so an item nested in containers that are laid out again (each
 * time their own ancestors measure them) is laid out once per size, keeping nesting linear.
 */
const finalFragments = new WeakMap<BlockLevelBox, Map<string, BoxFragment>>();

function finalFragment(box: BlockLevelBox, space: ConstraintSpace, page: PageContext | null): BoxFragment {
  let fragments = finalFragments.get(box);
  if (fragments === undefined) {
    fragments = new Map();
    finalFragments.set(box, fragments);
  }
  const key = `${space.inlineSize}:${space.fixedInlineSize}:${space.fixedBlockSize}:${space.percentageBlockSize}:${page?.pageNumber}:${page?.pageCount}`;
  let fragment = fragments.get(key);
  if (fragment === undefined) {
    fragment = layoutBlockLevel(box, space, null).fragment!;
    fragments.set(key, fragment);
  }
  return fragment;
}

/**
 * align-items/align-self: baseline in a row container (§8.3): the items of a line that align
 * on their first baseline move down so that their baselines (or their bottom border edges
 * when they have none) meet. Lines are told apart by their main-axis positions restarting.
 * In a single-line container, `last baseline` items align their last baselines and sit
 * against the line's end (css-align-3 §9.3); in a multi-line one they align as `baseline`.
 * Returns the container's content height, grown when an auto height must hold the items.
 */
function alignBaselines(style: ComputedStyle, items: readonly Item[], placed: PlacedItem[], height: number, autoMax: number | null): number {
  const singleLine = style.flexWrap === 'nowrap';
  const alignmentOf = (i: number): 'first' | 'last' | null => {
    // A collapsed item is a strut: it has no baseline to share (§4.4).
    if (items[i]!.box.style.visibility === 'collapse') return null;
    const self = items[i]!.box.style.alignSelf;
    const value = self === 'auto' ? style.alignItems : self;
    if (value === 'last baseline') return singleLine ? 'last' : 'first';
    return value === 'baseline' ? 'first' : null;
  };
  const alignments = placed.map((_, i) => alignmentOf(i));
  if (alignments.every((a) => a === null)) return height;
  const reversed = style.flexDirection === 'row-reverse';
  let bottom = height;
  let start = 0;
  while (start < placed.length) {
    let end = start + 1;
    while (end < placed.length && (reversed ? placed[end]!.x < placed[end - 1]!.x : placed[end]!.x > placed[end - 1]!.x)) end++;
    let target = -Infinity;
    for (let i = start; i < end; i++) if (alignments[i] === 'first') target = Math.max(target, placed[i]!.y + baselineOf(placed[i]!.fragment));
    for (let i = start; i < end; i++) {
      if (alignments[i] !== 'first') continue;
      const p = placed[i]!;
      p.y = target - baselineOf(p.fragment);
      bottom = Math.max(bottom, p.y + p.fragment.height + p.marginBottom);
    }
    start = end;
  }
  // Last baselines: each item's distance from its last baseline down to its bottom margin edge.
  let below = -Infinity;
  let above = 0;
  for (let i = 0; i < placed.length; i++) {
    if (alignments[i] !== 'last') continue;
    const p = placed[i]!;
    const baseline = p.fragment.lastBaseline ?? p.fragment.height;
    below = Math.max(below, p.fragment.height - baseline + p.marginBottom);
    above = Math.max(above, p.marginTop + baseline);
  }
  if (below > -Infinity) bottom = Math.max(bottom, above + below);
  const size = autoMax === null ? height : Math.min(bottom, Math.max(height, autoMax));
  for (let i = 0; i < placed.length; i++) {
    if (alignments[i] !== 'last') continue;
    const p = placed[i]!;
    // The shared last baseline lies `below` above the line's end.
    p.y = size - below - (p.fragment.lastBaseline ?? p.fragment.height);
  }
  return size;
}

function baselineOf(f: BoxFragment): number {
  return f.firstBaseline ?? f.height;
}
