// The pipeline entry: request → dom → resources → css → boxes → layout → paint → pdf.
import { buildBoxTree } from './boxes/build.js';
import type { BoxTree } from './boxes/types.js';
import { styleDocument } from './css/style-document.js';
import type { StyledDocument } from './css/types.js';
import { parseHtml } from './dom/parse.js';
import { PageResolver } from './css/page-context.js';
import { CarriedValues } from './layout/page/carried-values.js';
import { layoutMarginBoxes, MarginBoxes, type MarginPage } from './layout/page/margin-boxes.js';
import { layOutPageAgain, paginate, type LaidOutPage, type PageTotals } from './layout/page/paginate.js';
import type { RenderOptions, RenderPhase } from './options.js';
import { MissingGlyphReport } from './paint/missing-glyphs.js';
import { paintMarginBoxes, paintPage } from './paint/paint.js';
import type { PageDisplayList } from './paint/types.js';
import { concatBytes, type ChunkSink } from './pdf/file-output.js';
import { PdfWriter } from './pdf/write.js';
import { webFontFaces } from './text/font-face-rules.js';
import { fontUnitsSource } from './text/font-units.js';
import { FontRegistry } from './text/font-registry.js';
import { StageClock, type StageTimings } from './stage-clock.js';
import { loadYogaEngine } from './layout/flex/yoga-engine.js';
import { DETERMINISTIC_EPOCH } from './pdf/metadata.js';
import { Failures } from './request/checks.js';
import { ValidationError } from './request/errors.js';
import type { RenderRequest } from './request/types.js';
import { checkPdfVariant, normalizeRequest } from './request/validate.js';
import { documentProperties, metadataOptionFailures } from './document-properties.js';
import { FACTUR_X_FILE_NAME } from './pdf/factur-x.js';
import type { DocumentProperties } from './pdf/metadata.js';
import type { PdfVariant } from './pdf/variant.js';
import { attachmentOptionFailures, loadAttachments, type LoadedAttachments } from './resources/attachments.js';
import { fileRootFetcher } from './resources/file-root.js';
import { gatherResources, type LoadedResources, type ResourceFetcher } from './resources/gather.js';
import { fontProviderOf } from './resources/google-fonts.js';
import { createResourceLoader, DEFAULT_MAX_BYTES } from './resources/net/index.js';

/** What a render produced, for callers that want more than the bytes (the CLI prints warnings). */
export interface RenderResult {
  readonly pdf: Uint8Array;
  readonly pageCount: number;
  readonly warnings: readonly string[];
  /** Milliseconds spent in each stage (the CLI's --verbose). */
  readonly timings: StageTimings;
}

/** Renders a generate-pdf request (HTML or Markdown mode) to PDF bytes. Rejects with ValidationError on bad input. */
export async function render(request: RenderRequest, options: RenderOptions = {}): Promise<Uint8Array> {
  return (await renderUnchecked(request, options)).pdf;
}

/** Like render(), but also returns the page count, the warnings and each stage's time. */
export function renderDocument(request: RenderRequest, options: RenderOptions = {}): Promise<RenderResult> {
  return renderUnchecked(request, options);
}

/**
 * renderDocument() for a body whose type is not known at compile time (parsed JSON, an API
 * body): the request is validated at run time, as it always is, and rejects with
 * ValidationError listing every problem.
 */
export async function renderUnchecked(input: unknown, options: RenderOptions = {}): Promise<RenderResult> {
  const chunks: Uint8Array[] = [];
  const { pageCount, warnings, timings } = await writeDocument(input, options, (chunk) => void chunks.push(chunk));
  return { pdf: concatBytes(chunks), pageCount, warnings, timings };
}

/**
 * Renders like render(), giving the file's bytes as they are written: each page's content as
 * soon as the page is laid out and painted, the fonts, page objects and cross-reference stream
 * at the end. The bytes are render()'s (one code path). A stream read slowly holds the render
 * back (back-pressure); cancelling it stops the render at the next write. Bad input errors the
 * stream (ValidationError) before its first chunk; a PDF/A document that needs a glyph no font
 * has is found only at the end, after bytes have gone out. A document whose flow shows the page
 * total or target-counter() (a table of contents) may be laid out twice: its bytes come at the end.
 * A web ReadableStream: `for await (const chunk of stream)`, `Readable.fromWeb(stream)`, or
 * `new Response(stream)`.
 */
export function renderToStream(request: RenderRequest, options: RenderOptions = {}): ReadableStream<Uint8Array> {
  let resume: (() => void) | null = null;
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const write = async (chunk: Uint8Array) => {
        if (cancelled) throw new RenderCancelled();
        controller.enqueue(chunk);
        // Wait while the reader has a chunk it has not taken (pull() resumes).
        while ((controller.desiredSize ?? 1) <= 0 && !cancelled) await new Promise<void>((resolve) => (resume = resolve));
      };
      writeDocument(request, options, write).then(
        () => cancelled || controller.close(),
        (error: unknown) => cancelled || controller.error(error),
      );
    },
    pull() {
      resume?.();
      resume = null;
    },
    cancel() {
      cancelled = true;
      resume?.();
    },
  });
}

/** Thrown into a render whose stream was cancelled, to stop it. */
class RenderCancelled extends Error {}

/** Renders into `sink`, chunk by chunk (see renderToStream). */
async function writeDocument(input: unknown, options: RenderOptions, sink: ChunkSink): Promise<{ pageCount: number; warnings: string[]; timings: StageTimings }> {
  // Only what finish() needs comes back from the pages: the box tree and what layout cached on
  // it (the report's table: some 16 MB) are garbage while the fonts are subset and written.
  const { pdf, pass, pageCount, checkpoint, warnings, clock } = await writePages(input, options, sink);
  checkpoint('write', pageCount, pageCount);
  await pdf.finish();
  for (const chunk of pass) await sink(chunk);
  clock.lap('write');
  return { pageCount, warnings, timings: clock.timings };
}

/** What finish() needs once the pages are written: nothing that holds the box tree. */
interface WrittenPages {
  readonly pdf: PdfWriter;
  /** A held pass's chunks (a document laid out with its page totals), sent after finish(). */
  readonly pass: readonly Uint8Array[];
  readonly pageCount: number;
  readonly checkpoint: PreparedDocument['checkpoint'];
  readonly warnings: string[];
  readonly clock: StageClock;
}

/** Lays out, paints and writes every page; returns the writer, ready to finish. */
async function writePages(input: unknown, options: RenderOptions, sink: ChunkSink): Promise<WrittenPages> {
  const doc = await prepareDocument(input, options);
  // runPasses may throw a pass away and lay the document out again, when its flow needs the
  // page totals: then the bytes wait for the pass that is kept.
  const held = doc.tree.needsPageTotals;
  // pdf/: each page is painted and written as soon as it is laid out, then let go.
  const { sink: writer, totals } = await runPasses(doc, async () => {
    const pass: Uint8Array[] = [];
    const pdf = await PdfWriter.create({
      ...doc.properties,
      pdfVariant: doc.pdfVariant,
      attachments: doc.attachments.attachments,
      attachmentSources: doc.attachments.sources,
      deterministic: options.deterministic ?? false,
      onWarning: doc.warn,
      watermark: options.watermark ?? null,
      tagged: options.tagged ?? true,
      ...(options.creationDate ? { creationDate: options.creationDate } : {}),
    }, held ? collectInto(pass) : sink);
    return {
      pdf,
      pass,
      add: (list: PageDisplayList) => pdf.addPage(list),
      reserve: (width: number, height: number) => pdf.reservePage(width, height),
      fill: (index: number, list: PageDisplayList) => pdf.fillPage(index, list),
      overlay: (index: number, list: PageDisplayList) => pdf.addOverlay(index, list),
    };
  });
  // Not the sink object: its functions' scope holds `doc`, and with it the tree.
  return { pdf: writer.pdf, pass: writer.pass, pageCount: totals.pageCount, checkpoint: doc.checkpoint, warnings: doc.warnings, clock: doc.clock };
}

/** A sink that keeps the chunks (a function of its own: a closure here would hold `doc`). */
function collectInto(chunks: Uint8Array[]): ChunkSink {
  return (chunk) => void chunks.push(chunk);
}

/** The pipeline up to paint: one display list per page. Golden tests compare these. */
export async function renderToDisplayLists(
  input: unknown,
  options: RenderOptions = {},
): Promise<{ pages: PageDisplayList[]; title: string | null; warnings: string[] }> {
  const doc = await prepareDocument(input, options);
  const { sink } = await runPasses(doc, async () => {
    const pages: PageDisplayList[] = [];
    return {
      pages,
      add: async (list: PageDisplayList) => void pages.push(list),
      reserve: (width: number, height: number) => pages.push({ width, height, items: [] }) - 1,
      fill: async (index: number, list: PageDisplayList) => void (pages[index] = list),
      overlay: async (index: number, list: PageDisplayList) => {
        const page = pages[index]!;
        pages[index] = { ...page, items: [...page.items, ...list.items] };
      },
    };
  });
  return { pages: sink.pages, title: doc.properties.title ?? null, warnings: doc.warnings };
}

/**
 * Lays the document out into fresh sinks until a pass is complete (see layOutPages), at most
 * MAX_PASSES times; returns the last pass's sink and what it found.
 */
async function runPasses<S extends PageSink>(doc: PreparedDocument, newSink: () => Promise<S>): Promise<{ sink: S; totals: PageTotals }> {
  let totals: PageTotals | null = null;
  for (let pass = 1; ; pass++) {
    const sink = await newSink();
    doc.clock.lap('write');
    const result = await FontRegistry.withFonts(doc.fonts, () => layOutPages(doc, totals, sink));
    if (result.complete || pass >= MAX_PASSES) return { sink, totals: result.totals };
    totals = result.totals;
  }
}

/** Where painted pages go: the PDF writer, or display lists for golden tests. */
interface PageSink {
  add(list: PageDisplayList): Promise<void>;
  /** Keeps a page's place for content painted later; returns its index. */
  reserve(width: number, height: number): number;
  fill(index: number, list: PageDisplayList): Promise<void>;
  /** Paints over a page already added (its margin boxes). */
  overlay(index: number, list: PageDisplayList): Promise<void>;
}

/** At most this many passes over a document whose flow needs the page totals. */
const MAX_PASSES = 3;
/** Pages waiting for the totals are held in memory: at most this many (a table of contents is a few). */
const MAX_DEFERRED_PAGES = 64;

/**
 * Lays out and paints every page, handing each display list on as soon as it exists; then
 * lays out the margin boxes, which need the page total, and hands them on as overlays.
 *
 * A document whose flow shows the page total or target-counter() (a table of contents) is
 * done in one pass when it can: the pages that show them wait, with their place reserved,
 * until every page exists, and are then laid out again with the real numbers. That is
 * `complete` when each of them still ends where it did; otherwise (numbers that widened a
 * line and moved the break, or too many waiting pages) another pass runs with the totals
 * this one found, and is complete when it finds the same totals.
 */
async function layOutPages(doc: PreparedDocument, totals: PageTotals | null, sink: PageSink): Promise<{ totals: PageTotals; complete: boolean }> {
  const input = { root: doc.tree.root, fixed: doc.tree.fixed, hasAbsolute: doc.tree.hasAbsolute, pages: doc.pages, totals, onWarning: doc.warn };
  const defer = doc.tree.needsPageTotals && totals === null;
  const carried = new CarriedValues();
  const margins: (Omit<MarginPage, 'page'> & { index: number; number: number })[] = [];
  const deferred: { slot: number; page: LaidOutPage }[] = [];
  const targets = new Map<string, number>();
  const { clock } = doc;
  let pageCount = 0;
  let written = 0;
  let complete = true;
  for (const page of paginate(input)) {
    clock.lap('layout');
    if (defer && page.marks.usesTotals && deferred.length < MAX_DEFERRED_PAGES) deferred.push({ slot: sink.reserve(page.style.width, page.style.height), page });
    else {
      if (defer && page.marks.usesTotals) complete = false;
      const list = doc.missingGlyphs.check(paintPage(page, doc.tree.root));
      clock.lap('paint');
      await sink.add(list);
      clock.lap('write');
      written++;
    }
    const values = carried.advance(page.marks);
    // Only a small record per page is kept: memory stays linear in pages, not in content.
    if (page.marginBoxes.size > 0) margins.push({ index: page.index, number: page.number, style: page.style, marginBoxes: page.marginBoxes, values });
    for (const id of page.marks.ids) if (!targets.has(id)) targets.set(id, page.number);
    pageCount++;
    // Between pages, before the next is laid out: where an abort stops the render.
    await doc.hearAbort();
    doc.checkpoint('layout', pageCount, written);
  }
  const found: PageTotals = { pageCount, targets };
  for (const { slot, page } of deferred) {
    const again = layOutPageAgain(input, page, found);
    if (again === null) complete = false;
    clock.lap('layout');
    const list = doc.missingGlyphs.check(paintPage(again ?? page, doc.tree.root));
    clock.lap('paint');
    await sink.fill(slot, list);
    clock.lap('write');
    await doc.hearAbort();
    doc.checkpoint('layout', pageCount, ++written);
  }
  if (doc.tree.needsPageTotals && totals !== null) complete = sameTotals(totals, found);
  const targetPage = (id: string) => targets.get(id) ?? null;
  const generated = new MarginBoxes();
  for (const m of margins) {
    const page = { pageNumber: m.number, pageCount, targetPage, pageNames: null };
    const boxes = layoutMarginBoxes({ style: m.style, marginBoxes: m.marginBoxes, values: m.values, page }, generated);
    clock.lap('layout');
    const list = doc.missingGlyphs.check({ width: m.style.width, height: m.style.height, items: paintMarginBoxes(boxes) });
    clock.lap('paint');
    await sink.overlay(m.index, list);
    clock.lap('write');
    await doc.hearAbort();
    doc.signal?.throwIfAborted();
  }
  return { totals: found, complete };
}

function sameTotals(a: PageTotals, b: PageTotals): boolean {
  if (a.pageCount !== b.pageCount || a.targets.size !== b.targets.size) return false;
  for (const [id, n] of b.targets) if (a.targets.get(id) !== n) return false;
  return true;
}

interface PreparedDocument {
  /** Title, author, … for the PDF's Info and XMP. */
  readonly properties: DocumentProperties;
  readonly pdfVariant: PdfVariant | null;
  readonly attachments: LoadedAttachments;
  readonly tree: BoxTree;
  readonly pages: PageResolver;
  /** The bundled fonts plus the document's @font-face faces. */
  readonly fonts: FontRegistry;
  readonly warnings: string[];
  readonly warn: (message: string) => void;
  /** Characters drawn as .notdef, warned about once per render (over every pass). */
  readonly missingGlyphs: MissingGlyphReport;
  readonly signal: AbortSignal | undefined;
  /** Reports progress, then throws the signal's reason if the render was aborted. */
  readonly checkpoint: (phase: RenderPhase, pagesLaidOut: number, pagesWritten: number) => void;
  /**
   * With a signal, lets the event loop run (a timer, a message from another thread: what
   * aborts it), since nothing else between pages need wait for it; without one, nothing.
   */
  readonly hearAbort: () => Promise<void> | undefined;
  /** Each stage's time, over every pass. */
  readonly clock: StageClock;
}

/** The stages before layout: everything a page loop needs. */
async function prepareDocument(input: unknown, options: RenderOptions): Promise<PreparedDocument> {
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    options.onWarning?.(message);
  };
  const { signal, onProgress } = options;
  const checkpoint = (phase: RenderPhase, pagesLaidOut: number, pagesWritten: number) => {
    onProgress?.({ phase, pagesLaidOut, pagesWritten });
    signal?.throwIfAborted();
  };
  const hearAbort = () => (signal ? new Promise<void>((resolve) => setImmediate(resolve)) : undefined);
  const clock = new StageClock();
  checkpoint('parse', 0, 0);
  // request/: validate the API body; the page object becomes an @page rule, the default page.
  const request = normalizeRequest(input);
  const pdfVariant = checkedOptions(options) ?? request.pdfVariant;
  // markdown/: items → an HTML document and its built-in stylesheet; from here one path.
  // (Loaded on first use: marked and sanitize-html are a start-up cost HTML documents never need.)
  const source = request.mode === 'markdown' ? (await import('./markdown/document.js')).markdownDocument(request, generationDate(options), warn) : request;
  // dom/: parse5 → element tree.
  const doc = parseHtml(source.html);
  clock.lap('parse');
  checkpoint('resources', 0, 0);
  // resources/: everything external, before layout.
  const baseUrl = options.baseUrl ?? null;
  const { resources, attachments } = await withLoader(options, async (fetcher) => ({
    resources: await gatherResources(doc, { fetcher, baseUrl, requestCss: source.css, warn, fontProvider: fontProviderOf(options.fontProvider) }),
    attachments: await loadAttachments({ options: options.attachments ?? [], links: doc.attachmentLinks, fetcher, baseUrl, maxBytes: options.network?.maxBytes ?? DEFAULT_MAX_BYTES, warn }),
  }));
  if ('failures' in attachments) throw new ValidationError(attachments.failures);
  clock.lap('resources');
  checkpoint('style', 0, 0);
  // text/: the document's web fonts join the bundled ones, for this render only; the cascade
  // asks for them (ex, ch) as soon as it has read the @font-face rules.
  let fonts: FontRegistry | null = null;
  const documentFonts = (fontFaces: StyledDocument['fontFaces']): FontRegistry => {
    const faces = webFontFaces(fontFaces, resources.fonts, warn);
    const registry = faces.length === 0 ? FontRegistry.default() : FontRegistry.default().fork();
    if (faces.length > 0) registry.addWebFonts(faces, warn);
    return registry;
  };
  // css/: cascade → computed styles and @page rules; the request's page is the default page.
  const styled = styleDocument(doc, {
    pageCss: source.pageCss,
    authorCss: [resources.requestCss],
    documentSheets: resources.sheets,
    onWarning: warn,
    fontUnits: (fontFaces) => fontUnitsSource((fonts = documentFonts(fontFaces))),
  });
  const registry = fonts ?? documentFonts(styled.fontFaces);
  clock.lap('style');
  checkpoint('boxes', 0, 0);
  // boxes/: box tree with anonymous boxes, markers, generated content; form controls are
  // sized and their values shaped with the document's fonts.
  const tree = boxTreeOf(styled, resources, registry);
  for (const w of tree.warnings) warn(w);
  if (tree.hasFlex) await loadYogaEngine();
  const pages = new PageResolver(styled.pageRules, styled.pageBase, warn);
  const properties = documentProperties(doc, request.title, options.metadata);
  if (pdfVariant !== 'pdf/a-3b' && attachments.attachments.some((a) => a.name === FACTUR_X_FILE_NAME)) {
    warn(`${FACTUR_X_FILE_NAME} is attached, but the file is not a Factur-X invoice: that needs pdfVariant pdf/a-3b`);
  }
  clock.lap('boxes');
  checkpoint('layout', 0, 0);
  return { properties, pdfVariant, attachments, tree, pages, fonts: registry, warnings, warn, missingGlyphs: new MissingGlyphReport(warn), signal, checkpoint, hearAbort, clock };
}

/**
 * The box tree, built with the document's fonts. A function of its own so that no closure of
 * prepareDocument holds the styled tree: it is garbage once the boxes exist (on a long table,
 * several MB that layout would otherwise carry to the end of the render).
 */
function boxTreeOf(styled: StyledDocument, resources: LoadedResources, fonts: FontRegistry): BoxTree {
  return FontRegistry.withFonts(fonts, () => buildBoxTree(styled, { images: resources.images, inlineSvgs: resources.inlineSvgs }));
}

/** The render options a JavaScript caller may get wrong, checked; returns the options' pdfVariant. */
function checkedOptions(options: RenderOptions): PdfVariant | null {
  const failures = new Failures();
  const pdfVariant = checkPdfVariant(options.pdfVariant, failures);
  failures.list.push(...metadataOptionFailures(options.metadata), ...attachmentOptionFailures(options.attachments));
  if (failures.list.length > 0) throw new ValidationError(failures.list);
  return pdfVariant;
}

/** When the document is made: the caller's date, the fixed epoch when deterministic, or now. */
function generationDate(options: RenderOptions): Date {
  return options.creationDate ?? (options.deterministic ? DETERMINISTIC_EPOCH : new Date());
}

/** Runs `work` with the caller's resource loader, or a built-in one closed afterwards. */
async function withLoader<T>(options: RenderOptions, work: (fetcher: ResourceFetcher) => Promise<T>): Promise<T> {
  if (options.resourceLoader) return work(options.resourceLoader);
  const network = options.network ?? {};
  const loader = createResourceLoader({
    fileRoot: options.fileRoot ?? null,
    ...(network.allowPrivate ? { allowPrivate: network.allowPrivate } : {}),
    ...(network.timeoutMs ? { timeoutMs: network.timeoutMs } : {}),
    ...(network.maxBytes !== undefined ? { maxBytes: network.maxBytes } : {}),
  });
  // file: URLs name paths inside the root; the loader then checks the real path stays there.
  const fetcher = options.fileRoot === undefined ? loader : fileRootFetcher(loader, options.fileRoot);
  try {
    return await work(fetcher);
  } finally {
    await loader.close();
  }
}
