// The pipeline entry: request → dom → resources → css → boxes → layout → paint → pdf.
import { buildBoxTree } from './boxes/build.js';
import type { BoxTree } from './boxes/types.js';
import { styleDocument } from './css/style-document.js';
import type { StyledDocument } from './css/types.js';
import { parseHtml } from './dom/parse.js';
import { paginate } from './layout/page/paginate.js';
import type { RenderOptions } from './options.js';
import { paintPage } from './paint/paint.js';
import type { PageDisplayList } from './paint/types.js';
import { PdfWriter } from './pdf/write.js';
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
  const doc = await prepareDocument(input, options);
  // pdf/: each page is painted and written as soon as it is laid out, then let go.
  const writer = await PdfWriter.create({
    title: doc.title,
    deterministic: options.deterministic ?? false,
    onWarning: doc.warn,
    ...(options.creationDate ? { creationDate: options.creationDate } : {}),
  });
  let pageCount = 0;
  for (const page of paginate({ root: doc.tree.root, pageRules: doc.styled.pageRules, pageBase: doc.styled.pageBase, onWarning: doc.warn })) {
    await writer.addPage(paintPage(page, doc.tree.root));
    pageCount++;
  }
  const pdf = await writer.finish();
  return { pdf, pageCount, warnings: doc.warnings };
}

/** The pipeline up to paint: one display list per page. Golden tests compare these. */
export async function renderToDisplayLists(
  input: unknown,
  options: RenderOptions = {},
): Promise<{ pages: PageDisplayList[]; title: string | null; warnings: string[] }> {
  const doc = await prepareDocument(input, options);
  const pages = [...paginate({ root: doc.tree.root, pageRules: doc.styled.pageRules, pageBase: doc.styled.pageBase, onWarning: doc.warn })];
  return { pages: pages.map((page) => paintPage(page, doc.tree.root)), title: doc.title, warnings: doc.warnings };
}

interface PreparedDocument {
  readonly title: string | null;
  readonly styled: StyledDocument;
  readonly tree: BoxTree;
  readonly warnings: string[];
  readonly warn: (message: string) => void;
}

/** The stages before layout: everything a page loop needs. */
async function prepareDocument(input: unknown, options: RenderOptions): Promise<PreparedDocument> {
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    options.onWarning?.(message);
  };
  // request/: validate the API body; the page object becomes an @page rule, the default page.
  const request = normalizeRequest(input);
  // dom/: parse5 → element tree.
  const doc = parseHtml(request.html);
  // resources/: everything external, before layout.
  const resources = await loadResources(doc, warn);
  // css/: cascade → computed styles and @page rules; the request's page is the default page.
  const styled = styleDocument(doc, { pageCss: request.pageCss, authorCss: [request.css], onWarning: warn });
  // boxes/: box tree with anonymous boxes, markers, generated content.
  const tree = buildBoxTree(styled, { images: resources.images });
  for (const w of tree.warnings) warn(w);
  return { title: request.title ?? doc.title, styled, tree, warnings, warn };
}
