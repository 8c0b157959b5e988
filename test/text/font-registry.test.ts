// Font matching (CSS Fonts 3 §5.2) and itemization with per-character fallback.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundledFontsDirectory } from '../../src/text/bundled-fonts.js';
import { FontRegistry } from '../../src/text/font-registry.js';
import { FallbackChain, itemizeText } from '../../src/text/font-fallback.js';
import { selectWeight } from '../../src/text/font-matching.js';
import type { FontFace, FontQuery } from '../../src/text/types.js';

const query = (families: string[], weight = 400, style: FontQuery['style'] = 'normal'): FontQuery => ({ families, weight, style });
const registry = FontRegistry.default();

describe('FontRegistry.match', () => {
  it('bold italic picks the BoldItalic face', () => {
    const face = registry.match(query(['Noto Sans'], 700, 'italic'));
    expect(face.postscriptName).toBe('NotoSans-BoldItalic');
    expect(face.weight).toBe(700);
    expect(face.style).toBe('italic');
  });

  it('weight 600 picks Bold (above 500: heavier first); 300 picks Regular; 500 picks Regular', () => {
    expect(registry.match(query(['Noto Sans'], 600)).postscriptName).toBe('NotoSans-Bold');
    expect(registry.match(query(['Noto Sans'], 300)).postscriptName).toBe('NotoSans-Regular');
    expect(registry.match(query(['Noto Sans'], 500)).postscriptName).toBe('NotoSans-Regular');
    expect(registry.match(query(['Noto Sans'], 900, 'oblique')).postscriptName).toBe('NotoSans-BoldItalic');
  });

  it('unknown families and generic families without faces of their own fall back to Noto Sans; names are case-insensitive', () => {
    expect(registry.match(query(['No Such Font'])).family).toBe('Noto Sans');
    expect(registry.match(query(['sans-serif'])).postscriptName).toBe('NotoSans-Regular');
    expect(registry.match(query(['cursive'], 400, 'italic')).postscriptName).toBe('NotoSans-Italic');
    expect(registry.match(query(['NOTO SANS'], 700)).postscriptName).toBe('NotoSans-Bold');
    expect(registry.match(query([])).postscriptName).toBe('NotoSans-Regular');
    // Helvetica, serif and monospace have built-in faces (builtin-families.test.ts).
    expect(registry.match(query(['Helvetica', 'serif'])).postscriptName).toBe('Arimo-Regular');
    expect(registry.match(query(['monospace'], 400, 'italic')).postscriptName).toBe('Cousine-Italic');
  });

  it('returns the same face object for the same query (faces parse once per process)', () => {
    // Compared by identity without a diff of the whole face if it fails (fontkit objects are huge).
    expect(registry.match(query(['Helvetica'])) === registry.match(query(['arial']))).toBe(true);
    expect(registry.match(query(['No Such Font'])) === registry.match(query(['sans-serif']))).toBe(true);
    expect(FontRegistry.default()).toBe(registry);
  });

  it('uses hhea metrics: normal line height of Noto Sans is 1.362em', () => {
    const face = registry.match(query(['Noto Sans']));
    expect(face.unitsPerEm).toBe(1000);
    expect([face.ascent, face.descent, face.lineGap]).toEqual([1069, 293, 0]);
    expect((face.ascent + face.descent + face.lineGap) / face.unitsPerEm).toBeCloseTo(1.362, 3);
    expect(face.capHeight).toBe(714);
    expect(face.xHeight).toBe(536);
    expect(face.underlinePosition).toBeLessThan(0);
    expect(face.underlineThickness).toBeGreaterThan(0);
  });

  it('addFace on a fork registers a family there only, under its descriptors', () => {
    const data = new Uint8Array(readFileSync(`${bundledFontsDirectory()}/NotoSans-Bold.ttf`));
    const fork = registry.fork();
    const added = fork.addFace(data, { family: 'Brand Sans', weight: 400 });
    expect(fork.match(query(['Brand Sans']))).toBe(added);
    expect(added.family).toBe('Brand Sans');
    expect(added.id).toMatch(/^NotoSans-Bold#[0-9a-f]{12}$/);
    expect(registry.match(query(['Brand Sans'])).postscriptName).toBe('NotoSans-Regular');
    // The same file added again gets the same id (so shaping results are shared).
    expect(fork.fork().addFace(data, { family: 'Other' }).id).toBe(added.id);
  });
});

describe('selectWeight (CSS Fonts 4 §5.2 step 4b)', () => {
  const all = [100, 300, 400, 500, 700, 900];
  it.each([
    [400, [300, 500, 700], 500],
    [500, [300, 400, 700], 400],
    [450, [300, 400, 500, 700], 500],
    [300, [100, 400], 100],
    [200, [400, 700], 400],
    [600, [400, 500, 700], 700],
    [600, [400, 500], 500],
    [700, all, 700],
  ])('desired %i among %j → %i', (desired, available, expected) => {
    expect(selectWeight(available, desired)).toBe(expected);
  });
});

describe('FontRegistry.itemize', () => {
  it('covers a string whose characters no face has (Tibetan), falling back to the primary face', () => {
    const text = 'Price: ཀཁག ok';
    const runs = registry.itemize(text, query(['Noto Sans']));
    expect(runs[0]!.start).toBe(0);
    expect(runs.at(-1)!.end).toBe(text.length);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.start).toBe(runs[i - 1]!.end);
    expect(runs.every((run) => run.face.postscriptName === 'NotoSans-Regular')).toBe(true);
  });

  it('gives each character the first face with a glyph; marks and joiners stay with their base', () => {
    const latin = fakeFace('latin', (cp) => cp < 0x250 || cp === 0x301);
    const greek = fakeFace('greek', (cp) => cp >= 0x370 && cp < 0x400);
    const other = fakeFace('other', (cp) => cp === 0x2603);
    const chain = new FallbackChain([latin, greek], () => [other]);
    const text = 'ab\u03b1\u0301c\u2603\u4e2d!';
    const runs = itemizeText(text, chain).map((r) => [r.face.id, text.slice(r.start, r.end)]);
    expect(runs).toEqual([
      ['latin', 'ab'],
      ['greek', '\u03b1\u0301'], // the combining acute stays with alpha although latin has it
      ['latin', 'c'],
      ['other', '\u2603'], // found in a family outside the query
      ['latin', '\u4e2d!'], // nobody has it: the primary face draws .notdef
    ]);
  });

  it('returns no runs for empty text and one run for plain text', () => {
    expect(registry.itemize('', query(['Noto Sans']))).toEqual([]);
    const runs = registry.itemize('Hello world', query(['serif']));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ start: 0, end: 11 });
  });
});

function fakeFace(id: string, has: (codePoint: number) => boolean): FontFace {
  return { id, hasGlyph: has } as unknown as FontFace;
}
