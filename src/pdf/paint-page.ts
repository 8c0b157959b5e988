// Walks one page's display list in order and writes each item: the one place that knows
// every DisplayItem kind. Links, anchors and bookmarks are not drawn; they are collected for
// annotations, named destinations and the outline, written once every page exists.

import type { ClipItem, DisplayItem, ImageItem, LinkItem, OpacityItem, SvgImage } from '../paint/types.js';
import { intrinsicRectInBox, placementTransform } from '../resources/svg/viewport.js';
import { ContentStream, num } from './content-stream.js';
import { svgRasterKey, svgRasterSize } from './images.js';
import type { PaintContext } from './paint-context.js';
import { appendRectPath, paintLine, paintPath, paintRect } from './paint-shapes.js';
import { paintGlyphRun } from './paint-text.js';
import { coordinate } from './svg-operators.js';

/** Paints `items` into `ctx.canvas`, in display-list (CSS paint) order. */
export function paintItems(items: readonly DisplayItem[], ctx: PaintContext): void {
  for (const item of items) paintItem(item, ctx);
}

function paintItem(item: DisplayItem, ctx: PaintContext): void {
  switch (item.kind) {
    case 'glyphs':
      return paintGlyphRun(item, ctx);
    case 'rect':
      return paintRect(item, ctx);
    case 'line':
      return paintLine(item, ctx);
    case 'path':
      return paintPath(item, ctx);
    case 'image':
      return paintImage(item, ctx);
    case 'link':
      return collectLink(item, ctx);
    case 'anchor':
      ctx.anchors.push({ name: item.name, x: item.x, y: ctx.pageHeight - item.y });
      return;
    case 'bookmark':
      ctx.bookmarks.push({ level: item.level, label: item.label, x: item.x, y: ctx.pageHeight - item.y });
      return;
    case 'clip':
      return paintClip(item, ctx);
    case 'opacity':
      return paintOpacity(item, ctx);
  }
}

/** §8.5.4: the clipping path (W n) holds until the matching Q. */
function paintClip(item: ClipItem, ctx: PaintContext): void {
  ctx.canvas.save();
  appendRectPath(ctx.canvas, ctx.pageHeight, item.x, item.y, Math.max(0, item.width), Math.max(0, item.height), item.radii);
  ctx.canvas.push('W n');
  paintItems(item.items, ctx);
  ctx.canvas.restore();
}

/**
 * CSS opacity applies to the group as a whole, not to each child (overlapping children must
 * not show through each other), so the children become a transparency group form XObject
 * (§11.6.6, §8.10) painted with a constant alpha. Invisible groups still yield their links.
 */
function paintOpacity(item: OpacityItem, ctx: PaintContext): void {
  if (item.opacity >= 1) {
    paintItems(item.items, ctx);
    return;
  }
  const group: PaintContext = { ...ctx, canvas: new ContentStream() };
  paintItems(item.items, group);
  if (item.opacity <= 0 || group.canvas.isEmpty) return;
  const name = ctx.addGroup(group.canvas.toString());
  ctx.canvas.save();
  ctx.canvas.push(`/${ctx.resources.alphaState(item.opacity, item.opacity)} gs\n/${name} Do`);
  ctx.canvas.restore();
}

/** §8.9.5: an image fills the unit square, so `cm` scales it to its box. */
function paintImage(item: ImageItem, ctx: PaintContext): void {
  if (item.image.format === 'svg') return paintSvg(item, item.image, ctx);
  const ref = ctx.images.get(item.image.key);
  if (!ref || item.width <= 0 || item.height <= 0) return;
  const name = ctx.resources.xObject(`image:${item.image.key}`, 'Im', () => ref);
  const bottom = ctx.pageHeight - item.y - item.height;
  ctx.canvas.save();
  ctx.canvas.push(`${num(item.width)} 0 0 ${num(item.height)} ${num(item.x)} ${num(bottom)} cm\n/${name} Do`);
  ctx.canvas.restore();
}

/**
 * An SVG image clipped to its box (the root viewport clips, SVG 2 §12.3.3): its drawing's
 * form mapped from user space by the viewBox and preserveAspectRatio, y flipped; or its
 * raster at this size, laid where the intrinsic viewport lands in the box.
 */
function paintSvg(item: ImageItem, image: SvgImage, ctx: PaintContext): void {
  if (!(item.width > 0 && item.height > 0)) return;
  let draw: string;
  if (image.drawing) {
    const ref = ctx.images.get(image.key);
    const [a, b, c, d, e, f] = placementTransform(image.viewport, item.width, item.height);
    if (!ref || !(Math.abs(a * d - b * c) > 0) || ![a, b, c, d, e, f].every(Number.isFinite)) return;
    const name = ctx.resources.xObject(`image:${image.key}`, 'Fm', () => ref);
    // Box space (y down from the box's top-left) → page space: x + X, pageHeight − y − Y.
    const matrix = [a, -b, c, -d, item.x + e, ctx.pageHeight - item.y - f];
    draw = `${matrix.map(coordinate).join(' ')} cm\n/${name} Do`;
  } else {
    const size = svgRasterSize(item, image);
    const key = size && svgRasterKey(image, size);
    const ref = key && ctx.images.get(key);
    if (!key || !ref) return;
    const name = ctx.resources.xObject(`image:${key}`, 'Im', () => ref);
    const rect = intrinsicRectInBox(image.viewport, item.width, item.height);
    const bottom = ctx.pageHeight - item.y - rect.y - rect.height;
    draw = `${coordinate(rect.width)} 0 0 ${coordinate(rect.height)} ${coordinate(item.x + rect.x)} ${coordinate(bottom)} cm\n/${name} Do`;
  }
  ctx.canvas.save();
  ctx.canvas.push(`${num(item.x)} ${num(ctx.pageHeight - item.y - item.height)} ${num(item.width)} ${num(item.height)} re W n`);
  ctx.canvas.push(draw);
  ctx.canvas.restore();
}

function collectLink(item: LinkItem, ctx: PaintContext): void {
  if (item.width <= 0 || item.height <= 0) return;
  const bottom = ctx.pageHeight - item.y - item.height;
  ctx.links.push({ rect: [item.x, bottom, item.x + item.width, bottom + item.height], target: item.target });
}
