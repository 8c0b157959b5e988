// A grid item laid out in its grid area (css-grid-1 §6.2, css-align-3 §6): its width filling
// the area (stretch) or fitting its content, its height stretched to the area's when its
// block-axis alignment is normal or stretch, then aligned in the area by the *-self values.
import type { BlockLevelBox } from '../../boxes/types.js';
import type { AlignmentKeyword, ComputedStyle } from '../../css/types.js';
import { blockMargins, horizontalFrame, intrinsicWidth, resolveAuto, solveInlineGeometry, verticalFrame } from '../box-model.js';
import { layoutAtomic, layoutBlockLevel } from '../block.js';
import { constraintSpace } from '../constraint-space.js';
import { intrinsicContentSizes } from '../intrinsic.js';
import type { BoxFragment, PageContext } from '../types.js';

/** The item's self-alignment in one axis, `auto` taking the container's *-items value. */
export function selfAlignment(self: AlignmentKeyword, items: AlignmentKeyword): AlignmentKeyword {
  return self === 'auto' ? items : self;
}

/** `normal` stretches boxes without a natural size; replaced boxes and tables take start (css-align-3 §6.1). */
function stretches(box: BlockLevelBox, align: AlignmentKeyword): boolean {
  return align === 'stretch' || (align === 'normal' && box.kind === 'block');
}

/** The item's fragment at `width` (its area's), with its height fixed when `height` is given; x is its left margin. */
export function layoutItemAt(box: BlockLevelBox, width: number, height: number | null, container: ComputedStyle, page: PageContext | null): BoxFragment {
  const s = box.style;
  const justify = selfAlignment(s.justifySelf, container.justifyItems);
  const fills = stretches(box, justify) && s.width === 'auto' && s.marginLeft !== 'auto' && s.marginRight !== 'auto';
  let inlineSize = width;
  if (box.kind === 'block' && !fills && s.width === 'auto') {
    // Not stretched: fit-content wide (css-sizing-3 §3.1), as a float is.
    const intrinsic = () => intrinsicContentSizes(box, layoutAtomic);
    const geometry = solveInlineGeometry(s, width, (avail) => intrinsicWidth('fit-content', intrinsic(), avail), intrinsic);
    inlineSize = geometry.contentWidth + horizontalFrame(s, width) + (resolveAuto(s.marginLeft, width) ?? 0) + (resolveAuto(s.marginRight, width) ?? 0);
  }
  let fixedBlockSize: number | undefined;
  if (height !== null && box.kind === 'block' && s.height === 'auto' && s.marginTop !== 'auto' && s.marginBottom !== 'auto' && stretches(box, selfAlignment(s.alignSelf, container.alignItems))) {
    const m = blockMargins(s, width);
    fixedBlockSize = Math.max(0, height - m.top - m.bottom - verticalFrame(s, width));
  }
  const space = constraintSpace({ inlineSize, blockLimit: Infinity, atFragmentainerStart: true, page, percentageBlockSize: height, fixedBlockSize });
  return layoutBlockLevel(box, space, null).fragment!;
}

/** The offset of a box of size `size` in `room` by a self-alignment value (start when unknown). */
function alignOffset(align: AlignmentKeyword, room: number, size: number, autoStart: boolean, autoEnd: boolean): number {
  const free = room - size;
  // Auto margins take the free space first (css-grid-1 §10.2).
  if (autoStart && autoEnd) return Math.max(0, free) / 2;
  if (autoStart) return Math.max(0, free);
  if (autoEnd) return 0;
  if (align === 'end' || align === 'flex-end' || align === 'self-end' || align === 'right') return free;
  if (align === 'center') return free / 2;
  return 0;
}

/** The item's fragment placed in its area (x, y, width, height relative to the grid's content box). */
export function placeItem(box: BlockLevelBox, area: { x: number; y: number; width: number; height: number }, container: ComputedStyle, page: PageContext | null): BoxFragment {
  const s = box.style;
  const f = layoutItemAt(box, area.width, area.height, container, page);
  const m = blockMargins(s, area.width);
  const marginLeft = f.x;
  const marginRight = resolveAuto(s.marginRight, area.width) ?? 0;
  // A fragment that filled its width took its auto margins already (block.ts solves them).
  const dx = alignOffset(selfAlignment(s.justifySelf, container.justifyItems), area.width, marginLeft + f.width + marginRight, false, false);
  const dy = alignOffset(selfAlignment(s.alignSelf, container.alignItems), area.height, m.top + f.height + m.bottom, s.marginTop === 'auto', s.marginBottom === 'auto');
  return { ...f, x: area.x + marginLeft + dx, y: area.y + m.top + dy };
}
