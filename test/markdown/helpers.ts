// Helpers for the Markdown-mode tests: the built HTML read back through the engine's own
// parser (so assertions are about elements and attributes, not string shapes), and the PDF
// text of a rendered body through poppler's pdftotext and pdfinfo.
import { parseHtml } from '../../src/dom/parse.js';
import type { DomElement, DomNode } from '../../src/dom/types.js';
import { markdownDocument, type MarkdownDocument } from '../../src/markdown/document.js';
import type { RenderOptions } from '../../src/options.js';
import { renderUnchecked } from '../../src/render.js';
import type { NormalizedMarkdownRequest } from '../../src/request/types.js';
import { normalizeRequest } from '../../src/request/validate.js';
import { poppler, writeTemp } from '../pdf/helpers.js';

/** The fixed generation time of these tests: 2000-01-01T00:00:00Z. */
export const EPOCH = new Date(Date.UTC(2000, 0, 1, 0, 0, 0));

/** normalizeRequest for a body that must be in Markdown mode. */
export function markdownRequest(body: unknown): NormalizedMarkdownRequest {
  const request = normalizeRequest(body);
  if (request.mode !== 'markdown') throw new Error(`expected markdown mode, got ${request.mode}`);
  return request;
}

/** A body through normalizeRequest and markdownDocument. */
export function buildDocument(body: unknown, generatedAt: Date = EPOCH): MarkdownDocument {
  return markdownDocument(markdownRequest(body), generatedAt);
}

/** Every element of the subtree (root included), in document order. */
export function elements(root: DomElement): DomElement[] {
  const out: DomElement[] = [];
  const walk = (node: DomElement) => {
    out.push(node);
    for (const child of node.children) if (child.kind === 'element') walk(child);
  };
  walk(root);
  return out;
}

/** The elements with this tag name. */
export function byTag(root: DomElement, tag: string): DomElement[] {
  return elements(root).filter((e) => e.tagName === tag);
}

/** The elements whose class list holds `name`. */
export function byClass(root: DomElement, name: string): DomElement[] {
  return elements(root).filter((e) => (e.attrs.get('class') ?? '').split(/\s+/).includes(name));
}

/** The element children of an element. */
export function childElements(element: DomElement): DomElement[] {
  return element.children.filter((c): c is DomElement => c.kind === 'element');
}

/** The text content of a node. */
export function textOf(node: DomNode): string {
  return node.kind === 'text' ? node.text : node.children.map(textOf).join('');
}

/** An HTML fragment parsed into its <body>. */
export function fragment(html: string): DomElement {
  const body = byTag(parseHtml(html).root, 'body')[0];
  if (!body) throw new Error('no body');
  return body;
}

/** A built document's <body>. */
export function bodyOf(doc: MarkdownDocument): DomElement {
  return fragment(doc.html);
}

/** The options every end-to-end test renders with: no clock, no network font provider. */
export const E2E: RenderOptions = { deterministic: true, fontProvider: false };

export interface RenderedPdf {
  readonly path: string;
  readonly pageCount: number;
  readonly warnings: readonly string[];
  /** pdftotext of the whole document, or of one page (1-based). */
  text(page?: number): string;
  /** pdfinfo's output. */
  info(): string;
  /** The first page (1-based) whose text holds `needle`, or -1. */
  pageOf(needle: string): number;
}

/** Renders a body to a PDF file and reads it back with poppler. */
export async function renderPdf(body: unknown, options: RenderOptions = E2E): Promise<RenderedPdf> {
  const out = await renderUnchecked(body, options);
  const path = writeTemp('markdown.pdf', out.pdf);
  const pages = new Map<number, string>();
  const text = (page?: number) => {
    if (page === undefined) return poppler('pdftotext', ['-enc', 'UTF-8', path, '-']).stdout;
    let cached = pages.get(page);
    if (cached === undefined) {
      cached = poppler('pdftotext', ['-enc', 'UTF-8', '-f', String(page), '-l', String(page), path, '-']).stdout;
      pages.set(page, cached);
    }
    return cached;
  };
  return {
    path,
    pageCount: out.pageCount,
    warnings: out.warnings,
    text,
    info: () => poppler('pdfinfo', ['-enc', 'UTF-8', path]).stdout,
    pageOf: (needle) => {
      for (let p = 1; p <= out.pageCount; p++) if (text(p).includes(needle)) return p;
      return -1;
    },
  };
}
