// The visible area of a page: its crop box (§14.11.2, default the media box), normalized so
// that the corners may come in any order. Field rectangles are relative to its bottom-left.

import { PDFArray, PDFName, PDFNumber, type PDFDocument, type PDFPage } from 'pdf-lib';
import type { FieldRect } from './types.js';

/** US Letter, for a page whose boxes are missing or malformed. */
const LETTER: FieldRect = { x: 0, y: 0, width: 612, height: 792 };

/** The page's crop box in user space (falling back to the media box, then to Letter). */
export function visibleBox(page: PDFPage): FieldRect {
  return boxOf(page, 'CropBox') ?? boxOf(page, 'MediaBox') ?? LETTER;
}

/** A page's size as fields are placed on it: its visible box's, in points (the page's /Rotate not applied). */
export interface PageSize {
  readonly width: number;
  readonly height: number;
}

/** Every page's size, in order. */
export function pageSizesOf(doc: PDFDocument): PageSize[] {
  return doc.getPages().map((page) => {
    const { width, height } = visibleBox(page);
    return { width, height };
  });
}

/** A rectangle array `[x1 y1 x2 y2]` in any corner order, or undefined when it is not one. */
export function rectFromArray(array: PDFArray | undefined): FieldRect | undefined {
  if (!array || array.size() !== 4) return undefined;
  const n = [0, 1, 2, 3].map((i) => array.lookup(i));
  if (!n.every((v) => v instanceof PDFNumber)) return undefined;
  const [x1, y1, x2, y2] = n.map((v) => (v as PDFNumber).asNumber()) as [number, number, number, number];
  if (![x1, y1, x2, y2].every(Number.isFinite)) return undefined;
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

function boxOf(page: PDFPage, key: 'CropBox' | 'MediaBox'): FieldRect | undefined {
  const value = page.node.getInheritableAttribute(PDFName.of(key));
  const array = page.doc.context.lookup(value);
  const box = rectFromArray(array instanceof PDFArray ? array : undefined);
  return box && box.width > 0 && box.height > 0 ? box : undefined;
}
