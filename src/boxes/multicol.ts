// Multi-column containers (css-multicol-1 §2): a block container with a column-count or a
// column-width other than auto. Its content moves into one anonymous block, the column flow,
// which layout fragments into columns as it fragments content into pages; the container keeps
// its own margins, borders, padding and list marker.
import type { ComputedStyle } from '../css/types.js';
import { anonymousStyle, anonymousStyleWith } from './anonymous-style.js';
import type { BlockBox, BlockLevelBox } from './types.js';

export function isMulticolContainer(style: ComputedStyle): boolean {
  return style.columnCount !== 'auto' || style.columnWidth !== 'auto';
}

/**
 * The container around a column flow holding `box`'s content; the container is a BFC root
 * (§2). Children with `column-span: all` split the content (§6): each run of other children
 * becomes an anonymous column set (a multi-column box with the container's column
 * properties) and the spanners sit between the sets at the container's full width.
 */
export function withColumnFlow(box: BlockBox): BlockBox {
  const { content, firstLine, ...container } = box;
  if (content.kind === 'blocks' && content.children.some(spansColumns)) {
    const children: BlockLevelBox[] = [];
    let run: BlockLevelBox[] = [];
    const flush = () => {
      if (run.length > 0) children.push(withColumnFlow({ kind: 'block', style: columnSetStyle(box.style), element: null, content: { kind: 'blocks', children: run }, marker: null, establishesBfc: true }));
      run = [];
    };
    for (const child of content.children) {
      if (spansColumns(child)) {
        flush();
        children.push(child);
      } else run.push(child);
    }
    flush();
    return { ...container, content: { kind: 'blocks', children }, establishesBfc: true };
  }
  const flow: BlockBox = {
    kind: 'block', style: anonymousStyle(box.style), element: null, content, marker: null, establishesBfc: true,
    ...(firstLine ? { firstLine } : {}),
  };
  return { ...container, content: { kind: 'blocks', children: [flow] }, establishesBfc: true };
}

function spansColumns(box: BlockLevelBox): boolean {
  return box.style.columnSpan === 'all' && box.element !== null;
}

/** An anonymous column set's style: the container's column properties, nothing else of its own. */
function columnSetStyle(container: ComputedStyle): ComputedStyle {
  const { columnCount, columnWidth, columnGap, columnRuleStyle, columnRuleWidth, columnRuleColor, columnFill } = container;
  return anonymousStyleWith(container, { columnCount, columnWidth, columnGap, columnRuleStyle, columnRuleWidth, columnRuleColor, columnFill });
}

/** The column flow of a multi-column container built by withColumnFlow. */
export function columnFlowOf(box: BlockLevelBox): BlockBox | null {
  if (box.kind !== 'block' || !isMulticolContainer(box.style) || box.content.kind !== 'blocks' || box.content.children.length !== 1) return null;
  const flow = box.content.children[0]!;
  return flow.kind === 'block' && flow.element === null ? flow : null;
}
