// Instances of the bundled variable CJK font: shaping at the instance, and static TrueType
// subsets with the instance's outlines and advances. Also pins the fontkit 2.0.x internals
// font-instance.ts relies on: if fontkit changes them, these fail.
import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { cjkSubsetFiles } from '../../src/text/bundled-cjk.js';
import { bundledFontsDirectory } from '../../src/text/bundled-fonts.js';
import { FontkitFace } from '../../src/text/font-face.js';
import { hasTransformedGlyf, isTrueTypeVariableFont, openInstance } from '../../src/text/font-instance.js';
import { FontRegistry } from '../../src/text/font-registry.js';

const file = cjkSubsetFiles().find((f) => f.ranges.some(([a, b]) => 0x4e2d >= a && 0x4e2d <= b))!;
const data = new Uint8Array(readFileSync(file.path));
const names = (weight: number) => ({ family: 'Noto Sans SC', subfamily: `W${weight}`, postscriptName: `NotoSansSC-W${weight}` });

function parse(bytes: Uint8Array): fontkit.Font {
  const font = fontkit.create(bytes);
  if ('fonts' in font) throw new Error('collection');
  return font;
}

/** Subsets `program` to the glyphs of `text` and parses the result. */
function subsetOf(program: fontkit.Font, text: string): { ids: number[]; font: fontkit.Font; bytes: Uint8Array } {
  const subset = program.createSubset();
  for (const glyph of program.layout(text).glyphs) subset.includeGlyph(glyph.id);
  const bytes = subset.encode();
  return { ids: [...subset.glyphs], font: parse(bytes), bytes };
}

interface Tables {
  head: { indexToLocFormat: number; macStyle: { bold: boolean } };
  maxp: { numGlyphs: number };
  'OS/2': { usWeightClass: number };
}

describe('openInstance', () => {
  it('the bundled CJK files are WOFF2 TrueType variable fonts whose default instance is Thin', () => {
    const raw = parse(data);
    expect(raw.type).toBe('WOFF2');
    expect(isTrueTypeVariableFont(raw)).toBe(true);
    expect(raw.postscriptName).toBe('NotoSansSC-Thin');
    expect(isTrueTypeVariableFont(parse(new Uint8Array(readFileSync(`${bundledFontsDirectory()}/NotoSans-Regular.ttf`))))).toBe(false);
    expect(() => openInstance(new Uint8Array(readFileSync(`${bundledFontsDirectory()}/NotoSans-Regular.ttf`)), { wght: 400 }, names(400))).toThrow(/variable/);
  });

  it('reports the instance name and shapes with the instance advances (HVAR)', () => {
    const regular = openInstance(data, { wght: 400 }, names(400));
    const bold = openInstance(data, { wght: 700 }, names(700));
    expect(regular.postscriptName).toBe('NotoSansSC-W400');
    expect(regular.layout('中').glyphs[0]!.id).toBe(bold.layout('中').glyphs[0]!.id);
    expect(regular.layout('中').positions[0]!.xAdvance).toBe(1000);
    const latin = (program: fontkit.Font): number => program.glyphForCodePoint(0x51).advanceWidth; // Q
    expect(latin(bold)).toBeGreaterThan(latin(regular));
    expect(latin(regular)).toBeGreaterThan(latin(openInstance(data, { wght: 100 }, names(100))));
    // Out-of-range values are clamped to the axis.
    expect(latin(openInstance(data, { wght: 5000 }, names(900)))).toBe(latin(openInstance(data, { wght: 900 }, names(900))));
  });

  it('writes static TrueType subsets: glyphs in inclusion order, instance advances, no variation tables', () => {
    const program = openInstance(data, { wght: 700 }, names(700));
    const { ids, font, bytes } = subsetOf(program, '中文Quire');
    expect(ids[0]).toBe(0);
    expect(font.numGlyphs).toBe(ids.length);
    expect(font.postscriptName).toBe('NotoSansSC-W700');
    for (const tag of ['fvar', 'gvar', 'HVAR', 'avar', 'STAT']) expect(font.directory.tables, tag).not.toHaveProperty(tag);
    for (const tag of ['head', 'hhea', 'maxp', 'hmtx', 'glyf', 'loca', 'name', 'post', 'OS/2']) expect(font.directory.tables, tag).toHaveProperty(tag);
    ids.forEach((id, newId) => {
      expect(font.getGlyph(newId).advanceWidth, `glyph ${id}`).toBe(Math.round(program.getGlyph(id).advanceWidth));
    });
    const tables = font as unknown as Tables;
    expect(tables.head.indexToLocFormat).toBe(1);
    expect(tables.head.macStyle.bold).toBe(true);
    expect(tables.maxp.numGlyphs).toBe(ids.length);
    expect(tables['OS/2'].usWeightClass).toBe(700);
    // The OpenType checksum rule: the whole file sums to 0xB1B0AFBA.
    let sum = 0;
    for (let i = 0; i < bytes.length; i += 4) sum = (sum + (((bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!) >>> 0)) >>> 0;
    expect(sum).toBe(0xb1b0afba);
  });

  it('instanced outlines: the default instance matches fontkit, heavier weights have heavier stems', () => {
    const thin = subsetOf(openInstance(data, { wght: 100 }, names(100)), '中');
    const regular = subsetOf(openInstance(data, { wght: 400 }, names(400)), '中');
    const black = subsetOf(openInstance(data, { wght: 900 }, names(900)), '中');
    const reference = parse(data).glyphForCodePoint(0x4e2d); // fontkit's own outline: the default instance
    expect(thin.font.getGlyph(1).bbox).toEqual(reference.bbox);
    const width = (bbox: fontkit.BBox): number => bbox.maxX - bbox.minX;
    expect(width(regular.font.getGlyph(1).bbox)).toBeGreaterThan(width(thin.font.getGlyph(1).bbox));
    expect(width(black.font.getGlyph(1).bbox)).toBeGreaterThan(width(regular.font.getGlyph(1).bbox));
    // Same contour structure at every instance: only the points move.
    const commands = (font: fontkit.Font): string => (font.getGlyph(1) as unknown as { path: { commands: { command: string }[] } }).path.commands.map((c) => c.command[0]).join('');
    expect(commands(regular.font)).toBe(commands(thin.font));
    expect(commands(black.font)).toBe(commands(thin.font));
  });
});

describe('WOFF2 faces a document brings (@font-face)', () => {
  it('subset with real outlines: fontkit alone writes a broken font for a transformed glyf table', () => {
    const raw = parse(data);
    expect(hasTransformedGlyf(raw)).toBe(true);
    const broken = raw.createSubset();
    broken.includeGlyph(raw.glyphForCodePoint(0x4e2d).id);
    expect(() => parse(broken.encode()).getGlyph(1).bbox).toThrow();

    const face = FontRegistry.default().fork().addFace(data, { family: 'Web Sans' });
    expect(face).toBeInstanceOf(FontkitFace);
    const program = (face as FontkitFace).program;
    const { font } = subsetOf(program, '中');
    // This file is variable; as a plain @font-face face it keeps its default instance.
    expect(font.getGlyph(1).bbox).toEqual(raw.glyphForCodePoint(0x4e2d).bbox);
    expect(font.postscriptName).toBe('NotoSansSC-Thin');
  });
});
