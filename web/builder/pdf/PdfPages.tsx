// The document's pages one under the other, each drawn only near the view, with an overlay
// per page (the template builder's fields) in CSS pixels: `scale` pixels per PDF point.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { OpenPdf, PageSize } from './document.js';
import { PageCanvas } from './PageCanvas.js';
import { useVisible } from './useVisible.js';

interface Props {
  readonly pdf: OpenPdf;
  readonly scale: number;
  /** Drawn over page `pageIndex`, in a box of the page's size at `scale`. */
  readonly overlay?: (pageIndex: number, size: PageSize) => ComponentChildren;
  /** Called with the 0-based index of the page most in view when it changes. */
  readonly onCurrentPage?: (pageIndex: number) => void;
  /**
   * When the pages scroll inside this element: its accessible name. It then is a focusable
   * region, so the keyboard can scroll it even when no page holds a focusable element.
   */
  readonly label?: string;
}

export function PdfPages({ pdf, scale, overlay, onCurrentPage, label }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = scroller.current;
    if (!element || !onCurrentPage) return undefined;
    let last = -1;
    const update = (): void => {
      const index = pageInView(element);
      if (index !== last) onCurrentPage((last = index));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    return () => element.removeEventListener('scroll', update);
  }, [onCurrentPage, pdf]);
  return (
    <div class="pdf-pages" ref={scroller} {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}>
      {pdf.pageSizes.map((size, i) => (
        <Page key={i} pdf={pdf} pageIndex={i} size={size} scale={scale} overlay={overlay} />
      ))}
    </div>
  );
}

function Page({ pdf, pageIndex, size, scale, overlay }: { pdf: OpenPdf; pageIndex: number; size: PageSize; scale: number; overlay: Props['overlay'] }) {
  const element = useRef<HTMLElement>(null);
  const visible = useVisible(element);
  return (
    <section ref={element} class="pdf-page" data-page={pageIndex} aria-label={`Page ${pageIndex + 1} of ${pdf.pageSizes.length}`}
      style={{ width: `${size.width * scale}px`, height: `${size.height * scale}px` }}>
      <PageCanvas proxy={pdf.proxy} pageIndex={pageIndex} scale={scale} visible={visible} />
      {overlay?.(pageIndex, size)}
    </section>
  );
}

/** The page whose box covers the middle of the scroller's view (the last one above it otherwise). */
function pageInView(scroller: HTMLElement): number {
  const pages = scroller.querySelectorAll<HTMLElement>('.pdf-page');
  const middle = scroller.scrollTop + scroller.clientHeight / 2;
  let low = 0;
  let high = pages.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (pages[mid]!.offsetTop <= middle) low = mid;
    else high = mid - 1;
  }
  return Math.max(0, low);
}

/** Scrolls the page `pageIndex` of the PdfPages inside `root` into view. */
export function scrollToPage(root: ParentNode, pageIndex: number): void {
  root.querySelector(`.pdf-page[data-page="${pageIndex}"]`)?.scrollIntoView({ block: 'start' });
}
