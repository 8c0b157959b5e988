// A strip of small page images; each is a button that scrolls its page into view.
import { useRef } from 'preact/hooks';
import type { OpenPdf } from './document.js';
import { PageCanvas } from './PageCanvas.js';
import { useVisible } from './useVisible.js';

const THUMBNAIL_WIDTH = 96;

interface Props {
  readonly pdf: OpenPdf;
  readonly currentPage: number;
  readonly onSelect: (pageIndex: number) => void;
}

export function Thumbnails({ pdf, currentPage, onSelect }: Props) {
  return (
    <nav class="thumbnails" aria-label="Pages">
      <ol>
        {pdf.pageSizes.map((size, i) => (
          <li key={i}>
            <Thumbnail pdf={pdf} pageIndex={i} scale={THUMBNAIL_WIDTH / size.width} current={i === currentPage} onSelect={onSelect} />
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Thumbnail({ pdf, pageIndex, scale, current, onSelect }: { pdf: OpenPdf; pageIndex: number; scale: number; current: boolean; onSelect: (i: number) => void }) {
  const element = useRef<HTMLButtonElement>(null);
  const visible = useVisible(element, '50% 0px');
  const size = pdf.pageSizes[pageIndex]!;
  return (
    <button ref={element} type="button" class="thumbnail" aria-current={current ? 'page' : undefined} aria-label={`Go to page ${pageIndex + 1}`}
      onClick={() => onSelect(pageIndex)}>
      <span class="thumbnail-page" style={{ width: `${THUMBNAIL_WIDTH}px`, height: `${size.height * scale}px` }}>
        <PageCanvas proxy={pdf.proxy} pageIndex={pageIndex} scale={scale} visible={visible} />
      </span>
      <span class="thumbnail-number" aria-hidden="true">{pageIndex + 1}</span>
    </button>
  );
}
