// Damaged font files for tests, made deterministically from the small Arimo Latin files of
// @fontsource: a TrueType file (the WOFF's tables inflated), the WOFF and the WOFF2, and
// copies of them truncated, with random bytes over a table, or with a zeroed directory.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

const arimo = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/arimo/package.json')), 'files');
export const ARIMO_WOFF = new Uint8Array(readFileSync(path.join(arimo, 'arimo-latin-400-normal.woff')));
export const ARIMO_WOFF2 = new Uint8Array(readFileSync(path.join(arimo, 'arimo-latin-400-normal.woff2')));
export const ARIMO_TTF = sfntOfWoff(ARIMO_WOFF);

/** A table's place in a TrueType file. */
export interface TableRange {
  readonly tag: string;
  readonly offset: number;
  readonly length: number;
}

/** The tables of a TrueType/OpenType file, from its table directory. */
export function tableRanges(sfnt: Uint8Array): TableRange[] {
  const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  const count = view.getUint16(4);
  return Array.from({ length: count }, (_, i) => {
    const at = 12 + 16 * i;
    return { tag: String.fromCharCode(...sfnt.subarray(at, at + 4)), offset: view.getUint32(at + 8), length: view.getUint32(at + 12) };
  });
}

/** The tables of a WOFF file: where each one's (usually deflated) data is. */
export function woffTableRanges(woff: Uint8Array): TableRange[] {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  return Array.from({ length: view.getUint16(12) }, (_, i) => {
    const at = 44 + 20 * i;
    return { tag: String.fromCharCode(...woff.subarray(at, at + 4)), offset: view.getUint32(at + 4), length: view.getUint32(at + 8) };
  });
}

/** A linear congruential generator in [0, 1): the same seed, the same damage. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The file cut to a fraction (0–1) of its length. */
export function truncated(data: Uint8Array, fraction: number): Uint8Array {
  return data.slice(0, Math.floor(data.length * fraction));
}

/** A copy with up to `count` random bytes from `start` (clamped to the file and `end`). */
export function scribbled(data: Uint8Array, random: () => number, start: number, count: number, end = data.length): Uint8Array {
  const copy = data.slice();
  for (let i = start; i < Math.min(start + count, end, copy.length); i++) copy[i] = Math.floor(random() * 256);
  return copy;
}

/** A copy whose first `count` bytes are zero (the header and table directory). */
export function zeroed(data: Uint8Array, from: number, count: number): Uint8Array {
  const copy = data.slice();
  copy.fill(0, from, Math.min(from + count, copy.length));
  return copy;
}

/**
 * A copy of a TrueType file in which one glyph claims 32767 contours: its header (bounding
 * box, so its advance) still reads, its outline runs off the end of the file.
 */
export function withBrokenOutline(sfnt: Uint8Array, glyphId: number): Uint8Array {
  const copy = sfnt.slice();
  const view = new DataView(copy.buffer);
  const table = (tag: string) => tableRanges(copy).find((t) => t.tag === tag)!;
  const longOffsets = view.getInt16(table('head').offset + 50) === 1;
  const loca = table('loca').offset;
  const offset = longOffsets ? view.getUint32(loca + 4 * glyphId) : 2 * view.getUint16(loca + 2 * glyphId);
  view.setInt16(table('glyf').offset + offset, 0x7fff);
  return copy;
}

/** WOFF 1.0 → the TrueType file it wraps (W3C WOFF §4–5: each table zlib-compressed unless stored). */
function sfntOfWoff(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  const count = view.getUint16(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + 20 * i;
    const offset = view.getUint32(at + 4);
    const compLength = view.getUint32(at + 8);
    const length = view.getUint32(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return { tag: woff.subarray(at, at + 4), checksum: view.getUint32(at + 16), data: compLength < length ? new Uint8Array(inflateSync(stored)) : stored };
  });
  let size = 12 + 16 * count;
  for (const table of tables) size += (table.data.length + 3) & ~3;
  const out = new Uint8Array(size);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, view.getUint32(4)); // flavor: the sfnt version
  dv.setUint16(4, count);
  const power = 2 ** Math.floor(Math.log2(count));
  dv.setUint16(6, power * 16);
  dv.setUint16(8, Math.log2(power));
  dv.setUint16(10, count * 16 - power * 16);
  let offset = 12 + 16 * count;
  tables.forEach((table, i) => {
    const at = 12 + 16 * i;
    out.set(table.tag, at);
    dv.setUint32(at + 4, table.checksum);
    dv.setUint32(at + 8, offset);
    dv.setUint32(at + 12, table.data.length);
    out.set(table.data, offset);
    offset += (table.data.length + 3) & ~3;
  });
  return out;
}
