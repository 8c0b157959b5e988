// Inline formatting context layout (CSS 2.1 §9.4.2): collect → measure pieces → break lines →
// build line boxes. Lines depend only on the available width, so they are computed once per
// (box, width) and block layout hands them out page by page.
import type { BlockBox, InlineFormattingContext } from '../../boxes/types.js';
import { resolveLength } from '../box-model.js';
import type { LineFragment, PageContext } from '../types.js';
import { breakLines } from './break-lines.js';
import { collectInline, type CollectedInline } from './collect.js';
import { layoutWithFirstLine, type LayOut, type LayOutOptions } from './first-line.js';
import { buildLineBox } from './line-box.js';
import type { AtomicLayout } from './pieces.js';
import { buildPieces } from './pieces.js';

/** Lines stacked from y = 0 at the top of the content box. */
export interface InlineLayout {
  readonly lines: readonly LineFragment[];
}

const cache = new WeakMap<InlineFormattingContext, { width: number; collected: CollectedInline; layout: InlineLayout }>();

/** Lays out the inline content of `box` in a content box `width` wide, on `page` (for page counters). */
export function layoutInlineContent(box: BlockBox, ifc: InlineFormattingContext, width: number, layoutAtomic: AtomicLayout, page: PageContext | null): InlineLayout {
  const collected = collectInline(ifc, page);
  const hit = cache.get(ifc);
  if (hit && hit.width === width && hit.collected === collected) return hit.layout;
  const layOut: LayOut = (content, options) => layoutLines(box, content, width, layoutAtomic, page, options);
  const lines = box.firstLine ? layoutWithFirstLine(ifc, box.firstLine, page, layOut) : layOut(ifc, PLAIN).lines;
  const layout = { lines };
  cache.set(ifc, { width, collected, layout });
  return layout;
}

const PLAIN: LayOutOptions = { firstLineStyle: null, continuation: false, y: 0 };

/** Pieces → line boxes (the first line as `options` say). */
function layoutLines(box: BlockBox, ifc: InlineFormattingContext, width: number, layoutAtomic: AtomicLayout, page: PageContext | null, options: LayOutOptions) {
  const collected = collectInline(ifc, page);
  const pieces = buildPieces(collected, width, layoutAtomic, page);
  const indent = options.continuation ? 0 : resolveLength(box.style.textIndent, width);
  const ranges = breakLines(pieces, width, width - indent, collected.text);
  let y = options.y;
  const lines = ranges.map((range, i) => {
    const first = i === 0 && !options.continuation;
    const line = buildLineBox(range, { blockStyle: first ? (options.firstLineStyle ?? box.style) : box.style, width, isFirstLine: first, isLastLine: i === ranges.length - 1, y });
    y += line.height;
    return line;
  });
  return { lines, ranges };
}

/** Forgets the lines of an IFC once its last line is placed, so finished pages can be freed. */
export function releaseInlineLayout(ifc: InlineFormattingContext): void {
  cache.delete(ifc);
}
