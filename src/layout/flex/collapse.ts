// Collapsed flex items (css-flexbox-1 §4.4): an item with `visibility: collapse` takes no
// space in the main axis but keeps its line as tall (or wide) as it was: once the items are
// laid out uncollapsed, each collapsed one becomes a strut of zero main size and of its
// original line's cross size, and the layout runs again.
import { Edge, type Node } from 'yoga-layout/load';

/** One item's node and whether its `visibility` is `collapse`. */
export interface CollapsibleItem {
  readonly node: Node;
  readonly collapsed: boolean;
}

/**
 * Turns the collapsed items into struts, from the layout just computed; false when there is
 * none, and nothing changed. A line is told apart by main-axis positions going back.
 */
export function collapseToStruts(items: readonly CollapsibleItem[], row: boolean, reversed: boolean): boolean {
  if (!items.some((i) => i.collapsed)) return false;
  const main = (n: Node) => (row ? n.getComputedLeft() : n.getComputedTop());
  const outerCross = (n: Node) => (row ? n.getComputedHeight() + n.getComputedMargin(Edge.Top) + n.getComputedMargin(Edge.Bottom) : n.getComputedWidth() + n.getComputedMargin(Edge.Left) + n.getComputedMargin(Edge.Right));
  let start = 0;
  while (start < items.length) {
    let end = start + 1;
    while (end < items.length && (reversed ? main(items[end]!.node) < main(items[end - 1]!.node) : main(items[end]!.node) > main(items[end - 1]!.node))) end++;
    let cross = 0;
    for (let i = start; i < end; i++) cross = Math.max(cross, outerCross(items[i]!.node));
    for (let i = start; i < end; i++) if (items[i]!.collapsed) makeStrut(items[i]!.node, row, cross);
    start = end;
  }
  return true;
}

function makeStrut(node: Node, row: boolean, cross: number): void {
  for (const edge of [Edge.Top, Edge.Right, Edge.Bottom, Edge.Left]) {
    node.setMargin(edge, 0);
    node.setPadding(edge, 0);
    node.setBorder(edge, 0);
  }
  node.setFlexGrow(0);
  node.setFlexShrink(0);
  node.setFlexBasis(0);
  node.setMinWidth(undefined);
  node.setMinHeight(undefined);
  node.setMaxWidth(undefined);
  node.setMaxHeight(undefined);
  node.setWidth(row ? 0 : cross);
  node.setHeight(row ? cross : 0);
}
