// A strip of small page images; each is a button that scrolls its page into view. A builder may
// mark places on them (the template builder's fields): drawn only, hidden from screen readers.
import { useRef } from 'preact/hooks';
import type { OpenPdf } from './document.js';
import { PageCanvas } from './PageCanvas.js';
import type { Rect } from './page-space.js';
import { useVisible } from './useVisible.js';

const THUMBNAIL_WIDTH = 96;

/** A place on a page to outline on its thumbnail: a rect in the displayed page's points, from its bottom-left (as a field's). */
export interface ThumbnailMark extends Rect {
  /** Drawn in the accent colour. */
  readonly selected: boolean;
}

interface Props {
  readonly pdf: OpenPdf;
  readonly currentPage: number;
  readonly onSelect: (pageIndex: number) => void;
  /** The marks on page `pageIndex`'s thumbnail. */
  readonly marks?: (pageIndex: number) => readonly ThumbnailMark[];
}

export function Thumbnails({ pdf, currentPage, onSelect, marks }: Props) {
  return (
    <nav class="thumbnails" aria-label="Pages">
      <ol>
        {pdf.pageSizes.map((size, i) => (
          <li key={i}>
            <Thumbnail pdf={pdf} pageIndex={i} scale={THUMBNAIL_WIDTH / size.width} current={i === currentPage} onSelect={onSelect} marks={marks?.(i) ?? []} />
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Thumbnail({ pdf, pageIndex, scale, current, onSelect, marks }: { pdf: OpenPdf; pageIndex: number; scale: number; current: boolean; onSelect: (i: number) => void; marks: readonly ThumbnailMark[] }) {
  const element = useRef<HTMLButtonElement>(null);
  const visible = useVisible(element, '50% 0px');
  const size = pdf.pageSizes[pageIndex]!;
  return (
    <button ref={element} type="button" class="thumbnail" aria-current={current ? 'page' : undefined} aria-label={`Go to page ${pageIndex + 1}`}
      onClick={() => onSelect(pageIndex)}>
      <span class="thumbnail-page" style={{ width: `${THUMBNAIL_WIDTH}px`, height: `${size.height * scale}px` }}>
        <PageCanvas proxy={pdf.proxy} pageIndex={pageIndex} scale={scale} visible={visible} />
        {marks.length > 0 && (
          <span class="thumbnail-marks" aria-hidden="true">
            {marks.map((mark, i) => (
              <span key={i} class={`thumbnail-mark${mark.selected ? ' is-selected' : ''}`}
                style={{ left: `${mark.x * scale}px`, top: `${(size.height - mark.y - mark.height) * scale}px`, width: `${mark.width * scale}px`, height: `${mark.height * scale}px` }} />
            ))}
          </span>
        )}
      </span>
      <span class="thumbnail-number" aria-hidden="true">{pageIndex + 1}</span>
    </button>
  );
}
