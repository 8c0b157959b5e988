// A page's /Rotate (§7.7.3.3, inheritable) as readers take it, read without pdf-lib's
// getRotation(), which throws on a value that is not a number (a hostile or broken template).
import { PDFName, PDFNumber, type PDFPage } from 'pdf-lib';

/** A quarter turn: clockwise as shown for a page's /Rotate, counterclockwise on the page for /MK /R. */
export type Rotation = 0 | 90 | 180 | 270;

/**
 * A /Rotate or /R value as readers take it: a multiple of 90 (negative ones turn the other
 * way, so -90 is 270), reduced modulo 360; anything else (45, NaN, absent) is no rotation.
 */
export function normalizeRotation(value: number | undefined): Rotation {
  if (value === undefined || !Number.isFinite(value) || value % 90 !== 0) return 0;
  return ((((value % 360) + 360) % 360) || 0) as Rotation;
}

/** The page's effective /Rotate (its own or inherited from the page tree). */
export function pageRotation(page: PDFPage): Rotation {
  const value = page.doc.context.lookup(page.node.getInheritableAttribute(PDFName.of('Rotate')));
  return normalizeRotation(value instanceof PDFNumber ? value.asNumber() : undefined);
}

