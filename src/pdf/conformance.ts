// What a PDF/A-2b, PDF/A-3b or PDF/UA-1 file needs beyond an ordinary one, and the checks that
// turn a request that cannot comply into an error naming the reason (never a file that claims
// a standard it breaks). Parts that every file of ours meets already (fonts embedded with
// their widths, no encryption, /ID, no JavaScript or external streams, no CIDSet, which
// ISO 19005-2 §6.2.11.4.2 does not require, and which would have to be complete if present)
// need nothing here.

import { PDFArray, PDFDict, PDFName, PDFNumber, PDFString, type PDFContext, type PDFPage } from 'pdf-lib';
import type { DomElement } from '../dom/types.js';
import type { ValidationFailure } from '../request/errors.js';
import type { EmbeddedAttachment } from './embedded-files.js';
import { FACTUR_X_FILE_NAME, facturXConformanceLevel, type FacturXInvoice } from './factur-x.js';
import { flateStream } from './flate.js';
import { isLanguageTag } from './metadata.js';
import { SRGB_DESCRIPTION, srgbIccProfile } from './srgb-icc.js';
import { pdfaPart, type PdfVariant } from './variant.js';

/** What the checks read of the document. */
export interface VariantRequest {
  readonly pdfVariant: PdfVariant | null;
  readonly title: string | null;
  readonly lang: string | null;
  readonly attachments: readonly EmbeddedAttachment[];
  /** Where each attachment came from, for messages (`attachments[0]`, `<link rel=attachment href="a.xml">`). */
  readonly attachmentSources: readonly string[];
  /** The content is tagged (a structure tree and marked content). */
  readonly tagged: boolean;
}

/** The problems that keep the document from being written as its variant (empty: none). */
export function variantFailures(request: VariantRequest): ValidationFailure[] {
  const { pdfVariant } = request;
  const failures: ValidationFailure[] = [];
  if (pdfVariant === null) return failures;
  const part = pdfaPart(pdfVariant);
  if (part !== null) {
    request.attachments.forEach((attachment, i) => {
      // ISO 19005-2 §6.8: only PDF/A-1 or PDF/A-2 files may be embedded.
      if (part === 2 && !isPdfA12(attachment.data)) {
        failures.push({ property: request.attachmentSources[i] ?? 'attachments', message: `pdf/a-2b can embed only PDF/A-1 or PDF/A-2 files, and "${attachment.name}" is not one (${attachment.mimeType}); use pdf/a-3b to attach other files` });
      }
    });
  } else if (pdfVariant === 'pdf/ua-1') {
    // ISO 14289-1 §7.1: a dc:title, shown in the title bar; §7.2: the natural language.
    if (!request.title?.trim()) failures.push({ property: 'title', message: 'pdf/ua-1 needs a document title: give <title>, the request\'s "title" or metadata.title' });
    if (!request.lang || !isLanguageTag(request.lang.trim())) failures.push({ property: 'pdfVariant', message: 'pdf/ua-1 needs the document\'s language as a BCP 47 tag (en, fr-CA): give <html lang> or metadata.lang' });
    if (!request.tagged) failures.push({ property: 'pdfVariant', message: 'pdf/ua-1 needs a tagged PDF (a structure tree), and tagging is off for this render' });
  }
  return failures;
}

/** At most this many images are named in one error. */
const MAX_NAMED_FIGURES = 10;

/**
 * ISO 14289-1 §7.3: every Figure has an alternate description. An image without one is an
 * error naming it (its `src`), so that a PDF/UA-1 file never carries an unnamed image; an
 * image that is decoration says so with `alt=""` (an artifact then).
 */
export function figureFailures(figures: readonly DomElement[]): ValidationFailure[] {
  if (figures.length === 0) return [];
  const named = figures.slice(0, MAX_NAMED_FIGURES).map(describeFigure);
  const more = figures.length > MAX_NAMED_FIGURES ? ` and ${figures.length - MAX_NAMED_FIGURES} more` : '';
  return [{ property: 'pdfVariant', message: `pdf/ua-1 needs a text alternative for every image, and ${named.join(', ')}${more} ${figures.length === 1 ? 'has' : 'have'} none: give alt (or aria-label; an inline <svg> a <title>), or alt="" for an image that is decoration` }];
}

function describeFigure(element: DomElement): string {
  if (element.tagName !== 'img') return `<${element.tagName}>${element.attrs.get('id') ? ` #${element.attrs.get('id')}` : ''}`;
  const src = element.attrs.get('src') ?? '';
  return `<img src="${src.length > 80 ? `${src.slice(0, 77)}...` : src}">`;
}

/**
 * The Factur-X invoice among the attachments of a PDF/A-3b file (the one named factur-x.xml),
 * with a failure when its profile cannot be told; null when there is none.
 */
export function facturXOf(request: VariantRequest): { invoice: FacturXInvoice | null; failure: ValidationFailure | null } {
  const i = request.attachments.findIndex((a) => a.name === FACTUR_X_FILE_NAME);
  if (i < 0 || request.pdfVariant !== 'pdf/a-3b') return { invoice: null, failure: null };
  const property = request.attachmentSources[i] ?? 'attachments';
  const attachment = request.attachments[i]!;
  if (attachment.relationship !== 'Data' && attachment.relationship !== 'Alternative') {
    return { invoice: null, failure: { property, message: `${FACTUR_X_FILE_NAME} must be attached with the relationship Data or Alternative (Factur-X 1.0 §7.2.1), not ${attachment.relationship}` } };
  }
  const level = facturXConformanceLevel(attachment.data);
  if (typeof level !== 'string') return { invoice: null, failure: { property, message: `the Factur-X conformance level of ${FACTUR_X_FILE_NAME} cannot be determined: ${level.error}` } };
  return { invoice: { conformanceLevel: level }, failure: null };
}

/** A PDF whose XMP (never compressed in PDF/A, §6.6.2.1) declares PDF/A part 1 or 2. */
function isPdfA12(data: Uint8Array): boolean {
  const head = Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, 1024)).toString('latin1');
  if (!head.startsWith('%PDF-')) return false;
  const text = Buffer.from(data.buffer, data.byteOffset, data.length).toString('latin1');
  return /pdfaid:part(?:>|\s*=\s*["'])\s*[12]\s*[<"']/.test(text);
}

/**
 * ISO 19005-2 §6.2.3: the sRGB output intent, which makes DeviceRGB and DeviceGray colour
 * (all this writer paints with) device-independent.
 */
export function writeOutputIntent(context: PDFContext, catalog: PDFDict): void {
  const profile = context.register(flateStream(context, srgbIccProfile(), { N: 3 }));
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of(SRGB_DESCRIPTION),
    Info: PDFString.of(SRGB_DESCRIPTION),
    RegistryName: PDFString.of('http://www.color.org'),
    DestOutputProfile: profile,
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([intent]));
}

/** Annotation flags (ISO 32000-1 §12.5.3 Table 165). */
const INVISIBLE = 1;
const HIDDEN = 2;
const PRINT = 4;
const NO_VIEW = 32;

/**
 * ISO 19005-2 §6.3.2–6.3.3: every annotation printed and shown (/F with Print, without
 * Invisible, Hidden, NoView), and an appearance dictionary with only /N.
 */
export function makeAnnotationsPrintable(pages: readonly PDFPage[]): void {
  for (const page of pages) {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annots) continue;
    for (let i = 0; i < annots.size(); i++) {
      const annot = annots.lookupMaybe(i, PDFDict);
      if (!annot) continue;
      const flags = annot.lookupMaybe(PDFName.of('F'), PDFNumber)?.asNumber() ?? 0;
      annot.set(PDFName.of('F'), PDFNumber.of((flags | PRINT) & ~(INVISIBLE | HIDDEN | NO_VIEW)));
      const appearance = annot.lookupMaybe(PDFName.of('AP'), PDFDict);
      appearance?.delete(PDFName.of('D'));
      appearance?.delete(PDFName.of('R'));
    }
  }
}

/** ISO 14289-1 §7.1: the title shown instead of the file name; the content marked as tagged. */
export function writeUniversalAccessEntries(catalog: PDFDict, context: PDFContext): void {
  const preferences = catalog.lookupMaybe(PDFName.of('ViewerPreferences'), PDFDict) ?? context.obj({});
  preferences.set(PDFName.of('DisplayDocTitle'), context.obj(true));
  catalog.set(PDFName.of('ViewerPreferences'), preferences);
  // The tagging stage's own /MarkInfo (with /Suspects) is kept; /Marked is true either way.
  const markInfo = catalog.lookupMaybe(PDFName.of('MarkInfo'), PDFDict) ?? context.obj({});
  markInfo.set(PDFName.of('Marked'), context.obj(true));
  catalog.set(PDFName.of('MarkInfo'), markInfo);
}
