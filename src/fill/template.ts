// Opening a template: the bytes must be a PDF that pdf-lib can read, unencrypted (an
// encrypted file's strings and streams cannot be changed without its key), with a page.

import { EncryptedPDFError, ParseSpeeds, PDFDocument } from 'pdf-lib';
import { FillError } from './errors.js';
import { MAX_TEMPLATE_BYTES } from './limits.js';

/** The template as a pdf-lib document; a FillError says why when it cannot be one. */
export async function loadTemplate(bytes: Uint8Array): Promise<PDFDocument> {
  if (bytes.byteLength > MAX_TEMPLATE_BYTES) throw new FillError(`the template is larger than ${MAX_TEMPLATE_BYTES / 1024 / 1024} MB`);
  if (!hasPdfHeader(bytes)) throw new FillError('the template is not a PDF file (no %PDF- header)');
  let doc: PDFDocument;
  try {
    // updateMetadata: false keeps the clock out (the writer sets the dates itself).
    doc = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw new FillError('the template is encrypted; fill needs an unencrypted PDF');
    throw new FillError(`the template PDF could not be read (${(error as Error).message})`);
  }
  let pages: number;
  try {
    pages = doc.getPages().length; // walks the page tree once; later steps use the cached list
  } catch (error) {
    throw new FillError(`the template's page tree could not be read (${(error as Error).message})`);
  }
  if (pages === 0) throw new FillError('the template PDF has no pages');
  return doc;
}

/** §7.5.2: the header is `%PDF-`; readers accept it within the first 1024 bytes. */
function hasPdfHeader(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  return head.includes('%PDF-');
}
