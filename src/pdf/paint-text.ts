// Glyph runs → text objects (ISO 32000-1 §9.4): BT, Tf, one Tm per baseline segment, and a
// TJ array of 2-byte codes whose numbers correct the pen to the shaped positions (kerning).

import type { GlyphRunItem, PlacedGlyph } from '../paint/types.js';
import { num } from './content-stream.js';
import type { EmbeddedFont } from './font-embed.js';
import { withAlpha, type PaintContext } from './paint-context.js';

/** Paints one run in its fill colour; fully transparent or empty runs draw nothing. */
export function paintGlyphRun(run: GlyphRunItem, ctx: PaintContext): void {
  if (run.color.a <= 0 || run.size <= 0 || run.glyphs.length === 0) return;
  const font = ctx.fonts.get(run.face.id);
  if (!font) throw new Error(`pdf: glyph run uses face "${run.face.id}", which the glyph pass did not collect`);
  withAlpha(ctx, run.color.a, 1, () => {
    ctx.canvas.setFillColor(run.color);
    ctx.canvas.push(`BT\n/${font.resourceName} ${num(run.size)} Tf\n${textShowing(run, font, ctx.pageHeight)}\nET`);
  });
}

/** One `Tm … TJ` per stretch of glyphs on the same vertical offset (marks may sit off it). */
function textShowing(run: GlyphRunItem, font: EmbeddedFont, pageHeight: number): string {
  const lines: string[] = [];
  const glyphs = run.glyphs;
  for (let start = 0; start < glyphs.length; ) {
    let end = start + 1;
    while (end < glyphs.length && glyphs[end]!.y === glyphs[start]!.y) end++;
    const first = glyphs[start]!;
    lines.push(`1 0 0 1 ${num(run.x + first.x)} ${num(pageHeight - run.y - first.y)} Tm`);
    lines.push(`${showArray(glyphs, start, end, run.size, font)} TJ`);
    start = end;
  }
  return lines.join('\n');
}

/**
 * §9.4.3: after each glyph the pen moves by its /W width; a number n in the array moves it
 * back by n/1000 em. We track the pen exactly as a viewer will and emit a number only where
 * the shaped position differs, so rounding never accumulates along a line.
 */
function showArray(glyphs: readonly PlacedGlyph[], start: number, end: number, size: number, font: EmbeddedFont): string {
  let out = '[';
  let codes = '';
  let pen = glyphs[start]!.x;
  for (let i = start; i < end; i++) {
    const glyph = glyphs[i]!;
    if (i > start) {
      const adjustment = Math.round(((pen - glyph.x) * 1000) / size * 10) / 10;
      if (adjustment !== 0) {
        out += `<${codes}>${num(adjustment)}`;
        codes = '';
        pen -= (adjustment * size) / 1000;
      }
    }
    codes += font.code(glyph.id);
    pen += (font.width(glyph.id) * size) / 1000;
  }
  return `${out}<${codes}>]`;
}
