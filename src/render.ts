// The pipeline entry: request → dom → resources → css → boxes → layout → paint → pdf.
import { buildBoxTree } from './boxes/build.js';
import type { BoxTree } from './boxes/types.js';
import { styleDocument } from './css/style-document.js';
import type { StyledDocument } from './css/types.js';
import { parseHtml } from './dom/parse.js';
import { PageResolver } from './css/page-context.js';
import { CarriedValues } from './layout/page/carried-values.js';
import { layoutMarginBoxes, type MarginPage } from './layout/page/margin-boxes.js';
import { paginate, type PageTotals } from './layout/page/paginate.js';
import type { RenderOptions } from './options.js';
import { paintMarginBoxes, paintPage } from './paint/paint.js';
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
  let totals = firstPassTotals(doc);
  for (let pass = 1; ; pass++) {
    // pdf/: each page is painted and written as soon as it is laid out, then let go.
    const writer = await PdfWriter.create({
      title: doc.title,
      deterministic: options.deterministic ?? false,
      onWarning: doc.warn,
      ...(options.creationDate ? { creationDate: options.creationDate } : {}),
    });
    const result = await layOutPages(doc, totals, (list) => writer.addPage(list), (index, list) => writer.addOverlay(index, list));
    if (!doc.tree.needsPageTotals || sameTotals(totals, result) || pass >= MAX_PASSES) {
      return { pdf: await writer.finish(), pageCount: result.pageCount, warnings: doc.warnings };
    }
    totals = result;
  }
}

/** The pipeline up to paint: one display list per page. Golden tests compare these. */
export async function renderToDisplayLists(
  input: unknown,
  options: RenderOptions = {},
): Promise<{ pages: PageDisplayList[]; title: string | null; warnings: string[] }> {
  const doc = await prepareDocument(input, options);
  let totals = firstPassTotals(doc);
  for (let pass = 1; ; pass++) {
    const pages: PageDisplayList[] = [];
    const result = await layOutPages(doc, totals, async (list) => { pages.push(list); }, async (index, list) => {
      const page = pages[index]!;
      pages[index] = { ...page, items: [...page.items, ...list.items] };
    });
    if (!doc.tree.needsPageTotals || sameTotals(totals, result) || pass >= MAX_PASSES) return { pages, title: doc.title, warnings: doc.warnings };
    totals = result;
  }
}

/**
 * Passes over a document whose flow shows the page total or target-counter(): the first
 * learns the totals, later ones use them; a pass whose totals come out different (a table
 * of contents whose numbers widened) runs again, at most this many times in all.
 */
const MAX_PASSES = 3;

/** Up to this much HTML, the first pass's lines are kept for the next (their memory is about proportional). */
const KEEP_LINES_MAX_HTML = 2_000_000;

/** The totals a first layout-only pass finds, when the flow needs them; null otherwise. */
function firstPassTotals(doc: PreparedDocument): PageTotals | null {
  if (!doc.tree.needsPageTotals) return null;
  const targets = new Map<string, number>();
  let pageCount = 0;
  // Lines of a document of moderate size stay cached for the writing pass, which then only
  // lays out again the paragraphs whose page numbers changed.
  const keepLines = doc.htmlLength <= KEEP_LINES_MAX_HTML;
  for (const page of paginate({ root: doc.tree.root, fixed: doc.tree.fixed, pages: doc.pages, totals: null, keepLines, onWarning: doc.warn })) {
    pageCount++;
    for (const id of page.marks.ids) if (!targets.has(id)) targets.set(id, page.number);
  }
  return { pageCount, targets };
}

function sameTotals(a: PageTotals | null, b: PageTotals): boolean {
  if (a === null || a.pageCount !== b.pageCount || a.targets.size !== b.targets.size) return false;
  for (const [id, n] of b.targets) if (a.targets.get(id) !== n) return false;
  return true;
}

function paginatePages(doc: PreparedDocument, totals: PageTotals | null) {
  return paginate({ root: doc.tree.root, fixed: doc.tree.fixed, pages: doc.pages, totals, onWarning: doc.warn });
}

/**
 * Lays out and paints every page, handing each display list on as soon as it exists; then
 * lays out the margin boxes, which need the page total, and hands them on as overlays.
 * Returns what this pass learned about the pages.
 */
async function layOutPages(
  doc: PreparedDocument,
  totals: PageTotals | null,
  addPage: (list: PageDisplayList) => Promise<void>,
  addOverlay: (index: number, list: PageDisplayList) => Promise<void>,
): Promise<PageTotals> {
  const carried = new CarriedValues();
  const margins: (Omit<MarginPage, 'page'> & { index: number; number: number })[] = [];
  const targets = new Map<string, number>();
  let pageCount = 0;
  for (const page of paginatePages(doc, totals)) {
    await addPage(paintPage(page, doc.tree.root));
    const values = carried.advance(page.marks);
    // Only a small record per page is kept: memory stays linear in pages, not in content.
    if (page.marginBoxes.size > 0) margins.push({ index: page.index, number: page.number, style: page.style, marginBoxes: page.marginBoxes, values });
    for (const id of page.marks.ids) if (!targets.has(id)) targets.set(id, page.number);
    pageCount++;
  }
  const targetPage = (id: string) => targets.get(id) ?? null;
  for (const m of margins) {
    const page = { pageNumber: m.number, pageCount, targetPage, pageNames: null, keepLines: false };
    const items = paintMarginBoxes(layoutMarginBoxes({ ...m, page }));
    await addOverlay(m.index, { width: m.style.width, height: m.style.height, items });
  }
  return { pageCount, targets };
}

interface PreparedDocument {
  readonly title: string | null;
  readonly styled: StyledDocument;
  readonly tree: BoxTree;
  readonly pages: PageResolver;
  /** Size of the document's HTML, in UTF-16 units. */
  readonly htmlLength: number;
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
  const pages = new PageResolver(styled.pageRules, styled.pageBase, warn);
  return { title: request.title ?? doc.title, styled, tree, pages, htmlLength: request.html.length, warnings, warn };
}
