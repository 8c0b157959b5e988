// Reads a response body into memory, never holding more than the size cap: the stream is
// destroyed as soon as the bytes read reach `maxBytes`, so a huge or endless body costs at most
// that much memory and the time to read it.
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** The body reached the cap (`bytes` is how many had been read when reading stopped). */
export class BodyTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(`body reached ${bytes} bytes`);
  }
}

/** A Content-Encoding this reader cannot undo. */
export class UnsupportedEncodingError extends Error {}

/** Reads the whole stream; rejects with BodyTooLargeError once `maxBytes` bytes have arrived. */
export async function readCapped(stream: AsyncIterable<Uint8Array | string>, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    total += buffer.length;
    // Leaving the loop by throwing calls the iterator's return(), which destroys the stream.
    if (total >= maxBytes) throw new BodyTooLargeError(total);
    chunks.push(buffer);
  }
  return new Uint8Array(Buffer.concat(chunks, total));
}

/**
 * The body with its Content-Encoding undone (gzip, deflate, br), so that the cap applies to the
 * decoded bytes and a small compressed bomb cannot expand without bound. We ask for `identity`,
 * but servers do not always listen.
 */
export function decodeContent(body: Readable, encoding: string): Readable {
  const codings = encoding
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length === 0) return body;
  if (codings.length > 1) throw new UnsupportedEncodingError(`content-encoding ${encoding} is not supported`);
  const decoder = decoderFor(codings[0]!);
  if (!decoder) throw new UnsupportedEncodingError(`content-encoding ${codings[0]} is not supported`);
  return pipeline(body, decoder, () => {
    // Errors surface on the decoder, which the reader iterates.
  });
}

function decoderFor(coding: string): NodeJS.ReadWriteStream & Readable | null {
  if (coding === 'gzip' || coding === 'x-gzip') return createGunzip();
  if (coding === 'deflate') return createInflate();
  if (coding === 'br') return createBrotliDecompress();
  return null;
}
