// The root element's sizing: the intrinsic size an `<img>` takes (CSS px), the viewBox and
// preserveAspectRatio, and the mapping of user space onto the box the image is drawn in
// (SVG 2 §8.2 "equivalent transform of an SVG viewport").

import { invert, multiply, applyToPoint, scaling, translation } from './matrix.js';
import type { AspectRatio, Matrix, Rect, SvgViewport } from './model.js';
import { parseLength, parseNumberList } from './numbers.js';
import type { XmlElement } from './xml.js';

/** CSS Images 3 §5.2: the default object size, 300×150 CSS px. */
export const DEFAULT_WIDTH = 300;
export const DEFAULT_HEIGHT = 150;

const MEET_MID: AspectRatio = { align: 'xMidYMid', meetOrSlice: 'meet' };
const STRETCH: AspectRatio = { align: 'none', meetOrSlice: 'meet' };

/**
 * The intrinsic size and the viewBox mapping of a root `<svg>` (or of a nested viewport when
 * `size` is given). Width and height are absolute lengths; a missing one follows from the
 * viewBox's ratio, else from the default object size; with neither, the ratio is fitted into
 * 300×150 (CSS Images 3 §5.2, a contain constraint).
 */
export function rootViewport(root: XmlElement): SvgViewport {
  const viewBox = parseViewBox(root.attrs.get('viewBox'));
  const ratio = viewBox ? viewBox.width / viewBox.height : null;
  let width = absoluteLength(root.attrs.get('width'));
  let height = absoluteLength(root.attrs.get('height'));
  if (width === null && height === null) {
    if (ratio === null) [width, height] = [DEFAULT_WIDTH, DEFAULT_HEIGHT];
    else if (ratio >= DEFAULT_WIDTH / DEFAULT_HEIGHT) [width, height] = [DEFAULT_WIDTH, DEFAULT_WIDTH / ratio];
    else [width, height] = [DEFAULT_HEIGHT * ratio, DEFAULT_HEIGHT];
  } else if (height === null) height = ratio ? width! / ratio : DEFAULT_HEIGHT;
  else if (width === null) width = ratio ? height * ratio : DEFAULT_WIDTH;
  // An SVG used as an image without a viewBox stretches to its box (w3c/svgwg#249).
  if (!viewBox) return { width: width!, height, viewBox: { x: 0, y: 0, width: width!, height }, aspect: STRETCH };
  return { width: width!, height, viewBox, aspect: parseAspectRatio(root.attrs.get('preserveAspectRatio')) };
}

/**
 * The natural dimensions (CSS px) and aspect ratio of an inline `<svg>` in HTML (SVG 2 §8.2;
 * CSS Images 3 §4): absolute `width` and `height` attributes are natural dimensions (and, as
 * presentation attributes, also the CSS width and height, so CSS overrides them); the ratio is
 * the viewBox's, else that of both dimensions. Null where there is none.
 */
export function inlineNaturalSize(attrs: ReadonlyMap<string, string>): { width: number | null; height: number | null; ratio: number | null } {
  const width = absoluteLength(attrs.get('width'));
  const height = absoluteLength(attrs.get('height'));
  const viewBox = parseViewBox(attrs.get('viewBox'));
  const ratio = viewBox ? viewBox.width / viewBox.height : width && height ? width / height : null;
  return { width, height, ratio };
}

/** A width or height attribute in px; null for auto, percentages and invalid values. */
function absoluteLength(text: string | undefined): number | null {
  if (text === undefined || text.trim().endsWith('%')) return null;
  const value = parseLength(text, 'other', { fontSize: 16, viewportWidth: 0, viewportHeight: 0 });
  return value !== null && value >= 0 ? value : null;
}

/** `viewBox="min-x min-y width height"`; null when absent or invalid (a non-positive size disables it). */
export function parseViewBox(text: string | undefined): Rect | null {
  if (text === undefined) return null;
  const numbers = parseNumberList(text);
  if (!numbers || numbers.length !== 4) return null;
  const [x, y, width, height] = numbers as [number, number, number, number];
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

/** `preserveAspectRatio="[defer] <align> [meet | slice]"`; xMidYMid meet when absent or invalid. */
export function parseAspectRatio(text: string | undefined): AspectRatio {
  if (text === undefined) return MEET_MID;
  const words = text.trim().split(/\s+/);
  if (words[0] === 'defer') words.shift();
  const [align, meetOrSlice = 'meet'] = words;
  const valid = align === 'none' || /^x(Min|Mid|Max)Y(Min|Mid|Max)$/.test(align ?? '');
  if (!valid || (meetOrSlice !== 'meet' && meetOrSlice !== 'slice') || words.length > 2) return MEET_MID;
  return { align: align as AspectRatio['align'], meetOrSlice };
}

/** SVG 2 §8.2: the transform that maps a viewBox onto a viewport of this size at the origin. */
export function viewBoxTransform(viewBox: Rect, aspect: AspectRatio, width: number, height: number): Matrix {
  let sx = width / viewBox.width;
  let sy = height / viewBox.height;
  if (aspect.align !== 'none') {
    sx = sy = aspect.meetOrSlice === 'slice' ? Math.max(sx, sy) : Math.min(sx, sy);
  }
  let tx = -viewBox.x * sx;
  let ty = -viewBox.y * sy;
  const free = (size: number, scaled: number, where: string): number => (where === 'Mid' ? (size - scaled) / 2 : where === 'Max' ? size - scaled : 0);
  if (aspect.align !== 'none') {
    tx += free(width, viewBox.width * sx, aspect.align.slice(1, 4));
    ty += free(height, viewBox.height * sy, aspect.align.slice(5, 8));
  }
  return [sx, 0, 0, sy, tx, ty];
}

/** CSS px → pt, the units of the boxes an SVG is drawn in. */
const PX = 0.75;

/** User space → the image's box (its top-left at the origin, y down, in the box's units). */
export function placementTransform(viewport: SvgViewport, boxWidth: number, boxHeight: number): Matrix {
  if (viewport.userSpaceInPx) return scaling(PX, PX);
  return viewBoxTransform(viewport.viewBox, viewport.aspect, boxWidth, boxHeight);
}

/**
 * Where a rendering of the whole intrinsic viewport (what rasterising the file at its own
 * size gives) lands in a box of this size: the intrinsic viewport mapped back into user
 * space, then onto the box. Exact whenever nothing outside the intrinsic viewport would show.
 */
export function intrinsicRectInBox(viewport: SvgViewport, boxWidth: number, boxHeight: number): Rect {
  if (viewport.userSpaceInPx) return { x: 0, y: 0, width: viewport.width * PX, height: viewport.height * PX };
  const toIntrinsic = viewBoxTransform(viewport.viewBox, viewport.aspect, viewport.width, viewport.height);
  const back = invert(toIntrinsic) ?? scaling(1, 1);
  const m = multiply(placementTransform(viewport, boxWidth, boxHeight), back);
  const [x0, y0] = applyToPoint(m, 0, 0);
  const [x1, y1] = applyToPoint(m, viewport.width, viewport.height);
  return { x: Math.min(x0, x1), y: Math.min(y0, y1), width: Math.abs(x1 - x0), height: Math.abs(y1 - y0) };
}

/** The transform of a nested `<svg>` or `<symbol>` viewport at (x, y) of this size. */
export function nestedViewportTransform(x: number, y: number, width: number, height: number, viewBox: Rect | null, aspect: AspectRatio): Matrix {
  const inner = viewBox ? viewBoxTransform(viewBox, aspect, width, height) : scaling(1, 1);
  return multiply(translation(x, y), inner);
}
