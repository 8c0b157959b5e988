// A flex container's intrinsic inline sizes (css-flexbox-1 §9.9.1, as browsers compute them):
// a row's max-content size is its items' max-content contributions side by side; its
// min-content size is theirs side by side in a single-line container, the largest in a
// multi-line one, which can put each item on its own line. A column's are the largest.
import type { BlockLevelBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
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
    const c = contribution(item);
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
