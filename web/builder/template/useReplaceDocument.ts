// The Edit menu's "Replace document…": the chosen file is opened here first (a file pdf.js
// cannot open is refused before it is sent), uploaded as the Cast's new PDF for the version the
// builder edits, and then shown; the placed fields stay.
import { useState } from 'preact/hooks';
import type { Api } from '../api.js';
import { openPdfBytes, type OpenPdf } from '../pdf/document.js';

interface Input {
  readonly api: Api;
  readonly version: { current: number };
  readonly announce: (text: string) => void;
  readonly onReplaced: (pdf: OpenPdf) => void;
}

export function useReplaceDocument({ api, version, announce, onReplaced }: Input) {
  const [replacing, setReplacing] = useState(false);
  const [replaceError, setReplaceError] = useState<string | null>(null);

  const replace = async (file: File): Promise<void> => {
    if (replacing) return;
    setReplacing(true);
    setReplaceError(null);
    announce('Replacing the document…');
    let opened: OpenPdf | null = null;
    try {
      const bytes = await file.arrayBuffer();
      try {
        opened = await openPdfBytes(new Uint8Array(bytes.slice(0))); // pdf.js takes its copy to its worker
      } catch {
        throw new Error(`${file.name} could not be opened as a PDF.`);
      }
      const result = await api.upload<{ versionNumber: number }>(`cast/document?versionNumber=${version.current}`, bytes, 'application/pdf');
      version.current = result.versionNumber;
      const next = opened;
      opened = null;
      onReplaced(next);
      const pages = next.pageSizes.length;
      announce(`Document replaced. It has ${pages} ${pages === 1 ? 'page' : 'pages'}.`);
    } catch (error) {
      void opened?.proxy.destroy();
      setReplaceError(`The document was not replaced: ${(error as Error).message}`);
    } finally {
      setReplacing(false);
    }
  };

  return { replacing, replaceError, replace };
}
