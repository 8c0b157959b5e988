// Serializing the document with object streams (ISO 32000-1 §7.5.7) and a cross-reference
// stream (§7.5.8), as pdf-lib's PDFStreamWriter does, but with each object stream compressed
// by Node's zlib instead of pdf-lib's JavaScript deflate: a tagged document has an object per
// structure element (thousands for a long table), and the JavaScript deflate of their
// streams cost more than writing the rest of the file.

import { deflateSync } from 'node:zlib';
import { PDFCrossRefStream, PDFHeader, PDFInvalidObject, PDFName, PDFNumber, PDFObjectStream, PDFRawStream, PDFRef, PDFStream, PDFTrailer, PDFWriter, type PDFContext, type PDFObject } from 'pdf-lib';

/** Objects per object stream: a viewer reading one object inflates its whole stream. */
const OBJECTS_PER_STREAM = 1000;

/** Writes `context` as a PDF file; its bytes depend only on its objects. */
export function serializeWithObjectStreams(context: PDFContext): Promise<Uint8Array> {
  return ObjectStreamWriter.of(context).serializeToBuffer();
}

class ObjectStreamWriter extends PDFWriter {
  static of(context: PDFContext): ObjectStreamWriter {
    return new ObjectStreamWriter(context, Infinity);
  }

  protected override async computeBufferSize(): Promise<{ size: number; header: PDFHeader; indirectObjects: [PDFRef, PDFObject][]; trailer: PDFTrailer }> {
    let objectNumber = this.context.largestObjectNumber + 1;
    const header = PDFHeader.forVersion(1, 7);
    let size = header.sizeInBytes() + 2;
    // Compressed below with zlib, as the object streams are (pdf-lib's would use its JavaScript
    // deflate, on an entry per object).
    const xref = PDFCrossRefStream.create(this.createTrailerDict(), false);
    const written: [PDFRef, PDFObject][] = [];
    const chunks: { ref: PDFRef; objects: [PDFRef, PDFObject][] }[] = [];
    for (const entry of this.context.enumerateIndirectObjects()) {
      const [ref, object] = entry;
      // Streams, and objects of other generations, cannot go into an object stream (§7.5.7).
      if (object instanceof PDFStream || object instanceof PDFInvalidObject || ref.generationNumber !== 0 || ref === this.context.trailerInfo.Encrypt) {
        written.push(entry);
        xref.addUncompressedEntry(ref, size);
        size += this.computeIndirectObjectSize(entry);
        continue;
      }
      let chunk = chunks[chunks.length - 1];
      if (chunk === undefined || chunk.objects.length >= OBJECTS_PER_STREAM) chunks.push((chunk = { ref: PDFRef.of(objectNumber++), objects: [] }));
      xref.addCompressedEntry(ref, chunk.ref, chunk.objects.length);
      chunk.objects.push(entry);
    }
    for (const { ref, objects } of chunks) {
      // Its dictionary (/Type /ObjStm, /N, /First) with the filter; /Length is set when written.
      const plain = PDFObjectStream.withContextAndObjects(this.context, objects, false);
      plain.dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
      const stream = PDFRawStream.of(plain.dict, deflateSync(plain.getContents()));
      xref.addUncompressedEntry(ref, size);
      size += this.computeIndirectObjectSize([ref, stream]);
      written.push([ref, stream]);
    }
    const xrefRef = PDFRef.of(objectNumber++);
    xref.dict.set(PDFName.of('Size'), PDFNumber.of(objectNumber));
    xref.addUncompressedEntry(xrefRef, size);
    xref.updateDict(); // /W and /Index, now that every entry is in
    xref.dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
    const xrefStream = PDFRawStream.of(xref.dict, deflateSync(xref.getUnencodedContents()));
    const xrefOffset = size;
    size += this.computeIndirectObjectSize([xrefRef, xrefStream]);
    written.push([xrefRef, xrefStream]);
    const trailer = PDFTrailer.forLastCrossRefSectionOffset(xrefOffset);
    size += trailer.sizeInBytes();
    return { size, header, indirectObjects: written, trailer };
  }
}
