// Glyph positions of a run, derived from its segments: the one place that turns advances,
// letter-spacing, word-spacing and justification into pen positions.
import { isJustifiableSpace, isWordSeparator } from '../text/word-separators.js';
import type { GlyphRunItem, GlyphSegment, PlacedGlyph } from './types.js';

export type GlyphVisitor = (id: number, x: number, y: number, text: string) => void;

/** Calls `visit` for every glyph of the run with its position relative to the run origin. */
export function forEachGlyph(run: GlyphRunItem, visit: GlyphVisitor): void {
  const scale = run.size / run.face.unitsPerEm;
  for (const segment of run.segments) visitSegment(segment, scale, visit);
}

function visitSegment(s: GlyphSegment, scale: number, visit: GlyphVisitor): void {
  let pen = s.x;
  const glyphs = s.glyphs;
  for (let k = 0; k < glyphs.length; k++) {
    const g = glyphs[k]!;
    visit(g.id, pen + g.xOffset * scale, -g.yOffset * scale, g.text);
    pen += segmentAdvance(s, k, scale);
  }
}

/** The advance of glyph k of a segment, spacing included, pt. */
export function segmentAdvance(s: GlyphSegment, k: number, scale: number): number {
  const g = s.glyphs[k]!;
  let w = g.advance * scale;
  if (g.text !== '') w += s.letterSpacing;
  if (s.wordSpacing !== 0 && isWordSeparator(g.text)) w += s.wordSpacing;
  if (s.justify !== 0 && k < s.justifyEnd && isJustifiableSpace(g.text)) w += s.justify;
  return w;
}

/** Width of a segment, pt. */
export function segmentWidth(s: GlyphSegment, scale: number): number {
  let w = 0;
  for (let k = 0; k < s.glyphs.length; k++) w += segmentAdvance(s, k, scale);
  return w;
}

/** The run's glyphs with explicit positions (for dumps, tests and tools; allocates). */
export function placedGlyphs(run: GlyphRunItem): PlacedGlyph[] {
  const out: PlacedGlyph[] = [];
  forEachGlyph(run, (id, x, y, text) => out.push({ id, x, y, text }));
  return out;
}

/** The run's source text. */
export function runText(run: GlyphRunItem): string {
  let text = '';
  for (const s of run.segments) for (const g of s.glyphs) text += g.text;
  return text;
}

/** Number of glyphs in the run. */
export function glyphCount(run: GlyphRunItem): number {
  let n = 0;
  for (const s of run.segments) n += s.glyphs.length;
  return n;
}

/** Segments that place each glyph at an explicit position (hand-built runs in tools and tests). */
export function explicitSegments(glyphs: readonly PlacedGlyph[], scale: number): GlyphSegment[] {
  return glyphs.map((g) => ({
    glyphs: [{ id: g.id, advance: 0, xOffset: 0, yOffset: -g.y / scale, cluster: 0, text: g.text }],
    x: g.x, letterSpacing: 0, wordSpacing: 0, justify: 0, justifyEnd: 0,
  }));
}
