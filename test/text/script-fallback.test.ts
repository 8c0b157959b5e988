// The bundled script, symbol and emoji fallback fonts end to end: a multilingual document
// renders without a single .notdef glyph in the PDF; Han ideographs take the forms of the
// text's language; a character no font has is drawn as a box and warned about once.
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderDocument, renderToDisplayLists } from '../../src/render.js';
import type { DisplayItem } from '../../src/paint/types.js';
import { FontRegistry, isBuiltInFamily } from '../../src/text/font-registry.js';
import type { FontQuery } from '../../src/text/types.js';
import { poppler, writeTemp } from '../pdf/helpers.js';

const LINES: readonly (readonly [string, string])[] = [
  ['Arabic', 'مرحبا بالعالم'],
  ['Hebrew', 'שלום עולם'],
  ['Hindi', 'नमस्ते दुनिया'],
  ['Thai', 'สวัสดีชาวโลก'],
  ['Greek', 'Καλημέρα κόσμε'],
  ['Russian', 'Привет, мир'],
  ['Vietnamese', 'Xin chào thế giới'],
  ['Symbols', '✈ ☎ ♻ ⚠'],
  ['Math', '∑ ∫ ≠ ⊂'],
  ['Emoji', '😀 🧿 1️⃣ 👍🏽 👨‍👩‍👧 🇬🇧'],
];
const MULTILINGUAL = LINES.map(([name, text]) => `<p>${name}: ${text}</p>`).join('\n');

/** For each embedded font: its BaseFont, and whether some CID draws glyph 0 (.notdef). */
async function notdefUse(pdf: Uint8Array): Promise<Map<string, boolean>> {
  const doc = await PDFDocument.load(pdf);
  const fonts = new Map<string, boolean>();
  for (const page of doc.getPages()) {
    const resources = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [, ref] of resources?.entries() ?? []) {
      const font = doc.context.lookup(ref as PDFRef, PDFDict);
      const name = font.get(PDFName.of('BaseFont'))!.toString().slice(1);
      const descendant = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
      expect(descendant.get(PDFName.of('Subtype'))?.toString(), name).toBe('/CIDFontType2');
      // TrueType CID fonts are written with CIDToGIDMap /Identity (subset glyph id = CID, and CID
      // 0 is never drawn) unless some text drew .notdef: then a map stream sends CIDs to glyph 0.
      const map = descendant.lookup(PDFName.of('CIDToGIDMap'));
      if (map instanceof PDFName) {
        expect(map.toString()).toBe('/Identity');
        fonts.set(name, false);
        continue;
      }
      if (!(map instanceof PDFRawStream)) throw new Error(`${name}: CIDToGIDMap is neither /Identity nor a stream`);
      const bytes = inflateSync(map.getContents());
      let drawsNotdef = false;
      for (let cid = 1; cid * 2 + 1 < bytes.length; cid++) if (bytes.readUInt16BE(cid * 2) === 0) drawsNotdef = true;
      fonts.set(name, drawsNotdef);
    }
  }
  return fonts;
}

/** A glyph's outline as SVG path data (fontkit has it; its type declarations leave it out). */
function outlineOf(glyph: fontkit.Glyph): string {
  return (glyph as unknown as { path: { toSVG(): string } }).path.toSVG();
}

function glyphRuns(items: readonly DisplayItem[]): Extract<DisplayItem, { kind: 'glyphs' }>[] {
  return items.flatMap((item) => (item.kind === 'glyphs' ? [item] : 'items' in item ? glyphRuns(item.items) : []));
}

describe('script fallback fonts', () => {
  it('a multilingual document draws no .notdef: every font in the PDF maps its CIDs to real glyphs', async () => {
    const { pdf, warnings } = await renderDocument({ type: 'html', data: { html: MULTILINGUAL } }, { deterministic: true });
    const fonts = await notdefUse(pdf);
    const names = [...fonts.keys()].map((name) => name.replace(/^[A-Z]{6}\+/, ''));
    for (const family of ['NotoSansArabic-Regular-arabic', 'NotoSansHebrew-Regular-hebrew', 'NotoSansDevanagari-Regular-devanagari', 'NotoSansThai-Regular-thai', 'NotoSansMath-Regular-latin', 'NotoSansSymbols2-Regular-symbols']) {
      expect(names).toContain(family);
    }
    expect(names.some((name) => name.startsWith('NotoEmoji-Regular-'))).toBe(true);
    expect([...fonts].filter(([, notdef]) => notdef)).toEqual([]);
    expect(warnings.filter((w) => w.includes('glyph'))).toEqual([]);
    // Latin, Greek, Cyrillic and Vietnamese stay in Noto Sans.
    const { pages } = await renderToDisplayLists({ type: 'html', data: { html: MULTILINGUAL } }, { deterministic: true });
    const runs = glyphRuns(pages[0]!.items);
    for (const ch of 'Καλημέρα Привет thế') {
      if (ch === ' ') continue;
      const run = runs.find((r) => r.segments.some((s) => s.glyphs.some((g) => g.text.includes(ch))));
      expect(run?.face.family, ch).toBe('Noto Sans');
    }
    expect(runs.flatMap((r) => r.segments.flatMap((s) => s.glyphs)).filter((g) => g.id === 0)).toEqual([]);
  });

  it('the same check sees .notdef when a character has no font (the method can fail)', async () => {
    const { pdf } = await renderDocument({ type: 'html', data: { html: '<p>Adlam 𞤀</p>' } }, { deterministic: true });
    expect([...(await notdefUse(pdf)).values()]).toContain(true);
  });

  it('bold text takes the bold file of a script font; symbol fonts with one weight serve every weight', async () => {
    const { pages } = await renderToDisplayLists({ type: 'html', data: { html: '<p style="font-weight: bold">مرحبا ✈ ∑</p>' } }, { deterministic: true });
    const names = glyphRuns(pages[0]!.items).map((run) => run.face.postscriptName);
    expect(names).toEqual(expect.arrayContaining(['NotoSansArabic-Bold-arabic', 'NotoSansSymbols2-Regular-symbols', 'NotoSansMath-Regular-latin']));
  });

  it('pdftoppm renders the multilingual PDF without complaint', async () => {
    const { pdf } = await renderDocument({ type: 'html', data: { html: MULTILINGUAL } }, { deterministic: true });
    const path = writeTemp('scripts.pdf', pdf);
    expect(poppler('pdftoppm', ['-r', '20', '-png', path, writeTemp('scripts-page', new Uint8Array(0))]).stderr).toBe('');
    const fonts = poppler('pdffonts', [path]);
    expect(fonts.stderr).not.toMatch(/error/i);
  });
});

describe('clusters', () => {
  it('a keycap or an emoji with a skin tone takes the one face that has the whole cluster', () => {
    const UA: FontQuery = { families: ['Noto Sans', 'Noto CJK', 'sans-serif'], weight: 400, style: 'normal' };
    for (const cluster of ['1️⃣', '#️⃣', '👍🏽', '👋🏿']) {
      const runs = FontRegistry.default().itemize(cluster, UA);
      expect(runs.map((run) => [run.face.family, run.start, run.end]), cluster).toEqual([['Noto Emoji', 0, cluster.length]]);
    }
    // U+FE0F asks for the emoji form: the font that maps it (Noto Emoji), not Symbols 2.
    expect(FontRegistry.default().itemize('❤️', UA).map((run) => run.face.family)).toEqual(['Noto Emoji']);
    expect(FontRegistry.default().itemize('❤', UA).map((run) => run.face.family)).toEqual(['Noto Sans Symbols 2']);
    expect(FontRegistry.default().itemize('✈️', UA).map((run) => run.face.family)).toEqual(['Noto Emoji']);
    // A base whose face has its marks keeps that face.
    expect(FontRegistry.default().itemize('a\u0301', UA).map((run) => run.face.family)).toEqual(['Noto Sans']);
  });
});

describe('Han ideographs by language', () => {
  const HTML = '<p lang="ja">直骨</p><p lang="zh-Hans">直骨</p><p lang="ko">直骨</p><p>直骨</p><div lang="ja-JP"><p>直骨 かな</p></div>';

  it('lang="ja" uses Noto Sans JP, lang="ko" Noto Sans KR, Chinese and unknown languages Noto Sans SC', async () => {
    const { pages } = await renderToDisplayLists({ type: 'html', data: { html: HTML } }, { deterministic: true });
    const runs = glyphRuns(pages[0]!.items);
    const families = [...new Set(runs.map((run) => `${Math.round(run.y)} ${run.face.family}`))].map((s) => s.split(' ').slice(1).join(' '));
    expect(families).toEqual(['Noto Sans CJK JP', 'Noto Sans CJK SC', 'Noto Sans CJK KR', 'Noto Sans CJK SC', 'Noto Sans CJK JP', 'Noto Sans']);
  });

  it('the JP and SC glyphs of 直 differ, and both are embedded', async () => {
    const { pdf } = await renderDocument({ type: 'html', data: { html: HTML } }, { deterministic: true });
    const names = [...(await notdefUse(pdf)).keys()].map((name) => name.replace(/^[A-Z]{6}\+/, ''));
    expect(names.some((name) => name.startsWith('NotoSansJP-Regular-'))).toBe(true);
    expect(names.some((name) => name.startsWith('NotoSansSC-Regular-'))).toBe(true);
    const { pages } = await renderToDisplayLists({ type: 'html', data: { html: HTML } }, { deterministic: true });
    const runs = glyphRuns(pages[0]!.items);
    const outline = (family: string) => {
      const run = runs.find((r) => r.face.family === family)!;
      const program = fontkit.create(run.face.data) as fontkit.Font;
      return outlineOf(program.glyphForCodePoint(0x76f4));
    };
    expect(outline('Noto Sans CJK JP')).not.toBe(outline('Noto Sans CJK SC'));
  });
});

describe('characters no font has', () => {
  it('are drawn as a box (the primary face’s .notdef) and warned about once per character', async () => {
    const html = '<p>Adlam 𞤀 and 𞤀 again</p><p style="font-weight: bold">𞤀 bold, 𞤁</p><p>\u200d joiner</p>';
    const { pages, warnings } = await renderToDisplayLists({ type: 'html', data: { html } }, { deterministic: true });
    expect(warnings.filter((w) => /no font has a glyph/.test(w))).toEqual([
      "no font has a glyph for U+1E900 '𞤀'; it shows as a box",
      "no font has a glyph for U+1E901 '𞤁'; it shows as a box",
    ]);
    const notdef = glyphRuns(pages[0]!.items).flatMap((run) => run.segments.flatMap((s) => s.glyphs.filter((g) => g.id === 0).map(() => run)));
    expect(notdef).toHaveLength(4);
    // Noto Sans's .notdef is a visible box: it has an outline and an advance.
    for (const run of notdef) expect(run.face.family).toBe('Noto Sans');
    const program = fontkit.create(notdef[0]!.face.data) as fontkit.Font;
    expect(outlineOf(program.getGlyph(0)).length).toBeGreaterThan(20);
    expect(program.getGlyph(0).advanceWidth).toBeGreaterThan(0);
  });

  it('names at most twenty characters, then says once that there are more', async () => {
    const html = `<p>${Array.from({ length: 30 }, (_, i) => String.fromCodePoint(0x1e900 + i)).join(' ')}</p>`;
    const { warnings } = await renderToDisplayLists({ type: 'html', data: { html } }, { deterministic: true });
    const glyphWarnings = warnings.filter((w) => /glyph/.test(w));
    expect(glyphWarnings).toHaveLength(21);
    expect(glyphWarnings[20]).toMatch(/more characters have no glyph in any font/);
  });
});

describe('fallback order and family names', () => {
  const query = (families: string[], lang = ''): FontQuery => ({ families, weight: 400, style: 'normal', lang });
  const registry = FontRegistry.default();
  const faceOf = (ch: string, q: FontQuery) => registry.itemize(ch, q)[0]!.face;

  it('the requested families first, then Noto Sans, then the script fonts, the CJK fonts last', () => {
    // Arimo (Arial, its latin subsets) has the minus sign; Cyrillic comes from Noto Sans, Hebrew
    // and ≠ from the script and math fonts.
    expect(faceOf('Ж', query(['Arial'])).family).toBe('Noto Sans');
    expect(faceOf('ש', query(['Arial'])).family).toBe('Noto Sans Hebrew');
    expect(faceOf('−', query(['Arial'])).family).toBe('Arimo');
    expect(faceOf('≠', query(['Arial'])).family).toBe('Noto Sans Math');
    // The default stack names Noto CJK before sans-serif: the script fonts still come before the CJK fonts.
    expect(faceOf('⚠', query(['Noto Sans', 'Noto CJK', 'sans-serif'])).family).toBe('Noto Sans Symbols 2');
    expect(faceOf('中', query(['Noto Sans', 'Noto CJK', 'sans-serif'])).family).toBe('Noto Sans CJK SC');
    // …and `Noto CJK` alone is the language's CJK font.
    expect(registry.match(query(['Noto CJK'], 'ja')).family).toBe('Noto Sans CJK JP');
    expect(registry.match(query(['Noto CJK'])).family).toBe('Noto Sans CJK SC');
  });

  it('a family named first wins over the fallback order', () => {
    expect(faceOf('直', query(['Noto Sans SC'], 'ja')).family).toBe('Noto Sans CJK SC');
    expect(faceOf('✈', query(['Noto Sans'])).family).toBe('Noto Sans Symbols 2');
    expect(faceOf('✈', query(['Noto Emoji', 'Noto Sans'])).family).toBe('Noto Emoji');
    expect(registry.match(query(['Noto Sans Arabic'])).family).toBe('Noto Sans Arabic');
  });

  it('the generic families math and emoji are Noto Sans Math and Noto Emoji (CSS Fonts 4 §4.2)', () => {
    expect(faceOf('∑', query(['math'])).family).toBe('Noto Sans Math');
    expect(faceOf('✈', query(['emoji', 'sans-serif'])).family).toBe('Noto Emoji');
    // What they lack still comes from Noto Sans.
    expect(faceOf('A', query(['emoji'])).family).toBe('Noto Sans');
  });

  it('the script fonts are built-in families (never asked of a font provider)', () => {
    for (const name of ['Noto Sans Arabic', 'noto sans hebrew', 'Noto Sans Devanagari', 'Noto Sans Thai', 'Noto Sans Math', 'Noto Sans Symbols 2', 'Noto Emoji', 'Noto Sans JP', 'Noto CJK']) {
      expect(isBuiltInFamily(name), name).toBe(true);
    }
  });

  it('caches fallback per language only as far as it orders the CJK fonts', () => {
    expect(faceOf('直', query(['Noto Sans'], 'ja-JP'))).toBe(faceOf('直', query(['Noto Sans'], 'ja')));
    expect(faceOf('直', query(['Noto Sans'], 'en'))).toBe(faceOf('直', query(['Noto Sans'], 'zh-hant')));
    expect(faceOf('直', query(['Noto Sans'], 'ja'))).not.toBe(faceOf('直', query(['Noto Sans'], 'en')));
  });
});
