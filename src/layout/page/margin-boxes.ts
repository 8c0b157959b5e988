// Page-margin boxes (css-page-3 §6): each generated margin box's content — strings, the page
// counter and total, string(), element() — becomes a block container sized by the margin
// box rules and laid out in its rectangle, its content aligned by vertical-align. Runs after
// every page exists, so counter(pages) is known.
import type { BlockBox, BlockLevelBox, InlineLevelBox, TextBox } from '../../boxes/types.js';
import { formatCounter } from '../../boxes/counter-style.js';
import { processWhiteSpace } from '../../boxes/white-space.js';
import type { ComputedStyle, ContentItem, PageStyle } from '../../css/types.js';
import { layoutBlockLevel, layoutAtomic } from '../block.js';
import { blockMargins, horizontalFrame, resolveAuto, verticalFrame, widthOrAuto } from '../box-model.js';
import { intrinsicContentSizes } from '../intrinsic.js';
import type { BoxFragment, PageContext } from '../types.js';
import { parseCarryArgs, runningOnPage, stringOnPage, type PageValues } from './carried-values.js';
import { isMarginBoxName, marginBoxRects, type EdgeBoxInput, type MarginBoxName, type MarginBoxRect } from './margin-box-geometry.js';
import { constraintSpace } from '../constraint-space.js';

/** One page's margin boxes: what they need beyond the page's own layout. */
export interface MarginPage {
  readonly style: PageStyle;
  readonly marginBoxes: ReadonlyMap<string, ComputedStyle>;
  readonly values: PageValues;
  readonly page: PageContext;
}

/**
 * The boxes margin boxes generated, shared by a document's pages: a margin box with the same
 * style and content as on an earlier page (a running header, a chapter title) gets the same
 * box, so that its shaped lines and intrinsic sizes, cached per box, are computed once.
 */
export class MarginBoxes {
  private readonly byStyle = new Map<ComputedStyle, Map<string | BlockLevelBox, BlockBox>>();

  get(style: ComputedStyle, key: string | BlockLevelBox, make: () => BlockBox): BlockBox {
    let boxes = this.byStyle.get(style);
    if (!boxes) this.byStyle.set(style, (boxes = new Map()));
    let box = boxes.get(key);
    if (!box) boxes.set(key, (box = make()));
    return box;
  }
}

/** The margin boxes of one page as fragments in page coordinates, in painting order. */
export function layoutMarginBoxes(input: MarginPage, generated = new MarginBoxes()): BoxFragment[] {
  const boxes = new Map<MarginBoxName, BlockBox>();
  for (const [name, style] of input.marginBoxes) {
    if (!isMarginBoxName(name)) continue;
    const box = marginBoxOf(style, input, generated);
    if (box) boxes.set(name, box);
  }
  if (boxes.size === 0) return [];
  const { style } = input;
  const sizing = new Map<MarginBoxName, EdgeBoxInput>();
  for (const [name, box] of boxes) sizing.set(name, edgeInput(name, box, style, input.page));
  const out: BoxFragment[] = [];
  for (const rect of marginBoxRects(style, sizing)) {
    const f = placeMarginBox(boxes.get(rect.name)!, rect, input.page);
    if (f) out.push(f);
  }
  return out;
}

/** The box a margin box's `content` generates, or null when it generates nothing. */
function marginBoxOf(style: ComputedStyle, input: MarginPage, generated: MarginBoxes): BlockBox | null {
  if (!Array.isArray(style.content)) return null;
  const items = style.content as readonly ContentItem[];
  // element() places the running element itself, as the margin box's only content.
  for (const item of items) {
    if (item.kind !== 'function' || item.name !== 'element') continue;
    const args = parseCarryArgs(item.args);
    const running = args && runningOnPage(input.values, args.name, args.policy);
    if (!running) return null;
    return generated.get(style, running.box, () => ({ kind: 'block', style, element: null, content: { kind: 'blocks', children: [running.box] }, marker: null, establishesBfc: true }));
  }
  const text = items.map((item) => contentText(item, input)).join('');
  return generated.get(style, text, () => {
    const children: InlineLevelBox[] = text.length > 0 ? processWhiteSpace([{ kind: 'text', style, element: null, text, decorations: [] } satisfies TextBox]) : [];
    // An empty content list still generates the box (its background and border show).
    const content = children.length > 0 ? { kind: 'inline' as const, ifc: { children } } : { kind: 'blocks' as const, children: [] };
    return { kind: 'block', style, element: null, content, marker: null, establishesBfc: true };
  });
}

function contentText(item: ContentItem, input: MarginPage): string {
  switch (item.kind) {
    case 'string': return item.value;
    case 'counter':
    case 'counters': {
      const value = item.name === 'page' ? input.page.pageNumber : item.name === 'pages' ? input.page.pageCount ?? 0 : 0;
      return formatCounter(value, item.style);
    }
    case 'function': {
      if (item.name !== 'string') return '';
      const args = parseCarryArgs(item.args);
      return args ? stringOnPage(input.values, args.name, args.policy) : '';
    }
    default: return '';
  }
}

const isVertical = (name: MarginBoxName) => name.startsWith('left-') || name.startsWith('right-');

/** Sizes along the edge: widths for top and bottom boxes, heights for left and right ones. */
function edgeInput(name: MarginBoxName, box: BlockBox, page: PageStyle, ctx: PageContext): EdgeBoxInput {
  const s = box.style;
  if (isVertical(name)) {
    const width = name.startsWith('left-') ? page.marginLeft : page.marginRight;
    const margins = blockMargins(s, width);
    const outer = (inner: number) => inner + margins.top + margins.bottom;
    if (s.height !== 'auto' && s.height.pct === 0) return { generated: true, specified: outer(s.height.abs + verticalFrame(s, width)), minContent: 0, maxContent: 0 };
    const f = layoutBlockLevel(box, constraintSpace({ inlineSize: width, blockLimit: Infinity, atFragmentainerStart: true, page: ctx }), null).fragment;
    const h = outer(f?.height ?? 0);
    return { generated: true, specified: null, minContent: h, maxContent: h };
  }
  const frame = horizontalFrame(s, 0) + (resolveAuto(s.marginLeft, 0) ?? 0) + (resolveAuto(s.marginRight, 0) ?? 0);
  const width = widthOrAuto(s.width);
  if (width !== 'auto' && width.pct === 0) {
    const inner = s.boxSizing === 'border-box' ? width.abs - horizontalFrame(s, 0) : width.abs;
    return { generated: true, specified: Math.max(0, inner) + frame, minContent: 0, maxContent: 0 };
  }
  if (width !== 'auto') {
    const span = page.width - page.marginLeft - page.marginRight;
    return { generated: true, specified: (width.abs + (width.pct / 100) * span) + frame, minContent: 0, maxContent: 0 };
  }
  const sizes = intrinsicContentSizes(box, layoutAtomic);
  return { generated: true, specified: null, minContent: sizes.min + frame, maxContent: sizes.max + frame };
}

/**
 * Lays out a margin box in its rectangle: the box fills it (auto sizes stretch, css-page-3
 * §6.3.1) and vertical-align places the content inside.
 */
function placeMarginBox(box: BlockBox, rect: MarginBoxRect, page: PageContext): BoxFragment | null {
  const s = box.style;
  const f = layoutBlockLevel(box, constraintSpace({ inlineSize: rect.width, blockLimit: Infinity, atFragmentainerStart: true, page }), null).fragment;
  if (!f) return null;
  const margins = blockMargins(s, rect.width);
  const natural = f.height;
  const height = s.height === 'auto' ? Math.max(natural, rect.height - margins.top - margins.bottom) : natural;
  const free = height - natural;
  const shift = s.verticalAlign === 'middle' ? free / 2 : s.verticalAlign === 'bottom' ? free : 0;
  const children = shift === 0 ? f.children : f.children.map((c) => ({ ...c, y: c.y + shift }));
  return { ...f, children, x: rect.x + f.x, y: rect.y + margins.top, height };
}
