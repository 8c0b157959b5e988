// `<text>` and `<tspan>` as glyph runs shaped with the engine's bundled fonts (an SVG image
// cannot use the document's web fonts in a browser either): white space collapsed as CSS
// `white-space: normal` does (or kept with xml:space="preserve"), one x/y/dx/dy per element,
// text-anchor per text chunk, dominant-baseline from the face's metrics, letter- and
// word-spacing. Per-glyph positions (x="1 2 3"), rotate, textLength, textPath and
// right-to-left text are left to the raster fallback.

import type { GlyphSegment } from '../../paint/types.js';
import { segmentWidth } from '../../paint/glyph-runs.js';
import { FontRegistry } from '../../text/font-registry.js';
import { shapeText } from '../../text/shape.js';
import type { FontFace, FontQuery } from '../../text/types.js';
import type { Color } from '../../css/types.js';
import type { SvgGlyphRun, SvgStroke } from './model.js';
import { parseLength, type LengthContext } from './numbers.js';
import type { SvgStyle } from './style.js';
import type { XmlElement } from './xml.js';

/** What laying out text needs from the tree walk: styles and paints of its elements. */
export interface TextContext {
  /** The computed style of a `<tspan>` (or `<a>`) under `parent`, or null when it is not displayed. */
  readonly styleOf: (element: XmlElement, parent: SvgStyle) => SvgStyle | null;
  /** The fill and stroke a style paints text with. */
  readonly paintOf: (style: SvgStyle) => { fill: Color | null; stroke: SvgStroke | null };
  readonly viewport: { width: number; height: number };
}

export type TextLayout = { readonly runs: SvgGlyphRun[] } | { readonly unsupported: string };

/** A stretch of characters of one style, possibly starting at a new position. */
interface Piece {
  text: string;
  readonly style: SvgStyle;
  readonly move: Move | null;
}

interface Move {
  readonly x: number | null;
  readonly y: number | null;
  readonly dx: number;
  readonly dy: number;
}

class Unsupported extends Error {}

const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|\ud802[\udc00-\udfff]|\ud83a/;

/** Lays out a `<text>` element whose computed style is `style`. */
export function layoutText(element: XmlElement, style: SvgStyle, ctx: TextContext): TextLayout {
  try {
    const pieces: Piece[] = [];
    collect(element, style, ctx, pieces, true);
    collapseWhiteSpace(pieces);
    const runs = place(pieces, ctx);
    return { runs };
  } catch (error) {
    if (error instanceof Unsupported) return { unsupported: error.message };
    throw error;
  }
}

function collect(element: XmlElement, style: SvgStyle, ctx: TextContext, out: Piece[], isText: boolean): void {
  for (const name of ['rotate', 'textLength', 'lengthAdjust']) {
    if (element.attrs.has(name)) throw new Unsupported(`<${element.name} ${name}>`);
  }
  const move = positionOf(element, style, ctx, isText);
  if (move) out.push({ text: '', style, move });
  for (const child of element.children) {
    if (typeof child === 'string') {
      if (RIGHT_TO_LEFT.test(child)) throw new Unsupported('right-to-left text');
      out.push({ text: child, style, move: null });
      continue;
    }
    if (child.ns !== element.ns) continue;
    if (child.name === 'tspan' || child.name === 'a') {
      const childStyle = ctx.styleOf(child, style);
      if (childStyle) collect(child, childStyle, ctx, out, false);
    } else if (child.name === 'textPath' || child.name === 'tref') throw new Unsupported(`<${child.name}>`);
    // title, desc, animation elements and unknown elements draw no text.
  }
}

/** x, y, dx, dy of a text content element: one value each (more would position each glyph). */
function positionOf(element: XmlElement, style: SvgStyle, ctx: TextContext, isText: boolean): Move | null {
  const lengths: LengthContext = { fontSize: style.fontSize, viewportWidth: ctx.viewport.width, viewportHeight: ctx.viewport.height };
  const value = (name: string, axis: 'x' | 'y'): number | null => {
    const text = element.attrs.get(name)?.trim();
    if (text === undefined || text === '') return null;
    const parts = text.split(/[\s,]+/);
    if (parts.length > 1) throw new Unsupported(`<${element.name} ${name}="${text}"> (a position per glyph)`);
    return parseLength(parts[0], axis, lengths);
  };
  const x = value('x', 'x');
  const y = value('y', 'y');
  const dx = value('dx', 'x') ?? 0;
  const dy = value('dy', 'y') ?? 0;
  if (isText) return { x: x ?? 0, y: y ?? 0, dx, dy };
  return x === null && y === null && dx === 0 && dy === 0 ? null : { x, y, dx, dy };
}

/**
 * CSS Text 3 §4.1.1 for white-space: normal over the whole `<text>`: newlines and tabs are
 * spaces, a space after a space goes, and so do spaces at the start and end.
 */
function collapseWhiteSpace(pieces: Piece[]): void {
  let afterSpace = true;
  let last: Piece | null = null;
  for (const piece of pieces) {
    if (piece.text === '') continue;
    let text = piece.text.replace(/[\t\n\r]/g, ' ');
    if (!piece.style.preserveSpace) {
      text = text.replace(/ {2,}/g, ' ');
      if (afterSpace && text.startsWith(' ')) text = text.slice(1);
    }
    piece.text = text;
    if (text !== '') {
      afterSpace = text.endsWith(' ') && !piece.style.preserveSpace;
      last = piece;
    }
  }
  if (last && !last.style.preserveSpace && last.text.endsWith(' ')) last.text = last.text.slice(0, -1);
}

/** Shapes the pieces and places them along the baseline, chunk by chunk (SVG 2 §11.8.3 text-anchor). */
function place(pieces: readonly Piece[], ctx: TextContext): SvgGlyphRun[] {
  const runs: SvgGlyphRun[] = [];
  let chunk: { start: number; x: number; anchor: SvgStyle['textAnchor'] } | null = null;
  let x = 0;
  let y = 0;
  const endChunk = () => {
    if (chunk && chunk.anchor !== 'start') {
      const shift = chunk.anchor === 'middle' ? (x - chunk.x) / 2 : x - chunk.x;
      for (let i = chunk.start; i < runs.length; i++) runs[i] = { ...runs[i]!, x: runs[i]!.x - shift };
    }
  };
  for (const piece of pieces) {
    if (piece.move) {
      if (piece.move.x !== null || piece.move.y !== null) {
        endChunk();
        x = piece.move.x ?? x;
        y = piece.move.y ?? y;
        chunk = { start: runs.length, x, anchor: piece.style.textAnchor };
      }
      x += piece.move.dx;
      y += piece.move.dy;
      if (chunk && chunk.start === runs.length) chunk.x = x;
    }
    if (piece.text === '') continue;
    x = shapePiece(piece, x, y, ctx, runs);
  }
  endChunk();
  return runs;
}

/** Appends the runs of one piece (one per fallback font) from (x, y); returns the pen after it. */
function shapePiece(piece: Piece, x: number, y: number, ctx: TextContext, out: SvgGlyphRun[]): number {
  const { style } = piece;
  const query: FontQuery = { families: style.fontFamily, weight: style.fontWeight, style: style.fontStyle };
  const paint = ctx.paintOf(style);
  for (const fontRun of FontRegistry.default().itemize(piece.text, query)) {
    const shaped = shapeText(fontRun.face, piece.text.slice(fontRun.start, fontRun.end));
    const segment: GlyphSegment = { glyphs: shaped.glyphs, x: 0, letterSpacing: style.letterSpacing, wordSpacing: style.wordSpacing, justify: 0, justifyEnd: 0 };
    const advance = segmentWidth(segment, style.fontSize / fontRun.face.unitsPerEm);
    const baseline = y + baselineShift(style.dominantBaseline, fontRun.face, style.fontSize);
    if (style.visible) {
      out.push({ x, y: baseline, face: fontRun.face, size: style.fontSize, segments: [segment], advance, fill: paint.fill, stroke: paint.stroke, strokeFirst: style.paintOrderStrokeFirst });
    }
    x += advance;
  }
  return x;
}

/** How far below the anchor point the alphabetic baseline lies for a dominant-baseline (CSS Inline 3 §4.1). */
function baselineShift(baseline: string, face: FontFace, size: number): number {
  const scale = size / face.unitsPerEm;
  switch (baseline) {
    case 'middle':
      return (face.xHeight / 2) * scale;
    case 'central':
      return ((face.ascent - face.descent) / 2) * scale;
    case 'hanging':
      return face.ascent * 0.8 * scale;
    case 'mathematical':
      return face.ascent * 0.5 * scale;
    case 'text-before-edge':
    case 'text-top':
    case 'before-edge':
      return face.ascent * scale;
    case 'text-after-edge':
    case 'text-bottom':
    case 'after-edge':
    case 'ideographic':
      return -face.descent * scale;
    default:
      return 0;
  }
}
