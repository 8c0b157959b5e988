// Walks one page's display list in order and writes each item: the one place that knows
// every DisplayItem kind. Links, anchors, bookmarks and form fields are not drawn; they are
// collected for annotations, named destinations, the outline and the AcroForm, written once
// every page exists.

import { apply, multiply, transformedBounds } from '../paint/transform.js';
import type { ClipItem, DisplayItem, ImageItem, LinkItem, OpacityItem, SvgImage, TransformItem } from '../paint/types.js';
import { intrinsicRectInBox, placementTransform } from '../resources/svg/viewport.js';
import { collectFormField } from './acroform.js';
import { ContentStream, num } from './content-stream.js';
import { svgRasterKey, svgRasterSize } from './images.js';
import type { PaintContext } from './paint-context.js';
import { paintGradient } from './paint-gradient.js';
import { appendRectPath, paintLine, paintPath, paintRect } from './paint-shapes.js';
import { paintGlyphRun } from './paint-text.js';
import { coordinate } from './svg-operators.js';

/** Paints `items` into `ctx.canvas`, in display-list (CSS paint) order; tagged, each inside marked content. */
export function paintItems(items: readonly DisplayItem[], ctx: PaintContext): void {
  const marks = ctx.marks;
  if (marks === null) {
    for (const item of items) paintItem(item, ctx);
    return;
  }
  for (const item of items) {
    marks.enter(item, ctx.canvas);
    paintItem(item, ctx);
  }
  marks.close(ctx.canvas);
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
    case 'anchor': {
      const [x, y] = ctx.matrix ? apply(ctx.matrix, item.x, item.y) : [item.x, item.y];
      ctx.anchors.push({ name: item.name, x, y: ctx.pageHeight - y });
      return;
    }
    case 'bookmark': {
      const [x, y] = ctx.matrix ? apply(ctx.matrix, item.x, item.y) : [item.x, item.y];
      ctx.bookmarks.push({ level: item.level, label: item.label, x, y: ctx.pageHeight - y });
      return;
    }
    case 'clip':
      return paintClip(item, ctx);
    case 'opacity':
      return paintOpacity(item, ctx);
    case 'transform':
      return paintTransform(item, ctx);
    case 'gradient':
      return paintGradient(item, ctx);
    case 'form-field':
      return collectFormField(item, ctx);
  }
}

/**
 * §8.5.4: the clipping path (W n) holds until the matching Q. Clipping outside a rectangle
 * adds a rectangle far around it and clips with the even-odd rule (W* n), which leaves the
 * ring between the two.
 */
function paintClip(item: ClipItem, ctx: PaintContext): void {
  ctx.canvas.save();
  if (item.outside) appendRectPath(ctx.canvas, ctx.pageHeight, item.x - FAR, item.y - FAR, item.width + 2 * FAR, item.height + 2 * FAR);
  appendRectPath(ctx.canvas, ctx.pageHeight, item.x, item.y, Math.max(0, item.width), Math.max(0, item.height), item.radii);
  ctx.canvas.push(item.outside ? 'W* n' : 'W n');
  paintItems(item.items, ctx);
  ctx.canvas.restore();
}

/** How far around its rectangle an `outside` clip reaches, pt: past any page and shadow. */
const FAR = 20_000;

/**
 * `cm` with the display-list matrix turned into PDF user space: with F the flip
 * (x, y) → (x, H − y), the page sees F·M·F.
 */
function paintTransform(item: TransformItem, ctx: PaintContext): void {
  const [a, b, c, d, e, f] = item.matrix;
  const h = ctx.pageHeight;
  ctx.canvas.save();
  ctx.canvas.push(`${[a, -b, -c, d, c * h + e, h - d * h - f].map(coordinate).join(' ')} cm`);
  paintItems(item.items, { ...ctx, matrix: ctx.matrix ? multiply(ctx.matrix, item.matrix) : item.matrix });
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

/** A link's area; inside a transform, the bounding box of the transformed area. */
function collectLink(item: LinkItem, ctx: PaintContext): void {
  if (item.width <= 0 || item.height <= 0) return;
  const area = ctx.matrix ? transformedBounds(ctx.matrix, item) : item;
  const bottom = ctx.pageHeight - area.y - area.height;
  ctx.links.push({ rect: [area.x, bottom, area.x + area.width, bottom + area.height], target: item.target, tag: ctx.marks !== null ? item.tag ?? null : null });
}
