// Replaced elements (CSS 2.1 §10.3.2, §10.4, §10.6.2): the used size of an image from its
// intrinsic size and ratio, the specified width/height, the HTML attributes and min/max.
import type { ReplacedBox } from '../boxes/types.js';
import { borderOf, paddingOf, resolveAuto, resolveLength, resolveNone } from './box-model.js';

/** Used content-box size of a replaced box in a containing block `cbWidth` wide. */
export function replacedSize(box: ReplacedBox, cbWidth: number): { width: number; height: number } {
  const s = box.style;
  const frameW = s.boxSizing === 'border-box' ? horizontalFrame(box, cbWidth) : 0;
  const frameH = s.boxSizing === 'border-box' ? verticalFrame(box, cbWidth) : 0;
  const cssW = resolveAuto(s.width, cbWidth);
  const cssH = s.height === 'auto' || s.height.pct !== 0 ? null : s.height.abs;
  const specW = cssW !== null ? Math.max(0, cssW - frameW) : box.attrWidth;
  const specH = cssH !== null ? Math.max(0, cssH - frameH) : box.attrHeight;
  const ratio = box.intrinsicHeight > 0 ? box.intrinsicWidth / box.intrinsicHeight : 1;
  let width = specW ?? (specH !== null ? specH * ratio : box.intrinsicWidth);
  let height = specH ?? (specW !== null ? specW / ratio : box.intrinsicHeight);
  // min/max: clamp the width, then keep the ratio when the height was not given (simplified §10.4 table).
  const maxW = resolveNone(s.maxWidth, cbWidth);
  const minW = resolveLength(s.minWidth, cbWidth);
  const clampedW = Math.max(minW, Math.min(width, maxW));
  if (clampedW !== width) {
    if (specH === null) height = clampedW / ratio;
    width = clampedW;
  }
  const maxH = s.maxHeight === 'none' || s.maxHeight.pct !== 0 ? Infinity : s.maxHeight.abs;
  const minH = s.minHeight.pct !== 0 ? 0 : s.minHeight.abs;
  const clampedH = Math.max(minH, Math.min(height, maxH));
  if (clampedH !== height) {
    if (specW === null) width = clampedH * ratio;
    height = clampedH;
  }
  return { width, height };
}

export function horizontalFrame(box: ReplacedBox, cbWidth: number): number {
  const p = paddingOf(box.style, cbWidth);
  const b = borderOf(box.style);
  return p.left + p.right + b.left + b.right;
}

function verticalFrame(box: ReplacedBox, cbWidth: number): number {
  const p = paddingOf(box.style, cbWidth);
  const b = borderOf(box.style);
  return p.top + p.bottom + b.top + b.bottom;
}
