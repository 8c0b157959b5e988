// A grid item laid out in its grid area (css-grid-1 §6.2, css-align-3 §6): its width filling
// the area (stretch) or fitting its content, its height stretched to the area's when its
// block-axis alignment is normal or stretch, then aligned in the area by the *-self values.
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import type { AlignmentKeyword, ComputedStyle } from '../../css/types.js';
import { blockMargins, horizontalFrame, intrinsicWidth, isIntrinsicKeyword, resolveAuto, resolveNone, solveInlineGeometry, verticalFrame } from '../box-model.js';
import { layoutAtomic, layoutBlockLevel } from '../block.js';
import { constraintSpace } from '../constraint-space.js';
import { intrinsicContentSizes, type IntrinsicSizes } from '../intrinsic.js';
import type { BlockLayoutResult, BreakToken, PageContext } from '../types.js';
import { NO_SHIM, type Shim } from './baseline.js';
import { replacedItemSize } from './replaced-item.js';
import { subgridOf } from './subgrid.js';

/** The item's self-alignment in one axis, `auto` taking the container's *-items value. */
export function selfAlignment(self: AlignmentKeyword, items: AlignmentKeyword): AlignmentKeyword {
  return self === 'auto' ? items : self;
}

/** `normal` stretches boxes without a preferred aspect ratio; replaced boxes take start (css-align-3 §6.1). */
function stretches(box: BlockLevelBox, align: AlignmentKeyword): boolean {
  return align === 'stretch' || (align === 'normal' && box.kind !== 'replaced');
}

/** The item's block size is its area's: a block or table with an auto height and no auto block margins, stretched (css-align-3 §6.1). */
export function stretchesInBlockAxis(box: BlockLevelBox, container: ComputedStyle): boolean {
  const s = box.style;
  return box.kind !== 'replaced' && s.height === 'auto' && s.marginTop !== 'auto' && s.marginBottom !== 'auto' && stretches(box, selfAlignment(s.alignSelf, container.alignItems));
}

/** Where a fragmented item continues: the space left on this page and its break token. */
export interface ItemFragmentation {
  readonly blockLimit: number;
  readonly atStart: boolean;
  readonly token: BreakToken | null;
}

const WHOLE: ItemFragmentation = { blockLimit: Infinity, atStart: true, token: null };

/**
 * The item's fragment at `width` (its area's), stretched to `height` in the block axis when
 * given and its alignment stretches it; x is its left margin.
 */
export function layoutItemAt(box: BlockLevelBox, width: number, height: number | null, container: ComputedStyle, page: PageContext | null, at: ItemFragmentation = WHOLE): BlockLayoutResult {
  const s = box.style;
  const justify = selfAlignment(s.justifySelf, container.justifyItems);
  // A subgrid fills its area in its subgridded axes whatever its size and alignment (css-grid-2 §9).
  const sub = subgridOf(box);
  const fills = stretches(box, justify) && s.width === 'auto' && s.marginLeft !== 'auto' && s.marginRight !== 'auto';
  let fixedInlineSize: number | undefined;
  let fixedBlockSize: number | undefined;
  if (box.kind === 'block' && !fills && !sub?.columns) {
    // Not stretched: its width, or fit-content wide; the area stays its containing block,
    // which percentages resolve against. placeItem aligns it.
    fixedInlineSize = unstretchedWidth(box, width);
  }
  if (box.kind === 'replaced') {
    const size = replacedItemSize(box, width, height, justify, selfAlignment(s.alignSelf, container.alignItems));
    fixedInlineSize = size.width;
    fixedBlockSize = size.height;
  }
  if (height !== null && stretchesInBlockAxis(box, container)) {
    const m = blockMargins(s, width);
    // A table's fixed height is its wrapper's, border box and captions (layoutTable).
    fixedBlockSize = Math.max(0, height - m.top - m.bottom - (box.kind === 'table' ? 0 : verticalFrame(s, width)));
  }
  // A stretched table's wrapper takes the area's width (the table box's border box; its
  // columns never narrower than their minimums, table layout sees to that), as in flexbox.
  if (box.kind === 'table' && fills) fixedInlineSize = Math.max(0, width - (resolveAuto(s.marginLeft, width) ?? 0) - (resolveAuto(s.marginRight, width) ?? 0));
  if (sub?.columns) {
    fixedInlineSize = Math.max(0, width - (resolveAuto(s.marginLeft, width) ?? 0) - (resolveAuto(s.marginRight, width) ?? 0) - horizontalFrame(s, width));
  }
  if (sub?.rows && height !== null) {
    const m = blockMargins(s, width);
    fixedBlockSize = Math.max(0, height - m.top - m.bottom - verticalFrame(s, width));
  }
  const space = constraintSpace({ inlineSize: width, blockLimit: at.blockLimit, atFragmentainerStart: at.atStart, page, percentageBlockSize: height, fixedInlineSize, fixedBlockSize });
  return layoutBlockLevel(box, space, at.token);
}

/**
 * The content width of an item that is not stretched: its width, or fit-content
 * (css-sizing-3 §3.1), which unlike a float's shrink-to-fit width never falls below the
 * min-content width (within max-width): such an item overflows a narrower area.
 */
function unstretchedWidth(box: BlockBox, area: number): number {
  const s = box.style;
  let sizes: IntrinsicSizes | null = null;
  const intrinsic = () => (sizes ??= intrinsicContentSizes(box, layoutAtomic));
  const solved = solveInlineGeometry(s, area, (avail) => intrinsicWidth('fit-content', intrinsic(), avail), intrinsic).contentWidth;
  if (s.width !== 'auto' || solved >= intrinsic().min) return solved;
  const frame = s.boxSizing === 'border-box' ? horizontalFrame(s, area) : 0;
  const max = isIntrinsicKeyword(s.maxWidth) ? Infinity : resolveNone(s.maxWidth, area) - frame;
  return Math.max(solved, Math.min(intrinsic().min, max));
}

/** The offset of a box of size `size` in `room` by a self-alignment value (start when unknown). */
export function alignOffset(align: AlignmentKeyword, room: number, size: number, autoStart: boolean, autoEnd: boolean): number {
  const free = room - size;
  // Auto margins take the free space first (css-grid-1 §10.2).
  if (autoStart && autoEnd) return Math.max(0, free) / 2;
  if (autoStart) return Math.max(0, free);
  if (autoEnd) return 0;
  // `last baseline` falls back to end (css-align-3 §9.1); its shim is in `size`.
  if (align === 'end' || align === 'flex-end' || align === 'self-end' || align === 'right' || align === 'last baseline') return free;
  if (align === 'center') return free / 2;
  return 0;
}

/**
 * The item's fragment placed in its area (x, y, width, height relative to the grid's content
 * box); `shim` is the extra block-axis margin of baseline alignment (baseline.ts).
 */
export function placeItem(box: BlockLevelBox, area: { x: number; y: number; width: number; height: number }, container: ComputedStyle, page: PageContext | null, at: ItemFragmentation = WHOLE, shim: Shim = NO_SHIM): BlockLayoutResult {
  const s = box.style;
  const result = layoutItemAt(box, area.width, area.height, container, page, at);
  const f = result.fragment;
  if (!f) return result;
  // A continued item goes on at the top of its area's piece here, unaligned.
  if (at.token !== null) return { fragment: { ...f, x: area.x + (resolveAuto(s.marginLeft, area.width) ?? 0), y: area.y }, breakToken: result.breakToken };
  const m = blockMargins(s, area.width);
  // Auto margins count as 0 here and take the free space in the alignment below (§10.2).
  const marginLeft = resolveAuto(s.marginLeft, area.width) ?? 0;
  const marginRight = resolveAuto(s.marginRight, area.width) ?? 0;
  const justify = selfAlignment(s.justifySelf, container.justifyItems);
  const autoX = s.marginLeft === 'auto' || s.marginRight === 'auto';
  let dx = alignOffset(justify, area.width, marginLeft + f.width + marginRight, s.marginLeft === 'auto', s.marginRight === 'auto');
  // Right-to-left, the start side is the right (left and right and auto margins stay physical).
  if (container.direction === 'rtl' && !autoX && justify !== 'left' && justify !== 'right') dx = area.width - marginLeft - f.width - marginRight - dx;
  const dy = shim.top + alignOffset(selfAlignment(s.alignSelf, container.alignItems), area.height, shim.top + m.top + f.height + m.bottom + shim.bottom, s.marginTop === 'auto', s.marginBottom === 'auto');
  return { fragment: { ...f, x: area.x + marginLeft + dx, y: area.y + m.top + dy }, breakToken: result.breakToken };
}
