// What the load-time font check cannot see: one glyph of a font whose outline is broken, or
// OpenType layout that throws. Each is caught where it surfaces, for that glyph or that
// text only: the character falls back to another face, the text is set without layout, the
// glyph is embedded as .notdef (its text still extractable).
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import type { GlyphRunItem } from '../../src/paint/types.js';
import { subsetFont } from '../../src/pdf/font-subset.js';
import { writePdf } from '../../src/pdf/write.js';
import { FontkitFace, parseFontProgram } from '../../src/text/font-face.js';
import { clearShapingCache, shapeText } from '../../src/text/shape.js';
import { BLACK, poppler, writeTemp } from '../pdf/helpers.js';
import { ARIMO_TTF, withBrokenOutline } from './font-damage.js';

const GOOD = parseFontProgram(ARIMO_TTF);
const Z = GOOD.glyphForCodePoint(0x5a).id;
const BROKEN = parseFontProgram(withBrokenOutline(ARIMO_TTF, Z));
const descriptors = { family: 'Damaged' };

describe('a font with one broken glyph outline', () => {
  it('the outline really is unreadable, its advance is not', () => {
    expect(() => BROKEN.getGlyph(Z).bbox).toThrow();
    expect(BROKEN.getGlyph(Z).advanceWidth).toBe(GOOD.getGlyph(Z).advanceWidth);
  });

  it('a document font does not cover that character, so it falls back; its other characters it does', () => {
    const face = new FontkitFace(BROKEN, ARIMO_TTF, descriptors, 'Damaged#1', { checkGlyphs: true });
    expect(face.hasGlyph(0x5a)).toBe(false);
    expect(face.hasGlyph(0x41)).toBe(true);
    // Bundled faces are trusted: the cmap alone decides.
    expect(new FontkitFace(BROKEN, ARIMO_TTF, descriptors, 'Damaged#2').hasGlyph(0x5a)).toBe(true);
  });

  it('a subset including it is still written, that glyph a copy of .notdef in its place', () => {
    const a = BROKEN.glyphForCodePoint(0x41).id;
    const b = BROKEN.glyphForCodePoint(0x42).id;
    const subset = subsetFont(BROKEN, [0, a, Z, b]);
    expect(subset.damaged).toEqual([Z]);
    expect([a, Z, b].map((id) => subset.newIdOf.get(id))).toEqual([1, 2, 3]);
    const written = fontkit.create(subset.data) as fontkit.Font;
    expect(written.numGlyphs).toBe(4);
    expect(written.getGlyph(3).advanceWidth).toBe(BROKEN.getGlyph(b).advanceWidth);
  });

  it('a PDF drawing it is written with a warning, and its text extracts whole', async () => {
    const face = new FontkitFace(BROKEN, ARIMO_TTF, descriptors, 'Damaged#3');
    const shaped = shapeText(face, 'AZB');
    const run: GlyphRunItem = {
      kind: 'glyphs', x: 72, y: 100, face, size: 24, color: BLACK,
      segments: [{ glyphs: shaped.glyphs, x: 0, letterSpacing: 0, wordSpacing: 0, justify: 0, justifyEnd: 0 }],
    };
    const warnings: string[] = [];
    const pdf = await writePdf({ pages: [{ width: 300, height: 200, items: [run] }], onWarning: (m) => warnings.push(m) });
    expect(warnings).toEqual(['font "Damaged" (Arimo-Regular) is damaged: 1 of its glyphs could not be embedded and show as blank boxes']);
    const file = writeTemp('damaged-glyph.pdf', pdf);
    expect(poppler('pdftotext', [file, '-']).stdout.trim()).toBe('AZB');
    expect(poppler('pdffonts', [file]).stdout).toMatch(/Arimo-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
  });
});

describe('OpenType layout that throws', () => {
  it('sets the text glyph by glyph from the cmap, with the glyphs\' own advances', () => {
    const failing = Object.create(GOOD, { layout: { value: () => { throw new RangeError('Offset is outside the bounds of the DataView'); } } }) as fontkit.Font;
    const face = new FontkitFace(failing, ARIMO_TTF, descriptors, 'Damaged#4');
    clearShapingCache();
    const shaped = shapeText(face, 'AVA fi');
    expect(shaped.glyphs.map((g) => g.text)).toEqual(['A', 'V', 'A', ' ', 'f', 'i']);
    expect(shaped.glyphs.map((g) => g.id)).toEqual([...'AVA fi'].map((c) => GOOD.glyphForCodePoint(c.codePointAt(0)!).id));
    expect(shaped.glyphs.map((g) => g.cluster)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(shaped.advance).toBe([...'AVA fi'].reduce((sum, c) => sum + GOOD.glyphForCodePoint(c.codePointAt(0)!).advanceWidth, 0));
  });
});
