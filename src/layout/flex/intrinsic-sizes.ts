// A flex container's intrinsic inline sizes (css-flexbox-1 §9.9.1, as browsers compute them):
// a row's max-content size is its items' max-content contributions side by side; its
// min-content size is theirs side by side in a single-line container, the largest in a
// multi-line one, which can put each item on its own line. A column's are the largest.
// In a row, an item that cannot grow contributes at most its flex base size, and one that
// cannot shrink at least that (§9.9.3), within its min-width (auto: its min-content) and max-width.
import type { BlockLevelBox } from '../../boxes/types.js';
import { AUTO_MIN_SIZE } from '../../css/initial-style.js';
import type { ComputedStyle } from '../../css/types.js';
import { borderOf, maxWidthOrNone, minWidthOrZero, paddingOf, resolveAuto, widthOrAuto } from '../box-model.js';
import type { IntrinsicSizes } from '../intrinsic.js';
import { isRowDirection } from './yoga-style.js';

export function flexIntrinsicSizes(style: ComputedStyle, items: readonly BlockLevelBox[], contribution: (box: BlockLevelBox) => IntrinsicSizes): IntrinsicSizes {
  const row = isRowDirection(style);
  // Percentage gaps resolve against a size not known yet here: they count as 0.
  const gap = row && style.columnGap !== 'normal' ? style.columnGap.abs : 0;
  let min = 0;
  let max = 0;
  let count = 0;
  for (const item of items) {
    if (item.kind === 'block' && (item.absolute !== undefined || item.running !== undefined)) continue;
    const c = row ? rowContribution(item.style, contribution(item)) : contribution(item);
    const between = count > 0 ? gap : 0;
    count++;
    if (!row) {
      min = Math.max(min, c.min);
      max = Math.max(max, c.max);
      continue;
    }
    max += between + c.max;
    min = style.flexWrap === 'nowrap' ? min + between + c.min : Math.max(min, c.min);
  }
  return { min, max };
}

/**
 * A row item's main-size contributions (§9.9.3): its min-/max-content contributions clamped
 * by its outer flex base size from above when it cannot grow and from below when it cannot
 * shrink, then by its min-width and max-width. Percentages count as auto here.
 */
function rowContribution(s: ComputedStyle, c: IntrinsicSizes): IntrinsicSizes {
  const p = paddingOf(s, 0);
  const b = borderOf(s);
  const frame = p.left + p.right + b.left + b.right;
  const margins = (resolveAuto(s.marginLeft, 0) ?? 0) + (resolveAuto(s.marginRight, 0) ?? 0);
  const toOuter = (size: number) => (s.boxSizing === 'border-box' ? Math.max(size, frame) : size + frame) + margins;
  const width = widthOrAuto(s.width);
  const basis = s.flexBasis !== 'auto' && s.flexBasis !== 'content' && s.flexBasis.pct === 0 ? toOuter(s.flexBasis.abs) : s.flexBasis === 'auto' && width !== 'auto' && width.pct === 0 ? toOuter(width.abs) : c.max;
  let { min, max } = c;
  if (s.flexGrow === 0) {
    min = Math.min(min, basis);
    max = Math.min(max, basis);
  }
  if (s.flexShrink === 0) {
    min = Math.max(min, basis);
    max = Math.max(max, basis);
  }
  const minWidth = minWidthOrZero(s.minWidth);
  const maxWidth = maxWidthOrNone(s.maxWidth);
  // min-width: auto is the content-based minimum (§4.5): the min-content contribution.
  const automatic = s.minWidth === AUTO_MIN_SIZE && s.overflow !== 'hidden' ? c.min : 0;
  const lo = Math.max(automatic, minWidth.pct === 0 && minWidth.abs > 0 ? toOuter(minWidth.abs) : 0);
  const hi = maxWidth !== 'none' && maxWidth.pct === 0 ? toOuter(maxWidth.abs) : Infinity;
  return { min: Math.max(lo, Math.min(hi, min)), max: Math.max(lo, Math.min(hi, max)) };
}
