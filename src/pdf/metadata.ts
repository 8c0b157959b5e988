// Document information (ISO 32000-1 §14.3.3) and the file identifier (§14.4): from the
// options when the output must be deterministic, from the clock and randomness otherwise.

import { createHash, randomBytes } from 'node:crypto';
import { PDFHexString, type PDFDocument } from 'pdf-lib';

/** What the Info dictionary and trailer /ID are made of. */
export interface DocumentMetadata {
  readonly title?: string | null;
  readonly producer?: string;
  readonly deterministic?: boolean;
  readonly creationDate?: Date;
}

/** The creation date a deterministic render uses when none is given (DESIGN.md invariant 6). */
export const DETERMINISTIC_EPOCH = new Date('2000-01-01T00:00:00Z');

/**
 * Fills the Info dictionary; a title is also shown in the viewer's title bar
 * (/ViewerPreferences /DisplayDocTitle, §12.2). `contentDigest` feeds the deterministic /ID.
 */
export function writeMetadata(pdf: PDFDocument, meta: DocumentMetadata, contentDigest: string): void {
  if (meta.title) pdf.setTitle(meta.title, { showInWindowTitleBar: true });
  pdf.setProducer(meta.producer ?? 'Quire');
  pdf.setCreator('Quire');
  const date = meta.creationDate ?? (meta.deterministic ? DETERMINISTIC_EPOCH : new Date());
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  const id = meta.deterministic ? createHash('md5').update(contentDigest).update(date.toISOString()).digest('hex') : randomBytes(16).toString('hex');
  // §14.4: two identifiers, permanent and changing; a new file gets the same value for both.
  pdf.context.trailerInfo.ID = pdf.context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
}
