import { describe, expect, it } from 'vitest';
import { sharedGlyphs } from '../../src/text/shared-glyphs.js';
import { shapeText } from '../../src/text/shape.js';
import { FontRegistry } from '../../src/text/font-registry.js';

const glyph = (id: number, advance: number, cluster: number, text: string, xOffset = 0) => ({ id, advance, xOffset, yOffset: 0, cluster, text });

describe('sharedGlyphs', () => {
  it('gives equal glyphs one object, in an array of the same values', () => {
    const a = sharedGlyphs([glyph(7, 572, 0, '1'), glyph(8, 572, 1, '2')]);
    const b = sharedGlyphs([glyph(7, 572, 0, '1'), glyph(9, 572, 1, '3')]);
    expect(b[0]).toBe(a[0]);
    expect(b[1]).not.toBe(a[1]);
    expect(b).toEqual([glyph(7, 572, 0, '1'), glyph(9, 572, 1, '3')]);
  });

  it('keeps apart glyphs that differ in text, offset or place', () => {
    const [first] = sharedGlyphs([glyph(11, 600, 0, 'f')]);
    expect(sharedGlyphs([glyph(11, 600, 0, 'fi')])[0]!.text).toBe('fi');
    expect(sharedGlyphs([glyph(11, 600, 0, 'f', 40)])[0]!.xOffset).toBe(40);
    expect(sharedGlyphs([glyph(11, 600, 1, 'f')])[0]).not.toBe(first);
  });

  it('is what the shaping cache keeps: two words share their common glyphs', () => {
    const face = FontRegistry.default().match({ families: ['sans-serif'], weight: 400, style: 'normal' });
    const one = shapeText(face, '6053879.40');
    const two = shapeText(face, '6053871.20');
    expect(two.glyphs[0]).toBe(one.glyphs[0]);
    expect(two.glyphs[6]).not.toBe(one.glyphs[6]);
  });
});
