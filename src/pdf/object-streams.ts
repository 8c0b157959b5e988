// Writing the document's remaining objects with object streams (ISO 32000-1 §7.5.7) and a
// cross-reference stream (§7.5.8), as pdf-lib's PDFStreamWriter does, but with each object
// stream compressed by Node's zlib instead of pdf-lib's JavaScript deflate: a tagged document
// has an object per structure element (thousands for a long table), and the JavaScript deflate
// of their streams cost more than writing the rest of the file.

import { deflateSync } from 'node:zlib';
import { PDFInvalidObject, PDFName, PDFObjectStream, PDFRawStream, PDFRef, PDFStream, type PDFContext, type PDFObject } from 'pdf-lib';
import type { FileOutput } from './file-output.js';

/** Objects per object stream: a viewer reading one object inflates its whole stream. */
const OBJECTS_PER_STREAM = 1000;

/**
 * Writes every object of `context` to `file`, then the cross-reference stream; the bytes depend
 * only on the objects (and on what `file` was given before).
 */
export async function writeWithObjectStreams(context: PDFContext, file: FileOutput): Promise<void> {
  let objectNumber = context.largestObjectNumber + 1;
  const chunks: { ref: PDFRef; objects: [PDFRef, PDFObject][] }[] = [];
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    // Streams, and objects of other generations, cannot go into an object stream (§7.5.7).
    if (object instanceof PDFStream || object instanceof PDFInvalidObject || ref.generationNumber !== 0 || ref === context.trailerInfo.Encrypt) {
      await file.writeObject(ref, object);
      continue;
    }
    let chunk = chunks[chunks.length - 1];
    if (chunk === undefined || chunk.objects.length >= OBJECTS_PER_STREAM) chunks.push((chunk = { ref: PDFRef.of(objectNumber++), objects: [] }));
    file.addCompressed(ref, chunk.ref, chunk.objects.length);
    chunk.objects.push([ref, object]);
  }
  for (const { ref, objects } of chunks) {
    // Its dictionary (/Type /ObjStm, /N, /First) with the filter; /Length is set when written.
    const plain = PDFObjectStream.withContextAndObjects(context, objects, false);
    plain.dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
    await file.writeObject(ref, PDFRawStream.of(plain.dict, deflateSync(plain.getContents())));
  }
  await file.finish(context, PDFRef.of(objectNumber));
}
