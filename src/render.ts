// The pipeline entry: request → dom → resources → css → boxes → layout → paint → pdf.
import { buildBoxTree } from './boxes/build.js';
import { styleDocument } from './css/style-document.js';
import { parseHtml } from './dom/parse.js';
import { paginate } from './layout/page/paginate.js';
import type { RenderOptions } from './options.js';
import { paintPage } from './paint/paint.js';
import type { PageDisplayList } from './paint/types.js';
import { writePdf } from './pdf/write.js';
import { normalizeRequest } from './request/validate.js';
import { loadResources } from './resources/load.js';

/** What a render produced, for callers that want more than the bytes (the CLI prints warnings). */
export interface RenderResult {
  readonly pdf: Uint8Array;
  readonly pageCount: number;
  readonly warnings: readonly string[];
}

/** Renders a generate-pdf request body (type "html") to PDF bytes. Rejects with ValidationError on bad input. */
export async function render(input: unknown, options: RenderOptions = {}): Promise<Uint8Array> {
  return (await renderDocument(input, options)).pdf;
}

/** Like render(), but also returns the page count and the warnings. */
export async function renderDocument(input: unknown, options: RenderOptions = {}): Promise<RenderResult> {
  const laid = await renderToDisplayLists(input, options);
  // pdf/: display lists → PDF bytes (fonts subset once, images once).
  const pdf = await writePdf({
    pages: laid.pages,
    title: laid.title,
    deterministic: options.deterministic ?? false,
    ...(options.creationDate ? { creationDate: options.creationDate } : {}),
  });
  return { pdf, pageCount: laid.pages.length, warnings: laid.warnings };
}

/** The pipeline up to paint: one display list per page. Golden tests compare these. */
export async function renderToDisplayLists(
  input: unknown,
  options: RenderOptions = {},
): Promise<{ pages: PageDisplayList[]; title: string | null; warnings: string[] }> {
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    options.onWarning?.(message);
  };
  // request/: validate the API body; the page object becomes an @page rule before the author CSS.
  const request = normalizeRequest(input);
  // dom/: parse5 → element tree.
  const doc = parseHtml(request.html);
  // resources/: everything external, before layout.
  const resources = await loadResources(doc, warn);
  // css/: cascade → computed styles and @page rules.
  const styled = styleDocument(doc, { authorCss: [request.pageCss, request.css], onWarning: warn });
  // boxes/: box tree with anonymous boxes, markers, generated content.
  const tree = buildBoxTree(styled, { images: resources.images });
  for (const w of tree.warnings) warn(w);
  // layout/: pages one at a time, each from the previous page's break token.
  const pages = paginate({ root: tree.root, pageRules: styled.pageRules, onWarning: warn });
  // paint/: fragments → display lists.
  const lists = pages.map((page) => paintPage(page, tree.root));
  return { pages: lists, title: request.title ?? doc.title, warnings };
}
