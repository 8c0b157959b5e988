// The PDF writer: page display lists → PDF bytes, with pdf-lib's low-level objects. Fonts are
// subset and embedded by us (Type0/CIDFont with ToUnicode), images once each, links and
// named destinations after all pages, then metadata. One comment per step below.

import { createHash } from 'node:crypto';
import { PDFDocument, PDFName, type PDFRef } from 'pdf-lib';
import type { PageDisplayList } from '../paint/types.js';
import { ContentStream } from './content-stream.js';
import { flateStream } from './flate.js';
import { embedFonts, type EmbeddedFont } from './font-embed.js';
import { collectGlyphUsage } from './glyph-usage.js';
import { embedImages } from './images.js';
import { writeLinksAndDestinations, type PageTargets } from './links.js';
import { writeMetadata } from './metadata.js';
import type { PaintContext } from './paint-context.js';
import { paintItems } from './paint-page.js';
import { ResourceRegistry } from './resources.js';

/** What writePdf needs: the finished pages and document-level options. */
export interface PdfDocumentInput {
  readonly pages: readonly PageDisplayList[];
  readonly title?: string | null;
  /** Same input → same bytes: dates from `creationDate` (default 2000-01-01Z), /ID from content. */
  readonly deterministic?: boolean;
  readonly creationDate?: Date;
  /** Info /Producer; default "Quire". */
  readonly producer?: string;
  /** Receives non-fatal problems (an image that could not be embedded). */
  readonly onWarning?: (message: string) => void;
}

/** US Letter, for a document without pages (a PDF must have at least one). */
const EMPTY_DOCUMENT_PAGE: PageDisplayList = { width: 612, height: 792, items: [] };

/** Writes the pages as a PDF file. */
export async function writePdf(doc: PdfDocumentInput): Promise<Uint8Array> {
  const pages = doc.pages.length > 0 ? doc.pages : [EMPTY_DOCUMENT_PAGE];
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const resources = new ResourceRegistry(pdf.context);

  // 1. Fonts: collect every glyph used, then subset and embed each face once.
  const fonts = embedFonts(pdf.context, collectGlyphUsage(pages), resources);
  // 2. Images: embed each distinct image once (the only async step).
  const images = await embedImages(pdf, pages, doc.onWarning ?? (() => {}));
  // 3. Pages: paint each display list into a content stream; links and anchors are collected.
  const digest = createHash('sha256').update(doc.title ?? '');
  const painted = pages.map((page) => writePage(pdf, page, { resources, fonts, images }, digest));
  // 4. Named destinations and link annotations, now that every anchor's page exists.
  writeLinksAndDestinations(pdf.context, (dests) => pdf.catalog.set(PDFName.of('Names'), pdf.context.obj({ Dests: dests })), painted);
  // 5. The shared resource dictionary, then metadata and the file identifier.
  resources.write();
  writeMetadata(pdf, doc, digest.digest('hex'));
  // Object streams (PDF 1.5) keep files small; pdf-lib writes them in a fixed order, so the
  // bytes depend only on the objects.
  return pdf.save({ useObjectStreams: true, addDefaultPage: false, updateFieldAppearances: false });
}

interface SharedResources {
  readonly resources: ResourceRegistry;
  readonly fonts: ReadonlyMap<string, EmbeddedFont>;
  readonly images: ReadonlyMap<string, PDFRef>;
}

function writePage(pdf: PDFDocument, list: PageDisplayList, shared: SharedResources, digest: ReturnType<typeof createHash>): PageTargets {
  const page = pdf.addPage([list.width, list.height]);
  const ctx: PaintContext = {
    ...shared,
    canvas: new ContentStream(),
    pageHeight: list.height,
    addGroup: (content) => addTransparencyGroup(pdf, shared.resources, list, content, digest),
    links: [],
    anchors: [],
  };
  paintItems(list.items, ctx);
  const content = ctx.canvas.toString();
  digest.update(content);
  page.node.set(PDFName.of('Contents'), pdf.context.register(flateStream(pdf.context, content)));
  page.node.set(PDFName.of('Resources'), shared.resources.ref);
  return { page, links: ctx.links, anchors: ctx.anchors };
}

/** §8.10 form XObject with an isolated transparency group (§11.6.6) covering the page. */
function addTransparencyGroup(pdf: PDFDocument, resources: ResourceRegistry, list: PageDisplayList, content: string, digest: ReturnType<typeof createHash>): string {
  digest.update(content);
  const form = flateStream(pdf.context, content, {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, list.width, list.height],
    Group: { Type: 'Group', S: 'Transparency', I: true },
    Resources: resources.ref,
  });
  return resources.addXObject('Fm', pdf.context.register(form));
}
