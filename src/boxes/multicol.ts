// Multi-column containers (css-multicol-1 §2): a block container with a column-count or a
// column-width other than auto. Its content moves into one anonymous block, the column flow,
// which layout fragments into columns as it fragments content into pages; the container keeps
// its own margins, borders, padding and list marker.
import type { ComputedStyle } from '../css/types.js';
import { INITIAL_STYLE } from '../css/initial-style.js';
import { ZERO } from '../css/values/length.js';
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
  const hoisted = content.kind === 'blocks' ? hoistSpanners(content.children, 0) : null;
  if (hoisted !== null && hoisted.some(spansColumns)) {
    const children: BlockLevelBox[] = [];
    let run: BlockLevelBox[] = [];
    const flush = () => {
      if (run.length > 0) children.push(withColumnFlow({ kind: 'block', style: columnSetStyle(box.style), element: null, content: { kind: 'blocks', children: run }, marker: null, establishesBfc: true }));
      run = [];
    };
    for (const child of hoisted) {
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

/** How deep hoistSpanners looks for spanners inside plain blocks. */
const MAX_SPANNER_DEPTH = 32;

/**
 * The children with every spanner nested in plain blocks brought up to their level: a spanner
 * spans the columns of the nearest multicol ancestor in the same block formatting context
 * (§6.1), so a block holding one is split around it — the pieces before and after it are
 * fragments of that block, sliced as at a break (css-break-3 §5.4: the first keeps the top
 * edge, the last the bottom). The same array when there is nothing to hoist.
 */
function hoistSpanners(children: readonly BlockLevelBox[], depth: number): readonly BlockLevelBox[] {
  let out: BlockLevelBox[] | null = null;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    const inner = depth < MAX_SPANNER_DEPTH && isPlainBlock(child) ? hoistSpanners(child.content.children, depth + 1) : null;
    if (inner === null || !inner.some(spansColumns)) {
      out?.push(child);
      continue;
    }
    out ??= children.slice(0, i);
    out.push(...splitAround(child as BlockBox, inner));
  }
  return out ?? children;
}

/** A block in the flow whose children are blocks in the same formatting context: one a spanner may sit in. */
function isPlainBlock(box: BlockLevelBox): box is BlockBox & { content: { kind: 'blocks' } } {
  return box.kind === 'block' && box.content.kind === 'blocks' && !box.establishesBfc && box.absolute === undefined
    && box.running === undefined && !spansColumns(box) && box.style.float === 'none'
    // A transformed box contains its fixed-position descendants, spanners too (§6.1).
    && box.style.transform === null;
}

/** `box` in pieces around the spanners among its (hoisted) children, the spanners between them. */
function splitAround(box: BlockBox, children: readonly BlockLevelBox[]): BlockLevelBox[] {
  const runs: BlockLevelBox[][] = [[]];
  const spanners: BlockLevelBox[] = [];
  for (const child of children) {
    if (spansColumns(child)) {
      spanners.push(child);
      runs.push([]);
    } else runs[runs.length - 1]!.push(child);
  }
  const out: BlockLevelBox[] = [];
  runs.forEach((run, i) => {
    const first = i === 0;
    const last = i === runs.length - 1;
    // An empty piece between two spanners has no edge to show.
    if (run.length > 0 || first || last) out.push(piece(box, run, first, last));
    if (!last) out.push(spanners[i]!);
  });
  return out;
}

function piece(box: BlockBox, children: BlockLevelBox[], first: boolean, last: boolean): BlockBox {
  const { firstLine, ...rest } = box;
  const style = slicedStyle(box.style, first, last);
  // Later pieces are continuations: no second marker, anchor or bookmark (those follow the element).
  if (!first) return { ...rest, style, element: null, marker: null, content: { kind: 'blocks', children } };
  return { ...rest, ...(firstLine ? { firstLine } : {}), style, content: { kind: 'blocks', children } };
}

/**
 * The style of a piece: no block-start edge unless first, no block-end edge unless last. The
 * first piece takes the box's heights (as the box's first fragments consume them), the later
 * ones are as tall as their content.
 */
function slicedStyle(style: ComputedStyle, first: boolean, last: boolean): ComputedStyle {
  const out = { ...style };
  if (!first) Object.assign(out, { marginTop: ZERO, paddingTop: ZERO, borderTopWidth: 0, borderTopLeftRadius: [ZERO, ZERO], borderTopRightRadius: [ZERO, ZERO], height: INITIAL_STYLE.height, minHeight: INITIAL_STYLE.minHeight, maxHeight: INITIAL_STYLE.maxHeight });
  if (!last) Object.assign(out, { marginBottom: ZERO, paddingBottom: ZERO, borderBottomWidth: 0, borderBottomLeftRadius: [ZERO, ZERO], borderBottomRightRadius: [ZERO, ZERO] });
  return out;
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
