// A grid container's intrinsic widths (css-grid-1 §11.1 step 1 "under a min-/max-content
// constraint"): its columns sized under each constraint, with the gaps between them.
import type { BlockBox } from '../../boxes/types.js';
import type { IntrinsicSizes } from '../intrinsic.js';
import { sizeColumns } from './columns.js';
import { gapCount } from './content-distribution.js';
import { gridModel } from './grid-model.js';

export function gridIntrinsicSizes(box: BlockBox): IntrinsicSizes {
  const model = gridModel(box, null, null);
  const total = (sizes: readonly number[]) => sizes.reduce((a, b) => a + b, 0) + gapCount(model.collapsedColumns) * model.columnGap;
  return { min: total(sizeColumns(model, 'min-content', false)), max: total(sizeColumns(model, 'max-content', false)) };
}
