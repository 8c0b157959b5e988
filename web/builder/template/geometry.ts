// Between a Cast field's rect (PDF points from the page's bottom-left) and the box the screen
// shows (points from the page's top-left; CSS pixels = points × scale), and the arithmetic of
// boxes: clamping into a page, intersection, union.
import type { Box, PageSize, Rect } from './types.js';

/** Rounds to 1/100 point: what a stored rect holds. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

export function rectToBox(rect: Rect, pageHeight: number): Box {
  return { left: rect.x, top: pageHeight - rect.y - rect.height, width: rect.width, height: rect.height };
}

export function boxToRect(box: Box, pageHeight: number): Rect {
  return { x: round2(box.left), y: round2(pageHeight - box.top - box.height), width: round2(box.width), height: round2(box.height) };
}

/** The box in CSS pixels at `scale` pixels per point. */
export function boxToCss(box: Box, scale: number): Box {
  return { left: box.left * scale, top: box.top * scale, width: box.width * scale, height: box.height * scale };
}

/** The box moved (and shrunk only when larger than the page) so that it lies inside the page. */
export function clampBox(box: Box, page: PageSize): Box {
  const width = Math.min(box.width, page.width);
  const height = Math.min(box.height, page.height);
  return {
    left: Math.min(Math.max(box.left, 0), page.width - width),
    top: Math.min(Math.max(box.top, 0), page.height - height),
    width,
    height,
  };
}

export function isInside(box: Box, page: PageSize): boolean {
  const epsilon = 1e-6;
  return box.left >= -epsilon && box.top >= -epsilon && box.left + box.width <= page.width + epsilon && box.top + box.height <= page.height + epsilon;
}

export function translateBox(box: Box, dx: number, dy: number): Box {
  return { ...box, left: box.left + dx, top: box.top + dy };
}

/** Whether two boxes overlap (touching edges do not), with `gap` points of margin around `a`. */
export function intersects(a: Box, b: Box, gap = 0): boolean {
  return a.left - gap < b.left + b.width && b.left < a.left + a.width + gap && a.top - gap < b.top + b.height && b.top < a.top + a.height + gap;
}

/** The smallest box holding every box (undefined for none). */
export function unionBox(boxes: readonly Box[]): Box | undefined {
  if (boxes.length === 0) return undefined;
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  const right = Math.max(...boxes.map((b) => b.left + b.width));
  const bottom = Math.max(...boxes.map((b) => b.top + b.height));
  return { left, top, width: right - left, height: bottom - top };
}

/** The box between two corners, in any order. */
export function boxFromCorners(a: { x: number; y: number }, b: { x: number; y: number }): Box {
  return { left: Math.min(a.x, b.x), top: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}
