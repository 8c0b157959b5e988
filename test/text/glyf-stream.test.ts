// The glyf table fontkit reads glyphs from (text/glyf-stream.ts): a WOFF's inflated once and
// padded, so that an empty glyph at its very end (Arimo's nbspace in the @fontsource WOFF
// files) reads as empty instead of failing the render, and every outline is the one the
// TrueType file has.
import type * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/render.js';
import { parseFontProgram } from '../../src/text/font-face.js';
import { ARIMO_TTF, ARIMO_WOFF } from './font-damage.js';

const WOFF = parseFontProgram(ARIMO_WOFF);
const TTF = parseFontProgram(ARIMO_TTF);

interface PathLike {
  toSVG(): string;
}

describe('glyf table streams', () => {
  it('the WOFF\'s last glyph is an empty U+00A0, and it lays out', () => {
    const nbsp = WOFF.glyphForCodePoint(0xa0);
    expect(nbsp.id).toBe(WOFF.numGlyphs - 1);
    expect(WOFF.layout('a\u00a0b').glyphs.map((g) => g.id)).toContain(nbsp.id);
    expect(nbsp.advanceWidth).toBe(TTF.glyphForCodePoint(0xa0).advanceWidth);
  });

  it('a document using the WOFF with a no-break space renders in it, without a warning', async () => {
    const css = `@font-face { font-family: A; src: url(data:font/woff;base64,${Buffer.from(ARIMO_WOFF).toString('base64')}) } p { font-family: A }`;
    const { warnings, pageCount } = await renderDocument({ type: 'html', data: { html: '<p>a&nbsp;b</p>', css } }, { deterministic: true });
    expect(warnings).toEqual([]);
    expect(pageCount).toBe(1);
  });

  it('every glyph of the WOFF has the outline and advance of the TrueType file', () => {
    const shape = (font: fontkit.Font, id: number) => {
      const glyph = font.getGlyph(id) as fontkit.Glyph & { path: PathLike };
      return `${glyph.advanceWidth} ${glyph.path.toSVG()}`;
    };
    for (let id = 0; id < TTF.numGlyphs; id++) expect(shape(WOFF, id)).toBe(shape(TTF, id));
  });
});
