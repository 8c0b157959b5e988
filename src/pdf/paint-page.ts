// Walks one page's display list in order and writes each item: the one place that knows
// every DisplayItem kind. Links, anchors and bookmarks are not drawn; they are collected for
// annotations, named destinations and the outline, written once every page exists.

import type { ClipItem, DisplayItem, ImageItem, LinkItem, OpacityItem } from '../paint/types.js';
import { ContentStream, num } from './content-stream.js';
import type { PaintContext } from './paint-context.js';
import { appendRectPath, paintLine, paintPath, paintRect } from './paint-shapes.js';
import { paintGlyphRun } from './paint-text.js';

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
  const ref = ctx.images.get(item.image.key);
  if (!ref || item.width <= 0 || item.height <= 0) return;
  const name = ctx.resources.xObject(`image:${item.image.key}`, 'Im', () => ref);
  const bottom = ctx.pageHeight - item.y - item.height;
  ctx.canvas.save();
  ctx.canvas.push(`${num(item.width)} 0 0 ${num(item.height)} ${num(item.x)} ${num(bottom)} cm\n/${name} Do`);
  ctx.canvas.restore();
}

function collectLink(item: LinkItem, ctx: PaintContext): void {
  if (item.width <= 0 || item.height <= 0) return;
  const bottom = ctx.pageHeight - item.y - item.height;
  ctx.links.push({ rect: [item.x, bottom, item.x + item.width, bottom + item.height], target: item.target });
}
