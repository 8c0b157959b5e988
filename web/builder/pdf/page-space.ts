// Between a page's own space and the page as displayed. Field rects are stored in the page's
// unrotated crop-box space, from its bottom-left (as PDF and AcroForm widgets have them, and as
// the fill engine reads them); the builder shows and edits a page turned by its /Rotate, from
// the displayed bottom-left. Pure, so it is unit-tested in node.

export type Rotation = 0 | 90 | 180 | 270;

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * A /Rotate value as a quarter turn clockwise: a multiple of 90 (negative ones turn back),
 * modulo 360; anything else is no rotation — as pdf.js and the fill engine read it.
 */
export function normalizeRotation(degrees: number): Rotation {
  if (!Number.isFinite(degrees) || degrees % 90 !== 0) return 0;
  return ((((degrees % 360) + 360) % 360) || 0) as Rotation;
}

/** `rect` of the unrotated page, where the page turned by `rotation` shows it (`shown`: the displayed page's size). */
export function toDisplayed(rect: Rect, rotation: Rotation, shown: { readonly width: number; readonly height: number }): Rect {
  const { x, y, width: w, height: h } = rect;
  switch (rotation) {
    case 0:
      return rect;
    case 90: // the page's bottom edge runs down the displayed left edge
      return { x: y, y: shown.height - x - w, width: h, height: w };
    case 180:
      return { x: shown.width - x - w, y: shown.height - y - h, width: w, height: h };
    case 270: // the page's bottom edge runs up the displayed right edge
      return { x: shown.width - y - h, y: x, width: h, height: w };
  }
}

/** The inverse of toDisplayed: a displayed rect in the unrotated page's space. */
export function toUnrotated(rect: Rect, rotation: Rotation, shown: { readonly width: number; readonly height: number }): Rect {
  const { x, y, width: w, height: h } = rect;
  switch (rotation) {
    case 0:
      return rect;
    case 90:
      return { x: shown.height - y - h, y: x, width: h, height: w };
    case 180:
      return { x: shown.width - x - w, y: shown.height - y - h, width: w, height: h };
    case 270:
      return { x: y, y: shown.width - x - w, width: h, height: w };
  }
}
