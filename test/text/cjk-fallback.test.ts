// The bundled CJK fallback (Noto Sans SC, @fontsource-variable/noto-sans-sc): which characters
// it covers, that it comes after the requested families and Noto Sans, that runs never mix
// two of its subset files, and that the files load lazily.
import { describe, expect, it } from 'vitest';
import { CJK_FAMILY, CJK_KR, CJK_SC, cjkFaces, cjkSubsetFiles } from '../../src/text/bundled-cjk.js';
import { FallbackChain, UnicodeRangeFaces, itemizeText } from '../../src/text/font-fallback.js';
import { FontRegistry } from '../../src/text/font-registry.js';
import { shapeText } from '../../src/text/shape.js';
import type { FontFace, FontQuery } from '../../src/text/types.js';
import { UnicodeRangeIndex, parseUnicodeRange } from '../../src/text/unicode-range.js';

const query = (families: string[], weight = 400): FontQuery => ({ families, weight, style: 'normal' });
/** What the user-agent style sheet gives every document. */
const UA = query(['Noto Sans', 'Noto CJK', 'sans-serif']);
const registry = FontRegistry.default();

/** The face each character of `text` is itemized into, as [character, family, postscript name]. */
function facesOf(text: string, q: FontQuery): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (const run of registry.itemize(text, q)) {
    for (const ch of text.slice(run.start, run.end)) out.push([ch, run.face.family, run.face.postscriptName]);
  }
  return out;
}

/** The subset file (its key, "119" or "latin") whose unicode-range holds the character; the last listed wins. */
function fileOf(ch: string): string | undefined {
  const cp = ch.codePointAt(0)!;
  return [...cjkSubsetFiles()].reverse().find((file) => file.ranges.some(([a, b]) => cp >= a && cp <= b))?.key;
}

describe('CJK fallback: coverage', () => {
  it.each([
    ['Han (simplified and Japanese kanji)', '中文渲染简体字日本語漢字'],
    ['hiragana and katakana', 'ひらがなのかなカタカナヴァ'],
    ['CJK punctuation', '、。「」『』【】〜・'],
    ['fullwidth forms', '，：；！？（）＃％Ａｚ０９'],
  ])('%s come from the CJK face', (_, text) => {
    for (const q of [UA, query(['Noto Sans']), query(['serif'])]) {
      for (const [ch, family, name] of facesOf(text, q)) {
        expect(family, ch).toBe(CJK_FAMILY);
        expect(name, ch).toBe(`NotoSansSC-Regular-${fileOf(ch)}`);
      }
    }
  });

  it('Latin, digits and spaces stay Noto Sans', () => {
    for (const [ch, family, name] of facesOf('Quire 2024, naïve café — ok?', UA)) {
      expect([ch, family, name]).toEqual([ch, 'Noto Sans', 'NotoSans-Regular']);
    }
  });

  it('takes Hangul, which the SC font lacks, from the KR font tried after it', () => {
    for (const [ch, family, name] of facesOf('한국어', UA)) {
      expect(family, ch).toBe(CJK_KR.family);
      expect(name, ch).toMatch(/^NotoSansKR-Regular-/);
      expect(CJK_SC.faces(400).faceFor(ch.codePointAt(0)!), ch).toBeUndefined();
    }
  });

  it('bold text uses the wght 700 instance; other weights snap to the nearest of 100…900', () => {
    expect(facesOf('中', query(['Noto Sans'], 700))[0]).toEqual(['中', CJK_FAMILY, `NotoSansSC-Bold-${fileOf('中')}`]);
    expect(facesOf('中', query(['Noto Sans'], 300))[0]![2]).toBe(`NotoSansSC-Light-${fileOf('中')}`);
    const regular = registry.itemize('中', UA)[0]!.face;
    const bold = registry.itemize('中', query(['Noto Sans'], 700))[0]!.face;
    expect([regular.weight, bold.weight]).toEqual([400, 700]);
    // Same glyph id, real instances: heavier stems, and (for Latin in the SC font) wider advances.
    expect(shapeText(bold, '中').glyphs[0]!.id).toBe(shapeText(regular, '中').glyphs[0]!.id);
    const latinRegular = registry.match(query(['Noto Sans SC']));
    const latinBold = registry.match(query(['Noto Sans SC'], 700));
    expect(shapeText(latinBold, 'Quire').advance).toBeGreaterThan(shapeText(latinRegular, 'Quire').advance);
  });
});

describe('CJK fallback: order and family names', () => {
  it('comes after the requested families and Noto Sans', () => {
    // Noto Sans has these; the CJK font has them too, but comes later.
    for (const [ch, family] of facesOf('A·—…', query(['Noto Sans', 'Noto CJK']))) expect([ch, family]).toEqual([ch, 'Noto Sans']);
    for (const [ch, family] of facesOf('A·—…', query(['no such family']))) expect([ch, family]).toEqual([ch, 'Noto Sans']);
  });

  it.each(['Noto Sans CJK SC', 'Noto Sans SC', 'Noto CJK', 'Noto Sans CJK', 'noto sans sc'])('font-family: "%s" asks for it first', (name) => {
    const face = registry.match(query([name, 'sans-serif']));
    expect(face.family).toBe(CJK_FAMILY);
    // Its first available font is the subset whose range includes U+0020: Latin comes from it too.
    expect(face.postscriptName).toBe('NotoSansSC-Regular-latin');
    expect(facesOf('Ab 中', query([name]))).toEqual([
      ['A', CJK_FAMILY, 'NotoSansSC-Regular-latin'],
      ['b', CJK_FAMILY, 'NotoSansSC-Regular-latin'],
      [' ', CJK_FAMILY, 'NotoSansSC-Regular-latin'],
      ['中', CJK_FAMILY, `NotoSansSC-Regular-${fileOf('中')}`],
    ]);
  });

  it('a document family with the same name wins over the alias', async () => {
    const { readFileSync } = await import('node:fs');
    const { bundledFontsDirectory } = await import('../../src/text/bundled-fonts.js');
    const fork = registry.fork();
    const own = fork.addFace(new Uint8Array(readFileSync(`${bundledFontsDirectory()}/NotoSans-Bold.ttf`)), { family: 'Noto Sans SC' });
    expect(fork.match(query(['Noto Sans SC']))).toBe(own);
    // …and the CJK fallback is still there for what that face lacks.
    expect(fork.itemize('中', query(['Noto Sans SC']))[0]!.face.family).toBe(CJK_FAMILY);
  });
});

describe('CJK fallback: itemization', () => {
  it('splits a mixed paragraph into runs of one face each, never two subset files in one run', () => {
    const text = 'Quire 渲染 PDF：中文、日本語のかな、한국어 mixed with Latin.';
    const runs = registry.itemize(text, UA);
    expect(runs.map((run) => text.slice(run.start, run.end)).join('')).toBe(text);
    for (const run of runs) {
      const chars = [...text.slice(run.start, run.end)];
      if (run.face.family === CJK_FAMILY) {
        // One file per run: every character's unicode-range file is the run's.
        for (const ch of chars) expect(run.face.postscriptName, ch).toBe(`NotoSansSC-Regular-${fileOf(ch)}`);
        for (const ch of chars) expect(run.face.hasGlyph(ch.codePointAt(0)!), ch).toBe(true);
      } else if (run.face.family === CJK_KR.family) {
        for (const ch of chars) expect(run.face.hasGlyph(ch.codePointAt(0)!), ch).toBe(true);
        expect(chars.every((ch) => /\p{Script=Hangul}/u.test(ch))).toBe(true);
      } else {
        expect(run.face.postscriptName).toBe('NotoSans-Regular');
      }
    }
    // Latin words and the spaces around them are Noto Sans; the CJK text is not.
    const family = (s: string): string => runs.find((run) => text.indexOf(s) >= run.start && text.indexOf(s) < run.end)!.face.family;
    expect([family('Quire '), family('PDF'), family(' mixed with Latin.')]).toEqual(['Noto Sans', 'Noto Sans', 'Noto Sans']);
    expect([family('渲'), family('：'), family('中'), family('、'), family('の')]).toEqual(Array(5).fill(CJK_FAMILY));
    // Consecutive characters of one file share a run; the file changes split them.
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.face).not.toBe(runs[i - 1]!.face);
  });

  it('shapes CJK with the advances of a full-width font and the glyphs of its cmap', () => {
    for (const ch of '中文かなカナ、。：') {
      const face = registry.itemize(ch, UA)[0]!.face;
      const shaped = shapeText(face, ch);
      expect(shaped.glyphs).toHaveLength(1);
      expect(shaped.glyphs[0]!.id, ch).toBeGreaterThan(0);
      expect(shaped.advance, ch).toBe(face.unitsPerEm);
      expect(shaped.glyphs[0]!.text).toBe(ch);
    }
  });

  it('opens a subset file only when a character in its range is needed, once', () => {
    const loaded: number[] = [];
    const fake = (id: string, has: (cp: number) => boolean): FontFace => ({ id, hasGlyph: has }) as unknown as FontFace;
    const index = new UnicodeRangeIndex(3, (i) => [parseUnicodeRange('U+0-FF'), parseUnicodeRange('U+4E00-4FFF'), parseUnicodeRange('U+3040-309F')][i]!);
    const faces = new UnicodeRangeFaces(index, (i) => {
      loaded.push(i);
      return fake(`file${i}`, (cp) => cp !== 0x4fff);
    });
    const latin = fake('latin', (cp) => cp < 0x250);
    const chain = new FallbackChain([latin], () => [faces]);
    const text = 'ab 中丁中 x\u4fff';
    expect(itemizeText(text, chain).map((run) => [run.face.id, text.slice(run.start, run.end)])).toEqual([
      ['latin', 'ab '],
      ['file1', '中丁中'],
      ['latin', ' x\u4fff'], // in file 1's range but not in the file: .notdef from the primary face
    ]);
    expect(loaded).toEqual([1]);
    expect(faces.primary?.id).toBe('file0');
    expect(loaded).toEqual([1, 0]);
  });

  it('uses the same face objects for every query and weight asked again (one parse per file and weight)', () => {
    const a = registry.itemize('中', UA)[0]!.face;
    const b = registry.itemize('中', query(['serif', 'Noto Sans SC']))[0]!.face;
    expect(b).toBe(a);
    expect(cjkFaces(400).faceFor(0x4e2d)).toBe(a);
  });
});

describe('parseUnicodeRange and UnicodeRangeIndex', () => {
  it('parses single code points, ranges and wildcards, and skips malformed items', () => {
    expect(parseUnicodeRange('U+26, u+0-7F, U+4??, U+1f600-1f64f, bogus, U+110000, U+20-10')).toEqual([
      [0x26, 0x26],
      [0, 0x7f],
      [0x400, 0x4ff],
      [0x1f600, 0x1f64f],
    ]);
  });

  it('finds the face of BMP and astral code points; the last face wins where ranges overlap', () => {
    const ranges = [parseUnicodeRange('U+0-FF, U+1F300-1F3FF'), parseUnicodeRange('U+80-10F, U+1F350-1F35F')];
    const index = new UnicodeRangeIndex(2, (i) => ranges[i]!);
    expect([0x41, 0x90, 0x10f, 0x110].map((cp) => index.faceOf(cp))).toEqual([0, 1, 1, -1]);
    expect([0x1f300, 0x1f34f, 0x1f350, 0x1f35f, 0x1f360, 0x1f400].map((cp) => index.faceOf(cp))).toEqual([0, 0, 1, 1, 0, -1]);
  });

  it('reads the package CSS: about a hundred files, each with its ranges and a short name', () => {
    const files = cjkSubsetFiles();
    expect(files.length).toBeGreaterThan(90);
    expect(files.every((file) => file.ranges.length > 0 && file.path.endsWith('.woff2'))).toBe(true);
    expect(files.map((file) => file.key)).toEqual(expect.arrayContaining(['latin', 'latin-ext', 'cyrillic', 'vietnamese']));
    expect(fileOf('中')).toMatch(/^\d+$/);
    // Basic Latin is in several ranges; the latin file is listed last.
    expect(fileOf('A')).toBe('latin');
  });
});
