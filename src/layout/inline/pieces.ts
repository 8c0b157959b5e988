// Inline layout, step 2 — measure: cut the collected items into pieces, the units line
// breaking works with. A text piece runs from one break opportunity (UAX #14) or font change
// to the next and is shaped once (the shaping cache makes repeated words free).
import type { AtomicInlineBox, InlineBox, MarkerBox } from '../../boxes/types.js';
import type { ComputedStyle, WhiteSpace } from '../../css/types.js';
import { FontRegistry } from '../../text/font-registry.js';
import { breakOpportunities } from '../../text/line-break.js';
import { shapeText } from '../../text/shape.js';
import { fontQueryOf } from '../../text/style-font.js';
import type { FontFace, ShapedGlyph } from '../../text/types.js';
import { borderOf, paddingOf, resolveAuto } from '../box-model.js';
import type { BoxFragment } from '../types.js';
import type { CollectedInline, InlineItem, InlinePath } from './collect.js';

export interface TextPiece {
  readonly kind: 'text';
  readonly style: ComputedStyle;
  readonly path: InlinePath;
  readonly item: Extract<InlineItem, { kind: 'text' | 'marker' }>;
  readonly start: number;
  readonly end: number;
  readonly face: FontFace;
  readonly glyphs: readonly ShapedGlyph[];
  /** pt per font unit. */
  readonly scale: number;
  /** Advance including trailing spaces, pt. */
  readonly width: number;
  /** Width of the trailing spaces, which hang at the end of a line (CSS Text 3 §4.1.2). */
  readonly trailingSpace: number;
  breakAfter: boolean;
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

export interface BreakPiece {
  readonly kind: 'br';
  readonly path: InlinePath;
  readonly width: 0;
  readonly trailingSpace: 0;
  breakAfter: boolean;
}

export type Piece = TextPiece | EdgePiece | AtomicPiece | BulletPiece | BreakPiece;

/** Lays out an atomic inline in the given available width (supplied by block layout, which owns it). */
export type AtomicLayout = (box: AtomicInlineBox, availableWidth: number) => { fragment: BoxFragment; width: number; height: number; baseline: number };

const opportunityCache = new WeakMap<CollectedInline, Set<number>>();

/** Soft wrap opportunities of the paragraph, as a set of offsets (break before that offset). */
function opportunitiesOf(collected: CollectedInline): Set<number> {
  let set = opportunityCache.get(collected);
  if (!set) {
    set = new Set(breakOpportunities(collected.text).filter((o) => !o.required || o.position < collected.text.length).map((o) => o.position));
    // Atomic inlines allow breaks on both sides, as browsers do for images.
    for (const item of collected.items) {
      if (item.kind === 'atomic') {
        set.add(item.start);
        set.add(item.start + 1);
      }
    }
    opportunityCache.set(collected, set);
  }
  return set;
}

function wraps(ws: WhiteSpace): boolean {
  return ws !== 'nowrap' && ws !== 'pre';
}

/** Builds the pieces of a paragraph. */
export function buildPieces(collected: CollectedInline, availableWidth: number, layoutAtomic: AtomicLayout): Piece[] {
  const opportunities = opportunitiesOf(collected);
  const pieces: Piece[] = [];
  for (const item of collected.items) {
    switch (item.kind) {
      case 'text':
        pushTextPieces(pieces, item, collected.text, opportunities, item.box.style);
        break;
      case 'open':
      case 'close':
        pieces.push({ kind: item.kind, box: item.box, path: item.path, width: edgeWidth(item.box.style, item.kind, availableWidth), trailingSpace: 0, breakAfter: false });
        break;
      case 'atomic': {
        const laid = layoutAtomic(item.box, availableWidth);
        pieces.push({ kind: 'atomic', box: item.box, path: item.path, ...laid, trailingSpace: 0, breakAfter: opportunities.has(item.start + 1) });
        break;
      }
      case 'marker':
        pieces.push(markerPiece(item, collected.text));
        break;
      case 'br':
        pieces.push({ kind: 'br', path: item.path, width: 0, trailingSpace: 0, breakAfter: true });
        break;
    }
  }
  moveBreaksPastClosingEdges(pieces);
  return pieces;
}

/** Splits one text item at wrap opportunities and font changes, shaping each piece. */
function pushTextPieces(out: Piece[], item: Extract<InlineItem, { kind: 'text' }>, paragraph: string, opportunities: Set<number>, style: ComputedStyle): void {
  const text = paragraph.slice(item.start, item.end);
  const runs = FontRegistry.default().itemize(text, fontQueryOf(style));
  const canWrap = wraps(style.whiteSpace);
  for (const run of runs) {
    let from = run.start;
    for (let i = run.start + 1; i <= run.end; i++) {
      const atOpportunity = canWrap && opportunities.has(item.start + i);
      if (i === run.end || atOpportunity) {
        out.push(textPiece(item, style, run.face, item.start + from, item.start + i, paragraph, atOpportunity));
        from = i;
      }
    }
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
): TextPiece {
  const shaped = shapeText(face, paragraph.slice(start, end));
  const scale = style.fontSize / face.unitsPerEm;
  let width = 0;
  let trailingSpace = 0;
  const hangs = style.whiteSpace !== 'break-spaces';
  for (const g of shaped.glyphs) {
    const w = glyphAdvance(g, scale, style);
    width += w;
    trailingSpace = hangs && isSpace(g.text) ? trailingSpace + w : 0;
  }
  return { kind: 'text', style, path: item.path, item, start, end, face, glyphs: shaped.glyphs, scale, width, trailingSpace, breakAfter };
}

export function isSpace(text: string): boolean {
  return text === ' ' || text === '\u3000';
}

/** A glyph's advance in pt with letter-spacing (per character) and word-spacing (per space). */
export function glyphAdvance(g: ShapedGlyph, scale: number, style: ComputedStyle): number {
  let w = g.advance * scale;
  if (g.text !== '') w += style.letterSpacing;
  if (g.text === ' ' || g.text === '\u00A0') w += style.wordSpacing;
  return w;
}

/** margin + border + padding on the inline-start (open) or inline-end (close) side. */
function edgeWidth(style: ComputedStyle, side: 'open' | 'close', cbWidth: number): number {
  const pad = paddingOf(style, cbWidth);
  const bdr = borderOf(style);
  if (side === 'open') return (resolveAuto(style.marginLeft, cbWidth) ?? 0) + bdr.left + pad.left;
  return (resolveAuto(style.marginRight, cbWidth) ?? 0) + bdr.right + pad.right;
}

/** An inside marker: text markers shape like text; bullets are a shape plus a space. */
function markerPiece(item: Extract<InlineItem, { kind: 'marker' }>, paragraph: string): Piece {
  const { box } = item;
  const style = box.style;
  if (box.marker.kind === 'bullet') {
    return { kind: 'bullet', box, shape: box.marker.shape, path: item.path, width: bulletAdvance(style), trailingSpace: 0, breakAfter: false };
  }
  const face = FontRegistry.default().match(fontQueryOf(style));
  const piece = textPiece(item, style, face, 0, box.marker.text.length, box.marker.text, false);
  void paragraph;
  return { ...piece, trailingSpace: 0 };
}

/** Bullet diameter, em (measured on Chromium's disc markers). */
export const BULLET_SIZE = 0.33;
/** Gap between a bullet and the text it marks, em (Chromium leaves about 0.9em). */
export const BULLET_GAP = 0.9;

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
