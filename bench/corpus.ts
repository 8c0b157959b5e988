// The benchmark documents and the figures we compare against, from the corpus README.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cardsDocument } from './cards-document.js';
import { marginDocument } from './margin-document.js';
import { scriptDocument, type BenchScript } from './script-document.js';
import { markdownDocument } from './markdown-document.js';
import { tableDocument } from './table-document.js';

/** One benchmark document: a file of the corpus folder, or a table or handbook generated here. */
export type CorpusDocument = FileDocument | TableDocument | MarginDocument | MarkdownDocument | CardsDocument | ScriptDocument;

export interface FileDocument {
  readonly kind: 'file';
  readonly name: string;
  readonly file: string;
}

/** A generated 6-column table (`table-document.ts`); its time is also shown per 1,000 rows. */
export interface TableDocument {
  readonly kind: 'table';
  readonly name: string;
  readonly rows: number;
}

/** A generated handbook with margin boxes (`margin-document.ts`); its time is also shown per 1,000 pages. */
export interface MarginDocument {
  readonly kind: 'margins';
  readonly name: string;
  readonly chapters: number;
}

/** A generated catalogue laid out with flexbox or grid (`cards-document.ts`); its time is also shown per 1,000 cards. */
export interface CardsDocument {
  readonly kind: 'cards';
  readonly name: string;
  readonly layout: 'flex' | 'grid';
  readonly cards: number;
}

/** A generated notice in one script or in all of them (`script-document.ts`); its time is also shown per page. */
export interface ScriptDocument {
  readonly kind: 'script';
  readonly name: string;
  readonly script: BenchScript;
  readonly sections: number;
}

/** A generated Markdown-mode request (`markdown-document.ts`); its time is also shown per 1,000 items. */
export interface MarkdownDocument {
  readonly kind: 'markdown';
  readonly name: string;
  readonly items: number;
}

export const CORPUS_DOCUMENTS: readonly CorpusDocument[] = [
  { kind: 'file', name: 'invoice', file: 'invoice.html' },
  { kind: 'file', name: 'paged', file: 'paged.html' },
  { kind: 'file', name: 'cjk', file: 'cjk.html' },
  { kind: 'file', name: 'report', file: 'report.html' },
  { kind: 'file', name: 'book', file: 'book.html' },
  { kind: 'table', name: 'table-1k', rows: 1000 },
  { kind: 'table', name: 'table-5k', rows: 5000 },
  { kind: 'margins', name: 'margins-100', chapters: 100 },
  { kind: 'margins', name: 'margins-500', chapters: 500 },
  { kind: 'markdown', name: 'md-1', items: 1 },
  { kind: 'markdown', name: 'md-2000', items: 2000 },
  { kind: 'cards', name: 'flex-200', layout: 'flex', cards: 200 },
  { kind: 'cards', name: 'flex-1k', layout: 'flex', cards: 1000 },
  { kind: 'cards', name: 'grid-200', layout: 'grid', cards: 200 },
  { kind: 'cards', name: 'grid-1k', layout: 'grid', cards: 1000 },
  { kind: 'script', name: 'multilingual', script: 'mixed', sections: 60 },
  { kind: 'script', name: 'text-latin', script: 'latin', sections: 60 },
  { kind: 'script', name: 'text-arabic', script: 'arabic', sections: 60 },
  { kind: 'script', name: 'text-hebrew', script: 'hebrew', sections: 60 },
  { kind: 'script', name: 'text-hindi', script: 'devanagari', sections: 60 },
  { kind: 'script', name: 'text-thai', script: 'thai', sections: 60 },
];

/** The corpus folder: $QUIRE_BENCH_CORPUS, else `../shared/bench-corpus` beside the repository. */
export function corpusDir(repoRoot: string): string {
  return process.env.QUIRE_BENCH_CORPUS ?? path.resolve(repoRoot, '../shared/bench-corpus');
}

/** The generate-pdf request body of a document: a corpus file or a generated document. */
export function documentRequest(doc: CorpusDocument, dir: string): Record<string, unknown> {
  const html = (text: string) => ({ type: 'html', title: doc.name, data: { html: text, css: '' } });
  switch (doc.kind) {
    case 'file': return html(readFileSync(path.join(dir, doc.file), 'utf8'));
    case 'table': return html(tableDocument(doc.rows));
    case 'margins': return html(marginDocument(doc.chapters));
    case 'markdown': return { type: 'markdown', ...markdownDocument(doc.items) };
    case 'cards': return html(cardsDocument(doc.layout, doc.cards));
    case 'script': return html(scriptDocument(doc.script, doc.sections));
  }
}
