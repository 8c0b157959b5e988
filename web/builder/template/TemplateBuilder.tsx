// The template builder (edit-pdf-template, mode preset-fields; embedded-builders.md §4.1, §6):
// opens the Cast's PDF, then shows the editor; once the template is saved, the thank-you page.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { BuilderProps } from '../context.js';
import { ErrorNotice } from '../common/ErrorNotice.js';
import { ThankYou } from '../common/ThankYou.js';
import { openCastPdf, type OpenPdf } from '../pdf/document.js';
import { Editor } from './Editor.js';
import { readOptions } from './options.js';
import type { CastObject } from './types.js';

export function TemplateBuilder({ api, messenger, loaded }: BuilderProps<CastObject>) {
  const options = useMemo(() => readOptions(loaded.options), [loaded]);
  const cast = loaded.object;
  const [pdf, setPdf] = useState<OpenPdf | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    let cancelled = false;
    openCastPdf(api, cast.eid).then(
      (opened) => (cancelled ? void opened.proxy.destroy() : setPdf(opened)),
      (error: Error) => !cancelled && setLoadError(error.message),
    );
    return () => {
      cancelled = true;
    };
  }, [api, cast.eid]);

  if (done) return <ThankYou title="Template saved" message="Your fields are saved. You can close this window." />;
  if (loadError) return <ErrorNotice title="The document could not be opened" message={loadError} />;
  if (!pdf) {
    return (
      <main class="notice" aria-busy="true">
        <p role="status">Opening the document…</p>
      </main>
    );
  }
  return <Editor api={api} messenger={messenger} cast={cast} options={options} initialPdf={pdf} onDone={() => setDone(true)} />;
}
