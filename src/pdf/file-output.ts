// A PDF file written front to back (ISO 32000-1 §7.5): the header, then each indirect object
// as soon as it is finished (a page's content stream, while later pages are still being laid
// out), then the rest and the cross-reference stream (§7.5.8) that locates every object by
// its offset. The cross-reference table may list objects in any order of the file, so an
// object written early needs nothing from the ones written after it.

import { deflateSync } from 'node:zlib';
import { PDFHeader, PDFStream, type PDFContext, type PDFObject, type PDFRef } from 'pdf-lib';
import { COMPRESSED, CrossReferences, FREE, UNCOMPRESSED } from './cross-references.js';

/** Receives the file's bytes in order; the writer waits for the promise (back-pressure). */
export type ChunkSink = (chunk: Uint8Array) => void | Promise<void>;

/** Bytes are handed on in chunks of at least this size (the last one may be smaller). */
const CHUNK_BYTES = 32 * 1024;

/** Writes indirect objects to a sink as they come, and at the end the cross-reference stream. */
export class FileOutput {
  private offset = 0;
  private readonly xref = new CrossReferences();
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;

  constructor(private readonly sink: ChunkSink) {
    this.text(`${PDFHeader.forVersion(1, 7).toString()}\n\n`);
    this.xref.add(0, FREE, 0, 65535);
  }

  /** Writes `object` as indirect object `ref` now; the caller may let go of it. */
  async writeObject(ref: PDFRef, object: PDFObject): Promise<void> {
    this.xref.add(ref.objectNumber, UNCOMPRESSED, this.offset, ref.generationNumber);
    this.text(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    if (object instanceof PDFStream) {
      object.updateDict();
      this.pdfObject(object.dict);
      this.text('\nstream\n');
      // Copied whole: pdf-lib's copyBytesInto copies a stream's contents byte by byte.
      this.append(object.getContents());
      this.text('\nendstream');
    } else this.pdfObject(object);
    this.text('\nendobj\n\n');
    if (this.pendingBytes >= CHUNK_BYTES) await this.flush();
  }

  /** Writes object stream `number` (§7.5.7) of the objects `numbers`, the first at `first` in the inflated `contents`. */
  async writeObjectStream(number: number, numbers: readonly number[], first: number, contents: Uint8Array): Promise<void> {
    for (let i = 0; i < numbers.length; i++) this.xref.add(numbers[i]!, COMPRESSED, number, i);
    this.xref.add(number, UNCOMPRESSED, this.offset, 0);
    this.text(`${number} 0 obj\n<</Type /ObjStm /N ${numbers.length} /First ${first} /Filter /FlateDecode /Length ${contents.length}>>\nstream\n`);
    this.append(contents);
    this.text('\nendstream\nendobj\n\n');
    if (this.pendingBytes >= CHUNK_BYTES) await this.flush();
  }

  /**
   * Writes the cross-reference stream as object `xrefNumber` (the last object number), with
   * the trailer entries of `context`, and hands on the last bytes.
   */
  async finish(context: PDFContext, xrefNumber: number): Promise<void> {
    const xrefOffset = this.offset;
    this.xref.add(xrefNumber, UNCOMPRESSED, xrefOffset, 0);
    const size = xrefNumber + 1;
    const { trailerInfo } = context;
    let dict = `/Type /XRef /Size ${size}`;
    for (const [key, value] of [['Root', trailerInfo.Root], ['Encrypt', trailerInfo.Encrypt], ['Info', trailerInfo.Info], ['ID', trailerInfo.ID]] as const) {
      if (value !== undefined) dict += ` /${key} ${value.toString()}`;
    }
    const table = this.xref.encode(size);
    const contents = deflateSync(table.rows);
    this.text(`${xrefNumber} 0 obj\n<<${dict} /W [${table.widths.join(' ')}] /Index [${table.index.join(' ')}] /Filter /FlateDecode /Length ${contents.length}>>\nstream\n`);
    this.append(contents);
    this.text(`\nendstream\nendobj\n\nstartxref\n${xrefOffset}\n%%EOF`);
    await this.flush();
  }

  private text(text: string): void {
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    this.append(bytes);
  }

  private pdfObject(object: PDFObject): void {
    const bytes = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(bytes, 0);
    this.append(bytes);
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
