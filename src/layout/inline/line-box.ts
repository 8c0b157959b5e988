// Inline layout, step 4 — build line boxes: vertical alignment and line height (CSS 2.1
// §10.8), then horizontal placement with text-align and justification (CSS Text 3 §7).
import type { InlineBox, TextDecoration } from '../../boxes/types.js';
import type { Color, ComputedStyle } from '../../css/types.js';
import type { ContentTag, GlyphSegment } from '../../paint/types.js';
import { syntheticStyleOf } from '../../text/font-synthesis.js';
import type { ShapedGlyph } from '../../text/types.js';
import { resolveLength } from '../box-model.js';
import type { InlineBoxFragment, LineFragment, LineItemFragment, TextFragment } from '../types.js';
import type { ParagraphBidi } from './bidi-levels.js';
import type { LineRange } from './break-lines.js';
import type { InlinePath } from './collect.js';
import { inlinePathOffset, type Offset } from '../positioned/relative.js';
import { atomicShift, baselineShift, fontMetrics, layoutBounds } from './metrics.js';
import type { AtomicPiece, LeaderPiece, Piece, TextPiece } from './pieces.js';
import { BULLET_RAISE, BULLET_SIZE } from './pieces.js';
import { visualOrder } from './reorder.js';

export interface LineContext {
  /** The block container's style: the strut, text-align and text-indent come from it. */
  readonly blockStyle: ComputedStyle;
  /** Content-box width of the block container. */
  readonly width: number;
  readonly isFirstLine: boolean;
  readonly isLastLine: boolean;
  /** Where the line box goes, from the top of the content box. */
  readonly y: number;
  /** The paragraph's bidi levels, or null when it is all left to right (bidi-levels.ts). */
  readonly bidi: ParagraphBidi | null;
}

interface Vertical {
  /** Baseline shift of each piece relative to the line's root baseline. */
  readonly shifts: number[];
  readonly height: number;
  readonly baseline: number;
  /** What openBoxShift needs: the groups aligned to the line's edges and the shifts met so far. */
  readonly groups: ReadonlyMap<Exclude<AlignRoot, null>, AlignGroup>;
  /** Inline boxes' own baseline shifts; null on a line outside any inline box. */
  readonly cache: Map<InlineBox, number> | null;
  readonly root: ComputedStyle;
}

/** Builds one line box at `ctx.y`. */
export function buildLineBox(range: LineRange, ctx: LineContext): LineFragment {
  const { pieces } = range;
  if (!hasContent(range)) return { kind: 'line', x: 0, y: ctx.y, width: ctx.width, height: 0, baseline: 0, items: placeholdersOf(pieces) };
  const v = alignVertically(pieces, ctx.blockStyle, range.hasInlineBoxes);
  const items = placeHorizontally(range, ctx, v);
  return { kind: 'line', x: 0, y: ctx.y, width: ctx.width, height: v.height, baseline: v.baseline, items };
}

/**
 * The placeholders of absolutely positioned boxes on an empty line, at its start: their
 * static position (CSS 2.1 §10.3.7) even where the line has no height.
 */
function placeholdersOf(pieces: LineRange['pieces']): LineItemFragment[] {
  const out: LineItemFragment[] = [];
  for (const p of pieces) {
    if (p.kind === 'open' && p.box.absolute) out.push({ kind: 'inline-box', box: p.box, x: 0, y: 0, width: 0, height: 0, isFirst: true, isLast: true, link: null });
  }
  return out;
}

/**
 * CSS 2.1 §9.4.2: a line with no text, no preserved white space, no atomic inline and no
 * inline box with horizontal margin, border or padding counts as zero-height.
 */
function hasContent(range: LineRange): boolean {
  if (range.forced) return true;
  return range.pieces.some((p) => {
    switch (p.kind) {
      case 'text': return p.width - p.trailingSpace > 0 || p.spaces < p.glyphs.length;
      case 'open': case 'close': return p.width > 0;
      default: return true;
    }
  });
}

/** The box a piece aligns within: the root line, or the outermost `top`/`bottom` inline box of its path. */
type AlignRoot = InlineBox | AtomicPiece | null;

function isLineRelative(style: ComputedStyle): boolean {
  return style.verticalAlign === 'top' || style.verticalAlign === 'bottom';
}

/**
 * A piece's baseline shift relative to its align root's baseline. The path's shifts add up
 * from the root (or from the outermost box aligned to the line's top or bottom edge, which
 * then carries its subtree along, CSS 2.1 §10.8.1).
 */
function relativeShift(path: InlinePath, root: ComputedStyle, cache: Map<InlineBox, number> | null): BoxShift {
  if (path.length === 0) return ON_ROOT;
  let shift = 0;
  let parent = root;
  let alignRoot: InlineBox | null = null;
  for (const box of path) {
    if (alignRoot === null && isLineRelative(box.style)) {
      alignRoot = box;
      shift = 0;
    } else {
      let own = cache?.get(box);
      if (own === undefined) {
        own = baselineShift(box.style, parent);
        cache?.set(box, own);
      }
      shift += own;
    }
    parent = box.style;
  }
  return { shift, alignRoot };
}

/** A baseline shift relative to its align root's baseline (null: the line's root inline box). */
interface BoxShift {
  readonly shift: number;
  readonly alignRoot: InlineBox | null;
}

/** Where a piece outside any inline box is: on the root's baseline. */
const ON_ROOT: BoxShift = { shift: 0, alignRoot: null };

function parentStyle(path: InlinePath, root: ComputedStyle): ComputedStyle {
  return path.length > 0 ? path[path.length - 1]!.style : root;
}

/** Extent of a group of pieces around its baseline, and the edge of the line it sticks to. */
interface AlignGroup {
  top: number;
  bottom: number;
  readonly edge: 'top' | 'bottom';
}

/** No group aligned to the line's top or bottom edge (most lines). */
const NO_GROUPS: ReadonlyMap<Exclude<AlignRoot, null>, AlignGroup> = new Map();

/**
 * The pieces' baseline shifts and the line's height and baseline. A plain loop with lazily
 * made maps: it runs for every line of every paragraph, most with text only.
 */
function alignVertically(pieces: readonly Piece[], root: ComputedStyle, hasInlineBoxes: boolean): Vertical {
  const cache = hasInlineBoxes ? new Map<InlineBox, number>() : null;
  const strut = layoutBounds(root);
  let top = strut.top;
  let bottom = strut.bottom;
  let groups: Map<Exclude<AlignRoot, null>, AlignGroup> | null = null;
  // Each piece's align root, once some piece has one other than the line.
  let roots: AlignRoot[] | null = null;
  // Consecutive pieces mostly share their style, and so their bounds.
  let lastStyle: ComputedStyle | null = null;
  let lastBounds = strut;
  const shifts: number[] = [];
  for (let index = 0; index < pieces.length; index++) {
    const p = pieces[index]!;
    const rel = relativeShift(p.path, root, cache);
    let shift = rel.shift;
    let alignRoot: AlignRoot = rel.alignRoot;
    let bounds: { top: number; bottom: number };
    if (p.kind === 'atomic') {
      bounds = { top: -p.baseline, bottom: p.height - p.baseline };
      if (alignRoot === null && isLineRelative(p.box.style)) {
        alignRoot = p;
        shift = 0;
      } else shift += atomicShift(p.box.style, parentStyle(p.path, root), bounds.top, bounds.bottom);
    } else if (p.kind === 'open' || p.kind === 'close') {
      bounds = layoutBounds(p.box.style);
      if (alignRoot === null && isLineRelative(p.box.style)) {
        alignRoot = p.box;
        shift = 0;
      } else shift += cache?.get(p.box) ?? baselineShift(p.box.style, parentStyle(p.path, root));
    } else {
      const style = p.kind === 'text' || p.kind === 'leader' ? p.style : p.kind === 'bullet' ? p.box.style : parentStyle(p.path, root);
      if (style !== lastStyle) {
        lastBounds = layoutBounds(style);
        lastStyle = style;
      }
      bounds = lastBounds;
    }
    if (alignRoot === null) {
      top = Math.min(top, shift + bounds.top);
      bottom = Math.max(bottom, shift + bounds.bottom);
    } else {
      roots ??= new Array<AlignRoot>(pieces.length).fill(null);
      roots[index] = alignRoot;
      groups ??= new Map();
      const style = 'style' in alignRoot ? alignRoot.style : alignRoot.box.style;
      let group = groups.get(alignRoot);
      if (!group) groups.set(alignRoot, (group = { top: Infinity, bottom: -Infinity, edge: style.verticalAlign === 'top' ? 'top' : 'bottom' }));
      group.top = Math.min(group.top, shift + bounds.top);
      group.bottom = Math.max(group.bottom, shift + bounds.bottom);
    }
    shifts.push(shift);
  }
  // Groups aligned to the line box's top or bottom edge may make it taller.
  let height = bottom - top;
  if (groups !== null) for (const g of groups.values()) height = Math.max(height, g.bottom - g.top);
  const v: Vertical = { shifts, height, baseline: -top, groups: groups ?? NO_GROUPS, cache, root };
  if (roots !== null) {
    for (let index = 0; index < pieces.length; index++) {
      const alignRoot = roots[index];
      if (alignRoot !== null && alignRoot !== undefined) shifts[index] = groupBaseline(v, alignRoot) + shifts[index]!;
    }
  }
  return v;
}

/** The baseline of a group aligned to the line's top or bottom edge, relative to the line's baseline. */
function groupBaseline(v: Vertical, alignRoot: Exclude<AlignRoot, null>): number {
  const g = v.groups.get(alignRoot);
  if (!g) return 0;
  return g.edge === 'top' ? -v.baseline - g.top : v.height - v.baseline - g.bottom;
}

/**
 * The baseline shift of an inline box inside `ancestors` (outermost first) that is open across
 * the line's end, as for an `open` piece in alignVertically (only the few such boxes need it).
 */
function openBoxShift(v: Vertical, ancestors: InlinePath, box: InlineBox): number {
  const rel = relativeShift(ancestors, v.root, v.cache);
  if (rel.alignRoot === null && isLineRelative(box.style)) return groupBaseline(v, box);
  const shift = rel.shift + (v.cache?.get(box) ?? baselineShift(box.style, parentStyle(ancestors, v.root)));
  return rel.alignRoot === null ? shift : groupBaseline(v, rel.alignRoot) + shift;
}

/** Places pieces left to right, applying text-indent, text-align and justification. */
function placeHorizontally(range: LineRange, ctx: LineContext, v: Vertical): LineItemFragment[] {
  const { pieces } = range;
  const style = ctx.blockStyle;
  const indent = ctx.isFirstLine ? resolveLength(style.textIndent, ctx.width) : 0;
  const lastText = lastTextIndex(pieces);
  const hanging = lastText >= 0 ? (pieces[lastText] as TextPiece).trailingSpace : 0;
  let widths = 0;
  let leaders = 0;
  for (const p of pieces) {
    widths += p.width;
    if (p.kind === 'leader') leaders++;
  }
  const natural = indent + widths - hanging;
  let free = ctx.width - natural;
  // Leaders share the free space, which fills the line: text-align and justification then have nothing to do.
  const leaderWidth = leaders > 0 && free > 0 ? free / leaders : 0;
  if (leaderWidth > 0) free = 0;
  // The paragraph's direction: the block's, or its text's with `unicode-bidi: plaintext`.
  const rtl = ctx.bidi !== null && (ctx.bidi.paragraphLevel & 1) === 1;
  const align = effectiveAlign(style, ctx.isLastLine || range.forced, rtl);
  const spaces = align === 'justify' ? countExpandableSpaces(pieces, lastText) : 0;
  const extra = align === 'justify' && spaces > 0 && free > 0 ? free / spaces : 0;
  // The indent is at the line's start: on its right in rtl (CSS Text 3 §8.1).
  const left = rtl ? 0 : indent;
  let x = left + (align === 'right' ? free : align === 'center' ? free / 2 : 0);
  // An overflowing line starts at the start edge, whatever its alignment (CSS Text 3 §7.1).
  if (free < 0) x = rtl ? free : indent;
  // Pieces go left to right in visual order (UAX #9 L2); in a right-to-left paragraph the
  // spaces that hang at the line's end are at its left (L1).
  const order = ctx.bidi === null ? null : visualOrder(pieces, ctx.bidi);
  if (order !== null && rtl) x -= hanging;

  const out: LineItemFragment[] = [];
  const boxes: { order: number; fragment: InlineBoxFragment }[] = [];
  // Only a line with inline boxes has open and close pieces.
  const open = range.hasInlineBoxes ? new Map<InlineBox, OpenBox>() : NO_OPEN_BOXES;
  if (range.hasInlineBoxes && order === null) openContinuingBoxes(pieces, open, x);
  // Reordered lines make inline box fragments from where their pieces went (visualBoxFragments).
  const extents = order !== null && range.hasInlineBoxes ? new Float64Array(pieces.length + 1) : null;
  // Content of relatively positioned inline boxes moves with them (CSS 2.1 §9.4.3).
  const relative = range.hasRelative;

  for (let k = 0; k < pieces.length; k++) {
    const index = order === null ? k : order[k]!;
    const p = pieces[index]!;
    const baselineY = v.baseline + v.shifts[index]!;
    if (extents !== null) extents[k] = x;
    if (order !== null && (p.kind === 'open' || p.kind === 'close')) {
      x += p.width;
      continue;
    }
    switch (p.kind) {
      case 'text': {
        const expand = index <= lastText ? extra : 0;
        const s = relative ? inlinePathOffset(p.path, ctx.width) : null;
        x += placeText(out, p, x + (s?.x ?? 0), baselineY + (s?.y ?? 0), expand, index === lastText);
        break;
      }
      case 'open':
        open.set(p.box, { x: x + (p.box.style.marginLeft === 'auto' ? 0 : resolveLength(p.box.style.marginLeft, ctx.width)), isFirst: true, order: index, ancestors: p.path });
        x += p.width;
        break;
      case 'close': {
        x += p.width;
        const start = open.get(p.box);
        const marginRight = p.box.style.marginRight === 'auto' ? 0 : resolveLength(p.box.style.marginRight, ctx.width);
        const fragment = inlineBoxFragment(p.box, start?.x ?? 0, x - marginRight, v.baseline + v.shifts[index]!, start?.isFirst ?? false, true, ctx.width);
        boxes.push({ order: start?.order ?? index, fragment: relative ? shifted(fragment, inlinePathOffset(p.path, ctx.width, p.box.style)) : fragment });
        open.delete(p.box);
        break;
      }
      case 'atomic': {
        const f = p.fragment;
        const s = relative ? inlinePathOffset(p.path, ctx.width) : null;
        out.push({ kind: 'atomic', fragment: { ...f, x: x + f.x + (s?.x ?? 0), y: baselineY - p.baseline + f.y + (s?.y ?? 0) } });
        x += p.width;
        break;
      }
      case 'bullet': {
        const size = p.box.style.fontSize * BULLET_SIZE;
        // The gap after the bullet faces the text: on its left in rtl.
        const left = p.box.style.direction === 'rtl' ? x + p.width - size : x;
        out.push({ kind: 'bullet', shape: p.shape, x: left, y: baselineY - p.box.style.fontSize * BULLET_RAISE - size / 2, size, color: p.box.style.color });
        x += p.width;
        break;
      }
      case 'leader':
        placeLeader(out, p, x, baselineY, leaderWidth);
        x += leaderWidth;
        break;
      case 'br':
        break;
    }
  }
  if (extents !== null) {
    extents[pieces.length] = x;
    visualBoxFragments(pieces, order!, extents, v, ctx.width, relative, boxes);
  }
  // Inline boxes still open at the line's end continue on the next line. Their baseline is
  // their own, not that of a descendant with its own vertical-align.
  for (const [box, start] of open) {
    const fragment = inlineBoxFragment(box, start.x, x, v.baseline + openBoxShift(v, start.ancestors, box), start.isFirst, false, ctx.width);
    boxes.push({ order: start.order, fragment: relative ? shifted(fragment, inlinePathOffset(start.ancestors, ctx.width, box.style)) : fragment });
  }
  if (boxes.length === 0) return out;
  // Inline box backgrounds and borders paint below the text, outer boxes first.
  boxes.sort((a, b) => a.order - b.order);
  return [...boxes.map((b) => b.fragment), ...out];
}

/** A run of pieces of one inline box that are next to each other in visual order. */
interface VisualRun {
  readonly box: InlineBox;
  readonly ancestors: InlinePath;
  /** Visual positions of its first and last piece. */
  readonly first: number;
  last: number;
  hasOpen: boolean;
  hasClose: boolean;
}

/**
 * The fragments of the inline boxes of a reordered line: one per run of a box's pieces that
 * are contiguous in visual order, from the left of its first piece to the right of its last
 * (`extents[k]` is where visual piece k starts). The run holding the box's start edge is its
 * first fragment, at its left in a left-to-right box and at its right in a right-to-left one
 * (CSS 2.1 §8.6); the margins are outside.
 */
function visualBoxFragments(pieces: readonly Piece[], order: Int32Array, extents: Float64Array, v: Vertical, cbWidth: number, relative: boolean, out: { order: number; fragment: InlineBoxFragment }[]): void {
  const current = new Map<InlineBox, VisualRun>();
  const emit = (run: VisualRun) => {
    const s = run.box.style;
    const marginLeft = s.marginLeft === 'auto' ? 0 : resolveLength(s.marginLeft, cbWidth);
    const marginRight = s.marginRight === 'auto' ? 0 : resolveLength(s.marginRight, cbWidth);
    const rtl = s.direction === 'rtl';
    const left = (rtl ? run.hasClose : run.hasOpen) ? marginLeft : 0;
    const right = (rtl ? run.hasOpen : run.hasClose) ? marginRight : 0;
    const fragment = inlineBoxFragment(run.box, extents[run.first]! + left, extents[run.last + 1]! - right, v.baseline + openBoxShift(v, run.ancestors, run.box), run.hasOpen, run.hasClose, cbWidth);
    // Outer boxes paint first, then left to right.
    out.push({ order: run.ancestors.length * pieces.length + run.first, fragment: relative ? shifted(fragment, inlinePathOffset(run.ancestors, cbWidth, s)) : fragment });
  };
  for (let k = 0; k < order.length; k++) {
    const p = pieces[order[k]!]!;
    const own = p.kind === 'open' || p.kind === 'close' ? p.box : null;
    const depth = p.path.length + (own === null ? 0 : 1);
    for (let d = 0; d < depth; d++) {
      const box = d < p.path.length ? p.path[d]! : own!;
      let run = current.get(box);
      if (run !== undefined && run.last === k - 1) run.last = k;
      else {
        if (run !== undefined) emit(run);
        run = { box, ancestors: p.path.slice(0, d), first: k, last: k, hasOpen: false, hasClose: false };
        current.set(box, run);
      }
      if (box === own) {
        if (p.kind === 'open') run.hasOpen = true;
        else run.hasClose = true;
      }
    }
  }
  for (const run of current.values()) emit(run);
}

/** The open boxes of a line without inline boxes: never added to (no piece opens one). */
const NO_OPEN_BOXES = new Map<InlineBox, OpenBox>();

/** An inline box met on the line: where its part starts, and the boxes around it (outermost first). */
interface OpenBox {
  readonly x: number;
  readonly isFirst: boolean;
  readonly order: number;
  readonly ancestors: InlinePath;
}

function shifted(f: InlineBoxFragment, by: Offset | null): InlineBoxFragment {
  return by ? { ...f, x: f.x + by.x, y: f.y + by.y } : f;
}

/** Inline boxes that continue from the previous line start at the line's start edge, outermost first. */
function openContinuingBoxes(pieces: readonly Piece[], open: Map<InlineBox, OpenBox>, x: number): void {
  const openedHere = new Set(pieces.flatMap((p) => (p.kind === 'open' ? [p.box] : [])));
  for (const p of pieces) {
    const chain = p.kind === 'close' ? [...p.path, p.box] : p.path;
    chain.forEach((box, depth) => {
      if (!openedHere.has(box) && !open.has(box)) open.set(box, { x, isFirst: false, order: depth - 1000, ancestors: chain.slice(0, depth) });
    });
  }
}

function lastTextIndex(pieces: readonly Piece[]): number {
  for (let i = pieces.length - 1; i >= 0; i--) {
    const p = pieces[i]!;
    if (p.kind === 'text') return i;
    if (p.kind !== 'close' && p.kind !== 'br') return -1;
  }
  return -1;
}

type Align = 'left' | 'right' | 'center' | 'justify';

/** text-align, with text-align-last for the last line and lines ending at a forced break. */
function effectiveAlign(style: ComputedStyle, last: boolean, rtl: boolean): Align {
  let a = style.textAlign;
  if (last) a = style.textAlignLast !== 'auto' ? style.textAlignLast : a === 'justify' ? 'start' : a;
  if (a === 'start') return rtl ? 'right' : 'left';
  if (a === 'end') return rtl ? 'left' : 'right';
  if (a === '-webkit-left') return 'left';
  if (a === '-webkit-right') return 'right';
  if (a === '-webkit-center') return 'center';
  return a;
}

/** Spaces that take justification: all except the hanging spaces at the end of the line. */
function countExpandableSpaces(pieces: readonly Piece[], lastText: number): number {
  let n = 0;
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i]!;
    if (p.kind === 'text') n += i === lastText ? p.spaces - p.trailingSpaces : p.spaces;
  }
  return n;
}

/**
 * Places a piece as one segment; justification adds `extra` to each expandable space except
 * trailing ones. Consecutive pieces that look the same extend one run (its segment array is
 * still private to this line, so it grows in place). Returns the piece's advance.
 */
function placeText(out: LineItemFragment[], p: TextPiece, x: number, baseline: number, extra: number, isLast: boolean): number {
  const color = p.style.color;
  const decorations = p.item.kind === 'text' ? p.item.box.decorations : NO_DECORATIONS;
  const visible = p.style.visibility === 'visible';
  const synthetic = syntheticStyleOf(p.style, p.face);
  const shadows = p.style.textShadow;
  const tag = p.item.box.tag ?? null;
  const justifyEnd = isLast ? p.glyphs.length - p.trailingSpaces : p.glyphs.length;
  const width = p.width + (extra > 0 ? extra * (isLast ? p.spaces - p.trailingSpaces : p.spaces) : 0);
  const prev = out[out.length - 1];
  const merge = prev !== undefined && prev.kind === 'text' && prev.face === p.face && prev.size === p.size && prev.fontSize === p.style.fontSize
    && prev.baseline === baseline && sameColor(prev.color, color) && sameDecorations(prev.decorations, decorations)
    && prev.visible === visible && prev.synthetic === synthetic && prev.shadows === shadows && Math.abs(prev.x + prev.width - x) < 1e-9
    && sameStructure(prev.tag, tag);
  const segment: GlyphSegment = {
    glyphs: p.glyphs, x: merge ? x - prev.x : 0,
    letterSpacing: p.style.letterSpacing, wordSpacing: p.style.wordSpacing, justify: extra, justifyEnd,
  };
  if (merge) {
    // The run was made by this function for this line and is not shared yet: grow it in place.
    const run = prev as Mutable<TextFragment>;
    (run.segments as GlyphSegment[]).push(segment);
    run.width += width;
  } else out.push({ kind: 'text', x, baseline, width, face: p.face, size: p.size, fontSize: p.style.fontSize, color, segments: [segment], decorations, visible, synthetic, shadows, tag });
  return width;
}

/** At most this many repetitions of a leader's pattern (a bound on glyphs for tiny patterns). */
const MAX_LEADER_REPEATS = 10_000;

/**
 * Fills a leader `width` wide with whole repetitions of its pattern, flush with the leader's
 * end so that the dots keep the same distance from what follows (and line up across the
 * entries of a table of contents whose page numbers have the same width). Nothing is drawn when not even one repetition fits.
 */
function placeLeader(out: LineItemFragment[], p: LeaderPiece, x: number, baseline: number, width: number): void {
  if (!(width > 0) || !(p.patternWidth > 1e-6) || p.glyphs.length === 0) return;
  const repeats = Math.min(MAX_LEADER_REPEATS, Math.floor(width / p.patternWidth + 1e-6));
  if (repeats <= 0) return;
  const glyphs: ShapedGlyph[] = [];
  for (let r = 0; r < repeats; r++) for (const g of p.glyphs) glyphs.push(g);
  const style = p.style;
  const segment: GlyphSegment = {
    glyphs, x: Math.max(0, width - repeats * p.patternWidth),
    letterSpacing: style.letterSpacing, wordSpacing: style.wordSpacing, justify: 0, justifyEnd: 0,
  };
  // The run spans the whole leader, so text right after it extends the same run (placeText).
  out.push({
    kind: 'text', x, baseline, width, face: p.face, size: style.fontSize, fontSize: style.fontSize, color: style.color,
    segments: [segment], decorations: p.box.decorations, visible: style.visibility === 'visible',
    synthetic: syntheticStyleOf(style, p.face), shadows: style.textShadow, tag: p.box.tag ?? null,
  });
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Pieces of one structure element are one run (the first piece's place in document order
 * stands for the run): text in a span or a bold word stays in its paragraph's run.
 */
function sameStructure(a: ContentTag | null, b: ContentTag | null): boolean {
  return a === b || (a !== null && b !== null && a.element === b.element && a.label === b.label);
}

const NO_DECORATIONS: readonly TextDecoration[] = [];

function sameColor(a: Color, b: Color): boolean {
  return a === b || (a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a);
}

function sameDecorations(a: readonly TextDecoration[], b: readonly TextDecoration[]): boolean {
  return a === b || (a.length === b.length && a.every((d, i) => d.line === b[i]!.line && d.style === b[i]!.style && sameColor(d.color, b[i]!.color)));
}

/** The border box of an inline box on this line: its content area plus vertical padding and borders. */
function inlineBoxFragment(box: InlineBox, x1: number, x2: number, baseline: number, isFirst: boolean, isLast: boolean, cbWidth: number): InlineBoxFragment {
  const s = box.style;
  const m = fontMetrics(s);
  const padTop = resolveLength(s.paddingTop, cbWidth);
  const padBottom = resolveLength(s.paddingBottom, cbWidth);
  const top = baseline - m.ascent - padTop - s.borderTopWidth;
  const bottom = baseline + m.descent + padBottom + s.borderBottomWidth;
  return { kind: 'inline-box', box, x: x1, y: top, width: Math.max(0, x2 - x1), height: bottom - top, isFirst, isLast, link: box.link };
}
