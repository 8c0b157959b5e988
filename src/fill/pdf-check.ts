// Checking an uploaded template before it becomes a Cast: it must be a PDF, unencrypted, and
// readable both by pdf-lib (which fills it) and by pdf.js (which finds its fields), with a page.
// Each refusal says why in words a person uploading the file understands.

import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { checkPdfHeader, damagedPdf, encryptedPdf, loadTemplate, reasonOf } from './template.js';

/** Resolves when `bytes` is a usable template PDF; otherwise rejects with a TemplatePdfError. */
export async function checkTemplatePdf(bytes: Uint8Array): Promise<void> {
  await loadTemplate(bytes);
  await checkReadableByPdfjs(bytes);
}

/** pdf.js (which finds fields here, and shows the pages in the builders) opens it and its first page. */
export async function checkReadableByPdfjs(bytes: Uint8Array): Promise<void> {
  const doc = await openPdfjs(bytes);
  try {
    await doc.getPage(1); // numPages comes from the catalog; the first page must also resolve
  } catch (error) {
    throw damagedPdf(`its first page cannot be read (${reasonOf(error)})`);
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
  checkPdfHeader(bytes);
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
    if ((error as Error | undefined)?.name === 'PasswordException') throw encryptedPdf();
    throw damagedPdf(`it cannot be read (${reasonOf(error)})`);
  }
  if (doc.numPages < 1) {
    await doc.destroy();
    throw damagedPdf('it has no pages');
  }
  return doc;
}
