// Image XObjects (ISO 32000-1 §8.9.5): each distinct ImageResource embedded once, through
// pdf-lib's PNG (Flate, alpha as an SMask) and JPEG (DCTDecode, bytes as they are) embedders.

import type { PDFDocument, PDFRef } from 'pdf-lib';
import type { DisplayItem, ImageResource, PageDisplayList } from '../paint/types.js';

/** Embeds every image the pages draw, deduplicated by key; returns key → XObject reference. */
export async function embedImages(
  pdf: PDFDocument,
  pages: readonly PageDisplayList[],
  onWarning: (message: string) => void,
): Promise<Map<string, PDFRef>> {
  const refs = new Map<string, PDFRef>();
  for (const image of uniqueImages(pages)) {
    try {
      const embedded = image.format === 'png' ? await pdf.embedPng(image.data) : await pdf.embedJpg(image.data);
      refs.set(image.key, embedded.ref);
    } catch (error) {
      onWarning(`image ${image.key} could not be embedded (${(error as Error).message}); it is not drawn`);
    }
  }
  return refs;
}

function uniqueImages(pages: readonly PageDisplayList[]): ImageResource[] {
  const byKey = new Map<string, ImageResource>();
  const visit = (items: readonly DisplayItem[]): void => {
    for (const item of items) {
      if (item.kind === 'image' && !byKey.has(item.image.key)) byKey.set(item.image.key, item.image);
      else if (item.kind === 'clip' || item.kind === 'opacity') visit(item.items);
    }
  };
  for (const page of pages) visit(page.items);
  return [...byKey.values()];
}
