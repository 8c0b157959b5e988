// Image XObjects (ISO 32000-1 §8.9.5): each distinct ImageResource embedded once, through
// pdf-lib's PNG (Flate, alpha as an SMask) and JPEG (DCTDecode, bytes as they are) embedders,
// the first time a page draws it.
import type { PDFDocument, PDFRef } from 'pdf-lib';
import type { DisplayItem, ImageResource } from '../paint/types.js';

export class ImageEmbedder {
  private readonly refs = new Map<string, PDFRef | null>();

  constructor(private readonly pdf: PDFDocument, private readonly onWarning: (message: string) => void) {}

  /** Embeds the images `items` draw that are not embedded yet. */
  async prepare(items: readonly DisplayItem[]): Promise<void> {
    for (const image of imagesIn(items)) {
      if (this.refs.has(image.key)) continue;
      this.refs.set(image.key, null);
      try {
        const embedded = image.format === 'png' ? await this.pdf.embedPng(image.data) : await this.pdf.embedJpg(image.data);
        this.refs.set(image.key, embedded.ref);
      } catch (error) {
        this.onWarning(`image ${image.key} could not be embedded (${(error as Error).message}); it is not drawn`);
      }
    }
  }

  /** The XObject of an image, or undefined when it could not be embedded. */
  get(key: string): PDFRef | undefined {
    return this.refs.get(key) ?? undefined;
  }
}

function imagesIn(items: readonly DisplayItem[], out: ImageResource[] = []): ImageResource[] {
  for (const item of items) {
    if (item.kind === 'image') out.push(item.image);
    else if (item.kind === 'clip' || item.kind === 'opacity') imagesIn(item.items, out);
  }
  return out;
}
