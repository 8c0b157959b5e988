// The subset fontkit's TrueType subsetter writes (TTFSubset.encode, fontkit 2.0.x), written
// straight from the font file's bytes: byte for byte the same font, without restructure's
// generic encoder, which re-encodes the hinting programs number by number and decodes every
// outline to find the composite glyphs (10–20 ms per face on a cold start, issue 20).
//
// Its layout: an 'true' table directory with zero checksums, then head, hhea, loca, maxp,
// cvt, prep, glyf, hmtx and fpgm (those the font has) back to back, unpadded. head and hhea are
// re-encoded as fontkit's structures have them (head's macStyle keeps its 7 named bits, hhea's
// reserved words are zero), loca keeps the font's format, hmtx has one full metric per glyph,
// and composite glyphs get their components' new ids. Glyphs are added in order, components
// appended as they are met, as fontkit's includeGlyph numbers them.
//
// Only for the bundled fonts (isBundledProgram): fontkit decodes each outline as it copies it
// and so throws on a damaged glyph, which font-subset.ts then draws as .notdef; here outlines
// are copied unread.

import type * as fontkit from 'fontkit';
import { isBundledProgram } from '../text/bundled-fonts.js';
import { componentSize, MORE_COMPONENTS } from './glyf-components.js';

interface TableEntry {
  readonly offset: number;
  readonly length: number;
}

interface TrueTypeInternals {
  readonly type: string;
  readonly stream: { readonly buffer: Uint8Array };
  readonly directory: { readonly tables: Readonly<Record<string, TableEntry | undefined>> };
  readonly _variationProcessor?: unknown;
  readonly loca: { readonly version: number; readonly offsets: readonly number[] };
  readonly hmtx: {
    readonly metrics: { readonly length: number; get(index: number): { readonly advance: number; readonly bearing: number } | undefined };
    readonly bearings: { get(index: number): number | undefined };
  };
}

/** fontkit's Subset: the glyphs included so far (components are appended while encoding). */
interface SubsetInternals {
  readonly glyphs: number[];
  includeGlyph(glyph: number): number;
}

/** The tables fontkit's subset has, in its order; the hinting ones only when the font has them. */
const TABLE_ORDER = ['head', 'hhea', 'loca', 'maxp', 'cvt ', 'prep', 'glyf', 'hmtx', 'fpgm'] as const;
const HINTING_TABLES: ReadonlySet<string> = new Set(['cvt ', 'prep', 'fpgm']);

const HEAD_SIZE = 54;
const HHEA_SIZE = 36;
const MAXP_SIZE = 32;


/**
 * The encoded subset, as `subset.encode()` would give it, or null when this font is not one
 * written here (not bundled, not a static TrueType file, or tables of unexpected sizes).
 */
export function encodeTrueTypeSubset(program: fontkit.Font, subset: fontkit.Subset): Uint8Array | null {
  if (!isBundledProgram(program)) return null;
  const font = program as unknown as TrueTypeInternals;
  if (font.type !== 'TTF' || font._variationProcessor) return null;
  const file = font.stream.buffer;
  const raw = (tag: string): Uint8Array | null => {
    const entry = font.directory.tables[tag];
    if (!entry || entry.length === 0 || entry.offset + entry.length > file.length) return null;
    return file.subarray(entry.offset, entry.offset + entry.length);
  };
  const head = raw('head');
  const hhea = raw('hhea');
  const maxp = raw('maxp');
  const glyf = raw('glyf');
  if (!head || head.length < HEAD_SIZE || !hhea || hhea.length < HHEA_SIZE || !maxp || maxp.length < MAXP_SIZE || !glyf || !raw('hmtx') || !raw('loca')) return null;
  const cvt = raw('cvt ');
  if (cvt && cvt.length % 2 !== 0) return null;

  const { glyphs, records } = copyGlyphs(font, subset as unknown as SubsetInternals, glyf);
  if (!records) return null;
  const count = records.length;
  const shortLoca = font.loca.version === 0;

  const tables = new Map<string, Uint8Array>();
  const headOut = head.slice(0, HEAD_SIZE);
  const headView = new DataView(headOut.buffer);
  headView.setUint16(44, headView.getUint16(44) & 0x7f); // macStyle: the bits fontkit names
  tables.set('head', headOut);
  const hheaOut = hhea.slice(0, HHEA_SIZE);
  const hheaView = new DataView(hheaOut.buffer);
  for (let at = 24; at < 32; at += 2) hheaView.setInt16(at, 0); // reserved
  hheaView.setUint16(34, count); // numberOfHMetrics
  tables.set('hhea', hheaOut);
  const loca = new DataView(new ArrayBuffer((shortLoca ? 2 : 4) * (count + 1)));
  let offset = 0;
  for (let i = 0; i <= count; i++) {
    if (shortLoca) loca.setUint16(2 * i, offset >>> 1);
    else loca.setUint32(4 * i, offset);
    if (i < count) offset += records[i]!.length;
  }
  tables.set('loca', new Uint8Array(loca.buffer));
  const maxpOut = maxp.slice(0, MAXP_SIZE);
  new DataView(maxpOut.buffer).setUint16(4, count);
  tables.set('maxp', maxpOut);
  const glyfOut = new Uint8Array(offset);
  let at = 0;
  for (const record of records) {
    glyfOut.set(record, at);
    at += record.length;
  }
  tables.set('glyf', glyfOut);
  const hmtx = new DataView(new ArrayBuffer(4 * count));
  glyphs.forEach((id, index) => {
    const { advance, bearing } = tableMetrics(font, id);
    hmtx.setUint16(4 * index, advance);
    hmtx.setInt16(4 * index + 2, bearing);
  });
  tables.set('hmtx', new Uint8Array(hmtx.buffer));
  for (const tag of HINTING_TABLES) {
    const bytes = raw(tag);
    if (bytes) tables.set(tag, bytes);
  }
  return directory(TABLE_ORDER.filter((tag) => tables.has(tag)).map((tag) => [tag, tables.get(tag)!] as const));
}

/**
 * Each included glyph's glyf record, composites pointing at their components' new ids (which
 * includes the components), in subset order; records null when a record lies outside glyf.
 */
function copyGlyphs(font: TrueTypeInternals, subset: SubsetInternals, glyf: Uint8Array): { glyphs: readonly number[]; records: Uint8Array[] | null } {
  const offsets = font.loca.offsets;
  const records: Uint8Array[] = [];
  for (let i = 0; i < subset.glyphs.length; i++) {
    const id = subset.glyphs[i]!;
    const start = offsets[id];
    const end = offsets[id + 1];
    if (start === undefined || end === undefined || end < start || end > glyf.length) return { glyphs: subset.glyphs, records: null };
    let record = glyf.subarray(start, end);
    if (record.length >= 10 && new DataView(record.buffer, record.byteOffset, record.length).getInt16(0) < 0) {
      record = record.slice();
      if (!renumberComponents(record, subset)) return { glyphs: subset.glyphs, records: null };
    }
    records.push(record);
  }
  return { glyphs: subset.glyphs, records };
}

/** Rewrites a composite record's component ids to their subset ids; false when it is cut short. */
function renumberComponents(record: Uint8Array, subset: SubsetInternals): boolean {
  const view = new DataView(record.buffer, record.byteOffset, record.length);
  let at = 10;
  let flags = MORE_COMPONENTS;
  while (flags & MORE_COMPONENTS) {
    if (at + 4 > record.length) return false;
    flags = view.getUint16(at);
    view.setUint16(at + 2, subset.includeGlyph(view.getUint16(at + 2)));
    at += componentSize(flags);
  }
  return true;
}

/** A glyph's advance and left side bearing from hmtx (fontkit's Glyph._getTableMetrics). */
function tableMetrics(font: TrueTypeInternals, id: number): { advance: number; bearing: number } {
  const { metrics, bearings } = font.hmtx;
  if (id < metrics.length) return metrics.get(id)!;
  const last = metrics.get(metrics.length - 1);
  return { advance: last ? last.advance : 0, bearing: bearings.get(id - metrics.length) || 0 };
}

/** The 'true' table directory (checksums zero) followed by the tables, unpadded. */
function directory(tables: readonly (readonly [string, Uint8Array])[]): Uint8Array {
  const count = tables.length;
  const maxPowerOf2 = 2 ** Math.floor(Math.log2(count));
  let size = 12 + 16 * count;
  for (const [, bytes] of tables) size += bytes.length;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x74727565); // 'true'
  view.setUint16(4, count);
  view.setUint16(6, maxPowerOf2 * 16);
  view.setUint16(8, Math.log2(maxPowerOf2));
  view.setUint16(10, count * 16 - maxPowerOf2 * 16);
  let offset = 12 + 16 * count;
  tables.forEach(([tag, bytes], index) => {
    const entry = 12 + 16 * index;
    for (let i = 0; i < 4; i++) out[entry + i] = tag.charCodeAt(i);
    view.setUint32(entry + 8, offset);
    view.setUint32(entry + 12, bytes.length);
    out.set(bytes, offset);
    offset += bytes.length;
  });
  return out;
}
