// Subsets carry no TrueType hinting: no fpgm, prep or cvt table and no glyph instructions,
// with every outline, advance and glyph id as in the hinted font.
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { subsetFont } from '../../src/pdf/font-subset.js';
import { withoutHinting } from '../../src/pdf/strip-hinting.js';
import { BUNDLED_FACES, markBundledProgram, readBundledFont } from '../../src/text/bundled-fonts.js';
import { parseFontProgram } from '../../src/text/font-face.js';

const TEXT = 'Invoice no. INV-2024-00417 · Straße, café, naïve, Ærø, ŒŸ ﬁ — “quoted” 0123456789 €$£¥ ÀÉÎÕÜ ąęł őű';

function tableTags(font: Uint8Array): string[] {
  const dv = new DataView(font.buffer, font.byteOffset, font.byteLength);
  return Array.from({ length: dv.getUint16(4) }, (_, i) => String.fromCharCode(...font.subarray(12 + i * 16, 16 + i * 16)));
}

function tableOf(font: Uint8Array, tag: string): DataView {
  const dv = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const index = tableTags(font).indexOf(tag);
  expect(index).toBeGreaterThanOrEqual(0);
  return new DataView(font.buffer, font.byteOffset + dv.getUint32(12 + index * 16 + 8), dv.getUint32(12 + index * 16 + 12));
}

/** Each outline glyph's instruction count (simple glyphs) or instruction flag (composites). */
function instructionsOf(font: Uint8Array): number[] {
  const longOffsets = tableOf(font, 'head').getInt16(50) === 1;
  const glyphCount = tableOf(font, 'maxp').getUint16(4);
  const loca = tableOf(font, 'loca');
  const glyf = tableOf(font, 'glyf');
  const at = (i: number) => (longOffsets ? loca.getUint32(i * 4) : loca.getUint16(i * 2) * 2);
  const counts: number[] = [];
  for (let i = 0; i < glyphCount; i++) {
    if (at(i + 1) <= at(i)) continue;
    const contours = glyf.getInt16(at(i));
    if (contours >= 0) counts.push(glyf.getUint16(at(i) + 10 + contours * 2));
    else counts.push(glyf.getUint16(at(i) + 10) & 0x0100);
  }
  return counts;
}

/** A glyph's outline as SVG path data (fontkit's Glyph has `path`; its types leave it out). */
function outline(glyph: fontkit.Glyph): string {
  return (glyph as unknown as { path: { toSVG(): string } }).path.toSVG();
}

describe('withoutHinting', () => {
  it('subsets of hinted fonts, bundled or not, keep outlines and advances and lose their hints', () => {
    let composites = 0;
    for (const face of BUNDLED_FACES) {
      for (const bundled of [true, false]) {
        const program = parseFontProgram(readBundledFont(face));
        if (bundled) markBundledProgram(program);
        const ids = [...new Set(program.layout(TEXT).glyphs.map((g) => g.id))].sort((a, b) => a - b);
        const subset = subsetFont(program, [0, ...ids]);
        expect(tableTags(subset.data).filter((tag) => ['fpgm', 'prep', 'cvt '].includes(tag))).toEqual([]);
        const parsed = fontkit.create(Buffer.from(subset.data)) as fontkit.Font;
        expect(parsed.numGlyphs).toBe(subset.originalIds.length);
        const instructions = instructionsOf(subset.data);
        expect(instructions.length).toBeGreaterThan(10);
        expect(instructions.every((n) => n === 0)).toBe(true);
        subset.originalIds.forEach((original, id) => {
          const before = program.getGlyph(original);
          const after = parsed.getGlyph(id);
          expect(outline(after)).toBe(outline(before));
          expect(after.advanceWidth).toBe(before.advanceWidth);
        });
        composites += subset.originalIds.length - new Set([0, ...ids]).size;
      }
    }
    // Components of composite glyphs were written too (accented letters).
    expect(composites).toBeGreaterThan(0);
  });

  it('makes a subset of the invoice text smaller', () => {
    const program = parseFontProgram(readBundledFont(BUNDLED_FACES[0]!));
    const ids = [0, ...new Set(program.layout(TEXT).glyphs.map((g) => g.id))];
    const hinted = program.createSubset();
    for (const id of ids) hinted.includeGlyph(id);
    const full = hinted.encode();
    expect(withoutHinting(full).length).toBeLessThan(full.length * 0.8);
  });

  it('gives back what it cannot read: a CFF table, a truncated file', () => {
    const cff = Uint8Array.from([1, 0, 4, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(withoutHinting(cff)).toBe(cff);
    const program = parseFontProgram(readBundledFont(BUNDLED_FACES[0]!));
    const subset = program.createSubset();
    subset.includeGlyph(0);
    const truncated = subset.encode().subarray(0, 40);
    expect(withoutHinting(truncated)).toBe(truncated);
  });
});
