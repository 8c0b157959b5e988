// Drawing display items onto the pages of a loaded PDF with the engine's own PDF painter:
// fonts go through FontEmbedder (subset, ToUnicode: any script, extractable), images through
// ImageEmbedder, and operators through paintItems, exactly as for rendered documents. Each
// page's items become one form XObject over the page (its coordinates: the visible box's
// bottom-left corner at the origin), whose resources are this canvas's own dictionary, so no
// name can clash with the template's. Items for a turned page come in a layer of their own,
// drawn in the frame of the page as shown (rotation.ts): `q <matrix> cm … Q`. Over a tagged
// template each filled value is a group of its own: one form whose `Do` is inside the value's
// marked-content sequence (structure.ts); otherwise the page's items make one form.

import type { PDFDocument, PDFRef } from 'pdf-lib';
import type { DisplayItem } from '../paint/types.js';
import { ContentStream, num } from '../pdf/content-stream.js';
import { flateStream } from '../pdf/flate.js';
import { FontEmbedder } from '../pdf/font-embed.js';
import { ImageEmbedder } from '../pdf/images.js';
import type { PaintContext } from '../pdf/paint-context.js';
import { paintItems } from '../pdf/paint-page.js';
import { ResourceRegistry } from '../pdf/resources.js';
import { drawFormsOverPage, type OverlayForm } from '../pdf/watermark.js';
import { visibleBox } from './page-box.js';
import { rotatedFrame, type Rotation } from './rotation.js';
import type { FieldRect } from './types.js';

/** Items in the display-list coordinates of the page turned by `rotation` (0: the page's own). */
export interface PaintLayer {
  readonly rotation: Rotation;
  readonly items: readonly DisplayItem[];
}

/** Layers drawn as one form XObject, whose `Do` is inside `marked` (BDC operands) unless null. */
export interface PaintGroup {
  readonly marked: string | null;
  readonly layers: readonly PaintLayer[];
}

/** Paints over pages: `paint` per page, then `finish` once. */
export class PageCanvas {
  private readonly resources: ResourceRegistry;
  private readonly fonts: FontEmbedder;
  private readonly images: ImageEmbedder;

  constructor(private readonly doc: PDFDocument, warn: (message: string) => void) {
    this.resources = new ResourceRegistry(doc.context);
    this.fonts = new FontEmbedder(doc.context, this.resources, warn);
    this.images = new ImageEmbedder(doc, warn, { resources: this.resources, fonts: this.fonts });
  }

  /** Draws the groups, in order, over page `pageIndex`; returns the content drawn. */
  async paint(pageIndex: number, groups: readonly PaintGroup[]): Promise<string> {
    const items = groups.flatMap((group) => group.layers.flatMap((layer) => layer.items));
    if (items.length === 0) return '';
    const page = this.doc.getPage(pageIndex);
    const box = visibleBox(page);
    await this.images.prepare(items);
    const forms: OverlayForm[] = [];
    let content = '';
    for (const { marked, layers } of groups) {
      const drawn = this.paintLayers(layers, box);
      const form = flateStream(this.doc.context, drawn, {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, box.width, box.height],
        Matrix: [1, 0, 0, 1, box.x, box.y],
        Resources: this.resources.ref,
      });
      forms.push({ form: this.doc.context.register(form), marked });
      content += drawn;
    }
    drawFormsOverPage(page, forms, 'QuireFill');
    return content;
  }

  /** The operators of the layers, in the coordinates of the visible box. */
  private paintLayers(layers: readonly PaintLayer[], box: FieldRect): string {
    const ctx: PaintContext = {
      canvas: new ContentStream(),
      // The form's content is unmarked: over a tagged template its `Do` is in the value's sequence.
      marks: null,
      context: this.doc.context,
      pageHeight: box.height,
      resources: this.resources,
      fonts: this.fonts,
      images: this.images,
      addGroup: (content) => this.addGroup(content, box.width, box.height),
      links: [],
      anchors: [],
      bookmarks: [],
      fields: [],
    };
    for (const { rotation, items } of layers) {
      if (rotation === 0) {
        paintItems(items, ctx);
        continue;
      }
      // The shown page's y-up coordinates → the visible box's: y flips over the shown height.
      const frame = rotatedFrame(box, rotation);
      ctx.canvas.save();
      ctx.canvas.push(`${frame.matrix.map(num).join(' ')} cm`);
      paintItems(items, { ...ctx, pageHeight: frame.height, addGroup: (content) => this.addGroup(content, frame.width, frame.height) });
      ctx.canvas.restore();
    }
    return ctx.canvas.toString();
  }

  /** Writes the fonts (subset to what was drawn) and the shared resource dictionary. */
  finish(): void {
    this.fonts.finish();
    this.resources.write();
  }

  /** §11.6.6: a transparency group form for content drawn with group opacity. */
  private addGroup(content: string, width: number, height: number): string {
    const form = flateStream(this.doc.context, content, {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, width, height],
      Group: { Type: 'Group', S: 'Transparency', I: true },
      Resources: this.resources.ref,
    });
    return this.resources.addXObject('Fm', this.doc.context.register(form) as PDFRef);
  }
}
