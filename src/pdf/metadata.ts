// Document information (ISO 32000-1 §14.3.3), the XMP metadata stream (§14.3.2) and the file
// identifier (§14.4). The Info dictionary and the XMP packet are made from the same values,
// so they always agree field by field (ISO 19005-2 §6.6.2.3.1 asks PDF/A files for that, and
// readers that prefer one to the other show the same thing): dates from the options when the
// output must be deterministic, from the clock otherwise; /ID from the content or random.

import { createHash, randomBytes } from 'node:crypto';
import { PDFHexString, PDFName, PDFString, type PDFDocument } from 'pdf-lib';
import { facturXSchemas, type FacturXInvoice } from './factur-x.js';
import { serializeXmp, type XmpProperty, type XmpSchema } from './xmp.js';

/** The document's descriptive properties; null or absent: not known. */
export interface DocumentProperties {
  readonly title?: string | null;
  readonly author?: string | null;
  readonly subject?: string | null;
  readonly keywords?: string | null;
  /** The application that made the source document (Info /Creator, xmp:CreatorTool); default "Quire". */
  readonly creator?: string | null;
  /** A BCP 47 language tag: the catalog's /Lang and dc:language. */
  readonly lang?: string | null;
}

/** What the Info dictionary, the XMP packet and trailer /ID are made of. */
export interface DocumentMetadata extends DocumentProperties {
  readonly producer?: string;
  readonly deterministic?: boolean;
  readonly creationDate?: Date;
}

/** The standards the file claims, for XMP identification schemas. */
export interface Conformance {
  /** PDF/A part (ISO 19005-2 or -3) at level B. */
  readonly pdfaPart: 2 | 3 | null;
  /** PDF/UA part (ISO 14289-1). */
  readonly pdfuaPart: 1 | null;
  /** A Factur-X invoice carried as an attachment (PDF/A-3 only). */
  readonly facturX: FacturXInvoice | null;
}

const NO_CONFORMANCE: Conformance = { pdfaPart: null, pdfuaPart: null, facturX: null };

/** The creation date a deterministic render uses when none is given (DESIGN.md invariant 6). */
export const DETERMINISTIC_EPOCH = new Date('2000-01-01T00:00:00Z');

/** The creation date of a file: the caller's, the fixed epoch when deterministic, or now; whole seconds, as PDF dates have. */
export function documentDate(meta: Pick<DocumentMetadata, 'creationDate' | 'deterministic'>): Date {
  const date = meta.creationDate ?? (meta.deterministic ? DETERMINISTIC_EPOCH : new Date());
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/**
 * Fills the Info dictionary, the trailer /ID and the catalog's /Metadata stream (and /Lang);
 * a title is also shown in the viewer's title bar (/ViewerPreferences /DisplayDocTitle,
 * §12.2). `contentDigest` feeds the deterministic /ID.
 */
export function writeMetadata(pdf: PDFDocument, meta: DocumentMetadata, contentDigest: string, conformance: Conformance = NO_CONFORMANCE): void {
  const props = cleanProperties(meta);
  const producer = cleanText(meta.producer ?? 'Quire') || 'Quire';
  if (props.title) pdf.setTitle(props.title, { showInWindowTitleBar: true });
  if (props.author) pdf.setAuthor(props.author);
  if (props.subject) pdf.setSubject(props.subject);
  if (props.keywords) pdf.setKeywords([props.keywords]);
  pdf.setProducer(producer);
  pdf.setCreator(props.creator);
  const date = documentDate(meta);
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  if (props.lang) pdf.catalog.set(PDFName.of('Lang'), PDFString.of(props.lang));
  const id = meta.deterministic ? createHash('md5').update(contentDigest).update(date.toISOString()).digest('hex') : randomBytes(16).toString('hex');
  // §14.4: two identifiers, permanent and changing; a new file gets the same value for both.
  pdf.context.trailerInfo.ID = pdf.context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
  const xmp = serializeXmp(xmpSchemas(props, producer, date, id, conformance));
  // §14.3.2: not compressed, so that tools that do not parse PDF can find it (and ISO 19005-2
  // §6.6.2.1 forbids a /Filter on it).
  const stream = pdf.context.stream(Buffer.from(xmp, 'utf8'), { Type: 'Metadata', Subtype: 'XML' });
  pdf.catalog.set(PDFName.of('Metadata'), pdf.context.register(stream));
}

/** The properties with XML-impossible characters removed and blanks as absent, so Info and XMP carry the same text. */
function cleanProperties(meta: DocumentProperties): Required<{ [K in keyof DocumentProperties]: string | null }> & { creator: string } {
  const clean = (value: string | null | undefined) => (value ? cleanText(value) || null : null);
  const lang = clean(meta.lang);
  return {
    title: clean(meta.title),
    author: clean(meta.author),
    subject: clean(meta.subject),
    keywords: clean(meta.keywords),
    creator: clean(meta.creator) ?? 'Quire',
    lang: lang !== null && isLanguageTag(lang) ? lang : null,
  };
}

/**
 * A property's length at most: as UTF-16 (2 bytes a unit, and a BOM) well inside the 32767
 * bytes ISO 19005-2 §6.1.13 allows a string.
 */
const MAX_PROPERTY_LENGTH = 8192;

/** Text that both a PDF text string and XML can carry, trimmed, and cut to MAX_PROPERTY_LENGTH (not inside a surrogate pair). */
function cleanText(text: string): string {
  const clean = text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '').trim();
  if (clean.length <= MAX_PROPERTY_LENGTH) return clean;
  const end = /[\uD800-\uDBFF]/.test(clean[MAX_PROPERTY_LENGTH - 1]!) ? MAX_PROPERTY_LENGTH - 1 : MAX_PROPERTY_LENGTH;
  return clean.slice(0, end).trim();
}

/** A BCP 47 tag's shape (RFC 5646 §2.1): alphanumeric subtags of 1–8 characters. */
export function isLanguageTag(text: string): boolean {
  return /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(text);
}

/** The schemas of the packet: Dublin Core, PDF, XMP basic and media management, then the identifications. */
function xmpSchemas(props: ReturnType<typeof cleanProperties>, producer: string, date: Date, id: string, conformance: Conformance): XmpSchema[] {
  const when = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const dc: XmpProperty[] = [{ name: 'dc:format', value: 'application/pdf' }];
  if (props.title) dc.push({ name: 'dc:title', value: { alt: props.title } });
  if (props.author) dc.push({ name: 'dc:creator', value: { seq: [props.author] } });
  if (props.subject) dc.push({ name: 'dc:description', value: { alt: props.subject } });
  if (props.lang) dc.push({ name: 'dc:language', value: { bag: [props.lang] } });
  const pdf: XmpProperty[] = [{ name: 'pdf:Producer', value: producer }];
  if (props.keywords) pdf.push({ name: 'pdf:Keywords', value: props.keywords });
  const uuid = `uuid:${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20, 32)}`;
  const schemas: XmpSchema[] = [
    { prefix: 'dc', uri: 'http://purl.org/dc/elements/1.1/', properties: dc },
    { prefix: 'pdf', uri: 'http://ns.adobe.com/pdf/1.3/', properties: pdf },
    {
      prefix: 'xmp',
      uri: 'http://ns.adobe.com/xap/1.0/',
      properties: [
        { name: 'xmp:CreatorTool', value: props.creator },
        { name: 'xmp:CreateDate', value: when },
        { name: 'xmp:ModifyDate', value: when },
        { name: 'xmp:MetadataDate', value: when },
      ],
    },
    {
      prefix: 'xmpMM',
      uri: 'http://ns.adobe.com/xap/1.0/mm/',
      properties: [
        { name: 'xmpMM:DocumentID', value: uuid },
        { name: 'xmpMM:InstanceID', value: uuid },
      ],
    },
  ];
  if (conformance.pdfaPart !== null) {
    schemas.push({
      prefix: 'pdfaid',
      uri: 'http://www.aiim.org/pdfa/ns/id/',
      properties: [
        { name: 'pdfaid:part', value: String(conformance.pdfaPart) },
        { name: 'pdfaid:conformance', value: 'B' },
      ],
    });
  }
  if (conformance.pdfuaPart !== null) {
    schemas.push({ prefix: 'pdfuaid', uri: 'http://www.aiim.org/pdfua/ns/id/', properties: [{ name: 'pdfuaid:part', value: String(conformance.pdfuaPart) }] });
  }
  if (conformance.facturX !== null) schemas.push(...facturXSchemas(conformance.facturX));
  return schemas;
}
