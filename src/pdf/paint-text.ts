// Glyph runs → text objects (ISO 32000-1 §9.4): BT, Tf, one Tm per baseline segment, and a
// TJ array of 2-byte codes whose numbers correct the pen to the shaped positions (kerning).

import { segmentAdvance } from '../paint/glyph-runs.js';
import type { GlyphRunItem } from '../paint/types.js';
import type { ShapedGlyph } from '../text/types.js';
import type { ContentStream } from './content-stream.js';
import type { EmbeddedFont } from './font-embed.js';
import { withAlpha, type PaintContext } from './paint-context.js';
import { OBLIQUE_SKEW, syntheticBoldStrokeWidth } from '../text/font-synthesis.js';

/**
 * Paints one run in its fill colour; fully transparent or empty runs draw nothing. A
 * synthesized bold is filled and stroked in that colour (render mode 2, §9.3.6), then the
 * mode is set back, since it outlives the text object; a synthesized oblique skews the text
 * matrix.
 */
export function paintGlyphRun(run: GlyphRunItem, ctx: PaintContext): void {
  if (run.color.a <= 0 || run.size <= 0 || run.segments.length === 0) return;
  const font = ctx.fonts.font(run.face);
  const bold = run.synthetic?.bold === true;
  const skew = run.synthetic?.oblique === true ? OBLIQUE_SKEW : 0;
  withAlpha(ctx, run.color.a, bold ? run.color.a : 1, () => {
    ctx.canvas.setFillColor(run.color);
    if (bold) {
      ctx.canvas.setStrokeColor(run.color);
      ctx.canvas.setLineWidth(syntheticBoldStrokeWidth(run.size));
    }
    const canvas = ctx.canvas;
    canvas.push('BT');
    canvas.append('\n/');
    canvas.append(font.resourceName);
    canvas.appendByte(0x20);
    canvas.appendNumber(run.size);
    canvas.append(bold ? ' Tf\n2 Tr\n' : ' Tf\n');
    textShowing(canvas, run, font, ctx.pageHeight, skew);
    canvas.append(bold ? '0 Tr\nET' : 'ET');
  });
}

/**
 * One `Tm … TJ` per stretch of glyphs on the same vertical offset (marks may sit off it).
 * §9.4.3: after each glyph the pen moves by its /W width; a number n in the array moves it
 * back by n/1000 em. We track the pen exactly as a viewer will and emit a number only where
 * the laid-out position differs, so rounding never accumulates along a line. This walks the
 * segments directly (the same arithmetic as paint/glyph-runs.ts): it is the hottest loop of
 * the writer.
 *
 * A cluster whose glyphs do not extract as its text through ToUnicode (one entry per glyph)
 * is wrapped in a marked-content span with ActualText (§14.9.4): several glyphs for one
 * text (a Devanagari syllable whose i-matra is drawn before its consonant, a Thai SARA AM
 * split in two, a base with its marks), or a glyph whose entry already stands for other text.
 */
function textShowing(canvas: ContentStream, run: GlyphRunItem, font: EmbeddedFont, pageHeight: number, skew: number): void {
  const size = run.size;
  const scale = size / run.face.unitsPerEm;
  const toEm = 1000 / size;
  const array = new TextArray(canvas);
  let pen = 0;
  let lineY = Number.NaN;
  /** Index of the last glyph of the open ActualText span in the segment, -1 when none is open. */
  let spanEnd = -1;
  let spanText = '';
  for (const seg of run.segments) {
    let x = seg.x;
    const glyphs = seg.glyphs;
    for (let k = 0; k < glyphs.length; k++) {
      const g = glyphs[k]!;
      let literal = '';
      if (spanEnd < k) {
        // Most glyphs are a cluster of their own: no walk to find where it ends.
        const last = k + 1 < glyphs.length && glyphs[k + 1]!.cluster === g.cluster ? clusterEnd(glyphs, k) : k;
        // code() before extracts(): a glyph's ToUnicode entry is the first text it is drawn for.
        if (last === k) literal = font.code(g.id, g.text);
        if (last > k || !font.extracts(g.id, g.text)) {
          array.end();
          spanText = clusterText(glyphs, k, last);
          canvas.append(`/Span <</ActualText <FEFF${utf16Hex(spanText)}>>> BDC\n`);
          spanEnd = last;
        }
      }
      if (literal === '') literal = spanEnd >= k ? font.clusterCode(g.id, spanText) : font.code(g.id, g.text);
      const gx = x + g.xOffset * scale;
      const gy = -g.yOffset * scale;
      if (gy !== lineY) {
        array.endUnlessEmpty();
        lineY = gy;
        pen = gx;
        canvas.append('1 0 ');
        canvas.appendNumber(skew);
        canvas.append(' 1 ');
        canvas.appendNumber(run.x + gx);
        canvas.appendByte(0x20);
        canvas.appendNumber(pageHeight - run.y - gy);
        canvas.append(' Tm\n');
        array.begin();
      } else {
        const adjustment = Math.round((pen - gx) * toEm * 10) / 10;
        if (adjustment !== 0) {
          array.adjust(adjustment);
          pen -= adjustment / toEm;
        }
      }
      array.code(literal);
      pen += font.width(g.id) / toEm;
      x += segmentAdvance(seg, k, scale);
      if (spanEnd === k) {
        array.end();
        canvas.append('EMC\n');
        spanEnd = -1;
      }
    }
    if (spanEnd >= 0) {
      array.end();
      canvas.append('EMC\n');
      spanEnd = -1;
    }
  }
  array.endUnlessEmpty();
}

/**
 * A `[(codes) n (codes) …] TJ` array written into the stream as it grows: `begin` opens one
 * (its bracket written with its first content), `adjust` ends the codes so far with a number,
 * `code` adds a glyph code. An array that got nothing is dropped where a new Tm starts, but
 * written as `[()] TJ` where a span ends it.
 */
class TextArray {
  /** No array open, one open with nothing written yet, or one written up to its codes. */
  private state: 'none' | 'opened' | 'written' = 'none';
  /** Whether the codes' `(` is written. */
  private inCodes = false;

  constructor(private readonly canvas: ContentStream) {}

  begin(): void {
    this.state = 'opened';
  }

  code(literal: string): void {
    if (!this.inCodes) {
      this.write();
      this.canvas.appendByte(0x28);
      this.inCodes = true;
    }
    this.canvas.append(literal);
  }

  adjust(adjustment: number): void {
    this.endCodes();
    this.canvas.appendNumber(adjustment);
  }

  /** Writes the array as it stands with `] TJ`; another may follow without a new Tm. */
  end(): void {
    if (this.state === 'none') return;
    this.endCodes();
    this.canvas.append('] TJ\n');
    this.state = 'opened';
  }

  endUnlessEmpty(): void {
    if (this.state === 'written') this.end();
  }

  /** `(codes)`, with `(` now if no code came. */
  private endCodes(): void {
    if (!this.inCodes) {
      this.write();
      this.canvas.appendByte(0x28);
    }
    this.canvas.appendByte(0x29);
    this.inCodes = false;
  }

  /** The bracket, once something goes into the array. */
  private write(): void {
    if (this.state !== 'opened') return;
    this.canvas.appendByte(0x5b);
    this.state = 'written';
  }
}

/**
 * The index of the last glyph of the cluster starting at `k`: its glyphs are adjacent, share a
 * cluster value and only one carries text (a leader repeats one shaped pattern, and with it
 * the pattern's cluster values, each repetition with its text).
 */
function clusterEnd(glyphs: readonly ShapedGlyph[], k: number): number {
  const cluster = glyphs[k]!.cluster;
  let hasText = glyphs[k]!.text !== '';
  let last = k;
  while (last + 1 < glyphs.length && glyphs[last + 1]!.cluster === cluster) {
    if (glyphs[last + 1]!.text !== '') {
      if (hasText) break;
      hasText = true;
    }
    last++;
  }
  return last;
}

/** A cluster's text: its glyphs carry it on one of them, '' on the others. */
function clusterText(glyphs: readonly ShapedGlyph[], first: number, last: number): string {
  let text = '';
  for (let k = first; k <= last; k++) text += glyphs[k]!.text;
  return text;
}

/** UTF-16BE as hex digits (JavaScript strings are UTF-16 already). */
function utf16Hex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return hex;
}
