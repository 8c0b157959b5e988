// The post table's header read from its bytes: the values fontkit decodes, without the glyph names.
import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FACES, readBundledFont } from '../../src/text/bundled-fonts.js';
import { parseFontProgram } from '../../src/text/font-face.js';
import { postHeader } from '../../src/text/post-header.js';

const require = createRequire(import.meta.url);
const COUSINE_ITALIC_WOFF2 = require.resolve('@fontsource/cousine/files/cousine-latin-400-italic.woff2');

function decoded(program: fontkit.Font) {
  const post = program.post as unknown as { italicAngle: number; underlinePosition: number; underlineThickness: number; isFixedPitch: number };
  return { italicAngle: post.italicAngle, underlinePosition: post.underlinePosition, underlineThickness: post.underlineThickness, isFixedPitch: post.isFixedPitch !== 0 };
}

describe('postHeader', () => {
  it('gives what fontkit decodes, for TrueType and WOFF2 files, without decoding the table', () => {
    const programs = [...BUNDLED_FACES.map((face) => parseFontProgram(readBundledFont(face))), parseFontProgram(new Uint8Array(readFileSync(COUSINE_ITALIC_WOFF2)))];
    for (const program of programs) {
      const header = postHeader(program);
      expect((program as unknown as { _tables: Record<string, unknown> })._tables.post).toBeUndefined();
      expect(header).toEqual(decoded(program));
    }
    expect(postHeader(programs[1]!).italicAngle).toBeLessThan(0);
    expect(postHeader(programs[4]!).isFixedPitch).toBe(true);
  });
});
