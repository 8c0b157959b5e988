// A PDF file written front to back (ISO 32000-1 §7.5): the header, then each indirect object
// as soon as it is finished (a page's content stream, while later pages are still being laid
// out), then the rest and the cross-reference stream (§7.5.8) that locates every object by
// its offset. The cross-reference table may list objects in any order of the file, so an
// object written early needs nothing from the ones written after it.

import { deflateSync } from 'node:zlib';
import { PDFCrossRefStream, PDFHeader, PDFName, PDFRawStream, PDFTrailer, type PDFContext, type PDFObject, type PDFRef } from 'pdf-lib';

/** Receives the file's bytes in order; the writer waits for the promise (back-pressure). */
export type ChunkSink = (chunk: Uint8Array) => void | Promise<void>;

/** Bytes are handed on in chunks of at least this size (the last one may be smaller). */
const CHUNK_BYTES = 32 * 1024;

/** Where the cross-reference stream says an object is (§7.5.8.3, Table 18). */
type XrefEntry =
  | { readonly ref: PDFRef; readonly offset: number }
  | { readonly ref: PDFRef; readonly objectStream: PDFRef; readonly index: number };

/** Writes indirect objects to a sink as they come, and at the end the cross-reference stream. */
export class FileOutput {
  private offset = 0;
  private readonly entries: XrefEntry[] = [];
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;

  constructor(private readonly sink: ChunkSink) {
    const header = PDFHeader.forVersion(1, 7);
    const bytes = new Uint8Array(header.sizeInBytes() + 2);
    header.copyBytesInto(bytes, 0);
    bytes[bytes.length - 2] = bytes[bytes.length - 1] = 0x0a;
    this.append(bytes);
  }

  /** Writes `object` as indirect object `ref` now; the caller may let go of it. */
  async writeObject(ref: PDFRef, object: PDFObject): Promise<void> {
    this.entries.push({ ref, offset: this.offset });
    const opening = `${ref.objectNumber} ${ref.generationNumber} obj\n`;
    const bytes = new Uint8Array(opening.length + object.sizeInBytes() + ENDOBJ.length);
    let at = copyLatin1(opening, bytes, 0);
    at += object.copyBytesInto(bytes, at);
    bytes.set(ENDOBJ, at);
    this.append(bytes);
    if (this.pendingBytes >= CHUNK_BYTES) await this.flush();
  }

  /** Records that `ref` is the `index`th object of the object stream `objectStream` (§7.5.7). */
  addCompressed(ref: PDFRef, objectStream: PDFRef, index: number): void {
    this.entries.push({ ref, objectStream, index });
  }

  /**
   * Writes the cross-reference stream as `xrefRef` (the last object number), with the trailer
   * entries of `context`, and hands on the last bytes.
   */
  async finish(context: PDFContext, xrefRef: PDFRef): Promise<void> {
    const { Root, Encrypt, Info, ID } = context.trailerInfo;
    const xref = PDFCrossRefStream.create(context.obj({ Size: xrefRef.objectNumber + 1, Root, Encrypt, Info, ID }), false);
    const xrefOffset = this.offset;
    // Its entries go in ascending object number (pdf-lib computes /Index from runs of them).
    const entries = [...this.entries, { ref: xrefRef, offset: xrefOffset }].sort((a, b) => a.ref.objectNumber - b.ref.objectNumber);
    for (const entry of entries) {
      if ('offset' in entry) xref.addUncompressedEntry(entry.ref, entry.offset);
      else xref.addCompressedEntry(entry.ref, entry.objectStream, entry.index);
    }
    xref.updateDict(); // /W and /Index, now that every entry is in
    xref.dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
    await this.writeObject(xrefRef, PDFRawStream.of(xref.dict, deflateSync(xref.getUnencodedContents())));
    const trailer = PDFTrailer.forLastCrossRefSectionOffset(xrefOffset);
    const bytes = new Uint8Array(trailer.sizeInBytes());
    trailer.copyBytesInto(bytes, 0);
    this.append(bytes);
    await this.flush();
  }

  private append(bytes: Uint8Array): void {
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    this.offset += bytes.length;
  }

  private async flush(): Promise<void> {
    if (this.pendingBytes === 0) return;
    const chunk = this.pending.length === 1 ? this.pending[0]! : concatBytes(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    await this.sink(chunk);
  }
}

const ENDOBJ = new Uint8Array([...'\nendobj\n\n'].map((c) => c.charCodeAt(0)));

function copyLatin1(text: string, into: Uint8Array, at: number): number {
  for (let i = 0; i < text.length; i++) into[at + i] = text.charCodeAt(i);
  return text.length;
}

/** The chunks one after another, in one array of `length` bytes. */
export function concatBytes(chunks: readonly Uint8Array[], length = chunks.reduce((n, c) => n + c.length, 0)): Uint8Array {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
