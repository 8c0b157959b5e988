// The bundled fonts' subsets written from their bytes are fontkit's subsets, byte for byte.
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { encodeTrueTypeSubset } from '../../src/pdf/truetype-subset.js';
import { BUNDLED_FACES, markBundledProgram, readBundledFont } from '../../src/text/bundled-fonts.js';
import { parseFontProgram } from '../../src/text/font-face.js';

const TEXT = 'Invoice no. INV-2024-00417 · Straße, café, naïve, Ærø, ŒŸ ﬁ — “quoted” 0123456789 €$£¥ ÀÉÎÕÜ ąęł őű';

function subsetOf(program: fontkit.Font, ids: readonly number[]): fontkit.Subset {
  const subset = program.createSubset();
  for (const id of ids) subset.includeGlyph(id);
  return subset;
}

describe('encodeTrueTypeSubset', () => {
  it('writes what fontkit writes, composite glyphs and their components included', () => {
    let components = 0;
    for (const face of BUNDLED_FACES) {
      const program = parseFontProgram(readBundledFont(face));
      markBundledProgram(program);
      const ids = [...new Set(program.layout(TEXT).glyphs.map((g) => g.id))].sort((a, b) => a - b);
      for (const glyphIds of [ids, ids.slice().reverse(), [0], [ids[5]!, program.numGlyphs - 1]]) {
        const ours = subsetOf(program, glyphIds);
        const theirs = subsetOf(program, glyphIds);
        const bytes = encodeTrueTypeSubset(program, ours);
        expect(bytes).not.toBeNull();
        expect(Buffer.from(bytes!).equals(Buffer.from(theirs.encode()))).toBe(true);
        expect(ours.glyphs).toEqual(theirs.glyphs);
        components += ours.glyphs.length - new Set([0, ...glyphIds]).size;
      }
    }
    expect(components).toBeGreaterThan(0);
  });

  it('leaves other fonts to fontkit', () => {
    const program = parseFontProgram(readBundledFont(BUNDLED_FACES[0]!));
    expect(encodeTrueTypeSubset(program, subsetOf(program, [0, 1]))).toBeNull();
  });
});
