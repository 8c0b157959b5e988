// The glyf table as fontkit reads glyphs from it, fixed in two ways (fontkit 2.0.x internals:
// _getTableStream, directory.tables, stream):
//  - WOFF: fontkit inflates the whole compressed glyf table again for every glyph it decodes
//    or measures (seconds for a large font's subset); here it is inflated once per program.
//  - An empty glyph at the very end of glyf (Arimo's nbspace in the @fontsource WOFF files):
//    fontkit reads a 10-byte glyph header there even for an empty glyph, past the end of the
//    data ("Offset is outside the bounds of the DataView"), so a valid font fails as soon as
//    that character is laid out. The table gets zero bytes after it, read as an empty header.

/** GlyfHeader (numberOfContours and the bounding box) is 10 bytes; padded past that. */
const PADDING = 16;

interface Stream {
  pos: number;
  readonly buffer: Uint8Array;
}

interface TableEntry {
  readonly length: number;
  readonly transformed?: boolean;
}

interface FontInternals {
  readonly type: string;
  stream: Stream;
  readonly directory: { readonly tables: Record<string, TableEntry | undefined> };
  _getTableStream(tag: string): Stream | null;
}

const patched = new WeakSet<object>();

/**
 * Makes `program` read its glyf table from one padded copy when it needs one (WOFF, or a
 * glyf that ends at the end of the data); otherwise leaves it as it is. Idempotent.
 */
export function useSteadyGlyfTable(program: object): void {
  const font = program as FontInternals;
  const entry = font.directory?.tables?.glyf;
  // WOFF2's transformed glyf is decoded by other code (font-instance.ts).
  if (!entry || entry.transformed || typeof font._getTableStream !== 'function' || patched.has(font)) return;
  patched.add(font);
  const original = font._getTableStream;
  let copy: Uint8Array | null | undefined;
  font._getTableStream = function glyfStream(this: FontInternals, tag: string): Stream | null {
    if (tag !== 'glyf') return original.call(this, tag);
    if (copy === undefined) copy = paddedCopy(this, original.call(this, tag), entry.length);
    if (copy === null) return original.call(this, tag);
    const Stream = this.stream.constructor as new (buffer: Uint8Array) => Stream;
    return new Stream(copy);
  };
}

/** The table's bytes plus zero padding, or null when fontkit's own stream is already safe and cheap. */
function paddedCopy(font: FontInternals, stream: Stream | null, length: number): Uint8Array | null {
  if (!stream) return null;
  const start = stream.pos;
  const inflated = stream !== font.stream;
  const endsAtEnd = start + length + PADDING > stream.buffer.length;
  if (!inflated && !endsAtEnd) return null;
  const copy = new Uint8Array(length + PADDING);
  copy.set(stream.buffer.subarray(start, Math.min(start + length, stream.buffer.length)));
  return copy;
}
