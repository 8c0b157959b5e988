// Glyph runs → text objects (ISO 32000-1 §9.4): BT, Tf, one Tm per baseline segment, and a
// TJ array of 2-byte codes whose numbers correct the pen to the shaped positions (kerning).

import { forEachGlyph } from '../paint/glyph-runs.js';
import type { GlyphRunItem } from '../paint/types.js';
import { num } from './content-stream.js';
import type { EmbeddedFont } from './font-embed.js';
import { withAlpha, type PaintContext } from './paint-context.js';

/** Paints one run in its fill colour; fully transparent or empty runs draw nothing. */
export function paintGlyphRun(run: GlyphRunItem, ctx: PaintContext): void {
  if (run.color.a <= 0 || run.size <= 0 || run.segments.length === 0) return;
  const font = ctx.fonts.font(run.face);
  withAlpha(ctx, run.color.a, 1, () => {
    ctx.canvas.setFillColor(run.color);
    ctx.canvas.push(`BT\n/${font.resourceName} ${num(run.size)} Tf\n${textShowing(run, font, ctx.pageHeight)}ET`);
  });
}

/**
 * One `Tm … TJ` per stretch of glyphs on the same vertical offset (marks may sit off it).
 * §9.4.3: after each glyph the pen moves by its /W width; a number n in the array moves it
 * back by n/1000 em. We track the pen exactly as a viewer will and emit a number only where
 * the laid-out position differs, so rounding never accumulates along a line.
 */
function textShowing(run: GlyphRunItem, font: EmbeddedFont, pageHeight: number): string {
  const size = run.size;
  let out = '';
  let array = '';
  let codes = '';
  let pen = 0;
  let lineY = Number.NaN;
  const flush = () => {
    if (array !== '' || codes !== '') out += `${array}(${codes})] TJ\n`;
    array = '';
    codes = '';
  };
  forEachGlyph(run, (id, x, y, text) => {
    if (y !== lineY) {
      flush();
      lineY = y;
      pen = x;
      out += `1 0 0 1 ${num(run.x + x)} ${num(pageHeight - run.y - y)} Tm\n`;
      array = '[';
    } else {
      const adjustment = Math.round(((pen - x) * 1000) / size * 10) / 10;
      if (adjustment !== 0) {
        array += `(${codes})${num(adjustment)}`;
        codes = '';
        pen -= (adjustment * size) / 1000;
      }
    }
    codes += font.code(id, text);
    pen += (font.width(id) * size) / 1000;
  });
  flush();
  return out;
}
