// One line of text, shaped once in the style's font (with per-character fallback, so any
// script finds a face) and placed as glyph runs: the same items layout hands the PDF writer,
// so fill text goes through the engine's own font embedding (subset, ToUnicode).

import type { DisplayItem, GlyphRunItem } from '../paint/types.js';
import { FontRegistry } from '../text/font-registry.js';
import { shapeText } from '../text/shape.js';
import type { FontFace, FontQuery, ShapedText } from '../text/types.js';
import type { TextStyle } from './text-style.js';

/** A shaped line: runs of one face each; widths scale with the size it is drawn at. */
export interface ShapedLine {
  readonly text: string;
  readonly runs: readonly ShapedText[];
  /** Width at 1 pt. */
  readonly unitWidth: number;
}

/** Shapes `text` (one line: no line breaks) in the query's fonts. */
export function shapeLine(text: string, query: FontQuery): ShapedLine {
  const runs = FontRegistry.default().itemize(text, query).map((run) => shapeText(run.face, text.slice(run.start, run.end)));
  let unitWidth = 0;
  for (const run of runs) unitWidth += run.advance / run.face.unitsPerEm;
  return { text, runs, unitWidth };
}

/** The width of `text` at `size`, pt. */
export function lineWidth(text: string, query: FontQuery, size: number): number {
  return shapeLine(text, query).unitWidth * size;
}

/** Glyph runs drawing the line with its left end at x and its baseline at y (display-list coordinates: y down). */
export function lineItems(line: ShapedLine, x: number, baseline: number, style: TextStyle, size: number): DisplayItem[] {
  const items: GlyphRunItem[] = [];
  let pen = x;
  for (const run of line.runs) {
    const segment = { glyphs: run.glyphs, x: 0, letterSpacing: 0, wordSpacing: 0, justify: 0, justifyEnd: 0 };
    items.push({ kind: 'glyphs', x: pen, y: baseline, face: run.face, size, color: style.color, segments: [segment] });
    pen += (run.advance * size) / run.face.unitsPerEm;
  }
  return items;
}

/** Ascent and descent of the style's primary face, per pt of size (descent positive). */
export function verticalMetrics(query: FontQuery): { ascent: number; descent: number } {
  const face: FontFace = FontRegistry.default().match(query);
  return { ascent: face.ascent / face.unitsPerEm, descent: face.descent / face.unitsPerEm };
}
