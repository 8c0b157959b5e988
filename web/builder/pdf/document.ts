// A template's PDF, opened with pdf.js in the browser: its worker comes from our own origin
// (dist/web/pdf.worker.mjs beside this bundle), and nothing in the PDF may run code.
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import type { Api } from '../api.js';
import { normalizeRotation, type Rotation } from './page-space.js';

GlobalWorkerOptions.workerSrc = new URL('pdf.worker.mjs', import.meta.url).href;

/** A page's size in PDF points as displayed (its crop box, turned by its /Rotate), and that rotation. */
export interface PageSize {
  readonly width: number;
  readonly height: number;
  readonly rotation: Rotation;
}

export interface OpenPdf {
  readonly proxy: PDFDocumentProxy;
  readonly pageSizes: readonly PageSize[];
}

/** Opens the session's Cast `castEid` (its latest PDF). */
export async function openCastPdf(api: Api, castEid: string): Promise<OpenPdf> {
  return openPdfBytes(await api.bytes(`casts/${encodeURIComponent(castEid)}/pdf`));
}

/** Opens PDF bytes and reads every page's size (cheap: no page is drawn). */
export async function openPdfBytes(data: Uint8Array): Promise<OpenPdf> {
  const proxy = await getDocument({ data, isEvalSupported: false, enableXfa: false, stopAtErrors: false }).promise;
  const pageSizes: PageSize[] = [];
  for (let i = 1; i <= proxy.numPages; i++) {
    const page = await proxy.getPage(i);
    const viewport = page.getViewport({ scale: 1 });
    pageSizes.push({ width: viewport.width, height: viewport.height, rotation: normalizeRotation(page.rotate) });
  }
  return { proxy, pageSizes };
}
