// Writing the document's remaining objects with object streams (ISO 32000-1 §7.5.7) and a
// cross-reference stream (§7.5.8), as pdf-lib's PDFStreamWriter does, but with each object
// stream compressed by Node's zlib instead of pdf-lib's JavaScript deflate, and objects
// already written as text (TextObjects: the structure elements of a tagged document,
// thousands for a long table) put in object streams as they are.

import { promisify } from 'node:util';
import { deflate as deflateAsync, deflateSync } from 'node:zlib';
import { PDFInvalidObject, PDFName, PDFNumber, PDFObjectStream, PDFStream, type PDFContext, type PDFObject, type PDFRef } from 'pdf-lib';
import type { FileOutput } from './file-output.js';
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

/**
 * Writes every object of `context` not yet written (and `texts`, objects of it written as
 * text) to `file`, then the cross-reference stream; the bytes depend only on the objects (and
 * on what `file` was given before).
 */
export async function writeWithObjectStreams(context: PDFContext, file: FileOutput, texts: TextObjects | null = null): Promise<void> {
  // The text objects' streams are the most to compress: they compress on the thread pool, in
  // parallel, while the rest is written.
  const textStreams = texts === null ? [] : textObjectStreams(texts);
  let next = context.largestObjectNumber + 1;
  const compressible: [PDFRef, PDFObject][] = [];
  for (const entry of context.enumerateIndirectObjects()) {
    const [ref, object] = entry;
    // Streams, and objects of other generations, cannot go into an object stream (§7.5.7).
    if (object instanceof PDFStream || object instanceof PDFInvalidObject || ref.generationNumber !== 0 || ref === context.trailerInfo.Encrypt) {
      await file.writeObject(ref, object);
    } else compressible.push(entry);
  }
  for (let start = 0; start < compressible.length; start += OBJECTS_PER_STREAM) {
    const objects = compressible.slice(start, start + OBJECTS_PER_STREAM);
    // Its offsets and objects, as pdf-lib writes them.
    const plain = PDFObjectStream.withContextAndObjects(context, objects, false);
    const first = plain.dict.lookup(PDFName.of('First'), PDFNumber).asNumber();
    await file.writeObjectStream(next++, objects.map(([ref]) => ref.objectNumber), first, deflateSync(plain.getContents()));
  }
  for (const stream of textStreams) await file.writeObjectStream(next++, stream.numbers, stream.first, await stream.contents);
  await file.finish(context, next);
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
    const input = Buffer.allocUnsafe(header.length + bytes.length);
    input.write(header, 0, 'latin1');
    input.set(bytes, header.length);
    const contents = deflate(input, { level: TEXT_OBJECTS_LEVEL });
    streams.push({ numbers, first: header.length, contents });
  }
  return streams;
}
