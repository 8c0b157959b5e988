// Computed styles as yoga node styles: the flex container's (css-flexbox-1 §5, css-align-3)
// and each item's sizes, margins, padding, borders and flexibility (§7). Lengths arrive
// resolved to pt: percentages against the container's content box where it is definite.
import { Align, BoxSizing, Edge, FlexDirection, Gutter, Justify, Wrap, type Config, type Node } from 'yoga-layout/load';
import type { ComputedStyle, ContentAlignment, ItemAlignment, LengthPercentage, LengthPercentageAuto, LengthPercentageNone } from '../../css/types.js';
import { borderOf, isIntrinsicKeyword, paddingOf, resolveLength } from '../box-model.js';
import type { WrapperFrame } from './table-item.js';
import { yogaEngine } from './yoga-engine.js';

let shared: Config | null = null;

/** One config for every flex layout: web defaults, and no rounding to a pixel grid (we lay out in pt). */
export function yogaConfig(): Config {
  if (shared === null) {
    shared = yogaEngine().Config.create();
    shared.setUseWebDefaults(true);
    shared.setPointScaleFactor(0);
  }
  return shared;
}

/** The container's content box resolved for its items: the base of their percentages. */
export interface FlexBasisSizes {
  readonly width: number;
  /** The content-box height when definite, else null (percentages then act as auto). */
  readonly height: number | null;
}

export function isRowDirection(style: ComputedStyle): boolean {
  return style.flexDirection === 'row' || style.flexDirection === 'row-reverse';
}

const DIRECTIONS = { row: FlexDirection.Row, 'row-reverse': FlexDirection.RowReverse, column: FlexDirection.Column, 'column-reverse': FlexDirection.ColumnReverse } as const;
const WRAPS = { nowrap: Wrap.NoWrap, wrap: Wrap.Wrap, 'wrap-reverse': Wrap.WrapReverse } as const;

/** The container's own flex properties, on the root node. */
export function applyContainerStyle(node: Node, style: ComputedStyle, base: FlexBasisSizes): void {
  node.setFlexDirection(DIRECTIONS[style.flexDirection]);
  node.setFlexWrap(WRAPS[style.flexWrap]);
  node.setJustifyContent(justify(style.justifyContent, style));
  node.setAlignItems(itemAlign(style.alignItems));
  node.setAlignContent(contentAlign(style.alignContent));
  // `normal` gaps are 0 in a flex container (css-align-3 §8.1); row-gap % needs a definite height.
  node.setGap(Gutter.Column, gapOf(style.columnGap, base.width));
  node.setGap(Gutter.Row, base.height === null && style.rowGap !== 'normal' && style.rowGap.pct !== 0 ? style.rowGap.abs : gapOf(style.rowGap, base.height ?? 0));
}

function gapOf(gap: LengthPercentage | 'normal', base: number): number {
  return gap === 'normal' ? 0 : Math.max(0, resolveLength(gap, base));
}

/**
 * justify-content on the main axis (css-align-3 §5.1): `normal` and `stretch` act as
 * flex-start; `start`/`end` follow the writing mode, so a reversed direction swaps them;
 * `left`/`right` are physical in a row (yoga lays an rtl row out from the right).
 */
function justify(value: ContentAlignment, style: ComputedStyle): Justify {
  const reversed = style.flexDirection === 'row-reverse' || style.flexDirection === 'column-reverse';
  switch (value) {
    case 'center': return Justify.Center;
    case 'space-between': return Justify.SpaceBetween;
    case 'space-around': return Justify.SpaceAround;
    case 'space-evenly': return Justify.SpaceEvenly;
    case 'flex-end': return Justify.FlexEnd;
    case 'end': return reversed ? Justify.FlexStart : Justify.FlexEnd;
    // Physical in a row, whose main-start is on the left in ltr unless reversed; `start` in a column.
    case 'left': case 'right': {
      if (!isRowDirection(style)) return reversed ? Justify.FlexEnd : Justify.FlexStart;
      const leftIsMainStart = (style.direction === 'rtl') === reversed;
      return (value === 'left') === leftIsMainStart ? Justify.FlexStart : Justify.FlexEnd;
    }
    case 'start': return reversed ? Justify.FlexEnd : Justify.FlexStart;
    default: return Justify.FlexStart;
  }
}

/** align-items / align-self (css-align-3 §6.1); `normal` is stretch for flex items. */
export function itemAlign(value: ItemAlignment | 'auto'): Align {
  switch (value) {
    case 'auto': return Align.Auto;
    case 'normal': case 'stretch': return Align.Stretch;
    case 'center': return Align.Center;
    case 'end': case 'flex-end': case 'self-end': return Align.FlexEnd;
    // Baselines are aligned after yoga's pass (layout-flex.ts): start there.
    default: return Align.FlexStart;
  }
}

/** align-content (css-align-3 §5.1); `normal` behaves as stretch in a flex container. */
function contentAlign(value: ContentAlignment): Align {
  switch (value) {
    case 'normal': case 'stretch': return Align.Stretch;
    case 'center': return Align.Center;
    case 'space-between': return Align.SpaceBetween;
    case 'space-around': return Align.SpaceAround;
    case 'space-evenly': return Align.SpaceEvenly;
    case 'end': case 'flex-end': return Align.FlexEnd;
    default: return Align.FlexStart;
  }
}

/** A length that may be auto, against a base that may be indefinite: undefined for auto. */
function sizeOf(value: LengthPercentageAuto, base: number | null): number | undefined {
  if (value === 'auto') return undefined;
  if (value.pct !== 0 && base === null) return undefined;
  return Math.max(0, resolveLength(value, base ?? 0));
}

function maxOf(value: LengthPercentageNone, base: number | null): number | undefined {
  return value === 'none' ? undefined : sizeOf(value, base);
}

function plus(value: number | undefined, frame: number): number | undefined {
  return value === undefined ? undefined : value + frame;
}

/**
 * An item's style on its node. `width` is the item's width property already resolved where it
 * is an intrinsic keyword (content-box pt), or undefined for auto. A table's sizes are its
 * wrapper's border box (table-item.ts): `wrapper` is added to each of them.
 */
export function applyItemStyle(node: Node, style: ComputedStyle, base: FlexBasisSizes, width: number | undefined, row: boolean, wrapper: WrapperFrame | null): void {
  const h = wrapper?.horizontal ?? 0;
  const v = wrapper?.vertical ?? 0;
  node.setBoxSizing(style.boxSizing === 'border-box' || wrapper !== null ? BoxSizing.BorderBox : BoxSizing.ContentBox);
  node.setWidth(plus(width, h) ?? 'auto');
  node.setHeight(plus(sizeOf(style.height, base.height), v) ?? 'auto');
  if (!isIntrinsicKeyword(style.minWidth)) node.setMinWidth(plus(sizeOf(style.minWidth, base.width), h));
  if (!isIntrinsicKeyword(style.maxWidth)) node.setMaxWidth(plus(maxOf(style.maxWidth, base.width), h));
  node.setMinHeight(plus(sizeOf(style.minHeight, base.height), v));
  node.setMaxHeight(plus(maxOf(style.maxHeight, base.height), v));
  // Percentage margins and padding resolve against the container's inline size (css-flexbox-1 §4.2).
  const margins: [Edge, LengthPercentageAuto][] = [[Edge.Top, style.marginTop], [Edge.Right, style.marginRight], [Edge.Bottom, style.marginBottom], [Edge.Left, style.marginLeft]];
  for (const [edge, m] of margins) {
    if (m === 'auto') node.setMarginAuto(edge);
    else node.setMargin(edge, resolveLength(m, base.width));
  }
  const pad = paddingOf(style, base.width);
  const bdr = borderOf(style);
  node.setPadding(Edge.Top, pad.top);
  node.setPadding(Edge.Right, pad.right);
  node.setPadding(Edge.Bottom, pad.bottom);
  node.setPadding(Edge.Left, pad.left);
  node.setBorder(Edge.Top, bdr.top);
  node.setBorder(Edge.Right, bdr.right);
  node.setBorder(Edge.Bottom, bdr.bottom);
  node.setBorder(Edge.Left, bdr.left);
  node.setFlexGrow(style.flexGrow);
  node.setFlexShrink(style.flexShrink);
  const basis = style.flexBasis;
  const mainBase = row ? base.width : base.height;
  // `content` sizes from the content whatever the main size property (§7.2.3): yoga's auto
  // basis does so when that property is auto, which it only feeds the basis here.
  if (basis === 'content') {
    node.setFlexBasisAuto();
    if (row) node.setWidth('auto');
    else node.setHeight('auto');
  } else if (basis === 'auto' || (basis.pct !== 0 && mainBase === null)) node.setFlexBasisAuto();
  else {
    const value = Math.max(0, resolveLength(basis, mainBase ?? 0)) + (row ? h : v);
    node.setFlexBasis(value);
    // Yoga reads a flex-basis only against a definite main size; in a column of auto height
    // it takes the height property instead, so the basis stands in for it there (§9.2 step 3A).
    if (!row && mainBase === null) node.setHeight(value);
  }
  node.setAlignSelf(itemAlign(style.alignSelf));
}
