// The benchmark documents and the figures we compare against, from the corpus README.

import path from 'node:path';

/** One document of the corpus. */
export interface CorpusDocument {
  readonly name: string;
  readonly file: string;
  /** Chromium's median for this document, warm and in-process, in ms. */
  readonly chromiumWarmMs: number;
}

// Chromium-warm medians from ../shared/bench-corpus/README.md, table "What the alternatives do
// on this machine (2 cores; medians)", column "Chromium warm" (puppeteer page.setContent +
// page.pdf with the browser already running). Update them here if that README changes.
export const CORPUS_DOCUMENTS: readonly CorpusDocument[] = [
  { name: 'invoice', file: 'invoice.html', chromiumWarmMs: 106 },
  { name: 'paged', file: 'paged.html', chromiumWarmMs: 188 },
  { name: 'cjk', file: 'cjk.html', chromiumWarmMs: 368 },
  { name: 'report', file: 'report.html', chromiumWarmMs: 4190 },
  { name: 'book', file: 'book.html', chromiumWarmMs: 2930 },
];

/** The corpus folder: $QUIRE_BENCH_CORPUS, else `../shared/bench-corpus` beside the repository. */
export function corpusDir(repoRoot: string): string {
  return process.env.QUIRE_BENCH_CORPUS ?? path.resolve(repoRoot, '../shared/bench-corpus');
}
