// Paint: one page's fragment tree → its display list, in CSS 2.1 Appendix E order for
// normal flow (backgrounds and borders, then content, in tree order), with clipping for
// overflow: hidden, opacity groups, text decorations, links and named destinations.
import type { BlockBox, ReplacedBox, TextDecoration } from '../boxes/types.js';
import { backgroundLayerOf } from '../css/properties/background.js';
import { objectFitOf, objectPositionOf } from '../css/properties/object.js';
import type { Color, ComputedStyle } from '../css/types.js';
import type { DomElement } from '../dom/types.js';
import { borderOf, paddingOf, resolveAuto } from '../layout/box-model.js';
import type { LaidOutPage } from '../layout/page/paginate.js';
import { objectFitRect, type Rect } from '../layout/replaced.js';
import type { BoxFragment, BulletFragment, InlineBoxFragment, LineFragment, LineItemFragment, TableGridFragment, TextFragment } from '../layout/types.js';
import { bookmarkOf } from './bookmark.js';
import { paintBorderSegments } from './collapsed-borders.js';
import { originArea, paintBackground, paintBackgroundImage } from './background.js';
import { cornerRadii, paintBorders, roundedRectPath } from './borders.js';
import type { DisplayItem, ImageResource, PageDisplayList, PathOp } from './types.js';

/**
 * Paints one laid-out page (css-page-3 §3.4 painting order): the page background over the
 * whole page, its border, the root's canvas background within the page area, the content,
 * then `position: fixed` boxes. Margin boxes come later, from paintMarginBoxes.
 */
export function paintPage(page: LaidOutPage, root: BlockBox): PageDisplayList {
  const { style, context, area } = page;
  const items: DisplayItem[] = [];
  const borderBox = { x: style.marginLeft, y: style.marginTop, width: style.width - style.marginLeft - style.marginRight, height: style.height - style.marginTop - style.marginBottom };
  if (context.backgroundColor.a > 0) items.push({ kind: 'rect', x: 0, y: 0, width: style.width, height: style.height, color: context.backgroundColor });
  paintBorders(context, borderBox.x, borderBox.y, borderBox.width, borderBox.height, ALL_EDGES, items);
  const canvas = canvasBackground(root);
  if (canvas) paintCanvas(canvas, page, root, borderBox, items);
  const painter = new Painter(canvas?.element ?? null, area);
  if (page.root) painter.box(page.root, area.x, area.y, items);
  for (const f of page.fixed) painter.box(f, area.x, area.y, items);
  return { width: style.width, height: style.height, items };
}

/** The margin boxes of a page (fragments in page coordinates), painted over its content. */
export function paintMarginBoxes(boxes: readonly BoxFragment[]): DisplayItem[] {
  const items: DisplayItem[] = [];
  const painter = new Painter(null);
  for (const f of boxes) painter.box(f, 0, 0, items);
  return items;
}

const ALL_EDGES = { top: true, right: true, bottom: true, left: true };

interface Canvas {
  readonly style: ComputedStyle;
  readonly element: DomElement | null;
  readonly image: ImageResource | undefined;
}

/**
 * CSS Backgrounds 3 §2.11.2: the root's background paints the canvas; when it is
 * transparent with no image and the root is html, the body's background does instead.
 */
function canvasBackground(root: BlockBox): Canvas | null {
  const has = (style: ComputedStyle) => style.backgroundColor.a > 0 || style.backgroundImage !== null;
  if (has(root.style)) return { style: root.style, element: root.element, image: root.backgroundImage };
  if (root.content.kind !== 'blocks') return null;
  const body = root.content.children.find((c) => c.element?.tagName === 'body');
  return body && has(body.style) ? { style: body.style, element: body.element, image: body.backgroundImage } : null;
}

/**
 * The canvas background within the page box's border box (not over the page margins): its
 * colour fills it, and its image tiles over it, positioned and sized against the root
 * element's box on this page as if painted for the root alone (§2.11.2) — the root's own
 * border and padding, the propagated style's background-origin. A page without a root
 * fragment positions against the page area.
 */
function paintCanvas(canvas: Canvas, page: LaidOutPage, root: BlockBox, borderBox: Rect, out: DisplayItem[]): void {
  const color = canvas.style.backgroundColor;
  if (color.a > 0) out.push({ kind: 'rect', ...borderBox, color });
  if (!canvas.image) return;
  const layer = backgroundLayerOf(canvas.style);
  const f = page.root;
  // `fixed`: the page area of every page (css-backgrounds-3 §3.5), as for any box.
  const positioning = f && layer.attachment !== 'fixed'
    ? originArea(root.style, { x: page.area.x + f.x, y: page.area.y + f.y, width: f.width, height: f.height }, { top: f.isFirst, right: true, bottom: f.isLast, left: true }, layer.origin)
    : page.area;
  paintBackgroundImage(canvas.image, layer, positioning, borderBox, undefined, out);
}

/**
 * An image in its content box, sized and placed by object-fit and object-position; clipped to
 * the content box when it reaches outside (cover, none, or an offset position).
 */
function paintReplaced(box: ReplacedBox, x: number, y: number, width: number, height: number, out: DisplayItem[]): void {
  const pad = paddingOf(box.style, width);
  const bdr = borderOf(box.style);
  const cx = x + bdr.left + pad.left;
  const cy = y + bdr.top + pad.top;
  const cw = width - bdr.left - bdr.right - pad.left - pad.right;
  const ch = height - bdr.top - bdr.bottom - pad.top - pad.bottom;
  if (cw <= 0 || ch <= 0) return;
  const rect = objectFitRect(objectFitOf(box.style), objectPositionOf(box.style), cw, ch, box.intrinsicWidth, box.intrinsicHeight);
  const image: DisplayItem = { kind: 'image', image: box.image, x: cx + rect.x, y: cy + rect.y, width: rect.width, height: rect.height };
  const EPSILON = 1e-6;
  const inside = rect.x >= -EPSILON && rect.y >= -EPSILON && rect.x + rect.width <= cw + EPSILON && rect.y + rect.height <= ch + EPSILON;
  out.push(inside ? image : { kind: 'clip', x: cx, y: cy, width: cw, height: ch, items: [image] });
}

class Painter {
  /** `pageArea`: the page area in page coordinates, for `background-attachment: fixed`; null in margin boxes. */
  constructor(
    private readonly canvasElement: DomElement | null,
    private readonly pageArea: Rect | null = null,
  ) {}

  /** A block-level box; `decorated` false skips its background and border (empty-cells: hide). */
  box(f: BoxFragment, ox: number, oy: number, out: DisplayItem[], decorated = true): void {
    const style = f.box.style;
    const [dx, dy] = relativeOffset(style);
    const x = ox + f.x + dx;
    const y = oy + f.y + dy;
    const own: DisplayItem[] = [];
    const edges = { top: f.isFirst, right: true, bottom: f.isLast, left: true };
    const visible = style.visibility === 'visible';
    // A table's wrapper draws nothing itself: the table box (its grid child) has the background and border.
    const decorate = visible && decorated && f.box.kind !== 'table';
    // The element whose background became the canvas's does not paint it again; anonymous boxes (element null) always do.
    if (decorate && (f.box.element === null || f.box.element !== this.canvasElement)) paintBackground(style, f.box.backgroundImage, x, y, f.width, f.height, edges, own, this.pageArea);
    if (decorate) paintBorders(style, x, y, f.width, f.height, edges, own);
    const id = anchorName(f.box.element);
    if (id && f.isFirst) own.push({ kind: 'anchor', name: id, x, y });
    const bookmark = f.isFirst ? bookmarkOf(f.box.element, style) : null;
    if (bookmark) own.push({ kind: 'bookmark', ...bookmark, x, y });
    if (f.box.kind === 'replaced' && visible) paintReplaced(f.box, x, y, f.width, f.height, own);
    if (f.marker) this.lineItem(f.marker, x, y, own);
    const content: DisplayItem[] = [];
    for (const child of f.children) {
      if (child.kind === 'box') this.box(child, x, y, content);
      else if (child.kind === 'table-grid') this.tableGrid(child, x, y, content);
      else this.line(child, x, y, content);
    }
    if (style.overflow === 'hidden' && content.length > 0) {
      const bdr = borderOf(style);
      const w = f.width - bdr.left - bdr.right;
      const h = f.height - (f.isFirst ? bdr.top : 0) - (f.isLast ? bdr.bottom : 0);
      const radii = cornerRadii(style, f.width, f.height, edges);
      const clip: DisplayItem = { kind: 'clip', x: x + bdr.left, y: y + (f.isFirst ? bdr.top : 0), width: w, height: h, items: content };
      own.push(radii ? { ...clip, radii } : clip);
    } else own.push(...content);
    if (style.opacity < 1) {
      if (style.opacity > 0 && own.length > 0) out.push({ kind: 'opacity', opacity: style.opacity, items: own });
    } else out.push(...own);
  }

  /**
   * The table box (CSS 2.1 §17.5.1 layers): its background and border, then per cell the
   * column group, column, row group and row backgrounds under it, the cell itself, and the
   * collapsed borders over all of them.
   */
  tableGrid(g: TableGridFragment, ox: number, oy: number, out: DisplayItem[]): void {
    const style = g.box.style;
    const x = ox + g.x;
    const y = oy + g.y;
    const edges = { top: g.isFirst, right: true, bottom: g.isLast, left: true };
    if (style.visibility === 'visible') {
      paintBackground(style, g.box.backgroundImage, x, y, g.width, g.height, edges, out, this.pageArea);
      if (style.borderCollapse === 'separate') paintBorders(style, x, y, g.width, g.height, edges, out);
    }
    for (const cell of g.cells) {
      const f = cell.fragment;
      if (cell.decorated && f.box.style.visibility === 'visible') {
        for (const layer of cell.layers) out.push({ kind: 'rect', x: x + f.x, y: y + f.y, width: f.width, height: f.height, color: layer.backgroundColor });
      }
      this.box(f, x, y, out, cell.decorated);
    }
    paintBorderSegments(g.borders, x, y, out);
  }

  line(line: LineFragment, ox: number, oy: number, out: DisplayItem[]): void {
    const x = ox + line.x;
    const y = oy + line.y;
    for (const item of line.items) this.lineItem(item, x, y, out);
  }

  lineItem(item: LineItemFragment, x: number, y: number, out: DisplayItem[]): void {
    switch (item.kind) {
      case 'text': paintText(item, x, y, out); break;
      case 'inline-box': this.inlineBox(item, x, y, out); break;
      case 'atomic': this.box(item.fragment, x, y, out); break;
      case 'bullet': paintBullet(item, x, y, out); break;
    }
  }

  inlineBox(f: InlineBoxFragment, ox: number, oy: number, out: DisplayItem[]): void {
    const style = f.box.style;
    const [dx, dy] = relativeOffset(style);
    const x = ox + f.x + dx;
    const y = oy + f.y + dy;
    const edges = { top: true, right: f.isLast, bottom: true, left: f.isFirst };
    if (style.visibility === 'visible') {
      paintBackground(style, f.box.backgroundImage, x, y, f.width, f.height, edges, out, this.pageArea);
      paintBorders(style, x, y, f.width, f.height, edges, out);
    }
    const id = anchorName(f.box.element);
    if (id && f.isFirst) out.push({ kind: 'anchor', name: id, x, y });
    if (f.link && f.width > 0) out.push({ kind: 'link', x, y, width: f.width, height: f.height, target: f.link });
  }
}

/** `position: relative` offsets (CSS 2.1 §9.4.3); left wins over right, top over bottom. */
function relativeOffset(style: ComputedStyle): [number, number] {
  if (style.position !== 'relative') return [0, 0];
  const left = resolveAuto(style.left, 0);
  const right = resolveAuto(style.right, 0);
  const top = resolveAuto(style.top, 0);
  const bottom = resolveAuto(style.bottom, 0);
  return [left ?? (right !== null ? -right : 0), top ?? (bottom !== null ? -bottom : 0)];
}

/** Elements reachable by `#fragment` links: any id, and `<a name>`. */
function anchorName(element: DomElement | null): string | null {
  if (!element) return null;
  const id = element.attrs.get('id');
  if (id) return id;
  return element.tagName === 'a' ? element.attrs.get('name') ?? null : null;
}

function paintText(t: TextFragment, ox: number, oy: number, out: DisplayItem[]): void {
  if (!t.visible) return;
  const x = ox + t.x;
  const baseline = oy + t.baseline;
  if (t.color.a > 0 && t.segments.length > 0) out.push({ kind: 'glyphs', x, y: baseline, face: t.face, size: t.size, color: t.color, segments: t.segments });
  for (const d of t.decorations) paintDecoration(d, t, x, baseline, out);
}

/** Underline, overline and line-through across a text run (CSS Text Decoration 3 §2). */
function paintDecoration(d: TextDecoration, t: TextFragment, x: number, baseline: number, out: DisplayItem[]): void {
  const scale = t.size / t.face.unitsPerEm;
  const thickness = Math.max(0.5, (t.face.underlineThickness || t.face.unitsPerEm / 14) * scale);
  let y: number;
  switch (d.line) {
    case 'underline': y = baseline - (t.face.underlinePosition || -t.face.unitsPerEm / 10) * scale + thickness / 2; break;
    case 'overline': y = baseline - t.face.ascent * scale + thickness / 2; break;
    case 'line-through': y = baseline - (t.face.xHeight || t.face.unitsPerEm / 2) * scale / 2; break;
  }
  if (d.style === 'wavy') {
    out.push(wavyLine(x, x + t.width, y, thickness, d.color));
    return;
  }
  const style = d.style === 'dotted' || d.style === 'dashed' ? d.style : 'solid';
  out.push({ kind: 'line', x1: x, y1: y, x2: x + t.width, y2: y, width: thickness, color: d.color, style });
  if (d.style === 'double') out.push({ kind: 'line', x1: x, y1: y + thickness * 2, x2: x + t.width, y2: y + thickness * 2, width: thickness, color: d.color, style: 'solid' });
}

/** A wavy line as a stroked chain of half-waves (cubic Béziers), about as Chromium draws it. */
function wavyLine(x1: number, x2: number, y: number, thickness: number, color: Color): DisplayItem {
  const amplitude = Math.max(thickness * 2, 1);
  const half = Math.max(thickness * 5, 2.5);
  const ops: PathOp[] = [{ op: 'M', x: x1, y }];
  let up = true;
  for (let x = x1; x < x2 - 1e-6; x += half) {
    const end = Math.min(x + half, x2);
    const dy = up ? -amplitude : amplitude;
    ops.push({ op: 'C', x1: x + (end - x) / 3, y1: y + dy, x2: x + (2 * (end - x)) / 3, y2: y + dy, x: end, y });
    up = !up;
  }
  return { kind: 'path', ops, fill: null, stroke: { color, width: thickness } };
}

/** Bullets as shapes, as browsers draw them: a filled disc, a stroked circle, a filled square. */
function paintBullet(b: BulletFragment, ox: number, oy: number, out: DisplayItem[]): void {
  const x = ox + b.x;
  const y = oy + b.y;
  const s = b.size;
  if (b.shape === 'square') {
    out.push({ kind: 'rect', x, y, width: s, height: s, color: b.color });
    return;
  }
  const r = s / 2;
  const circle = roundedRectPath(x, y, s, s, [[r, r], [r, r], [r, r], [r, r]]);
  if (b.shape === 'disc') out.push({ kind: 'path', ops: circle, fill: b.color, stroke: null });
  else {
    const w = Math.max(0.5, s / 8);
    out.push({ kind: 'path', ops: roundedRectPath(x + w / 2, y + w / 2, s - w, s - w, [[r - w / 2, r - w / 2], [r - w / 2, r - w / 2], [r - w / 2, r - w / 2], [r - w / 2, r - w / 2]]), fill: null, stroke: { color: b.color, width: w } });
  }
}
