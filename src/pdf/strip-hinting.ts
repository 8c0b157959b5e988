// TrueType hinting dropped from a subset font program: the fpgm, prep and cvt tables and each
// glyph's instructions. They fit outlines to a screen's pixel grid at small sizes; PDF viewers
// scale outlines themselves (pdf.js and Poppler ignore hints, as WeasyPrint's subsets carry
// none), and in the bundled Noto, Arimo and Cousine faces they are a third of a subset's bytes.
// Outlines, metrics and glyph ids are unchanged.

import { componentSize, MORE_COMPONENTS, WE_HAVE_INSTRUCTIONS } from './glyf-components.js';

const HINTING_TABLES: ReadonlySet<string> = new Set(['fpgm', 'prep', 'cvt ']);

interface TableRecord {
  readonly tag: string;
  readonly data: Uint8Array;
}

/**
 * `font` without its hinting, or `font` itself when it has none or is not a TrueType (glyf)
 * font whose tables can be read: a font this cannot take apart is embedded as it is.
 */
export function withoutHinting(font: Uint8Array): Uint8Array {
  const tables = readTables(font);
  if (tables === null) return font;
  const byTag = new Map(tables.map((table) => [table.tag, table.data]));
  const head = byTag.get('head');
  const loca = byTag.get('loca');
  const glyf = byTag.get('glyf');
  const maxp = byTag.get('maxp');
  if (!head || !loca || !glyf || !maxp || head.length < 54 || maxp.length < 6) return font;
  const longOffsets = view(head).getInt16(50) === 1;
  const glyphCount = view(maxp).getUint16(4);
  const stripped = glyphsWithoutInstructions(glyf, loca, glyphCount, longOffsets);
  const hasHintingTables = tables.some((table) => HINTING_TABLES.has(table.tag));
  if (stripped === null || (!stripped.changed && !hasHintingTables)) return font;
  const kept = tables
    .filter((table) => !HINTING_TABLES.has(table.tag))
    .map((table) => (table.tag === 'glyf' ? { tag: 'glyf', data: stripped.glyf } : table.tag === 'loca' ? { tag: 'loca', data: stripped.loca } : table));
  return writeSfnt(view(font).getUint32(0), kept);
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The table directory's tables, or null when the directory does not fit in the file. */
function readTables(font: Uint8Array): TableRecord[] | null {
  if (font.length < 12) return null;
  const dv = view(font);
  const version = dv.getUint32(0);
  if (version !== 0x00010000 && version !== 0x74727565) return null; // TrueType outlines only
  const count = dv.getUint16(4);
  if (12 + count * 16 > font.length) return null;
  const tables: TableRecord[] = [];
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(font[at]!, font[at + 1]!, font[at + 2]!, font[at + 3]!);
    const offset = dv.getUint32(at + 8);
    const length = dv.getUint32(at + 12);
    if (offset + length > font.length) return null;
    tables.push({ tag, data: font.subarray(offset, offset + length) });
  }
  return tables;
}

/** glyf and loca with every glyph's instructions removed; null when a glyph cannot be read. */
function glyphsWithoutInstructions(glyf: Uint8Array, loca: Uint8Array, glyphCount: number, longOffsets: boolean): { glyf: Uint8Array; loca: Uint8Array; changed: boolean } | null {
  if (loca.length < (glyphCount + 1) * (longOffsets ? 4 : 2)) return null;
  const locaView = view(loca);
  const offsetOf = (index: number) => (longOffsets ? locaView.getUint32(index * 4) : locaView.getUint16(index * 2) * 2);
  const out = new Uint8Array(glyf.length);
  const newLoca = new Uint8Array(loca.length);
  const newLocaView = view(newLoca);
  const align = longOffsets ? 4 : 2;
  let length = 0;
  let changed = false;
  for (let index = 0; index < glyphCount; index++) {
    if (longOffsets) newLocaView.setUint32(index * 4, length);
    else newLocaView.setUint16(index * 2, length / 2);
    const start = offsetOf(index);
    const end = offsetOf(index + 1);
    if (end <= start) continue;
    if (end > glyf.length) return null;
    const glyph = glyf.subarray(start, end);
    const written = writeGlyph(glyph, out.subarray(length));
    if (written === null) return null;
    if (written !== glyph.length) changed = true;
    length += written;
    while (length % align !== 0) out[length++] = 0;
  }
  if (longOffsets) newLocaView.setUint32(glyphCount * 4, length);
  else newLocaView.setUint16(glyphCount * 2, length / 2);
  return { glyf: out.slice(0, length), loca: newLoca, changed };
}

/** Copies `glyph` into `out` without its instructions; the bytes written, or null if malformed. */
function writeGlyph(glyph: Uint8Array, out: Uint8Array): number | null {
  if (glyph.length < 10) return null;
  const dv = view(glyph);
  const contours = dv.getInt16(0);
  if (contours >= 0) {
    // Simple glyph: header, end points, instruction length and instructions, then the points.
    const lengthAt = 10 + contours * 2;
    if (lengthAt + 2 > glyph.length) return null;
    const instructions = dv.getUint16(lengthAt);
    const pointsAt = lengthAt + 2 + instructions;
    if (pointsAt > glyph.length) return null;
    out.set(glyph.subarray(0, lengthAt), 0);
    out[lengthAt] = 0;
    out[lengthAt + 1] = 0;
    out.set(glyph.subarray(pointsAt), lengthAt + 2);
    return glyph.length - instructions;
  }
  // Composite glyph: components up to the one without MORE_COMPONENTS, then the instructions
  // (or padding), which are left out.
  const outView = view(out);
  let at = 10;
  for (;;) {
    if (at + 4 > glyph.length) return null;
    const flags = dv.getUint16(at);
    const size = componentSize(flags);
    if (at + size > glyph.length) return null;
    out.set(glyph.subarray(at, at + size), at);
    outView.setUint16(at, flags & ~WE_HAVE_INSTRUCTIONS);
    at += size;
    if ((flags & MORE_COMPONENTS) === 0) break;
  }
  out.set(glyph.subarray(0, 10), 0);
  return at;
}

/** An sfnt file of `tables`, in the order given, each padded to four bytes (checksums zero, as fontkit writes them). */
function writeSfnt(version: number, tables: readonly TableRecord[]): Uint8Array {
  const directory = 12 + tables.length * 16;
  let size = directory;
  for (const table of tables) size += (table.data.length + 3) & ~3;
  const out = new Uint8Array(size);
  const dv = view(out);
  dv.setUint32(0, version);
  dv.setUint16(4, tables.length);
  let power = 1;
  let log2 = 0;
  while (power * 2 <= tables.length) {
    power *= 2;
    log2++;
  }
  dv.setUint16(6, power * 16);
  dv.setUint16(8, log2);
  dv.setUint16(10, tables.length * 16 - power * 16);
  let offset = directory;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    for (let k = 0; k < 4; k++) out[at + k] = table.tag.charCodeAt(k);
    dv.setUint32(at + 8, offset);
    dv.setUint32(at + 12, table.data.length);
    out.set(table.data, offset);
    offset += (table.data.length + 3) & ~3;
  });
  return out;
}
