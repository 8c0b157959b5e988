// The legacy alignment of block-level boxes (HTML §15.3.3 "align descendants"; Chromium's
// text-align: -webkit-left/-webkit-right/-webkit-center, from `align` and <center>): a child
// whose inline margins are both not auto and that leaves space in its container is moved to
// the side, or the middle, that its container's text-align names. Auto margins win.
import type { BlockLevelBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import { resolveAuto } from './box-model.js';

/** How far to move an in-flow child's fragment (x at its left margin edge, border-box width) right. */
export function legacyAlignShift(container: ComputedStyle, child: BlockLevelBox, fragment: { readonly x: number; readonly width: number }, available: number): number {
  const align = container.textAlign;
  if (align !== '-webkit-center' && align !== '-webkit-right') return 0;
  const s = child.style;
  if (s.marginLeft === 'auto' || s.marginRight === 'auto' || s.float !== 'none' || s.position === 'absolute' || s.position === 'fixed') return 0;
  const free = available - (fragment.x + fragment.width + (resolveAuto(s.marginRight, available) ?? 0));
  if (free <= 0) return 0;
  return align === '-webkit-center' ? free / 2 : free;
}
