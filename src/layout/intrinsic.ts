// Intrinsic inline sizes (CSS Sizing 3 §5): min-content and max-content contributions, used
// to shrink-to-fit inline-blocks and to size table columns.
import type { BlockBox, BlockLevelBox, ReplacedBox } from '../boxes/types.js';
import { borderOf, maxWidthOrNone, minWidthOrZero, paddingOf, resolveAuto, widthOrAuto } from './box-model.js';
import { collectInline } from './inline/collect.js';
import { multicolIntrinsicSizes } from './multicol/column-geometry.js';
import { columnFlowOf } from '../boxes/multicol.js';
import { inWordOpportunities, splitAtGraphemes } from './inline/break-anywhere.js';
import { hyphenatedParts } from './inline/hyphenate.js';
import type { AtomicLayout, Piece, TextPiece } from './inline/pieces.js';
import { buildPieces } from './inline/pieces.js';
import { flexIntrinsicSizes } from './flex/intrinsic-sizes.js';
import { replacedContributions, replacedSize } from './replaced.js';
import { tableIntrinsicSizes } from './table/column-widths.js';
import { tablePlan } from './table/plan.js';
import { gridIntrinsicSizes } from './grid/intrinsic.js';

export interface IntrinsicSizes {
  readonly min: number;
  readonly max: number;
}

const cache = new WeakMap<BlockLevelBox, IntrinsicSizes>();

/** The box's content-box intrinsic sizes. */
export function intrinsicContentSizes(box: BlockBox | ReplacedBox, layoutAtomic: AtomicLayout): IntrinsicSizes {
  let hit = cache.get(box);
  if (!hit) {
    hit = compute(box, layoutAtomic);
    cache.set(box, hit);
  }
  return hit;
}

/**
 * The box's content-box intrinsic sizes, not kept: for a caller that keeps what it derives
 * from them (a table's column metrics), where a cache entry per cell would only cost.
 */
export function measureContentSizes(box: BlockBox, layoutAtomic: AtomicLayout): IntrinsicSizes {
  return compute(box, layoutAtomic);
}

/** The margin-box contribution of a box to its parent's intrinsic sizes; percentages count as 0. */
export function intrinsicContribution(box: BlockLevelBox, layoutAtomic: AtomicLayout): IntrinsicSizes {
  const s = box.style;
  const margins = (resolveAuto(s.marginLeft, 0) ?? 0) + (resolveAuto(s.marginRight, 0) ?? 0);
  if (box.kind === 'table') {
    // Tables size their own border box (collapsed borders, spacing, a width that is a minimum).
    const t = tableIntrinsicSizes(tablePlan(box), layoutAtomic);
    return { min: t.min + margins, max: t.max + margins };
  }
  const p = paddingOf(s, 0);
  const b = borderOf(s);
  const frame = p.left + p.right + b.left + b.right + margins;
  const width = widthOrAuto(s.width);
  const fixed = width !== 'auto' && width.pct === 0 ? width.abs - (s.boxSizing === 'border-box' ? p.left + p.right + b.left + b.right : 0) : null;
  if (fixed !== null) return { min: fixed + frame, max: fixed + frame };
  const inner = intrinsicContentSizes(box, layoutAtomic);
  // width: min-content or max-content contributes that size whatever the space (css-sizing-3 §5.1); fit-content is auto's.
  if (s.width === 'min-content' || s.width === 'max-content') {
    const size = (s.width === 'min-content' ? inner.min : inner.max) + frame;
    return { min: size, max: size };
  }
  // min-width and max-width in absolute lengths bound the content's sizes (CSS Sizing 3 §5.2).
  const toContent = (w: number) => (s.boxSizing === 'border-box' ? w - p.left - p.right - b.left - b.right : w);
  const minWidth = minWidthOrZero(s.minWidth);
  const maxWidth = maxWidthOrNone(s.maxWidth);
  const lo = minWidth.pct === 0 ? toContent(minWidth.abs) : 0;
  const hi = maxWidth !== 'none' && maxWidth.pct === 0 ? toContent(maxWidth.abs) : Infinity;
  const clamp = (w: number) => Math.max(lo, Math.min(hi, w));
  return { min: clamp(inner.min) + frame, max: clamp(inner.max) + frame };
}

function compute(box: BlockBox | ReplacedBox, layoutAtomic: AtomicLayout): IntrinsicSizes {
  if (box.kind === 'replaced') return replacedContributions(box);
  const flow = columnFlowOf(box);
  if (flow) return multicolIntrinsicSizes(box.style, intrinsicContentSizes(flow, layoutAtomic));
  if (box.content.kind === 'blocks') {
    let min = 0;
    let max = 0;
    // Floats in a row sit side by side: their widths add up until an in-flow box or a clear.
    let floats = 0;
    for (const child of box.content.children) {
      const c = intrinsicContribution(child, layoutAtomic);
      min = Math.max(min, c.min);
      const floating = child.style.float !== 'none';
      floats = floating ? (child.style.clear === 'none' ? floats : 0) + c.max : 0;
      max = Math.max(max, floating ? floats : c.max);
    }
    return { min, max };
  }
  if (box.content.kind === 'flex') return flexIntrinsicSizes(box.style, box.content.items, (item) => intrinsicContribution(item, layoutAtomic));
  if (box.content.kind === 'grid') return gridIntrinsicSizes(box);
  const collected = collectInline(box.content.ifc, null);
  const pieces = buildPieces(collected, box.style, 0, layoutAtomic, null);
  return inlineSizes(pieces, collected.text, layoutAtomic);
}

/** max-content: the longest forced line; min-content: the widest run between wrap opportunities. */
function inlineSizes(pieces: readonly Piece[], paragraph: string, layoutAtomic: AtomicLayout): IntrinsicSizes {
  let min = 0;
  let max = 0;
  let line = 0;
  let word = 0;
  for (const p of pieces) {
    if (p.kind === 'float') {
      // A float sits beside the line it occurs in (CSS 2.1 §9.5).
      const c = intrinsicContribution(p.box.box, layoutAtomic);
      min = Math.max(min, c.min);
      line += c.max;
      max = Math.max(max, line);
      continue;
    }
    if (p.kind === 'text') {
      line += p.width;
      max = Math.max(max, line - p.trailingSpace);
      for (const part of minContentParts(p, paragraph)) {
        word += part.width;
        // A line that ends at a hyphenation opportunity ends with the hyphen.
        min = Math.max(min, word - part.trailingSpace + (part.breakAfter && part.hyphen !== null ? part.hyphen.width : 0));
        if (part.breakAfter) word = 0;
      }
      continue;
    }
    const widths = atomicWidths(p, layoutAtomic);
    line += widths?.max ?? p.width;
    word += widths?.min ?? p.width;
    max = Math.max(max, line - p.trailingSpace);
    min = Math.max(min, word - p.trailingSpace);
    if (p.kind === 'br') line = 0;
    if (p.breakAfter) word = 0;
  }
  return { min, max };
}

/**
 * A text piece cut at the soft wrap opportunities inside its words that line breaking may take
 * (css-text-3 §5): between letters (word-break: break-all, line-break: anywhere), between any
 * characters for `overflow-wrap: anywhere` (whose breaks, unlike break-word's, count for
 * min-content, §5.5), and at automatic hyphenation points.
 */
function minContentParts(p: TextPiece, paragraph: string): readonly TextPiece[] {
  const mode = inWordOpportunities(p.style) ?? (p.style.overflowWrap === 'anywhere' ? 'anywhere' : null);
  if (mode !== null) return splitAtGraphemes(p, paragraph, mode);
  return hyphenatedParts(p, paragraph);
}

/**
 * An atomic inline's own min- and max-content widths, which its piece (laid out at width 0)
 * does not show: an image's percentage width or max-width would give it none there (see
 * replacedContributions), its frame comes along; an inline-block or inline-table laid out at
 * width 0 is shrunk to its min-content width, while its max-content contribution is wider.
 */
function atomicWidths(p: Piece, layoutAtomic: AtomicLayout): IntrinsicSizes | null {
  if (p.kind !== 'atomic') return null;
  const inner = p.box.box;
  if (inner.kind !== 'replaced') return intrinsicContribution(inner, layoutAtomic);
  const frame = p.width - replacedSize(inner, 0).width;
  const own = replacedContributions(inner);
  return { min: own.min + frame, max: own.max + frame };
}
