// A table as a flex item (css-flexbox-1 §4): the table wrapper box is the item, and it is sized
// "as if the distance between the table wrapper box's edges and the table box's content edges
// were all part of the table box's border+padding area, and the table box were the flex
// item": the table box's width, height, min-/max- sizes and flex-basis, plus its border and
// padding (when they are content-box sizes) and, in the block axis, its captions. The item's
// yoga node has no frame of its own: its sizes are the wrapper's border box. A table is never
// smaller than its content (its columns' minimum widths, its rows' heights) in either axis.
import type { TableBox } from '../../boxes/types.js';
import { layoutAtomic, layoutBlockLevel } from '../block.js';
import { constraintSpace } from '../constraint-space.js';
import { tableGeometry } from '../table/column-widths.js';
import { tablePadding, tablePlan } from '../table/plan.js';
import type { PageContext } from '../types.js';

/** What the wrapper adds around the table box's content-box sizes, pt. */
export interface WrapperFrame {
  readonly horizontal: number;
  readonly vertical: number;
}

/** The wrapper's frame for a table in a container of content width `cbWidth`. */
export function tableWrapperFrame(box: TableBox, cbWidth: number): WrapperFrame {
  const plan = tablePlan(box);
  const pad = tablePadding(plan, cbWidth);
  const contentBox = box.style.boxSizing !== 'border-box';
  const horizontal = contentBox ? plan.border.left + plan.border.right + pad.left + pad.right : 0;
  const vertical = (contentBox ? plan.border.top + plan.border.bottom + pad.top + pad.bottom : 0) + captionsHeight(box, cbWidth);
  return { horizontal, vertical };
}

/** The height of the table's captions, laid out at the width the table takes in `cbWidth`. */
function captionsHeight(box: TableBox, cbWidth: number): number {
  if (box.captions.length === 0) return 0;
  const f = layoutBlockLevel(box, constraintSpace({ inlineSize: cbWidth, blockLimit: Infinity, atFragmentainerStart: true, page: null }), null).fragment;
  const grid = f?.children.find((c) => c.kind === 'table-grid');
  return f && grid ? f.height - grid.height : 0;
}

/** The table's least border-box width: its columns' minimum widths and its captions'. */
export function tableMinimumWidth(box: TableBox, cbWidth: number): number {
  return tableGeometry(tablePlan(box), cbWidth, layoutAtomic, 0).width;
}

/** The table's least wrapper height at a border-box width: its rows at their content heights, its captions. */
export function tableMinimumHeight(box: TableBox, width: number, page: PageContext | null, percentageBlockSize: number | null): number {
  const f = layoutBlockLevel(box, constraintSpace({ inlineSize: width, blockLimit: Infinity, atFragmentainerStart: true, page, percentageBlockSize, fixedInlineSize: width, fixedBlockSize: 0 }), null).fragment;
  return f ? f.height : 0;
}
