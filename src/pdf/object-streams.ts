// Serializing the document with object streams (ISO 32000-1 §7.5.7) and a cross-reference
// stream (§7.5.8), as pdf-lib's PDFStreamWriter does, but with each object stream compressed
// by Node's zlib instead of pdf-lib's JavaScript deflate, stream contents copied whole, the
// cross-reference entries in arrays rather than an object each, and objects already
// written as text (TextObjects: the structure elements of a tagged document, thousands for a
// long table) put in object streams as they are.

import { promisify } from 'node:util';
import { deflate as deflateAsync, deflateSync } from 'node:zlib';
import { PDFHeader, PDFInvalidObject, PDFName, PDFNumber, PDFObjectStream, PDFStream, type PDFContext, type PDFObject, type PDFRef } from 'pdf-lib';
import type { TextObjects } from './text-objects.js';

const deflate = promisify(deflateAsync);

/** Objects per object stream: a viewer reading one object inflates its whole stream. */
const OBJECTS_PER_STREAM = 1000;

/**
 * The zlib level of the text objects' streams: 4, the fastest of the levels that match
 * lazily, deflates the structure elements of a 1,000-row table (436 kB) 2 to 3 times as fast
 * as 6 (the default), for streams 5% larger.
 */
const TEXT_OBJECTS_LEVEL = 4;

/** §7.5.8.3 Table 18: the types of cross-reference stream entries. */
const FREE = 0;
const UNCOMPRESSED = 1;
const COMPRESSED = 2;

/** Writes `context` (with `texts`, objects of it written as text) as a PDF file; its bytes depend only on its objects. */
export async function serializeWithObjectStreams(context: PDFContext, texts: TextObjects | null = null): Promise<Uint8Array> {
  // The text objects' streams are the most to compress: they compress on the thread pool, in
  // parallel, while the rest is written.
  const textStreams = texts === null ? [] : textObjectStreams(texts);
  const file = new FileBuilder();
  file.text(`${PDFHeader.forVersion(1, 7).toString()}\n\n`);
  let next = context.largestObjectNumber + 1;
  const xref = new CrossReferences();
  xref.add(0, FREE, 0, 65535);
  const compressible: [PDFRef, PDFObject][] = [];
  for (const entry of context.enumerateIndirectObjects()) {
    const [ref, object] = entry;
    // Streams, and objects of other generations, cannot go into an object stream (§7.5.7).
    if (object instanceof PDFStream || object instanceof PDFInvalidObject || ref.generationNumber !== 0 || ref === context.trailerInfo.Encrypt) {
      xref.add(ref.objectNumber, UNCOMPRESSED, file.size, ref.generationNumber);
      file.object(ref, object);
    } else compressible.push(entry);
  }
  for (let start = 0; start < compressible.length; start += OBJECTS_PER_STREAM) {
    const objects = compressible.slice(start, start + OBJECTS_PER_STREAM);
    const number = next++;
    objects.forEach(([ref], index) => xref.add(ref.objectNumber, COMPRESSED, number, index));
    // Its offsets and objects, as pdf-lib writes them.
    const plain = PDFObjectStream.withContextAndObjects(context, objects, false);
    xref.add(number, UNCOMPRESSED, file.size, 0);
    file.objectStream(number, objects.length, plain.dict.lookup(PDFName.of('First'), PDFNumber).asNumber(), deflateSync(plain.getContents()));
  }
  for (const stream of textStreams) {
    const number = next++;
    stream.numbers.forEach((objectNumber, index) => xref.add(objectNumber, COMPRESSED, number, index));
    xref.add(number, UNCOMPRESSED, file.size, 0);
    file.objectStream(number, stream.numbers.length, stream.first, await stream.contents);
  }
  const xrefNumber = next++;
  const xrefOffset = file.size;
  xref.add(xrefNumber, UNCOMPRESSED, xrefOffset, 0);
  const { trailerInfo } = context;
  let dict = `/Type /XRef /Size ${next}`;
  for (const [key, value] of [['Root', trailerInfo.Root], ['Encrypt', trailerInfo.Encrypt], ['Info', trailerInfo.Info], ['ID', trailerInfo.ID]] as const) {
    if (value !== undefined) dict += ` /${key} ${value.toString()}`;
  }
  const table = xref.encode(next);
  const contents = deflateSync(table.rows);
  file.text(`${xrefNumber} 0 obj\n<<${dict} /W [${table.widths.join(' ')}] /Index [${table.index.join(' ')}] /Filter /FlateDecode /Length ${contents.length}>>\nstream\n`);
  file.bytes(contents);
  file.text(`\nendstream\nendobj\n\nstartxref\n${xrefOffset}\n%%EOF`);
  return file.finish();
}

/** An object stream of text objects: their numbers, where the first starts (/First) and the compressed contents to come. */
interface TextObjectStream {
  readonly numbers: readonly number[];
  readonly first: number;
  readonly contents: Promise<Uint8Array>;
}

/** The object streams of `texts`, compressing. */
function textObjectStreams(texts: TextObjects): TextObjectStream[] {
  const streams: TextObjectStream[] = [];
  for (let start = 0; start < texts.count; start += OBJECTS_PER_STREAM) {
    const end = Math.min(start + OBJECTS_PER_STREAM, texts.count);
    const { bytes, offsets } = texts.slice(start, end);
    const numbers: number[] = [];
    let header = '';
    for (let i = start; i < end; i++) {
      numbers.push(texts.number(i));
      header += `${texts.number(i)} ${offsets[i - start]!} `;
    }
    const contents = deflate(Buffer.concat([Buffer.from(header, 'latin1'), bytes]), { level: TEXT_OBJECTS_LEVEL });
    streams.push({ numbers, first: header.length, contents });
  }
  return streams;
}

/** The file as pieces — text (latin-1), bytes, pdf-lib objects — written into one buffer at the end. */
class FileBuilder {
  size = 0;
  private readonly pieces: (string | Uint8Array | PDFObject)[] = [];

  text(text: string): void {
    this.pieces.push(text);
    this.size += text.length;
  }

  bytes(bytes: Uint8Array): void {
    this.pieces.push(bytes);
    this.size += bytes.length;
  }

  /** An indirect object (§7.3.10); a stream's contents are copied whole, not byte by byte as pdf-lib does. */
  object(ref: PDFRef, object: PDFObject): void {
    this.text(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    if (object instanceof PDFStream) {
      object.updateDict();
      this.pdfObject(object.dict);
      this.text('\nstream\n');
      this.bytes(object.getContents());
      this.text('\nendstream');
    } else this.pdfObject(object);
    this.text('\nendobj\n\n');
  }

  /** An object stream (§7.5.7) of `count` objects, whose first starts at `first` in the inflated `contents`. */
  objectStream(number: number, count: number, first: number, contents: Uint8Array): void {
    this.text(`${number} 0 obj\n<</Type /ObjStm /N ${count} /First ${first} /Filter /FlateDecode /Length ${contents.length}>>\nstream\n`);
    this.bytes(contents);
    this.text('\nendstream\nendobj\n\n');
  }

  finish(): Uint8Array {
    const buffer = new Uint8Array(this.size);
    let offset = 0;
    for (const piece of this.pieces) {
      if (typeof piece === 'string') {
        for (let i = 0; i < piece.length; i++) buffer[offset++] = piece.charCodeAt(i);
      } else if (piece instanceof Uint8Array) {
        buffer.set(piece, offset);
        offset += piece.length;
      } else offset += piece.copyBytesInto(buffer, offset);
    }
    return buffer;
  }

  private pdfObject(object: PDFObject): void {
    this.pieces.push(object);
    this.size += object.sizeInBytes();
  }
}

/** The entries of a cross-reference stream (§7.5.8.3), by object number. */
class CrossReferences {
  private numbers: number[] = [];
  private types: number[] = [];
  private seconds: number[] = [];
  private thirds: number[] = [];

  add(number: number, type: number, second: number, third: number): void {
    this.numbers.push(number);
    this.types.push(type);
    this.seconds.push(second);
    this.thirds.push(third);
  }

  /** The rows in ascending object number, the field widths (/W) and the subsections (/Index). */
  encode(size: number): { rows: Uint8Array; widths: number[]; index: number[] } {
    // Object number → entry (numbers are below `size`, each added once).
    const at = new Int32Array(size).fill(-1);
    let maxSecond = 0;
    let maxThird = 0;
    for (let i = 0; i < this.numbers.length; i++) {
      at[this.numbers[i]!] = i;
      maxSecond = Math.max(maxSecond, this.seconds[i]!);
      maxThird = Math.max(maxThird, this.thirds[i]!);
    }
    const widths = [1, byteWidth(maxSecond), byteWidth(maxThird)];
    const rowWidth = widths[0]! + widths[1]! + widths[2]!;
    const rows = new Uint8Array(rowWidth * this.numbers.length);
    const index: number[] = [];
    let offset = 0;
    for (let number = 0; number < size; number++) {
      const i = at[number]!;
      if (i < 0) continue;
      if (number === 0 || at[number - 1]! < 0) index.push(number, 0);
      index[index.length - 1]!++;
      rows[offset] = this.types[i]!;
      writeBigEndian(rows, offset + 1, widths[1]!, this.seconds[i]!);
      writeBigEndian(rows, offset + 1 + widths[1]!, widths[2]!, this.thirds[i]!);
      offset += rowWidth;
    }
    return { rows, widths, index };
  }
}

/** Bytes to write `n` (at least 1). */
function byteWidth(n: number): number {
  let width = 1;
  while (n >= 2 ** (8 * width)) width++;
  return width;
}

function writeBigEndian(bytes: Uint8Array, offset: number, width: number, n: number): void {
  for (let i = width - 1; i >= 0; i--) {
    bytes[offset + i] = n % 256;
    n = Math.floor(n / 256);
  }
}
