// Column sizing (css-grid-1 §11.1 step 1): items contribute their min- and max-content widths
// as measured by our own intrinsic sizing; shared by layout and the container's intrinsic sizes.
import type { BlockLevelBox } from '../../boxes/types.js';
import { layoutAtomic } from '../block.js';
import { borderOf, paddingOf, resolveLength } from '../box-model.js';
import { intrinsicContribution } from '../intrinsic.js';
import { gridModel, type GridModel } from './grid-model.js';
import { sizingLeaves } from './subgrid.js';
import { gapCount } from './content-distribution.js';
import { sizeTracks, type AvailableSpace, type Contributions } from './track-sizing.js';

/**
 * An item's width contributions; its automatic minimum is 0 when it is a scroll container (§6.6; `overflow: clip` is not one).
 * A replaced item with a percentage max-width is compressible: its min-content contribution
 * is 0 (css-sizing-3 §5.2.2), whatever its width.
 */
export function widthContributions(box: BlockLevelBox): Contributions {
  const c = intrinsicContribution(box, layoutAtomic);
  const max = box.style.maxWidth;
  if (box.kind === 'replaced' && typeof max === 'object' && max.pct !== 0) return { minContent: 0, maxContent: c.max, minimum: 0 };
  if (box.style.overflow !== 'hidden') return { minContent: c.min, maxContent: c.max, minimum: c.min };
  const s = box.style;
  const p = paddingOf(s, 0);
  const b = borderOf(s);
  const minWidth = typeof s.minWidth === 'object' ? resolveLength(s.minWidth, 0) : 0;
  return { minContent: c.min, maxContent: c.max, minimum: Math.min(c.min, minWidth + p.left + p.right + b.left + b.right) };
}

/** An empty item's contributions. */
export const NONE: Contributions = { minContent: 0, maxContent: 0, minimum: 0 };

/** Contributions with extra margin added (a subgrid's edges around its items, css-grid-2 §9.5). */
export function plusMargin(c: Contributions, extra: number): Contributions {
  return extra === 0 ? c : { minContent: c.minContent + extra, maxContent: c.maxContent + extra, minimum: c.minimum + extra };
}

export function sizeColumns(model: GridModel, available: AvailableSpace, stretch: boolean): number[] {
  const basis = typeof available === 'number' ? available : null;
  // The items of subgrids in this axis size these columns in their place.
  const leaves = sizingLeaves(model.placement.items, 'columns', basis ?? 0, (box) => {
    const inner = gridModel(box, null, null);
    return { items: inner.placement.items, gap: inner.columnGap };
  });
  const items = leaves.map((leaf) => {
    let cached: Contributions | null = null;
    const extra = leaf.before + leaf.after;
    return { start: leaf.start, span: leaf.span, contributions: () => (cached ??= leaf.empty ? plusMargin(NONE, extra) : plusMargin(widthContributions(leaf.box), extra)) };
  });
  return sizeTracks(model.columns, items, model.columnGap, available, basis, stretch, gapCount(model.collapsedColumns));
}
