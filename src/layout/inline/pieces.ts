// Inline layout, step 2 — measure: cut the collected items into pieces, the units line
// breaking works with. A text piece runs from one break opportunity (UAX #14) or font change
// to the next and is shaped once (the shaping cache makes repeated words free).
import { segmentAdvance } from '../../paint/glyph-runs.js';
import type { AtomicInlineBox, FloatInlineBox, InlineBox, LeaderBox, MarkerBox } from '../../boxes/types.js';
import type { ComputedStyle, WhiteSpace } from '../../css/types.js';
import { FontRegistry } from '../../text/font-registry.js';
import { shapedWord, shapeRange, shapeText } from '../../text/shape.js';
import { capsSynthesisOf, shapeSmallCaps, SMALL_CAPS_SCALE, splitForSmallCaps, startsSmall } from '../../text/small-caps.js';
import { paragraphBidi, type ParagraphBidi } from './bidi-levels.js';
import { shapeAtLevel } from './shape-level.js';
import { fontQueryOf } from '../../text/style-font.js';
import { shapingOf } from '../../text/style-shaping.js';
import type { FontFace, ShapedGlyph, ShapedWord } from '../../text/types.js';
import { isJustifiableSpace } from '../../text/word-separators.js';
import { borderOf, paddingOf, resolveAuto } from '../box-model.js';
import type { BoxFragment, PageContext } from '../types.js';
import type { CollectedInline, InlineItem, InlinePath } from './collect.js';
import { hyphenAfter, keepsWrapOpportunity, type Hyphen } from './hyphenate.js';
import { firstAfter, hasOpportunity } from './wrap-opportunities.js';

export interface TextPiece {
  readonly kind: 'text';
  readonly style: ComputedStyle;
  readonly path: InlinePath;
  readonly item: Extract<InlineItem, { kind: 'text' | 'marker' }>;
  readonly start: number;
  readonly end: number;
  readonly face: FontFace;
  readonly glyphs: readonly ShapedGlyph[];
  /** The size the glyphs are drawn at, pt: the style's, smaller for synthesized small caps. */
  readonly size: number;
  /** Advance including trailing spaces, pt. */
  readonly width: number;
  /** Width of the trailing spaces, which hang at the end of a line (CSS Text 3 §4.1.2). */
  readonly trailingSpace: number;
  /** Glyphs that are justifiable spaces, and how many of them end the glyphs (as ShapedWord counts them). */
  readonly spaces: number;
  readonly trailingSpaces: number;
  /** Bidi embedding level (UAX #9): the text is shaped right to left when it is odd. */
  readonly level: number;
  breakAfter: boolean;
  /**
   * The hyphen drawn when a line ends after this piece: it ends at a hyphenation opportunity
   * (a soft hyphen, or a point `hyphens: auto` found). Null otherwise (css-text-3 §5.4).
   */
  readonly hyphen: Hyphen | null;
}

export interface EdgePiece {
  readonly kind: 'open' | 'close';
  readonly box: InlineBox;
  readonly path: InlinePath;
  /** Inline-start (open) or inline-end (close) margin + border + padding. */
  readonly width: number;
  readonly trailingSpace: 0;
  breakAfter: boolean;
}

export interface AtomicPiece {
  readonly kind: 'atomic';
  readonly box: AtomicInlineBox;
  readonly path: InlinePath;
  /** The laid-out box; its x/y are the margin offsets within the margin box. */
  readonly fragment: BoxFragment;
  /** Margin-box width and height. */
  readonly width: number;
  readonly height: number;
  /** Baseline distance from the margin box top (CSS 2.1 §10.8.1 for inline-block). */
  readonly baseline: number;
  readonly trailingSpace: 0;
  breakAfter: boolean;
}

export interface BulletPiece {
  readonly kind: 'bullet';
  readonly box: MarkerBox;
  readonly shape: 'disc' | 'circle' | 'square';
  readonly path: InlinePath;
  readonly width: number;
  readonly trailingSpace: 0;
  breakAfter: boolean;
}

/**
 * A leader (css-content-3 `leader()`): one unbreakable item of no natural width that the line
 * builder stretches over the line's free space, filled with repetitions of its pattern.
 */
export interface LeaderPiece {
  readonly kind: 'leader';
  readonly box: LeaderBox;
  readonly style: ComputedStyle;
  readonly path: InlinePath;
  readonly face: FontFace;
  /** The pattern shaped once in the leader's font. */
  readonly glyphs: readonly ShapedGlyph[];
  /** Advance of one repetition of the pattern, letter- and word-spacing included, pt. */
  readonly patternWidth: number;
  readonly width: 0;
  readonly trailingSpace: 0;
  breakAfter: boolean;
}

export interface BreakPiece {
  readonly kind: 'br';
  readonly path: InlinePath;
  /** The line after it starts below these floats (`<br clear>`, CSS 2.1 §9.5.2). */
  readonly clear: ComputedStyle['clear'];
  readonly width: 0;
  readonly trailingSpace: 0;
  breakAfter: boolean;
}

/** A float in the text: no width on the line; line layout places it beside the lines (CSS 2.1 §9.5.1). */
export interface FloatPiece {
  readonly kind: 'float';
  readonly box: FloatInlineBox;
  readonly path: InlinePath;
  readonly width: 0;
  readonly trailingSpace: 0;
  breakAfter: boolean;
}

export type Piece = TextPiece | EdgePiece | AtomicPiece | BulletPiece | LeaderPiece | BreakPiece | FloatPiece;

/** Lays out an atomic inline in the given available width (supplied by block layout, which owns it). */
export type AtomicLayout = (box: AtomicInlineBox, availableWidth: number, page: PageContext | null) => { fragment: BoxFragment; width: number; height: number; baseline: number };

/** Lines may wrap in text of this white-space (css-text-3 §3: not nowrap, not pre). */
export function wraps(ws: WhiteSpace): boolean {
  return ws !== 'nowrap' && ws !== 'pre';
}

/** Builds the pieces of the paragraph of a block container of style `blockStyle`. */
export function buildPieces(collected: CollectedInline, blockStyle: ComputedStyle, availableWidth: number, layoutAtomic: AtomicLayout, page: PageContext | null): Piece[] {
  const opportunities = collected.opportunities;
  const bidi = paragraphBidi(collected, blockStyle);
  const pieces: Piece[] = [];
  for (const item of collected.items) {
    switch (item.kind) {
      case 'text':
        pushTextPieces(pieces, item, collected.text, opportunities, item.box.style, bidi);
        break;
      case 'open':
      case 'close':
        pieces.push({ kind: item.kind, box: item.box, path: item.path, width: edgeWidth(item.box.style, item.kind, availableWidth), trailingSpace: 0, breakAfter: false });
        break;
      case 'atomic': {
        const laid = layoutAtomic(item.box, availableWidth, page);
        // The wrap opportunity after an atomic inline is its parent's to allow (css-text-3 §5.1:
        // the nearest common ancestor's white-space decides; `nowrap` keeps two images together).
        const parent = item.path.length > 0 ? item.path[item.path.length - 1]!.style : blockStyle;
        const breakAfter = wraps(parent.whiteSpace) && hasOpportunity(opportunities, item.start + 1);
        pieces.push({ kind: 'atomic', box: item.box, path: item.path, ...laid, trailingSpace: 0, breakAfter });
        break;
      }
      case 'marker':
        pieces.push(markerPiece(item));
        break;
      case 'leader':
        pieces.push(leaderPiece(item, hasOpportunity(opportunities, item.start + 1)));
        break;
      case 'br':
        pieces.push({ kind: 'br', path: item.path, width: 0, trailingSpace: 0, breakAfter: true, clear: item.clear });
        break;
      case 'float':
        pieces.push({ kind: 'float', box: item.box, path: item.path, width: 0, trailingSpace: 0, breakAfter: false });
        break;
    }
  }
  moveBreaksPastClosingEdges(pieces);
  return pieces;
}

/** Splits one text item at wrap opportunities and font changes, shaping each piece. */
function pushTextPieces(out: Piece[], item: Extract<InlineItem, { kind: 'text' }>, paragraph: string, opportunities: readonly number[], style: ComputedStyle, bidi: ParagraphBidi | null): void {
  const text = paragraph.slice(item.start, item.end);
  const runs = splitForSmallCaps(FontRegistry.current().itemize(text, fontQueryOf(style)), text, style);
  const canWrap = wraps(style.whiteSpace);
  let next = firstAfter(opportunities, item.start);
  for (const run of runs) {
    const runEnd = item.start + run.end;
    let from = item.start + run.start;
    while (canWrap && next < opportunities.length && opportunities[next]! <= runEnd) {
      const at = opportunities[next++]!;
      if (at <= from || !keepsWrapOpportunity(paragraph, at, style)) continue;
      if (bidi === null) out.push(textPiece(item, style, run.face, from, at, paragraph, true));
      else pushLevelRuns(out, bidi, item, style, run.face, from, at, paragraph, true);
      from = at;
    }
    if (from >= runEnd) continue;
    if (bidi === null) out.push(textPiece(item, style, run.face, from, runEnd, paragraph, false));
    else pushLevelRuns(out, bidi, item, style, run.face, from, runEnd, paragraph, false);
  }
}

/**
 * The pieces of [start, end) cut where the bidi level changes, each shaped at its level. Spaces
 * at the end get a piece of their own when they are not at the paragraph level (at a line's
 * end they take it, UAX #9 L1, and hang there) or at an odd level (where shaping puts them
 * first, while hanging and justification look for them last).
 */
function pushLevelRuns(out: Piece[], bidi: ParagraphBidi, item: TextPiece['item'], style: ComputedStyle, face: FontFace, start: number, end: number, paragraph: string, breakAfter: boolean): void {
  const levels = bidi.levels;
  let spaces = end;
  const own = (level: number) => level !== bidi.paragraphLevel || (level & 1) === 1;
  while (spaces > start && own(levels[spaces - 1]!) && isSpace(paragraph[spaces - 1]!)) spaces--;
  let from = start;
  for (let i = start + 1; i <= end; i++) {
    if (i < end && levels[i] === levels[from] && i !== spaces) continue;
    out.push(textPiece(item, style, face, from, i, paragraph, i === end && breakAfter, levels[from]!));
    from = i;
  }
}

/** A shaped piece of text with its advance, including letter- and word-spacing. */
export function textPiece(
  item: TextPiece['item'],
  style: ComputedStyle,
  face: FontFace,
  start: number,
  end: number,
  paragraph: string,
  breakAfter: boolean,
  level = 0,
  hyphenated = false,
): TextPiece {
  const caps = capsSynthesisOf(style, face);
  const small = startsSmall(caps, paragraph, start);
  let shaped: ShapedWord;
  if (!small && level === 0) shaped = shapeRange(face, paragraph, start, end, shapingOf(style));
  else {
    const text = paragraph.slice(start, end);
    shaped = shapedWord(text, small ? shapeSmallCaps(face, text, caps, shapingOf(style, level & 1 ? 'rtl' : 'auto')) : shapeAtLevel(face, text, level, style));
  }
  const size = small ? style.fontSize * SMALL_CAPS_SCALE : style.fontSize;
  const scale = size / face.unitsPerEm;
  const glyphs = shaped.glyphs;
  const hangs = style.whiteSpace !== 'break-spaces';
  let width = 0;
  let trailingSpace = 0;
  if (style.letterSpacing === 0 && style.wordSpacing === 0) {
    // The common case: the shaped advance as it is, and the trailing spaces counted by shaping
    // (one space's advance is the sum below as it is; more are added up the same way).
    width = shaped.advance * scale;
    if (hangs && shaped.trailingSpaces === 1) trailingSpace = shaped.trailingAdvance * scale;
    else if (hangs) for (let k = glyphs.length - 1; k >= glyphs.length - shaped.trailingSpaces; k--) trailingSpace += glyphs[k]!.advance * scale;
  } else {
    // The same spacing rules paint uses to place the glyphs (paint/glyph-runs.ts).
    const segment = { glyphs, x: 0, letterSpacing: style.letterSpacing, wordSpacing: style.wordSpacing, justify: 0, justifyEnd: 0 };
    for (let k = 0; k < glyphs.length; k++) {
      const w = segmentAdvance(segment, k, scale);
      width += w;
      trailingSpace = hangs && isSpace(glyphs[k]!.text) ? trailingSpace + w : 0;
    }
  }
  const hyphen = hyphenAfter(style, face, paragraph, end, hyphenated);
  const { spaces, trailingSpaces } = shaped;
  return { kind: 'text', style, path: item.path, item, start, end, face, glyphs, size, width, trailingSpace, spaces, trailingSpaces, level, breakAfter, hyphen };
}

/** Spaces that hang at line ends and take justification. */
export const isSpace = isJustifiableSpace;


/**
 * margin + border + padding on the inline-start (open) or inline-end (close) side: the right
 * side starts a right-to-left box (CSS 2.1 §8.6).
 */
function edgeWidth(style: ComputedStyle, side: 'open' | 'close', cbWidth: number): number {
  const pad = paddingOf(style, cbWidth);
  const bdr = borderOf(style);
  if ((side === 'open') === (style.direction === 'ltr')) return (resolveAuto(style.marginLeft, cbWidth) ?? 0) + bdr.left + pad.left;
  return (resolveAuto(style.marginRight, cbWidth) ?? 0) + bdr.right + pad.right;
}

/** An inside marker: text markers shape like text; bullets are a shape plus a space. */
function markerPiece(item: Extract<InlineItem, { kind: 'marker' }>): Piece {
  const { box } = item;
  const style = box.style;
  if (box.marker.kind === 'bullet') {
    return { kind: 'bullet', box, shape: box.marker.shape, path: item.path, width: bulletAdvance(style), trailingSpace: 0, breakAfter: false };
  }
  const face = FontRegistry.current().match(fontQueryOf(style));
  const piece = textPiece(item, style, face, 0, box.marker.text.length, box.marker.text, false);
  return { ...piece, trailingSpace: 0 };
}

/** A leader's piece: its pattern shaped in the font that covers the pattern's first visible character. */
function leaderPiece(item: Extract<InlineItem, { kind: 'leader' }>, breakAfter: boolean): LeaderPiece {
  const { box } = item;
  const style = box.style;
  const runs = FontRegistry.current().itemize(box.pattern, fontQueryOf(style));
  const visible = runs.find((r) => box.pattern.slice(r.start, r.end).trim() !== '') ?? runs[0];
  const face = visible?.face ?? FontRegistry.current().match(fontQueryOf(style));
  const glyphs = shapeText(face, box.pattern, shapingOf(style)).glyphs;
  const scale = style.fontSize / face.unitsPerEm;
  const segment = { glyphs, x: 0, letterSpacing: style.letterSpacing, wordSpacing: style.wordSpacing, justify: 0, justifyEnd: 0 };
  let patternWidth = 0;
  for (let k = 0; k < glyphs.length; k++) patternWidth += segmentAdvance(segment, k, scale);
  return { kind: 'leader', box, style, path: item.path, face, glyphs, patternWidth, width: 0, trailingSpace: 0, breakAfter };
}

/** Bullet diameter, em (measured on Chromium's disc markers at 288 dpi). */
export const BULLET_SIZE = 0.33;
/** Gap between a bullet and the text it marks, em (Chromium leaves about 0.85em). */
export const BULLET_GAP = 0.85;
/** Height of a bullet's centre above the baseline, em (Chromium: about 0.45em for Noto Sans). */
export const BULLET_RAISE = 0.45;

/** A bullet marker's advance: the bullet and the gap after it. */
export function bulletAdvance(style: ComputedStyle): number {
  return style.fontSize * (BULLET_SIZE + BULLET_GAP);
}

/**
 * A wrap opportunity at the end of a word belongs after the inline boxes that close there
 * ("word</b> next" breaks after </b>), never before.
 */
function moveBreaksPastClosingEdges(pieces: Piece[]): void {
  for (let i = 0; i < pieces.length - 1; i++) {
    const p = pieces[i]!;
    if (!p.breakAfter || p.kind === 'br') continue;
    let j = i;
    while (j + 1 < pieces.length && pieces[j + 1]!.kind === 'close') j++;
    if (j !== i) {
      p.breakAfter = false;
      pieces[j]!.breakAfter = true;
    }
  }
}
