// The PDF writer: page display lists → PDF bytes, with pdf-lib's low-level objects. Pages are
// written one at a time as layout produces them (their content streams compress on the
// thread pool meanwhile); fonts are subset and written at the end, with links, named
// destinations, the outline (bookmarks) and metadata.

import { createHash, type Hash } from 'node:crypto';
import { deflate as deflateAsync } from 'node:zlib';
import { promisify } from 'node:util';
import { PDFDocument, PDFName, type PDFRef } from 'pdf-lib';
import { describeCharacter } from '../paint/missing-glyphs.js';
import type { ContentTag, PageDisplayList } from '../paint/types.js';
import { ValidationError } from '../request/errors.js';
import { writeAcroForm } from './acroform.js';
import { facturXOf, makeAnnotationsPrintable, variantFailures, writeOutputIntent, writeUniversalAccessEntries, type VariantRequest } from './conformance.js';
import { ContentStream } from './content-stream.js';
import { flateStream } from './flate.js';
import { FontEmbedder } from './font-embed.js';
import { ImageEmbedder } from './images.js';
import { writeEmbeddedFiles, type EmbeddedAttachment } from './embedded-files.js';
import { writeLinksAndDestinations, type PageTargets } from './links.js';
import { documentDate, writeMetadata, type Conformance, type DocumentProperties } from './metadata.js';
import { writeOutline } from './outline.js';
import type { PaintContext } from './paint-context.js';
import { MarkedContent } from './marked-content.js';
import { serializeWithObjectStreams } from './object-streams.js';
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

/** Page content streams being compressed at once (2 cores: one compressing beside layout). */
const MAX_PENDING_STREAMS = 2;
/** Content streams shorter than this (characters) are compressed on the main thread. */
const ASYNC_COMPRESSION_MIN = 8192;

/** Writes a PDF page by page: `create`, `addPage` for each page, then `finish`. */
export class PdfWriter {
  private readonly resources: ResourceRegistry;
  private readonly fonts: FontEmbedder;
  private readonly images: ImageEmbedder;
  private readonly digest: Hash;
  private readonly pages: WrittenPage[] = [];
  private readonly pending: Promise<void>[] = [];
  private readonly tagged: boolean;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly options: PdfOptions,
    private readonly conformance: Conformance,
  ) {
    this.resources = new ResourceRegistry(pdf.context);
    this.fonts = new FontEmbedder(pdf.context, this.resources, options.onWarning);
    this.images = new ImageEmbedder(pdf, options.onWarning ?? (() => {}), { resources: this.resources, fonts: this.fonts });
    this.digest = createHash('sha256').update(options.title ?? '');
    // The other properties count for the deterministic /ID too (only when given, so that the
    // files of documents without them keep theirs).
    for (const key of ['author', 'subject', 'keywords', 'creator', 'lang'] as const) {
      const value = options[key];
      if (value) this.digest.update(`\0${key}=${value}`);
    }
    this.tagged = options.tagged ?? true;
  }

  /** A writer for a document; rejects with ValidationError when the document cannot be its `pdfVariant`. */
  static async create(options: PdfOptions = {}): Promise<PdfWriter> {
    return new PdfWriter(await PDFDocument.create({ updateMetadata: false }), options, checkedConformance(options));
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
    const page = this.pdf.addPage([width, height]);
    page.node.set(PDFName.of('Resources'), this.resources.ref);
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
    const { page } = target;
    // The object number is fixed now; the stream is compressed on the thread pool while the
    // next page is laid out. Few compressions are in flight at once: each holds its page's
    // content and a zlib state, and unbounded they cost more memory than they save time.
    // Small pages compress at once: handing them to the pool costs more than it saves.
    if (content.length < ASYNC_COMPRESSION_MIN) {
      page.node.set(PDFName.of('Contents'), this.pdf.context.register(flateStream(this.pdf.context, content)));
    } else {
      const ref = this.pdf.context.nextRef();
      while (this.pending.length >= MAX_PENDING_STREAMS) await this.pending.shift();
      this.pending.push(deflate(Buffer.from(content, 'latin1'), { level: 6 }).then((bytes) => {
        this.pdf.context.assign(ref, this.pdf.context.stream(bytes, { Filter: 'FlateDecode' }));
      }));
      page.node.set(PDFName.of('Contents'), ref);
    }
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
    const content = this.tagged ? `/Artifact <</Type /Pagination>> BDC\n${painted}\nEMC` : painted;
    const ref = this.pdf.context.register(flateStream(this.pdf.context, content));
    const contents = target.page.node.get(PDFName.of('Contents'));
    target.page.node.set(PDFName.of('Contents'), this.pdf.context.obj(contents ? [contents, ref] : [ref]));
  }

  /** Fonts, links, destinations, the outline, resources and metadata; returns the file. */
  async finish(): Promise<Uint8Array> {
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
    const structure = this.tagged ? writeStructureTree(this.pdf.context, this.pdf.catalog, this.pages.map(({ page, tags }) => ({ ref: page.ref, node: page.node, tags })), annotations) : null;
    writeOutline(this.pdf.context, this.pdf.catalog, this.pages);
    this.resources.write();
    // Over everything else, once every page's /Resources exist.
    if (watermark && !embeddedWatermark) stampWatermark(this.pdf, watermark, this.tagged);
    this.writeVariantEntries();
    writeMetadata(this.pdf, this.options, this.digest.digest('hex'), this.conformance);
    await Promise.all(this.pending);
    // Object streams (PDF 1.5) keep files small; pdf-lib writes them in a fixed order, so the
    // bytes depend only on the objects. This is PDFDocument.save() without its default page and
    // field appearances, and with Node's deflate (object-streams.ts); the structure tree is
    // already text.
    await this.pdf.flush();
    return serializeWithObjectStreams(this.pdf.context, structure);
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
    for (const attachment of this.options.attachments ?? []) this.digest.update(attachment.name).update(attachment.data);
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
  private paint(list: PageDisplayList, collected: Pick<WrittenPage, 'links' | 'anchors' | 'bookmarks' | 'fields'>, marks: MarkedContent | null): string {
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
    const content = ctx.canvas.toString();
    this.digest.update(content);
    return content;
  }

  /** §8.10 form XObject with an isolated transparency group (§11.6.6) covering the page. */
  private addTransparencyGroup(list: PageDisplayList, content: string): string {
    this.digest.update(content);
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
  const writer = await PdfWriter.create(doc);
  for (const page of doc.pages) await writer.addPage(page);
  return writer.finish();
}
