// One PDF page drawn into a canvas at `scale` CSS pixels per point (times the device pixel
// ratio, so it is sharp), only while `visible`: a long document never draws every page at once.
import { useEffect, useRef } from 'preact/hooks';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';

interface Props {
  readonly proxy: PDFDocumentProxy;
  /** 0-based. */
  readonly pageIndex: number;
  readonly scale: number;
  readonly visible: boolean;
}

export function PageCanvas({ proxy, pageIndex, scale, visible }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!visible || !element) return undefined;
    let task: RenderTask | null = null;
    let cancelled = false;
    void proxy.getPage(pageIndex + 1).then((page) => {
      if (cancelled) return;
      const ratio = Math.min(window.devicePixelRatio || 1, 3);
      const viewport = page.getViewport({ scale: scale * ratio });
      element.width = Math.floor(viewport.width);
      element.height = Math.floor(viewport.height);
      task = page.render({ canvas: element, viewport });
      task.promise.catch(() => undefined); // cancelled by a zoom or scroll: nothing to report
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [proxy, pageIndex, scale, visible]);
  return <canvas ref={canvas} class="page-canvas" aria-hidden="true" />;
}
