// CJK end to end: HTML with Chinese, Japanese, Korean and Latin → PDF, read back with poppler
// (pdftotext, pdffonts, pdftoppm) and with fontkit (the embedded subset programs themselves).
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/render.js';
import { poppler, writeTemp } from './helpers.js';

const SENTENCE = 'Quire 渲染 PDF：中文、日本語のかな、한국어 mixed with Latin.';
const HTML = `<p>${SENTENCE}</p>
<p style="font-weight: 700">粗体 太字 Bold</p>
<p id="narrow" style="width: 120pt">多语言排版测试，日本語の組版テスト。Latin words stay whole 中文在任何两个汉字之间都可以换行。</p>`;

let bytes: Uint8Array;
let path: string;

beforeAll(async () => {
  bytes = (await renderDocument({ type: 'html', data: { html: HTML } }, { deterministic: true })).pdf;
  path = writeTemp('cjk.pdf', bytes);
});

describe('CJK text in the PDF', () => {
  it('pdftotext gives back every character, Korean included', () => {
    const text = poppler('pdftotext', ['-raw', '-enc', 'UTF-8', path, '-']).stdout;
    expect(text).toContain(SENTENCE);
    expect(text).toContain('粗体 太字 Bold');
  });

  it('draws no .notdef: every character of the sentence has a glyph in the face it is set in', async () => {
    const { renderToDisplayLists } = await import('../../src/render.js');
    const out = await renderToDisplayLists({ type: 'html', data: { html: HTML } }, { deterministic: true });
    const glyphs = out.pages.flatMap((p) => p.items).flatMap((i) => (i.kind === 'glyphs' ? i.segments.flatMap((seg) => seg.glyphs) : []));
    expect(glyphs.length).toBeGreaterThan(SENTENCE.length / 2);
    expect(glyphs.filter((g) => g.id === 0)).toEqual([]);
    const fonts = poppler('pdffonts', [path]).stdout;
    expect(fonts).toMatch(/NotoSansKR-Regular-/);
  });

  it('pdffonts lists the CJK subsets (one per subset file and weight) as embedded CID TrueType, without errors', () => {
    const { stdout, stderr } = poppler('pdffonts', [path]);
    const rows = stdout.trim().split('\n').slice(2);
    const cjk = rows.filter((row) => /^[A-Z]{6}\+NotoSansSC-/.test(row));
    expect(cjk.length).toBeGreaterThan(1);
    for (const row of rows) expect(row).toMatch(/^[A-Z]{6}\+\S+\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(cjk.some((row) => /NotoSansSC-Regular-/.test(row))).toBe(true);
    expect(cjk.some((row) => /NotoSansSC-Bold-/.test(row))).toBe(true);
    const names = rows.map((row) => row.split(/\s+/)[0]);
    expect(new Set(names).size).toBe(names.length);
    expect(stderr).not.toMatch(/invalid|error/i);
  });

  it('the embedded programs parse, hold the used glyphs with outlines, and the bold ones are heavier', async () => {
    const programs = await embeddedPrograms(bytes);
    const cjk = [...programs].filter(([name]) => name.includes('NotoSansSC-'));
    expect(cjk.length).toBeGreaterThan(1);
    for (const [name, font] of cjk) {
      expect(font.numGlyphs, name).toBeGreaterThan(1);
      for (let id = 1; id < font.numGlyphs; id++) expect(font.getGlyph(id).bbox.maxX, `${name} glyph ${id}`).toBeGreaterThan(0);
    }
    expect(cjk.some(([name]) => name.includes('-Bold-'))).toBe(true);
  });

  it('pdftoppm renders the pages without complaint', () => {
    const { stderr } = poppler('pdftoppm', ['-r', '30', '-png', path, writeTemp('cjk-page', new Uint8Array(0))]);
    expect(stderr).toBe('');
  });

  it('wraps CJK between characters and keeps Latin words whole within a narrow box', () => {
    const html = poppler('pdftotext', ['-bbox', path, '-']).stdout;
    const words = [...html.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      xMin: Number(m[1]),
      xMax: Number(m[2]),
      yMax: Number(m[3]),
      text: m[4]!,
    }));
    const narrow = words.filter((w) => w.yMax > words.find((x) => x.text.startsWith('多语言'))!.yMax - 1);
    const left = Math.min(...narrow.map((w) => w.xMin));
    const lines = new Set(narrow.map((w) => Math.round(w.yMax)));
    expect(lines.size).toBeGreaterThan(4);
    for (const word of narrow) expect(word.xMax, word.text).toBeLessThanOrEqual(left + 120 + 0.5);
    for (const latin of ['Latin', 'words', 'stay', 'whole']) expect(narrow.some((w) => w.text === latin), latin).toBe(true);
  });
});

/** Each font's BaseFont → its FontFile2 program, parsed. */
async function embeddedPrograms(pdf: Uint8Array): Promise<Map<string, fontkit.Font>> {
  const doc = await PDFDocument.load(pdf);
  const programs = new Map<string, fontkit.Font>();
  for (const page of doc.getPages()) {
    const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    if (!fonts) continue;
    for (const [, ref] of fonts.entries()) {
      const font = doc.context.lookup(ref as PDFRef, PDFDict);
      const descendant = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
      const descriptor = descendant.lookup(PDFName.of('FontDescriptor'), PDFDict);
      const stream = descriptor.lookup(PDFName.of('FontFile2'));
      if (!(stream instanceof PDFRawStream)) throw new Error('FontFile2 is not a stream');
      const parsed = fontkit.create(new Uint8Array(inflateSync(stream.getContents())));
      if ('fonts' in parsed) throw new Error('collection embedded');
      programs.set(font.get(PDFName.of('BaseFont'))!.toString().slice(1), parsed);
    }
  }
  return programs;
}
