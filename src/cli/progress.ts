// The progress line `quire render` keeps on standard error while a long document renders, when
// standard error is a terminal: one line, overwritten in place, cleared when the render ends.
import type { RenderProgress } from '../options.js';

/** Nothing is drawn for a render that ends sooner (ms): a short document does not flicker. */
const SHOW_AFTER_MS = 500;
/** Within a stage, the line is redrawn at most this often (ms). */
const REDRAW_MS = 100;
/** Back to the start of the line, and erase it (ECMA-48 EL). */
const CLEAR_LINE = '\r\x1b[K';

export class ProgressLine {
  private readonly start: number;
  private lastDraw = -Infinity;
  private lastPhase: RenderProgress['phase'] | null = null;
  private drawn = false;

  constructor(private readonly write: (text: string) => void, private readonly now: () => number) {
    this.start = now();
  }

  update(progress: RenderProgress): void {
    const now = this.now();
    if (now - this.start < SHOW_AFTER_MS) return;
    if (progress.phase === this.lastPhase && now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    this.lastPhase = progress.phase;
    this.drawn = true;
    this.write(`${CLEAR_LINE}quire: ${describeProgress(progress)}`);
  }

  /** Erases the line, if it was drawn, before anything else is printed. */
  clear(): void {
    if (this.drawn) this.write(CLEAR_LINE);
    this.drawn = false;
  }
}

function describeProgress(progress: RenderProgress): string {
  switch (progress.phase) {
    case 'parse': return 'parsing';
    case 'resources': return 'loading resources';
    case 'style': return 'applying styles';
    case 'boxes': return 'building boxes';
    case 'layout': return progress.pagesLaidOut === 0 ? 'laying out' : `${pages(progress.pagesLaidOut)} laid out, ${progress.pagesWritten} written`;
    case 'write': return `writing the PDF (${pages(progress.pagesWritten)})`;
  }
}

export function pages(count: number): string {
  return count === 1 ? '1 page' : `${count} pages`;
}
