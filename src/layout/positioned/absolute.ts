// Laying out one absolutely positioned box against its containing block (CSS 2.1 §10.3.7,
// §10.6.4; §10.3.8 and §10.6.5 for replaced elements): the width is solved first (auto
// widths shrink to fit), the box is laid out at that width, then its height and vertical
// offset are solved, laying out again only when the solved height differs from the content's.
// The box is laid out whole here; those of the initial containing block are then split
// across pages (initial-containing-block.ts).
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import type { ComputedStyle, IntrinsicSizeKeyword, LengthPercentage, LengthPercentageAuto, LengthPercentageNone } from '../../css/types.js';
import { layoutAtomic, layoutBlockLevel } from '../block.js';
import { borderOf, intrinsicWidth, isIntrinsicKeyword, maxWidthOrNone, minWidthOrZero, paddingOf, resolveAuto, resolveLength, widthOrAuto } from '../box-model.js';
import { intrinsicContentSizes } from '../intrinsic.js';
import { outsidePageFlow } from '../page/page-names.js';
import { replacedSize } from '../replaced.js';
import type { BoxFragment, PageContext } from '../types.js';
import { solveAxis, type AxisInput } from './axis.js';
import { constraintSpace } from '../constraint-space.js';

/** A containing block's padding box size (pt), and its direction. */
export interface ContainingBlockSize {
  readonly width: number;
  readonly height: number;
  readonly direction: 'ltr' | 'rtl';
}

/** A static position (margin edge), relative to the containing block's padding box. */
export interface StaticPosition {
  readonly x: number;
  readonly y: number;
  /**
   * Set when the block around the placeholder is right-to-left: where the right margin edge
   * would have been, which `right` takes when both offsets are auto (CSS 2.1 §10.3.7).
   */
  readonly right?: number;
}

/** A box laid out whole, with the used sizes that a fragmented layout of it would keep. */
export interface SolvedAbsolute {
  /** The fragment; x and y place its border box relative to the containing block's padding box. */
  readonly fragment: BoxFragment;
  /** The used content-box width. */
  readonly contentWidth: number;
  /** The used content-box height, or null when it is the content's (an auto height). */
  readonly contentHeight: number | null;
}

/** Lays out `box`; the fragment's x and y place its border box relative to the containing block's padding box. */
export function layoutAbsolute(box: BlockLevelBox, cb: ContainingBlockSize, staticPosition: StaticPosition, page: PageContext | null): BoxFragment {
  return solveAbsolute(box, cb, staticPosition, page).fragment;
}

/** Solves both axes of `box` and lays it out whole (monolithic). */
export function solveAbsolute(box: BlockLevelBox, cb: ContainingBlockSize, staticPosition: StaticPosition, page: PageContext | null): SolvedAbsolute {
  const s = box.style;
  const pad = paddingOf(s, cb.width);
  const bdr = borderOf(s);
  const inner = outsidePageFlow(page);
  const layout = (width: number | undefined, height: number | undefined): BoxFragment => {
    const space = constraintSpace({
      inlineSize: cb.width, blockLimit: Infinity, atFragmentainerStart: true, page: inner,
      percentageBlockSize: cb.height, fixedInlineSize: width, fixedBlockSize: height,
    });
    return layoutBlockLevel(box, space, null).fragment!;
  };

  if (box.kind === 'table') {
    // A table sizes its own border box (auto width: at most the containing block's); only its offsets are solved.
    const table = layout(undefined, undefined);
    const h = solveAxis(axis(s, 'x', cb, staticPosition, { frame: 0, size: table.width, min: 0, max: Infinity }), () => table.width);
    const v = solveAxis(axis(s, 'y', cb, staticPosition, { frame: 0, size: table.height, min: 0, max: Infinity }), () => table.height);
    return { fragment: { ...table, x: h.start + h.marginStart, y: v.start + v.marginStart }, contentWidth: table.width, contentHeight: table.height };
  }

  const frameX = pad.left + pad.right + bdr.left + bdr.right;
  const frameY = pad.top + pad.bottom + bdr.top + bdr.bottom;
  const sizes = box.kind === 'replaced' ? replacedSize(box, cb.width, cb.height) : null;
  const x = axis(s, 'x', cb, staticPosition, sizes
    ? { frame: frameX, size: sizes.width, min: 0, max: Infinity }
    : { frame: frameX, ...widthLimits(box as BlockBox, cb.width, frameX) });
  const h = solveAxis(x, (available) => shrinkToFit(box as BlockBox, available));

  let laid: BoxFragment | null = null;
  const contentHeight = () => {
    laid = layout(h.size, undefined);
    return laid.height - frameY;
  };
  const y = axis(s, 'y', cb, staticPosition, sizes
    ? { frame: frameY, size: sizes.height, min: 0, max: Infinity }
    : { frame: frameY, ...sizeLimits(s.height, s.minHeight, s.maxHeight, cb.height, frameY, s) });
  const v = solveAxis(y, contentHeight);
  const contentSized = laid !== null && Math.abs((laid as BoxFragment).height - frameY - v.size) < 1e-6;
  const fragment: BoxFragment = contentSized ? laid! : layout(h.size, v.size);
  return { fragment: { ...fragment, x: h.start + h.marginStart, y: v.start + v.marginStart }, contentWidth: h.size, contentHeight: contentSized ? null : v.size };
}

/** Shrink-to-fit (§10.3.7): min(max(min-content, available), max-content). */
function shrinkToFit(box: BlockBox, available: number): number {
  const sizes = intrinsicContentSizes(box, layoutAtomic);
  return Math.min(Math.max(sizes.min, available), sizes.max);
}

/**
 * The width terms; intrinsic keywords are the content's sizes (css-sizing-3 §3.1), except
 * that fit-content as the width is the equation's own shrink-to-fit (auto).
 */
function widthLimits(box: BlockBox, base: number, frame: number): { size: number | null; min: number; max: number } {
  const s = box.style;
  const keyword = (k: IntrinsicSizeKeyword) => intrinsicWidth(k, intrinsicContentSizes(box, layoutAtomic), Math.max(0, base - frame));
  const lengths = sizeLimits(widthOrAuto(s.width), minWidthOrZero(s.minWidth), maxWidthOrNone(s.maxWidth), base, frame, s);
  return {
    size: s.width === 'min-content' || s.width === 'max-content' ? keyword(s.width) : lengths.size,
    min: isIntrinsicKeyword(s.minWidth) ? keyword(s.minWidth) : lengths.min,
    max: isIntrinsicKeyword(s.maxWidth) ? keyword(s.maxWidth) : lengths.max,
  };
}

/** Specified size and min/max as content-box lengths; percentages of the containing block's padding box. */
function sizeLimits(size: LengthPercentageAuto, min: LengthPercentage, max: LengthPercentageNone, base: number, frame: number, s: ComputedStyle): { size: number | null; min: number; max: number } {
  const toContent = (v: number) => (s.boxSizing === 'border-box' ? Math.max(0, v - frame) : v);
  const specified = resolveAuto(size, base);
  return {
    size: specified === null ? null : toContent(specified),
    min: toContent(resolveLength(min, base)),
    max: max === 'none' ? Infinity : toContent(resolveLength(max, base)),
  };
}

/** The equation's terms along one axis; margins resolve against the containing block's width on both axes (§8.3). */
function axis(
  s: ComputedStyle,
  which: 'x' | 'y',
  cb: ContainingBlockSize,
  staticPosition: StaticPosition,
  box: { frame: number; size: number | null; min: number; max: number },
): AxisInput {
  const base = which === 'x' ? cb.width : cb.height;
  const staticRight = which === 'x' ? staticPosition.right : undefined;
  return {
    start: resolveAuto(which === 'x' ? s.left : s.top, base),
    end: resolveAuto(which === 'x' ? s.right : s.bottom, base),
    marginStart: resolveAuto(which === 'x' ? s.marginLeft : s.marginTop, cb.width),
    marginEnd: resolveAuto(which === 'x' ? s.marginRight : s.marginBottom, cb.width),
    containingBlock: base,
    staticStart: which === 'x' ? staticPosition.x : staticPosition.y,
    staticEnd: staticRight === undefined ? null : cb.width - staticRight,
    inline: which === 'x',
    rtl: which === 'x' && cb.direction === 'rtl',
    ...box,
  };
}
