// The fixed header of a font's `post` table (OpenType §"post"): italic angle, underline and
// fixed pitch, read from its 16 bytes. fontkit decodes the whole table the first time any of
// them is asked for, glyph names included: Noto Sans's 3,081 names cost 15–35 ms per face on a
// cold start (issue 20), for names nothing here reads.
// fontkit 2.0.x internals: _getTableStream, directory.tables (as glyf-stream.ts, woff-tables.ts).

import type * as fontkit from 'fontkit';

export interface PostHeader {
  /** Degrees counter-clockwise from the vertical (16.16 fixed in the file). */
  readonly italicAngle: number;
  /** Font units; negative below the baseline. */
  readonly underlinePosition: number;
  readonly underlineThickness: number;
  readonly isFixedPitch: boolean;
}

interface TableStream {
  pos: number;
  readonly buffer: Uint8Array;
}

interface FontInternals {
  readonly directory?: { readonly tables?: Record<string, { readonly length: number } | undefined> };
  _getTableStream?(tag: string): TableStream | null;
}

/** version, italicAngle, underlinePosition, underlineThickness, isFixedPitch. */
const HEADER_BYTES = 16;

const headers = new WeakMap<fontkit.Font, PostHeader>();

/**
 * The header's fields as fontkit decodes them (`program.italicAngle`, `program.post`), read
 * from the table's bytes when they are there; otherwise from fontkit's decoded table (which
 * throws, as fontkit's own getters do, when the font has none).
 */
export function postHeader(program: fontkit.Font): PostHeader {
  let header = headers.get(program);
  if (!header) {
    header = rawPostHeader(program) ?? decodedPostHeader(program);
    headers.set(program, header);
  }
  return header;
}

function rawPostHeader(program: fontkit.Font): PostHeader | null {
  const font = program as unknown as FontInternals;
  const entry = font.directory?.tables?.post;
  if (!entry || entry.length < HEADER_BYTES || typeof font._getTableStream !== 'function') return null;
  const stream = font._getTableStream('post');
  if (!stream || stream.pos + HEADER_BYTES > stream.buffer.length) return null;
  const view = new DataView(stream.buffer.buffer, stream.buffer.byteOffset + stream.pos, HEADER_BYTES);
  return {
    italicAngle: view.getInt32(4) / 0x10000,
    underlinePosition: view.getInt16(8),
    underlineThickness: view.getInt16(10),
    isFixedPitch: view.getUint32(12) !== 0,
  };
}

function decodedPostHeader(program: fontkit.Font): PostHeader {
  const post = program.post as unknown as { italicAngle: number; underlinePosition: number; underlineThickness: number; isFixedPitch: number };
  return { italicAngle: post.italicAngle, underlinePosition: post.underlinePosition, underlineThickness: post.underlineThickness, isFixedPitch: post.isFixedPitch !== 0 };
}
