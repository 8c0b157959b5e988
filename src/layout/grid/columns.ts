// Column sizing (css-grid-1 §11.1 step 1): items contribute their min- and max-content widths
// as measured by our own intrinsic sizing; shared by layout and the container's intrinsic sizes.
import type { BlockLevelBox } from '../../boxes/types.js';
import { layoutAtomic } from '../block.js';
import { borderOf, paddingOf, resolveLength } from '../box-model.js';
import { intrinsicContribution } from '../intrinsic.js';
import type { GridModel } from './grid-model.js';
import { gapCount } from './content-distribution.js';
import { sizeTracks, type AvailableSpace, type Contributions } from './track-sizing.js';

/**
 * An item's width contributions; its automatic minimum is 0 when it clips its overflow (§6.6).
 * A replaced item with a percentage max-width is compressible: its min-content contribution
 * is 0 (css-sizing-3 §5.2.2), whatever its width.
 */
export function widthContributions(box: BlockLevelBox): Contributions {
  const c = intrinsicContribution(box, layoutAtomic);
  const max = box.style.maxWidth;
  if (box.kind === 'replaced' && typeof max === 'object' && max.pct !== 0) return { minContent: 0, maxContent: c.max, minimum: 0 };
  if (box.style.overflow === 'visible') return { minContent: c.min, maxContent: c.max, minimum: c.min };
  const s = box.style;
  const p = paddingOf(s, 0);
  const b = borderOf(s);
  const minWidth = typeof s.minWidth === 'object' ? resolveLength(s.minWidth, 0) : 0;
  return { minContent: c.min, maxContent: c.max, minimum: Math.min(c.min, minWidth + p.left + p.right + b.left + b.right) };
}

export function sizeColumns(model: GridModel, available: AvailableSpace, stretch: boolean): number[] {
  const items = model.placement.items.map((it) => {
    let cached: Contributions | null = null;
    return { start: it.column, span: it.columnSpan, contributions: () => (cached ??= widthContributions(it.box)) };
  });
  const basis = typeof available === 'number' ? available : null;
  return sizeTracks(model.columns, items, model.columnGap, available, basis, stretch, gapCount(model.collapsedColumns));
}
