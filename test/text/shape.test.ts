// Shaping with fontkit: kerning, ligatures with their cluster text, marks, and the cache.
import { describe, expect, it } from 'vitest';
import { FontRegistry } from '../../src/text/font-registry.js';
import { clearShapingCache, measureText, shapeOptions, shapeText } from '../../src/text/shape.js';

const face = FontRegistry.default().match({ families: ['Noto Sans'], weight: 400, style: 'normal' });
const texts = (text: string) => shapeText(face, text).glyphs.map((g) => g.text);

describe('shapeText', () => {
  it('kerns: "AV" is narrower than "A" plus "V"', () => {
    const pair = shapeText(face, 'AV').advance;
    const single = shapeText(face, 'A').advance + shapeText(face, 'V').advance;
    expect(pair).toBeLessThan(single);
  });

  it('forms the fi and ffi ligatures; the ligature glyph carries the text it stands for', () => {
    const fi = shapeText(face, 'fi');
    expect(fi.glyphs).toHaveLength(1);
    expect(fi.glyphs[0]).toMatchObject({ text: 'fi', cluster: 0 });
    expect(texts('office')).toEqual(['o', 'ffi', 'c', 'e']);
    expect(shapeText(face, 'office').glyphs.map((g) => g.cluster)).toEqual([0, 1, 4, 5]);
  });

  it('sets a run right to left when told, glyphs in visual order with their own text', () => {
    const rtl = shapeText(face, 'abc', shapeOptions('rtl'));
    expect(rtl.glyphs.map((g) => g.text)).toEqual(['c', 'b', 'a']);
    expect(rtl.advance).toBeCloseTo(shapeText(face, 'abc').advance, 6);
    expect(shapeOptions('auto')).toBe(shapeOptions('auto', {}));
    expect(shapeOptions('ltr').key).not.toBe(shapeOptions('auto').key);
  });

  it('switches OpenType features on top of the defaults, cached apart from the default run', () => {
    expect(shapeText(face, 'fi', shapeOptions('ltr', { liga: 0 })).glyphs).toHaveLength(2);
    expect(shapeText(face, 'fi').glyphs).toHaveLength(1);
    expect(shapeOptions('ltr', { liga: 0, kern: 0 }).key).toBe(shapeOptions('ltr', { kern: 0, liga: 0 }).key);
  });

  it('maps clusters exactly even when a glyph is reachable both as ligature and by cmap', () => {
    // Noto Sans maps U+FB01 to its f_i ligature glyph; fontkit caches one Glyph per id, so
    // whichever came first would otherwise decide the other's code points.
    clearShapingCache();
    shapeText(face, 'fi');
    expect(texts('\ufb01x')).toEqual(['\ufb01', 'x']);
    clearShapingCache();
    shapeText(face, '\ufb01');
    expect(texts('fix')).toEqual(['fi', 'x']);
    expect(shapeText(face, 'fix').glyphs[0]!.id).toBe(shapeText(face, '\ufb01').glyphs[0]!.id);
  });

  it('keeps combining marks as their own glyphs with their own text, positioned on the base', () => {
    const shaped = shapeText(face, 'e\u0301x');
    expect(shaped.glyphs.map((g) => [g.text, g.cluster])).toEqual([['e', 0], ['\u0301', 1], ['x', 2]]);
    expect(shaped.glyphs[1]!.advance).toBe(0);
  });

  it('handles astral characters and invisible ones (soft hyphen carries no text)', () => {
    expect(texts('a\u{1F600}b')).toEqual(['a', '\u{1F600}', 'b']);
    expect(shapeText(face, 'a\u{1F600}b').glyphs.map((g) => g.cluster)).toEqual([0, 1, 3]);
    const shy = shapeText(face, 'a\u00adb');
    expect(shy.glyphs.map((g) => g.text)).toEqual(['a', '', 'b']);
    expect(shy.glyphs[1]!.advance).toBe(0);
  });

  it('returns the identical object on a cache hit, and a new one after clearShapingCache()', () => {
    const first = shapeText(face, 'Hello ');
    expect(shapeText(face, 'Hello ')).toBe(first);
    clearShapingCache();
    const again = shapeText(face, 'Hello ');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('measures in font units; empty text has no glyphs', () => {
    expect(measureText(face, 'Hello')).toBe(shapeText(face, 'Hello').glyphs.reduce((sum, g) => sum + g.advance, 0));
    expect(shapeText(face, '')).toMatchObject({ glyphs: [], advance: 0 });
  });
});
