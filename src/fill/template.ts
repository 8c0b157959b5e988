// Opening a template: the bytes must be a PDF that pdf-lib can read, unencrypted (an
// encrypted file's strings and streams cannot be changed without its key), with a page. Each
// refusal is a TemplatePdfError that says why in words a person uploading the file understands.

import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import { TemplatePdfError } from './errors.js';
import { MAX_TEMPLATE_BYTES } from './limits.js';

/** The template as a pdf-lib document; a TemplatePdfError says why when it cannot be one. */
export async function loadTemplate(bytes: Uint8Array): Promise<PDFDocument> {
  checkPdfHeader(bytes);
  let doc: PDFDocument;
  try {
    // updateMetadata: false keeps the clock out (the writer sets the dates itself).
    // ignoreEncryption, then isEncrypted: pdf-lib's EncryptedPDFError is an ES5 subclass that instanceof does not recognise.
    doc = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest, ignoreEncryption: true });
  } catch (error) {
    throw damagedPdf(`it cannot be read (${reasonOf(error)})`);
  }
  if (doc.isEncrypted) throw encryptedPdf();
  let pages: number;
  try {
    pages = doc.getPages().length; // walks the page tree once; later steps use the cached list
  } catch (error) {
    throw damagedPdf(`its page tree cannot be read (${reasonOf(error)})`);
  }
  if (pages === 0) throw damagedPdf('it has no pages');
  return doc;
}

/** Not too large, and §7.5.2's `%PDF-` header within the first 1024 bytes, where readers accept it. */
export function checkPdfHeader(bytes: Uint8Array): void {
  if (bytes.byteLength > MAX_TEMPLATE_BYTES) {
    throw new TemplatePdfError('tooLarge', `The PDF is larger than ${MAX_TEMPLATE_BYTES / 1024 / 1024} MB.`);
  }
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new TemplatePdfError('notPdf', 'The file is not a PDF (it has no %PDF- header).');
}

export function encryptedPdf(): TemplatePdfError {
  return new TemplatePdfError('encrypted', 'The PDF is encrypted (password-protected or restricted); upload an unencrypted copy.');
}

export function damagedPdf(detail: string): TemplatePdfError {
  return new TemplatePdfError('damaged', `The PDF is damaged: ${detail}.`);
}

/** A library's error message, one line and short, without a trailing period. */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n')[0]!.trim().replace(/\.$/, '');
  return line.length > 120 ? `${line.slice(0, 117)}...` : line || 'unknown error';
}
