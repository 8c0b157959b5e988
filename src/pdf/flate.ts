// FlateDecode streams (ISO 32000-1 §7.4.4) compressed with Node's native zlib: several times
// faster than pdf-lib's pure-JS deflate, and deterministic for a given Node release.
import { deflateSync } from 'node:zlib';
import type { PDFContext, PDFRawStream } from 'pdf-lib';

/** zlib-compresses bytes or a latin-1/ASCII string (content streams are ASCII). */
export function deflate(content: string | Uint8Array): Uint8Array {
  const input = typeof content === 'string' ? Buffer.from(content, 'latin1') : content;
  return deflateSync(input, { level: 6 });
}

/** A FlateDecode stream object with extra dictionary entries. */
export function flateStream(context: PDFContext, content: string | Uint8Array, dict: Record<string, unknown> = {}): PDFRawStream {
  return context.stream(deflate(content), { ...dict, Filter: 'FlateDecode' } as never);
}
