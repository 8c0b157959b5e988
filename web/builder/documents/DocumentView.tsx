// One document's pages: its PDF opened once (and closed when the view goes), drawn lazily by
// PdfPages in a keyboard-scrollable region, with zoom and an optional overlay per page. Used by
// the packet and workflow builders.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Api } from '../api.js';
import { openCastPdf, type OpenPdf, type PageSize } from '../pdf/document.js';
import { PdfPages } from '../pdf/PdfPages.js';
import { ZOOM_STEPS, ZoomControl } from '../pdf/ZoomControl.js';
import './documents.css';

interface Props {
  readonly api: Api;
  readonly castEid: string;
  readonly title: string;
  /** Drawn over each page (see PdfPages). */
  readonly overlay?: ((pageIndex: number, size: PageSize) => ComponentChildren) | undefined;
}

type Loaded = { readonly state: 'loading' } | { readonly state: 'ready'; readonly pdf: OpenPdf } | { readonly state: 'failed'; readonly message: string };

export function DocumentView({ api, castEid, title, overlay }: Props) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [zoom, setZoom] = useState(1);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let opened: OpenPdf | null = null;
    setLoaded({ state: 'loading' });
    openCastPdf(api, castEid).then(
      (pdf) => {
        if (cancelled) {
          void pdf.proxy.destroy();
          return;
        }
        opened = pdf;
        setZoom(fitZoom(pdf, scroller.current?.clientWidth ?? 0));
        setLoaded({ state: 'ready', pdf });
      },
      (error: unknown) => {
        if (!cancelled) setLoaded({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
      void opened?.proxy.destroy();
    };
  }, [api, castEid]);

  return (
    <div class="document-view">
      <div class="document-toolbar">
        {loaded.state === 'ready' && <span class="document-pages">{pageCount(loaded.pdf)}</span>}
        <ZoomControl zoom={zoom} onZoom={setZoom} />
      </div>
      <div class="document-scroller" ref={scroller} tabIndex={0} role="region" aria-label={`Pages of ${title}`}>
        {loaded.state === 'loading' && <p class="document-status" role="status">Loading {title}…</p>}
        {loaded.state === 'failed' && <p class="alert" role="alert">{title} could not be shown: {loaded.message}</p>}
        {loaded.state === 'ready' && <PdfPages pdf={loaded.pdf} scale={zoom} {...(overlay ? { overlay } : {})} />}
      </div>
    </div>
  );
}

function pageCount(pdf: OpenPdf): string {
  const n = pdf.pageSizes.length;
  return n === 1 ? '1 page' : `${n} pages`;
}

/** The largest zoom step at which the widest page fits the view (between 50% and 100%). */
function fitZoom(pdf: OpenPdf, viewWidth: number): number {
  const widest = Math.max(1, ...pdf.pageSizes.map((size) => size.width));
  const available = viewWidth - 48; // the pages' padding and a scrollbar
  if (available <= 0) return 1;
  const fitting = [...ZOOM_STEPS].reverse().find((step) => step <= 1 && widest * step <= available);
  return fitting ?? ZOOM_STEPS[0];
}
