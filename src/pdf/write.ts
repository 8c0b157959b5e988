// The PDF writer: page display lists → PDF bytes, with pdf-lib's low-level objects. Pages are
// written one at a time as layout produces them: each content stream is compressed (on the
// thread pool, while the next page is laid out) and handed to the output at once, then let
// go; fonts are subset and written at the end, with the page objects, links, named
// destinations, the outline (bookmarks), metadata and the cross-reference stream.

import { createHash, type Hash } from 'node:crypto';
import { deflate as deflateAsync } from 'node:zlib';
import { promisify } from 'node:util';
import { PDFArray, PDFDocument, PDFName, PDFPage, type PDFRef } from 'pdf-lib';
import { describeCharacter } from '../paint/missing-glyphs.js';
import type { ContentTag, PageDisplayList } from '../paint/types.js';
import { ValidationError } from '../request/errors.js';
import { writeAcroForm } from './acroform.js';
import { facturXOf, figureFailures, makeAnnotationsPrintable, variantFailures, writeOutputIntent, writeUniversalAccessEntries, type VariantRequest } from './conformance.js';
import { ContentStream } from './content-stream.js';
import { deflate as deflateNow, flateStream } from './flate.js';
import { concatBytes, FileOutput, type ChunkSink } from './file-output.js';
import { FontEmbedder } from './font-embed.js';
import { ImageEmbedder } from './images.js';
import { writeEmbeddedFiles, type EmbeddedAttachment } from './embedded-files.js';
import { writeLinksAndDestinations, type PageTargets } from './links.js';
import { documentDate, writeMetadata, type Conformance, type DocumentProperties } from './metadata.js';
import { writeOutline } from './outline.js';
import type { PaintContext } from './paint-context.js';
import { MarkedContent } from './marked-content.js';
import { writeWithObjectStreams } from './object-streams.js';
import type { TextObjects } from './text-objects.js';
import { paintItems } from './paint-page.js';
import { writeStructureTree } from './structure-tree.js';
import { ResourceRegistry } from './resources.js';
import { pdfaPart, type PdfVariant } from './variant.js';
import { stampWatermark } from './watermark.js';
import { watermarkDisplayList } from './watermark-glyphs.js';

/** Document-level options of a PDF; the document properties go into Info and XMP alike. */
export interface PdfOptions extends DocumentProperties {
  /** Same input → same bytes: dates from `creationDate` (default 2000-01-01Z), /ID from content. */
  readonly deterministic?: boolean;
  readonly creationDate?: Date;
  /** Info /Producer; default "Quire". */
  readonly producer?: string;
  /** Receives non-fatal problems (an image that could not be embedded). */
  readonly onWarning?: (message: string) => void;
  /** Text stamped large and light across every page (a development-key watermark). */
  readonly watermark?: string | null;
  /** The standard the file must follow; a document that cannot is a ValidationError naming why. */
  readonly pdfVariant?: PdfVariant | null;
  /** Files embedded in the PDF (§7.11.4), with their /AFRelationship. */
  readonly attachments?: readonly EmbeddedAttachment[];
  /** Where each attachment came from, named by errors about it (`attachments[0]`); default `attachments[i]`. */
  readonly attachmentSources?: readonly string[];
  /**
   * A Tagged PDF (ISO 32000-1 §14.8, PDF/UA-1): marked content around everything drawn, a
   * structure tree from the display items' tags; default true. False writes neither.
   */
  readonly tagged?: boolean;
}

/** What writePdf needs: the finished pages and document-level options. */
export interface PdfDocumentInput extends PdfOptions {
  readonly pages: readonly PageDisplayList[];
}

/** A written page and what its painting collected for `finish` (overlays add to it). */
interface WrittenPage extends PageTargets {
  readonly links: PaintContext['links'];
  readonly anchors: PaintContext['anchors'];
  readonly bookmarks: PaintContext['bookmarks'];
  readonly fields: PaintContext['fields'];
  /** The tags of the page's MCIDs, by MCID (tagged PDFs). */
  tags: readonly ContentTag[];
}

/** US Letter, for a document without pages (a PDF must have at least one). */
const EMPTY_DOCUMENT_PAGE: PageDisplayList = { width: 612, height: 792, items: [] };

const deflate = promisify(deflateAsync);

/**
 * Page content streams compressed or being compressed but not yet written (2 cores: one
 * compressing beside layout). Each holds its page's content and a zlib state: unbounded, they
 * cost more memory than they save time.
 */
const MAX_PENDING_STREAMS = 2;
/** Content streams shorter than this (bytes) are compressed on the main thread. */
const ASYNC_COMPRESSION_MIN = 8192;

/** Margin boxes are pagination artifacts (§14.8.2.2.2): their stream is one such sequence. */
const PAGINATION_ARTIFACT_BEGIN = Buffer.from('/Artifact <</Type /Pagination>> BDC\n', 'latin1');
const PAGINATION_ARTIFACT_END = Buffer.from('\nEMC', 'latin1');

/**
 * Writes a PDF page by page: `create`, `addPage` for each page, then `finish`. The file's bytes
 * go to the sink given to `create` as they are written: the page content streams while the
 * pages are added, everything else in `finish`.
 */
export class PdfWriter {
  private readonly resources: ResourceRegistry;
  private readonly fonts: FontEmbedder;
  private readonly images: ImageEmbedder;
  /** What the deterministic /ID is made of; null when the ID is random (nothing to hash). */
  private readonly digest: Hash | null;
  private readonly pages: WrittenPage[] = [];
  /** Content streams numbered but not yet written, in the order they are written. */
  private readonly unwritten: { readonly ref: PDFRef; readonly bytes: Uint8Array | Promise<Uint8Array> }[] = [];
  private readonly tagged: boolean;
  private readonly file: FileOutput;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly options: PdfOptions,
    private readonly conformance: Conformance,
    sink: ChunkSink,
  ) {
    this.file = new FileOutput(sink);
    this.resources = new ResourceRegistry(pdf.context);
    this.fonts = new FontEmbedder(pdf.context, this.resources, options.onWarning);
    this.images = new ImageEmbedder(pdf, options.onWarning ?? (() => {}), { resources: this.resources, fonts: this.fonts });
    this.digest = options.deterministic ? createHash('sha256').update(options.title ?? '') : null;
    // The other properties count for the deterministic /ID too (only when given, so that the
    // files of documents without them keep theirs).
    for (const key of ['author', 'subject', 'keywords', 'creator', 'lang'] as const) {
      const value = options[key];
      if (value) this.digest?.update(`\0${key}=${value}`);
    }
    this.tagged = options.tagged ?? true;
  }

  /**
   * A writer of a document whose bytes go to `sink`; rejects with ValidationError when the
   * document cannot be its `pdfVariant` (before any byte is written).
   */
  static async create(options: PdfOptions, sink: ChunkSink): Promise<PdfWriter> {
    const conformance = checkedConformance(options);
    return new PdfWriter(await PDFDocument.create({ updateMetadata: false }), options, conformance, sink);
  }

  /** Paints one page into a content stream; links, anchors and bookmarks are kept for `finish`. */
  async addPage(list: PageDisplayList): Promise<void> {
    await this.fillPage(this.reservePage(list.width, list.height), list);
  }

  /**
   * Adds an empty page of this size and returns its index, for content painted later with
   * `fillPage` (a table of contents, once every page is known). Pages keep the order of
   * `addPage` and `reservePage` calls.
   */
  reservePage(width: number, height: number): number {
    // PDFDocument.addPage, without its costs that grow with the page count: it walks the page
    // tree to the end for each page (quadratic), and resizes through every page box. Pages
    // are only appended, as direct kids of the root (as addPage does); the document's page
    // list is computed when first asked for (the watermark, at the end).
    const page = PDFPage.create(this.pdf);
    page.node.set(PDFName.MediaBox, this.pdf.context.obj([0, 0, width, height]));
    page.node.set(PDFName.of('Resources'), this.resources.ref);
    page.node.setParent(this.pdf.catalog.get(PDFName.of('Pages')) as PDFRef);
    this.pdf.catalog.Pages().pushLeafNode(page.ref);
    this.pages.push({ page, links: [], anchors: [], bookmarks: [], fields: [], tags: [] });
    return this.pages.length - 1;
  }

  /** Paints the content of a reserved page. */
  async fillPage(index: number, list: PageDisplayList): Promise<void> {
    const target = this.pages[index];
    if (target === undefined) throw new Error(`no page ${index} to fill`);
    await this.images.prepare(list.items);
    const marks = this.tagged ? new MarkedContent() : null;
    const content = this.paint(list, target, marks);
    if (marks) target.tags = marks.tags;
    target.page.node.set(PDFName.of('Contents'), await this.writeContent(content));
  }

  /**
   * Paints more items over an added page, as a second content stream: margin boxes, which
   * are laid out once every page exists (their `counter(pages)`). Tagged, they are pagination
   * artifacts (§14.8.2.2.2: running heads and page numbers).
   */
  async addOverlay(index: number, list: PageDisplayList): Promise<void> {
    const target = this.pages[index];
    if (target === undefined || list.items.length === 0) return;
    await this.images.prepare(list.items);
    const painted = this.paint(list, target, null);
    const ref = await this.writeContent(this.tagged ? concatBytes([PAGINATION_ARTIFACT_BEGIN, painted, PAGINATION_ARTIFACT_END]) : painted);
    // The page's own stream is written and gone: its reference is kept, never looked up.
    const contents = target.page.node.get(PDFName.of('Contents'));
    if (contents instanceof PDFArray) contents.push(ref);
    else target.page.node.set(PDFName.of('Contents'), this.pdf.context.obj(contents ? [contents, ref] : [ref]));
  }

  /**
   * Numbers a content stream and hands it to the output once the ones before it are written.
   * Small ones compress at once: handing them to the thread pool costs more than it saves.
   */
  private async writeContent(content: Uint8Array): Promise<PDFRef> {
    const ref = this.pdf.context.nextRef();
    const bytes = content.length < ASYNC_COMPRESSION_MIN ? deflateNow(content) : deflate(content, { level: 6 });
    this.unwritten.push({ ref, bytes });
    while (this.unwritten.length > MAX_PENDING_STREAMS) await this.writeNextContent();
    return ref;
  }

  private async writeNextContent(): Promise<void> {
    const { ref, bytes } = this.unwritten.shift()!;
    await this.file.writeObject(ref, this.pdf.context.stream(await bytes, { Filter: 'FlateDecode' }));
  }

  /** Fonts, links, destinations, the outline, resources and metadata: the rest of the file. */
  async finish(): Promise<void> {
    if (this.pages.length === 0) await this.addPage(EMPTY_DOCUMENT_PAGE);
    // PDF/A embeds every font: the watermark is then set in the bundled sans-serif (before
    // the fonts are written), else stamped in the standard Helvetica at the end.
    const { watermark } = this.options;
    const embeddedWatermark = watermark && this.conformance.pdfaPart !== null;
    if (embeddedWatermark) {
      for (const [i, { page }] of this.pages.entries()) await this.addOverlay(i, watermarkDisplayList(watermark, page.getWidth(), page.getHeight()));
    }
    this.checkGlyphs();
    this.fonts.finish();
    const names: { Dests?: PDFRef; EmbeddedFiles?: PDFRef } = {};
    const annotations = writeLinksAndDestinations(this.pdf.context, (dests) => (names.Dests = dests), this.pages);
    this.writeAttachments(names);
    if (names.Dests || names.EmbeddedFiles) this.pdf.catalog.set(PDFName.of('Names'), this.pdf.context.obj(names));
    writeAcroForm(this.pdf.context, this.pdf.catalog, this.pages, this.resources, annotations);
    let texts: TextObjects | null = null;
    if (this.tagged) {
      const structure = writeStructureTree(this.pdf.context, this.pdf.catalog, this.pages.map(({ page, tags }) => ({ ref: page.ref, node: page.node, tags })), annotations);
      if (this.conformance.pdfuaPart !== null && structure.figuresWithoutAlt.length > 0) throw new ValidationError(figureFailures(structure.figuresWithoutAlt));
      texts = structure.objects;
    }
    writeOutline(this.pdf.context, this.pdf.catalog, this.pages);
    this.resources.write();
    // Over everything else, once every page's /Resources exist.
    if (watermark && !embeddedWatermark) stampWatermark(this.pdf, watermark, this.tagged);
    this.writeVariantEntries();
    writeMetadata(this.pdf, this.options, this.digest?.digest('hex') ?? '', this.conformance);
    while (this.unwritten.length > 0) await this.writeNextContent();
    // Object streams (PDF 1.5) keep files small; pdf-lib writes them in a fixed order, so the
    // bytes depend only on the objects. This is PDFDocument.save() without its default page and
    // field appearances, and with Node's deflate (object-streams.ts); the structure tree is
    // already text.
    await this.pdf.flush();
    await writeWithObjectStreams(this.pdf.context, this.file, texts);
  }

  /** ISO 19005-2 §6.2.11.8: no text of a PDF/A file may show .notdef; the characters no font has are named. */
  private checkGlyphs(): void {
    if (this.conformance.pdfaPart === null) return;
    const texts = this.fonts.notdefTexts();
    if (texts.length === 0) return;
    const named = texts.map((text) => (text === '' ? 'a glyph of a combined character' : [...text].map(describeCharacter).join(' ')));
    throw new ValidationError([{ property: 'pdfVariant', message: `${this.options.pdfVariant} forbids the .notdef glyph, and no font has a glyph for ${named.join(', ')}: add a font that has ${texts.length === 1 ? 'it' : 'them'}` }]);
  }

  /** The embedded files, their name tree (into `names`) and the catalog's /AF. */
  private writeAttachments(names: { EmbeddedFiles?: PDFRef }): void {
    const written = writeEmbeddedFiles(this.pdf.context, this.options.attachments ?? [], documentDate(this.options));
    if (written === null) return;
    names.EmbeddedFiles = written.nameTree;
    this.pdf.catalog.set(PDFName.of('AF'), this.pdf.context.obj([...written.fileSpecs]));
    for (const attachment of this.options.attachments ?? []) this.digest?.update(attachment.name).update(attachment.data);
  }

  /** The catalog entries and annotation flags the variant asks for. */
  private writeVariantEntries(): void {
    if (this.conformance.pdfaPart !== null) {
      writeOutputIntent(this.pdf.context, this.pdf.catalog);
      makeAnnotationsPrintable(this.pages.map((p) => p.page));
    }
    if (this.conformance.pdfuaPart !== null) writeUniversalAccessEntries(this.pdf.catalog, this.pdf.context);
  }

  /** A display list as content stream operators; links, anchors and bookmarks go into `collected`. */
  private paint(list: PageDisplayList, collected: Pick<WrittenPage, 'links' | 'anchors' | 'bookmarks' | 'fields'>, marks: MarkedContent | null): Uint8Array {
    const ctx: PaintContext = {
      canvas: new ContentStream(),
      marks,
      context: this.pdf.context,
      pageHeight: list.height,
      resources: this.resources,
      fonts: this.fonts,
      images: this.images,
      addGroup: (content) => this.addTransparencyGroup(list, content),
      ...collected,
    };
    paintItems(list.items, ctx);
    // The /ID has always hashed the stream as text (UTF-8 of its latin-1 characters).
    if (this.digest) this.digest.update(ctx.canvas.toString());
    return ctx.canvas.toBytes();
  }

  /** §8.10 form XObject with an isolated transparency group (§11.6.6) covering the page. */
  private addTransparencyGroup(list: PageDisplayList, content: string): string {
    this.digest?.update(content);
    const form = flateStream(this.pdf.context, content, {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, list.width, list.height],
      Group: { Type: 'Group', S: 'Transparency', I: true },
      Resources: this.resources.ref,
    });
    return this.resources.addXObject('Fm', this.pdf.context.register(form) as PDFRef);
  }
}

/** The identification the options' variant gives the file; throws ValidationError with every reason it cannot have it. */
function checkedConformance(options: PdfOptions): Conformance {
  const attachments = options.attachments ?? [];
  const request: VariantRequest = {
    pdfVariant: options.pdfVariant ?? null,
    title: options.title ?? null,
    lang: options.lang ?? null,
    attachments,
    attachmentSources: options.attachmentSources ?? attachments.map((_, i) => `attachments[${i}]`),
    tagged: options.tagged ?? true,
  };
  const failures = variantFailures(request);
  const facturX = facturXOf(request);
  if (facturX.failure) failures.push(facturX.failure);
  if (failures.length > 0) throw new ValidationError(failures);
  return { pdfaPart: pdfaPart(request.pdfVariant), pdfuaPart: request.pdfVariant === 'pdf/ua-1' ? 1 : null, facturX: facturX.invoice };
}

/** Writes finished pages as a PDF file. */
export async function writePdf(doc: PdfDocumentInput): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const writer = await PdfWriter.create(doc, (chunk) => void chunks.push(chunk));
  for (const page of doc.pages) await writer.addPage(page);
  await writer.finish();
  return concatBytes(chunks);
}
