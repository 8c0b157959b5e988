// WOFF (1.0) tables inflated with Node's zlib instead of fontkit's tiny-inflate, which never
// returns on some damaged deflate data (a @font-face file could hang the render) and checks
// nothing. zlib verifies the stream's checksum, stops at the table's declared length, and
// throws on bad data: a damaged table is an error the font check sees.
// fontkit 2.0.x internals: WOFFFont._getTableStream, directory.tables, stream.

import { inflateSync } from 'node:zlib';

interface Stream {
  pos: number;
  readonly buffer: Uint8Array;
}

interface WoffEntry {
  readonly offset: number;
  /** Bytes in the file; less than `length` when the table is compressed. */
  readonly compLength: number;
  readonly length: number;
}

interface WoffInternals {
  readonly type: string;
  stream: Stream;
  readonly directory: { readonly tables: Record<string, WoffEntry | undefined> };
  _getTableStream(tag: string): Stream | null;
}

/** Replaces `program`'s table inflation when it is a WOFF font; other programs are left alone. */
export function inflateWoffWithZlib(program: object): void {
  const font = program as WoffInternals;
  if (font.type !== 'WOFF' || typeof font._getTableStream !== 'function') return;
  font._getTableStream = function woffTableStream(this: WoffInternals, tag: string): Stream | null {
    const entry = this.directory.tables[tag];
    if (!entry) return null;
    if (entry.compLength >= entry.length) {
      // Stored uncompressed: read in place, as fontkit does.
      this.stream.pos = entry.offset;
      return this.stream;
    }
    const compressed = this.stream.buffer.subarray(entry.offset, entry.offset + entry.compLength);
    if (compressed.length < entry.compLength) throw new Error(`WOFF table ${tag} is cut short`);
    // maxOutputLength: a table that inflates past its declared length is damaged, not a reason to allocate.
    const inflated = inflateSync(compressed, { maxOutputLength: entry.length });
    const table = new Uint8Array(entry.length);
    table.set(inflated);
    const StreamOf = this.stream.constructor as new (buffer: Uint8Array) => Stream;
    return new StreamOf(table);
  };
}
