// Column rules (css-multicol-1 §4.5): a line in the middle of each gap between two columns
// that both have content, as tall as the columns, painted in the layer of the container's
// border. Styles lines cannot draw are drawn solid, as dashed and dotted are drawn by borders.
import type { ComputedStyle } from '../css/types.js';
import type { BoxFragment } from '../layout/types.js';
import type { DisplayItem } from './types.js';

/** `f` is a multi-column container's fragment at (x, y); its box children are its columns. */
export function paintColumnRules(style: ComputedStyle, f: BoxFragment, x: number, y: number, out: DisplayItem[]): void {
  const width = style.columnRuleWidth;
  if (!(width > 0) || style.columnRuleStyle === 'none' || style.columnRuleStyle === 'hidden' || style.columnRuleColor.a <= 0) return;
  const columns = f.children.filter((c): c is BoxFragment => c.kind === 'box' && c.height > 0);
  if (columns.length < 2) return;
  const top = Math.min(...columns.map((c) => c.y));
  const bottom = Math.max(...columns.map((c) => c.y + c.height));
  const lineStyle = style.columnRuleStyle === 'dashed' || style.columnRuleStyle === 'dotted' ? style.columnRuleStyle : 'solid';
  for (let i = 1; i < columns.length; i++) {
    // The gap between the two, whichever is on the left (columns go right to left in rtl).
    const [left, right] = columns[i - 1]!.x <= columns[i]!.x ? [columns[i - 1]!, columns[i]!] : [columns[i]!, columns[i - 1]!];
    const mid = x + (left.x + left.width + right.x) / 2;
    out.push({ kind: 'line', x1: mid, y1: y + top, x2: mid, y2: y + bottom, width, color: style.columnRuleColor, style: lineStyle });
  }
}
