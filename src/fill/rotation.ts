// Turned pages. A page's /Rotate (§7.7.3.3, inheritable) turns it clockwise when shown, and a
// widget's /MK /R (§12.5.6.19) turns its appearance counterclockwise on the page. Field rects
// stay in the page's unrotated space (the crop box, y up: PDF's and AcroForm /Rect's own
// convention), but a field's content is drawn in a frame turned with the page, so that it
// reads upright as shown: text runs across the shown width, lines go down the shown height.
//
// The frame is the page as shown: display-list coordinates (pt, y down) from the top-left
// corner of the shown page, `width` × `height` (the crop box's, swapped for 90 and 270). Each
// field's box is its rect as shown (`displayedBox`), and one `cm` (`rotatedFrame(...).matrix`)
// takes the frame's y-up coordinates back to the crop box's: so every drawing routine works
// unchanged in a box of the shown size.

import { PDFDict, PDFName, PDFNumber } from 'pdf-lib';
import { normalizeRotation, type Rotation } from '../pdf/page-rotation.js';
import type { DisplayBox } from './draw-text.js';
import type { FieldRect } from './types.js';

export { normalizeRotation, pageRotation, type Rotation } from '../pdf/page-rotation.js';

/** A width and height in pt (a page's crop box, unrotated). */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/** The shown page: its size, and the matrix from its y-up coordinates to the crop box's (origin bottom-left). */
export interface RotatedFrame {
  readonly width: number;
  readonly height: number;
  /** `a b c d e f` of a `cm` (§8.3.4). */
  readonly matrix: readonly [number, number, number, number, number, number];
}

/** A widget's /MK /R when it turns the widget; undefined for none or 0 (pdf-lib writes /R 0 on every widget it makes). */
export function widgetRotation(widget: PDFDict): Rotation | undefined {
  const mk = widget.lookup(PDFName.of('MK'));
  const r = mk instanceof PDFDict ? mk.lookup(PDFName.of('R')) : undefined;
  const rotation = normalizeRotation(r instanceof PDFNumber ? r.asNumber() : undefined);
  return rotation === 0 ? undefined : rotation;
}

/** The page of crop box size `page` as shown turned by `rotation`. */
export function rotatedFrame(page: Size, rotation: Rotation): RotatedFrame {
  const { width: w, height: h } = page;
  switch (rotation) {
    case 0:
      return { width: w, height: h, matrix: [1, 0, 0, 1, 0, 0] };
    case 90: // shown (p, q) ← crop (x, y) = (w − q, p)
      return { width: h, height: w, matrix: [0, 1, -1, 0, w, 0] };
    case 180:
      return { width: w, height: h, matrix: [-1, 0, 0, -1, w, h] };
    case 270: // crop (x, y) = (q, h − p)
      return { width: h, height: w, matrix: [0, -1, 1, 0, 0, h] };
  }
}

/**
 * A field's rect (crop box coordinates, y up) as shown on the page turned by `rotation`:
 * display-list coordinates of the shown page, width and height swapped for 90 and 270.
 * With 90, a rect at the crop box's bottom-left is shown at the top-left; with 180, at the
 * top-right; with 270, at the bottom-right.
 */
export function displayedBox(rect: FieldRect, page: Size, rotation: Rotation): DisplayBox {
  const { x, y, width, height } = rect;
  switch (rotation) {
    case 0:
      return { x, y: page.height - y - height, width, height };
    case 90:
      return { x: y, y: x, width: height, height: width };
    case 180:
      return { x: page.width - x - width, y, width, height };
    case 270:
      return { x: page.height - y - height, y: page.width - x - width, width: height, height: width };
  }
}
