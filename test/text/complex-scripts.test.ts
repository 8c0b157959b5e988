// Complex scripts: shapeText against HarfBuzz, the reference shaper (harfbuzzjs' own API),
// on the Noto script fonts, and the cases where fontkit alone was wrong (see
// src/text/harfbuzz-shaper.ts): Arabic mark reordering, Devanagari clusters after reordering,
// Thai SARA AM with a tone mark.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { FontkitFace, parseFontProgram } from '../../src/text/font-face.js';
import { openInstance } from '../../src/text/font-instance.js';
import { shapeWithHarfBuzz } from '../../src/text/harfbuzz-shaper.js';
import { shapeOptions, shapeText, type ShapeOptions } from '../../src/text/shape.js';
import type { FontFace } from '../../src/text/types.js';

type Script = 'arabic' | 'hebrew' | 'devanagari' | 'thai';

const require = createRequire(import.meta.url);

function scriptFace(script: Script): FontFace {
  const files = join(dirname(require.resolve(`@fontsource/noto-sans-${script}/package.json`)), 'files');
  const data = new Uint8Array(readFileSync(join(files, `noto-sans-${script}-${script}-400-normal.woff2`)));
  return new FontkitFace(parseFontProgram(data), data, { family: `Noto Sans ${script}` }, `test-${script}`);
}

const faces = { arabic: scriptFace('arabic'), hebrew: scriptFace('hebrew'), devanagari: scriptFace('devanagari'), thai: scriptFace('thai') };

const WORDS: Record<Script, string[]> = {
  // Joining forms, the lam-alef ligature, harakat (shadda with a vowel: reordered marks).
  arabic: ['السلام', 'عليكم', 'بالعالم', 'لا', 'كتب', 'بِسْمِ', 'ٱللَّهِ', 'ٱلرَّحْمَٰنِ', 'ٱلرَّحِيمِ', 'مُحَمَّد'],
  // Niqqud, dagesh, shin dot.
  hebrew: ['שָׁלוֹם', 'עוֹלָם', 'בְּרֵאשִׁית', 'בָּרָא', 'אֱלֹהִים', 'עברית'],
  // i-matra reordering, reph, conjuncts (क्ष त्र ज्ञ), half forms, nukta.
  devanagari: ['हिन्दी', 'कि', 'धर्म', 'क्षत्रिय', 'ज्ञान', 'त्र', 'प्यार', 'क़िला', 'नमस्ते', 'अर्थ', 'श्री', 'स्त्री', 'विद्यार्थियों', 'र्कि'],
  // Above and below marks, SARA AM with and without a tone mark.
  thai: ['สวัสดีครับ', 'น้ำ', 'ที่นี่', 'ปู่', 'กรุงเทพมหานคร', 'ญี่ปุ่น', 'กำ', 'ก่ำ'],
};

/** The face's tables as an sfnt HarfBuzz can open (it does not read WOFF2); glyf is not needed to shape. */
function sfntOf(face: FontFace): Uint8Array {
  const program = (face as FontkitFace).program as unknown as {
    directory: { tables: Record<string, { length: number }> };
    _getTableStream(tag: string): { buffer: Uint8Array; pos: number };
  };
  const tags = Object.keys(program.directory.tables).filter((t) => t !== 'glyf' && t !== 'loca');
  const tables = tags.map((t) => {
    const stream = program._getTableStream(t);
    return stream.buffer.slice(stream.pos, stream.pos + program.directory.tables[t]!.length);
  });
  const bytes = new Uint8Array(12 + 16 * tags.length + tables.reduce((n, t) => n + ((t.length + 3) & ~3), 0));
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x00010000);
  view.setUint16(4, tags.length);
  let offset = 12 + 16 * tags.length;
  tags.forEach((tag, i) => {
    for (let k = 0; k < 4; k++) view.setUint8(12 + 16 * i + k, tag.charCodeAt(k));
    view.setUint32(12 + 16 * i + 8, offset);
    view.setUint32(12 + 16 * i + 12, tables[i]!.length);
    bytes.set(tables[i]!, offset);
    offset += (tables[i]!.length + 3) & ~3;
  });
  return bytes;
}

const referenceFonts = new Map<FontFace, hb.Font>();

/** HarfBuzz's glyphs for `text` through harfbuzzjs' public API. */
function reference(face: FontFace, text: string, features: Record<string, number> = {}) {
  let font = referenceFonts.get(face);
  if (!font) {
    font = new hb.Font(new hb.Face(new hb.Blob(sfntOf(face))));
    referenceFonts.set(face, font);
  }
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer, Object.entries(features).map(([tag, value]) => new hb.Feature(tag, value)));
  const positions = buffer.getGlyphPositions();
  return buffer.getGlyphInfos().map((info, i) => ({
    id: info.codepoint,
    advance: positions[i]!.xAdvance,
    xOffset: positions[i]!.xOffset,
    yOffset: positions[i]!.yOffset,
    cluster: info.cluster,
  }));
}

function ours(face: FontFace, text: string, options?: ShapeOptions) {
  return shapeText(face, text, options).glyphs.map((g) => ({ id: g.id, advance: g.advance, xOffset: g.xOffset, yOffset: g.yOffset, cluster: g.cluster }));
}

function cmapGlyph(face: FontFace, codePoint: number): number {
  return (face as FontkitFace).program.glyphForCodePoint(codePoint).id;
}

describe('complex scripts against HarfBuzz', () => {
  for (const script of Object.keys(WORDS) as Script[]) {
    it(`${script}: glyph ids, advances, offsets and clusters equal HarfBuzz's`, () => {
      const face = faces[script];
      for (const word of WORDS[script]) expect(ours(face, word), word).toEqual(reference(face, word));
      const sentence = WORDS[script].join(' ');
      expect(ours(face, sentence)).toEqual(reference(face, sentence));
    });
  }

  it('each cluster carries its source text once, so the glyphs give back the word', () => {
    for (const script of Object.keys(WORDS) as Script[]) {
      for (const word of WORDS[script]) {
        const glyphs = shapeText(faces[script], word).glyphs;
        const logical = script === 'arabic' || script === 'hebrew' ? [...glyphs].reverse() : glyphs;
        expect(logical.map((g) => g.text).join(''), word).toBe(word);
      }
    }
  });

  it('Devanagari: the i-matra is drawn before its consonant, and the pair is one cluster "कि"', () => {
    const glyphs = shapeText(faces.devanagari, 'कि').glyphs;
    // The i-matra's glyph is a contextual one (its hook spans the consonant's width).
    expect(glyphs).toHaveLength(2);
    expect(glyphs[1]!.id).toBe(cmapGlyph(faces.devanagari, 0x0915));
    expect(glyphs.map((g) => g.text)).toEqual(['', 'कि']);
    expect(glyphs.map((g) => g.cluster)).toEqual([0, 0]);
  });

  it('Arabic: a vowel sign sits above the shadda it follows (marks reordered, UTR #53)', () => {
    const face = faces.arabic;
    const glyphs = shapeText(face, 'مَّ').glyphs;
    const shadda = glyphs.find((g) => g.id === cmapGlyph(face, 0x0651))!;
    const fatha = glyphs.find((g) => g.id === cmapGlyph(face, 0x064e))!;
    expect(fatha.yOffset).toBeGreaterThan(shadda.yOffset);
  });

  it('Thai: SARA AM decomposes, its nikhahit stays on the consonant and the tone mark goes above it', () => {
    const face = faces.thai;
    const glyphs = shapeText(face, 'น้ำ').glyphs;
    const nikhahit = glyphs.findIndex((g) => g.id === cmapGlyph(face, 0x0e4d));
    expect(nikhahit).toBe(1);
    expect(glyphs[nikhahit]!.yOffset).toBe(0);
    expect(glyphs.at(-1)!.id).toBe(cmapGlyph(face, 0x0e32));
  });

  it('honours ShapeOptions: features switch joining off, direction rtl sets a run right to left', () => {
    const face = faces.arabic;
    const isolated = { init: 0, medi: 0, fina: 0 };
    const plain = ours(face, 'كتب', shapeOptions('auto', isolated));
    expect(plain).toEqual(reference(face, 'كتب', isolated));
    expect(plain).not.toEqual(ours(face, 'كتب'));
    // Arabic is right to left from its script either way; a Hebrew word stays RTL when told.
    expect(ours(face, 'كتب', shapeOptions('rtl'))).toEqual(ours(face, 'كتب'));
    expect(ours(faces.devanagari, 'कि', shapeOptions('rtl')).map((g) => g.cluster)).toEqual([0, 0]);
    // 'ltr' is forced (Arabic under an LTR override comes out in logical order).
    const forced = ours(face, 'كتب', shapeOptions('ltr')).map((g) => g.cluster);
    expect(forced).toEqual([...forced].sort((a, b) => a - b));
    expect(forced.at(-1)).toBe(2);
  });

  it('shapes an instance of a variable font at its axis values (advances from HVAR)', () => {
    const files = join(dirname(require.resolve('@fontsource-variable/noto-sans-jp/package.json')), 'files');
    const data = new Uint8Array(readFileSync(join(files, 'noto-sans-jp-latin-wght-normal.woff2')));
    const widths = [100, 900].map((weight) => {
      const program = openInstance(data, { wght: weight }, { family: 'J', subfamily: `W${weight}`, postscriptName: `J-${weight}` });
      const face = new FontkitFace(program, data, { family: 'J', weight }, `test-jp-${weight}`);
      const fontkitWidth = shapeText(face, 'Hamburg').advance;
      const harfBuzzWidth = shapeWithHarfBuzz(face, 'Hamburg', shapeOptions('ltr'))!.advance;
      expect(Math.abs(harfBuzzWidth - fontkitWidth)).toBeLessThan(4);
      return harfBuzzWidth;
    });
    expect(widths[1]).toBeGreaterThan(widths[0]! + 100);
  });
});
