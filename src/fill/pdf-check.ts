// Checking an uploaded template before it becomes a Cast: it must be a PDF, unencrypted, and
// readable both by pdf-lib (which fills it) and by pdf.js (which finds its fields), with a page.
// Each refusal says why in words a person uploading the file understands.

import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { FillError } from './errors.js';
import { MAX_TEMPLATE_BYTES } from './limits.js';

export type TemplatePdfProblem = 'notPdf' | 'tooLarge' | 'encrypted' | 'damaged';

/**
 * An uploaded template that cannot be used. A FillError (its `name` stays 'FillError'), so
 * the server's existing mapping answers it as an unusable template with this message.
 */
export class TemplatePdfError extends FillError {
  constructor(
    readonly problem: TemplatePdfProblem,
    message: string,
  ) {
    super(message);
  }
}

/** Resolves when `bytes` is a usable template PDF; otherwise rejects with a TemplatePdfError. */
export async function checkTemplatePdf(bytes: Uint8Array): Promise<void> {
  checkHeader(bytes);
  await checkWithPdfLib(bytes);
  const doc = await openPdfjs(bytes);
  try {
    await doc.getPage(1); // numPages comes from the catalog; the first page must also resolve
  } catch (error) {
    throw damaged(`its first page cannot be read (${reasonOf(error)})`);
  } finally {
    await doc.destroy();
  }
}

/**
 * The PDF opened with pdf.js in this thread (its "fake worker"), quietly: no console warnings,
 * no system fonts, no eval, images above one pixel skipped (text and paths are all that is read).
 * The caller destroys the document. Rejects with a TemplatePdfError.
 */
export async function openPdfjs(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  checkHeader(bytes);
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs'); // lazy: large, and only needed here
  const task = pdfjs.getDocument({
    data: bytes.slice(), // pdf.js takes ownership of (and may detach) the buffer it is given
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    stopAtErrors: false,
    maxImageSize: 1,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy();
    if ((error as Error | undefined)?.name === 'PasswordException') throw encrypted();
    throw damaged(`it cannot be read (${reasonOf(error)})`);
  }
  if (doc.numPages < 1) {
    await doc.destroy();
    throw damaged('it has no pages');
  }
  return doc;
}

/** §7.5.2: the header is `%PDF-`; readers accept it within the first 1024 bytes. */
function checkHeader(bytes: Uint8Array): void {
  if (bytes.byteLength > MAX_TEMPLATE_BYTES) {
    throw new TemplatePdfError('tooLarge', `The PDF is larger than ${MAX_TEMPLATE_BYTES / 1024 / 1024} MB.`);
  }
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new TemplatePdfError('notPdf', 'The file is not a PDF (it has no %PDF- header).');
}

/** Encrypted: the trailer has /Encrypt (§7.6). Damaged: pdf-lib, which fills it, cannot parse it. */
async function checkWithPdfLib(bytes: Uint8Array): Promise<void> {
  let doc: PDFDocument;
  try {
    // ignoreEncryption, then isEncrypted: pdf-lib's EncryptedPDFError is an ES5 subclass that instanceof does not recognise.
    doc = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest, ignoreEncryption: true });
  } catch (error) {
    throw damaged(`it cannot be read (${reasonOf(error)})`);
  }
  if (doc.isEncrypted) throw encrypted();
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch (error) {
    throw damaged(`its page tree cannot be read (${reasonOf(error)})`);
  }
  if (pages === 0) throw damaged('it has no pages');
}

function encrypted(): TemplatePdfError {
  return new TemplatePdfError('encrypted', 'The PDF is encrypted (password-protected or restricted); upload an unencrypted copy.');
}

function damaged(detail: string): TemplatePdfError {
  return new TemplatePdfError('damaged', `The PDF is damaged: ${detail}.`);
}

/** A library's error message, one line and short, without a trailing period. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n')[0]!.trim().replace(/\.$/, '');
  return line.length > 120 ? `${line.slice(0, 117)}...` : line || 'unknown error';
}
