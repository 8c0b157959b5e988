// `position: fixed` in paged media (css-position-3 §3.4, css-page-3): the box's containing
// block is the page area, and it repeats on every page. Offsets per CSS 2.1 §10.3.7 and
// §10.6.4; where both offsets of an axis are auto the static position is taken as the page
// area's start, since the box is out of the flow everywhere.
import type { BlockLevelBox } from '../../boxes/types.js';
import { layoutAtomic, layoutBlockLevel } from '../block.js';
import { resolveAuto } from '../box-model.js';
import type { BoxFragment, PageContext } from '../types.js';
import { outsidePageFlow } from './page-names.js';

/** Lays out a fixed box against a page area `width` × `height`; x and y are relative to the area. */
export function layoutFixed(box: BlockLevelBox, width: number, height: number, page: PageContext): BoxFragment | null {
  const s = box.style;
  const left = resolveAuto(s.left, width);
  const right = resolveAuto(s.right, width);
  const top = resolveAuto(s.top, height);
  const bottom = resolveAuto(s.bottom, height);
  // Width: stretched between both offsets when auto, else shrink-to-fit like an inline-block.
  let fragment: BoxFragment | null;
  let outerWidth: number;
  if (s.width === 'auto' && left !== null && right !== null) {
    const available = Math.max(0, width - left - right);
    fragment = layoutBlockLevel(box, { inlineSize: available, blockLimit: Infinity, atFragmentainerStart: true, page: outsidePageFlow(page) }, null).fragment;
    outerWidth = available;
    if (fragment) fragment = { ...fragment, x: left + fragment.x };
  } else {
    const laid = layoutAtomic({ kind: 'atomic', style: s, element: box.element, box }, Math.max(0, width - (left ?? 0) - (right ?? 0)), page);
    outerWidth = laid.width;
    const x = left ?? (right !== null ? width - right - outerWidth : 0);
    fragment = { ...laid.fragment, x: x + laid.fragment.x };
  }
  if (!fragment) return null;
  const marginTop = resolveAuto(s.marginTop, width) ?? 0;
  const marginBottom = resolveAuto(s.marginBottom, width) ?? 0;
  const outerHeight = marginTop + fragment.height + marginBottom;
  const y = top ?? (bottom !== null ? height - bottom - outerHeight : 0);
  return { ...fragment, y: y + marginTop };
}
