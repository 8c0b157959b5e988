// Paint: one page's fragment tree → its display list, in CSS 2.1 Appendix E order (the
// layers of each stacking context: stacking.ts), with clipping for overflow: hidden and
// clip: rect(), opacity groups, text decorations, links and named destinations.
import type { BlockBox, BlockLevelBox, ReplacedBox, TextDecoration } from '../boxes/types.js';
import { backgroundLayerOf } from '../css/properties/background.js';
import { objectFitOf, objectPositionOf } from '../css/properties/object.js';
import type { Color, ComputedStyle } from '../css/types.js';
import type { DomElement } from '../dom/types.js';
import { borderOf, paddingOf } from '../layout/box-model.js';
import type { LaidOutPage } from '../layout/page/paginate.js';
import { objectFitRect, type Rect } from '../layout/replaced.js';
import type { BoxFragment, BulletFragment, InlineBoxFragment, LineFragment, LineItemFragment, TableCellFragment, TableGridFragment, TextFragment } from '../layout/types.js';
import { bookmarkOf } from './bookmark.js';
import { paintBorderSegments } from './collapsed-borders.js';
import { backgroundSourceOf, originArea, paintBackground, paintBackgroundImage, paintTablePartBackground } from './background.js';
import { cornerRadii, paintBorders, roundedRectPath } from './borders.js';
import { paintBoxShadows } from './box-shadow.js';
import { paintFormControl } from './form-control.js';
import { paintOutline } from './outline.js';
import { paintTextShadows } from './text-shadow.js';
import { transformed } from './transform.js';
import type { ContentTag, DisplayItem, ImageResource, PageDisplayList, PathOp } from './types.js';
import { contentTag, imageTag } from './structure.js';
import { createsStackingContext, isPositioned, Sink, stackLevel, StackingLayers, wrapInClips, type ClipChain } from './stacking.js';
import { columnFlowOf } from '../boxes/multicol.js';
import { paintColumnRules } from './column-rule.js';

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
  // Fixed boxes stack in the root's context, as positioned boxes of the page area.
  const layers = new StackingLayers(null);
  if (page.root) painter.contextRoot(page.root, area.x, area.y, layers);
  // A fixed box repeats on every page: its content is read once, where it first shows.
  if (page.index > 0) painter.artifacts++;
  for (const f of page.fixed) painter.box(f, area.x, area.y, layers, null);
  const content = layers.flatten();
  const opacity = page.root?.box.style.opacity ?? 1;
  if (opacity >= 1) items.push(...content);
  else if (opacity > 0 && content.length > 0) items.push({ kind: 'opacity', opacity, items: content });
  return { width: style.width, height: style.height, items };
}

/** The margin boxes of a page (fragments in page coordinates), painted over its content. */
export function paintMarginBoxes(boxes: readonly BoxFragment[]): DisplayItem[] {
  const items: DisplayItem[] = [];
  const painter = new Painter(null);
  for (const f of boxes) {
    // Each margin box paints as a stacking context of its own.
    const layers = new StackingLayers(null);
    painter.box(f, 0, 0, layers, null);
    items.push(...layers.flatten());
  }
  return items;
}

const ALL_EDGES = { top: true, right: true, bottom: true, left: true };
const NONE: readonly BoxFragment[] = [];

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
  // A root table sits in an anonymous block (boxes/build.ts): the table box is the root element's.
  const only = root.element === null && root.content.kind === 'blocks' ? root.content.children[0] : undefined;
  const principal = only?.kind === 'table' ? only : root;
  if (has(principal.style)) return { style: principal.style, element: principal.element, image: principal.backgroundImage };
  const body = bodyBox(principal);
  return body && has(body.style) ? { style: body.style, element: body.element, image: body.backgroundImage } : null;
}

/** The box of the root's `body` child: among the root block's children, or in a root table's first cell (CSS 2.1 §17.2.1 wraps it in one). */
function bodyBox(principal: BlockLevelBox): BlockLevelBox | undefined {
  const block = principal.kind === 'table' ? principal.bodies[0]?.rows[0]?.cells[0]?.box : principal;
  if (block?.kind !== 'block' || block.content.kind !== 'blocks') return undefined;
  // An absolutely positioned body left a placeholder there.
  return block.content.children.map((c) => (c.kind === 'block' && c.absolute) || c).find((c) => c.element?.tagName === 'body');
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
  const source = backgroundSourceOf(canvas.style, canvas.image);
  if (!source) return;
  const layer = backgroundLayerOf(canvas.style);
  const f = page.root;
  // `fixed`: the page area of every page (css-backgrounds-3 §3.5), as for any box.
  const positioning = f && layer.attachment !== 'fixed'
    ? originArea(root.style, { x: page.area.x + f.x, y: page.area.y + f.y, width: f.width, height: f.height }, { top: f.isFirst, right: true, bottom: f.isLast, left: true }, layer.origin)
    : page.area;
  paintBackgroundImage(source, layer, positioning, borderBox, undefined, out);
}

/**
 * An image in its content box, sized and placed by object-fit and object-position; clipped to
 * the content box when it reaches outside (cover, none, or an offset position).
 */
function paintReplaced(box: ReplacedBox, x: number, y: number, width: number, height: number, tag: ContentTag | null, out: DisplayItem[]): void {
  const pad = paddingOf(box.style, width);
  const bdr = borderOf(box.style);
  const cx = x + bdr.left + pad.left;
  const cy = y + bdr.top + pad.top;
  const cw = width - bdr.left - bdr.right - pad.left - pad.right;
  const ch = height - bdr.top - bdr.bottom - pad.top - pad.bottom;
  if (cw <= 0 || ch <= 0) return;
  const rect = objectFitRect(objectFitOf(box.style), objectPositionOf(box.style), cw, ch, box.intrinsicWidth, box.intrinsicHeight);
  const image: DisplayItem = tag
    ? { kind: 'image', image: box.image, x: cx + rect.x, y: cy + rect.y, width: rect.width, height: rect.height, tag }
    : { kind: 'image', image: box.image, x: cx + rect.x, y: cy + rect.y, width: rect.width, height: rect.height };
  const EPSILON = 1e-6;
  const inside = rect.x >= -EPSILON && rect.y >= -EPSILON && rect.x + rect.width <= cw + EPSILON && rect.y + rect.height <= ch + EPSILON;
  out.push(inside ? image : { kind: 'clip', x: cx, y: cy, width: cw, height: ch, items: [image] });
}

/** An absolutely positioned box laid out by its containing block, painted where its placeholder is met. */
type PendingPositioned = (layers: StackingLayers) => void;

class Painter {
  /**
   * Absolutely positioned boxes of the containing blocks being painted, by box: each paints in
   * the stacking context (and opacity group) of its placeholder, in tree order among the
   * positioned boxes there (CSS 2.1 Appendix E), and with its containing block's clips.
   */
  private readonly pending = new Map<BlockLevelBox, PendingPositioned>();
  /**
   * One list reused for the items of a step that go to one sink together (filled, then handed
   * to Sink.pushAll, which copies them): no array per box and per line item.
   */
  private readonly spare: DisplayItem[] = [];
  /** While above 0, content is painted untagged, as artifacts (a repeated table header, a fixed box's repetition). */
  artifacts = 0;

  /** `pageArea`: the page area in page coordinates, for `background-attachment: fixed`; null in margin boxes. */
  constructor(
    private readonly canvasElement: DomElement | null,
    private readonly pageArea: Rect | null = null,
  ) {}

  /** The root box of a stacking context that is not painted through box() (the page's root, a margin box). */
  contextRoot(f: BoxFragment, ox: number, oy: number, layers: StackingLayers): void {
    this.contents(f, ox + f.x + (f.relative?.x ?? 0), oy + f.y + (f.relative?.y ?? 0), layers, null, layers.background, true);
  }

  /**
   * A block-level box at (ox, oy) plus its offset, into the layers of the stacking context
   * it paints in; `decorated` false skips its background and border (empty-cells: hide).
   * A box that makes a stacking context, a positioned box and a float paint atomically in
   * their layer; other boxes add to the context's layers as they go (Appendix E).
   */
  box(f: BoxFragment, ox: number, oy: number, layers: StackingLayers, chain: ClipChain | null, decorated = true): void {
    const style = f.box.style;
    // The relative offset was resolved by layout against the containing block.
    const x = ox + f.x + (f.relative?.x ?? 0);
    const y = oy + f.y + (f.relative?.y ?? 0);
    const positioned = isPositioned(style);
    if (!positioned && !createsStackingContext(style) && style.float === 'none') {
      this.contents(f, x, y, layers, chain, layers.blockBackgrounds, decorated);
      return;
    }
    const clipped = positioned && style.position !== 'relative' ? withClipRect(chain, style, x, y, f.width, f.height) : chain;
    if (createsStackingContext(style)) {
      const entry = layers.reserve(stackLevel(style));
      const own = new StackingLayers(null);
      this.contents(f, x, y, own, null, own.background, decorated);
      const items = own.flatten();
      const grouped: DisplayItem[] = style.opacity >= 1 ? items : style.opacity > 0 && items.length > 0 ? [{ kind: 'opacity', opacity: style.opacity, items }] : [];
      // The transform applies inside the clips of the ancestors (css-transforms-1 §6).
      entry.items = wrapInClips(clipped, transformed(style, { x, y, width: f.width, height: f.height }, grouped));
      return;
    }
    // Painted as if it made a context, but what would be in that context's lists stays in ours.
    const pseudo = new StackingLayers(layers);
    if (positioned) {
      const entry = layers.reserve(0);
      this.contents(f, x, y, pseudo, clipped, pseudo.blockBackgrounds, decorated);
      entry.items = pseudo.ownItems();
    } else {
      this.contents(f, x, y, pseudo, clipped, pseudo.blockBackgrounds, decorated);
      layers.floats.pushAll(pseudo.ownItems(), null);
    }
  }

  /** A box's background, border and content at its final position; `decor` is the sink for its own decorations. */
  private contents(f: BoxFragment, x: number, y: number, layers: StackingLayers, chain: ClipChain | null, decor: Sink, decorated: boolean): void {
    const style = f.box.style;
    const own = this.scratch();
    const edges = { top: f.isFirst, right: true, bottom: f.isLast, left: true };
    const visible = style.visibility === 'visible';
    // A table's wrapper draws nothing itself: the table box (its grid child) has the background and border.
    const decorate = visible && decorated && f.box.kind !== 'table';
    // Appendix E: outer shadows, background, inset shadows, border.
    if (decorate) paintBoxShadows(style, x, y, f.width, f.height, edges, false, own);
    // The element whose background became the canvas's does not paint it again; anonymous boxes (element null) always do.
    if (decorate && (f.box.element === null || f.box.element !== this.canvasElement)) paintBackground(style, f.box.backgroundImage, x, y, f.width, f.height, edges, own, this.pageArea);
    if (decorate) paintBoxShadows(style, x, y, f.width, f.height, edges, true, own);
    if (decorate) paintBorders(style, x, y, f.width, f.height, edges, own);
    if (decorate && columnFlowOf(f.box) !== null) paintColumnRules(style, f, x, y, own);
    const id = anchorName(f.box.element);
    if (id && f.isFirst) own.push({ kind: 'anchor', name: id, x, y });
    const bookmark = f.isFirst ? bookmarkOf(f.box.element, style) : null;
    if (bookmark) own.push({ kind: 'bookmark', ...bookmark, x, y });
    decor.pushAll(own, chain);
    if (f.box.kind === 'replaced' && visible) {
      const image = this.scratch();
      paintReplaced(f.box, x, y, f.width, f.height, f.box.element === null || this.artifacts > 0 ? null : imageTag(f.box.element, f.box.image), image);
      layers.inlines.pushAll(image, chain);
    }
    // A control is atomic: when a block-level one is split across pages, its field goes with its first part.
    if (f.box.kind === 'block' && f.box.formControl && visible && f.isFirst) {
      const control = this.scratch();
      paintFormControl(f.box, f.box.formControl, x, y, f.width, f.height, this.tagOf(f.box.element), control);
      layers.inlines.pushAll(control, chain);
    }
    if (f.marker) this.lineItem(f.marker, x, y, layers, chain);
    // A table's overflow clips its cells to the table box's padding box, not its wrapper's (tableGrid).
    const inner = style.overflow !== 'visible' && f.box.kind !== 'table' ? withOverflowClip(chain, style, f, x, y) : chain;
    // Absolutely positioned boxes whose containing block this is: clipped by its overflow (CSS 2.1 §11.1.1).
    const positioned = f.positioned ?? NONE;
    for (const p of positioned) this.pending.set(p.box, (at) => this.box(p, x, y, at, inner));
    const items = f.box.kind === 'block' && (f.box.content.kind === 'grid' || f.box.content.kind === 'flex');
    for (const child of f.children) {
      if (child.kind === 'box') {
        if (child.box.kind === 'block' && child.box.absolute) this.placeholder(child.box.absolute, layers);
        if (items) this.flexOrGridItem(child, x, y, layers, inner);
        else this.box(child, x, y, layers, inner);
      } else if (child.kind === 'table-grid') this.tableGrid(child, x, y, layers, inner);
      else this.line(child, x, y, layers, inner);
    }
    // Those whose placeholder is on another page (a box continued from an earlier one) paint after the content.
    for (const p of positioned) this.placeholder(p.box, layers);
    // The outline goes over the box's content (css-ui-3 §4: after the content it surrounds).
    if (visible) {
      const outline = this.scratch();
      paintOutline(style, x, y, f.width, f.height, outline);
      layers.inlines.pushAll(outline, chain);
    }
  }

  /**
   * A grid or flex item (css-grid-1 §4.4, css-flexbox-1 §4.3): painted atomically as an
   * inline-block is (in order-modified document order: flex layout lists items so), and a
   * stacking context when its z-index is not auto, positioned or not.
   */
  private flexOrGridItem(f: BoxFragment, ox: number, oy: number, layers: StackingLayers, chain: ClipChain | null): void {
    const style = f.box.style;
    if (isPositioned(style) || createsStackingContext(style)) return this.box(f, ox, oy, layers, chain);
    const x = ox + f.x;
    const y = oy + f.y;
    if (style.zIndex !== 'auto') {
      const entry = layers.reserve(style.zIndex);
      const own = new StackingLayers(null);
      this.contents(f, x, y, own, null, own.background, true);
      entry.items = wrapInClips(chain, own.flatten());
      return;
    }
    const pseudo = new StackingLayers(layers);
    this.contents(f, x, y, pseudo, chain, pseudo.blockBackgrounds, true);
    layers.inlines.pushAll(pseudo.ownItems(), null);
  }

  /**
   * The table box (CSS 2.1 §17.5.1 layers): its background and border, then per cell the
   * column group, column, row group and row backgrounds under it, the cell itself, and the
   * collapsed borders over all of them.
   */
  tableGrid(g: TableGridFragment, ox: number, oy: number, layers: StackingLayers, chain: ClipChain | null): void {
    const style = g.box.style;
    const x = ox + g.x;
    const y = oy + g.y;
    const edges = { top: g.isFirst, right: true, bottom: g.isLast, left: true };
    const out = this.scratch();
    if (style.visibility === 'visible') {
      paintBoxShadows(style, x, y, g.width, g.height, edges, false, out);
      // A root table's background became the canvas's (canvasBackground).
      if (g.box.element === null || g.box.element !== this.canvasElement) paintBackground(style, g.box.backgroundImage, x, y, g.width, g.height, edges, out, this.pageArea);
      paintBoxShadows(style, x, y, g.width, g.height, edges, true, out);
      if (style.borderCollapse === 'separate') paintBorders(style, x, y, g.width, g.height, edges, out);
    }
    layers.blockBackgrounds.pushAll(out, chain);
    const cells = style.overflow !== 'visible' ? withOverflowClip(chain, style, g, x, y) : chain;
    for (const cell of g.cells) {
      if (!cell.shift) {
        this.tableCell(cell, x, y, layers, cells);
        continue;
      }
      // A cell of a relatively positioned row or row group moves with it, backgrounds under it
      // too, and paints with the positioned boxes (as that row would, css-position-3 §3.3).
      const entry = layers.reserve(0);
      const pseudo = new StackingLayers(layers);
      this.tableCell(cell, x + cell.shift.x, y + cell.shift.y, pseudo, cells);
      entry.items = pseudo.ownItems();
    }
    const borders: DisplayItem[] = [];
    paintBorderSegments(g.borders, x, y, borders);
    layers.blockBackgrounds.pushAll(borders, chain);
    // Positioned cells paint in the positioned layer, above the table's own layers: the collapsed
    // borders go over them again, since they belong to the grid, not to a cell (as Blink paints them).
    if (borders.length > 0 && g.cells.some((c) => c.shift || isPositioned(c.fragment.box.style))) layers.reserve(0).items = wrapInClips(chain, borders);
  }

  /** A cell of a table grid at (x, y): the table parts' backgrounds under it, then the cell. */
  private tableCell(cell: TableCellFragment, x: number, y: number, layers: StackingLayers, chain: ClipChain | null): void {
    const f = cell.fragment;
    if (cell.decorated && f.box.style.visibility === 'visible' && cell.layers.length > 0) {
      const box = { x: x + f.x, y: y + f.y, width: f.width, height: f.height };
      const parts = this.scratch();
      for (const layer of cell.layers) {
        const part = { x: box.x + layer.area.x, y: box.y + layer.area.y, width: layer.area.width, height: layer.area.height };
        paintTablePartBackground(layer.style, layer.image, part, box, parts, this.pageArea);
      }
      layers.blockBackgrounds.pushAll(parts, chain);
    }
    if (cell.repeated) this.artifacts++;
    this.box(f, x, y, layers, chain, cell.decorated);
    if (cell.repeated) this.artifacts--;
  }

  line(line: LineFragment, ox: number, oy: number, layers: StackingLayers, chain: ClipChain | null): void {
    const x = ox + line.x;
    const y = oy + line.y;
    let boxes = false;
    for (const item of line.items) {
      this.lineItem(item, x, y, layers, chain);
      if (item.kind === 'inline-box') boxes = true;
    }
    if (!boxes) return;
    // Inline boxes' outlines go over the line's content (their text follows them in the line).
    const outlines = this.scratch();
    for (const item of line.items) if (item.kind === 'inline-box') this.inlineOutline(item, x, y, outlines);
    layers.inlines.pushAll(outlines, chain);
  }

  /** The spare list, emptied: valid until the next call, so fill it and hand it on before painting anything else. */
  private scratch(): DisplayItem[] {
    this.spare.length = 0;
    return this.spare;
  }

  /** Paints the absolutely positioned box whose placeholder is met here, once. */
  private placeholder(box: BlockLevelBox, layers: StackingLayers): void {
    const paint = this.pending.get(box);
    if (!paint) return;
    this.pending.delete(box);
    paint(layers);
  }

  lineItem(item: LineItemFragment, x: number, y: number, layers: StackingLayers, chain: ClipChain | null): void {
    if (item.kind === 'inline-box' && item.box.absolute) this.placeholder(item.box.absolute, layers);
    const out = this.scratch();
    switch (item.kind) {
      case 'text': paintText(item, x, y, this.artifacts > 0 ? null : item.tag, out); break;
      case 'inline-box': this.inlineBox(item, x, y, out); break;
      case 'bullet': paintBullet(item, x, y, out); break;
      case 'atomic': {
        // An inline-block paints atomically in the inline layer, unless it is positioned or makes a context.
        const style = item.fragment.box.style;
        if (isPositioned(style) || createsStackingContext(style)) this.box(item.fragment, x, y, layers, chain);
        else {
          const pseudo = new StackingLayers(layers);
          this.contents(item.fragment, x + item.fragment.x, y + item.fragment.y, pseudo, chain, pseudo.blockBackgrounds, true);
          layers.inlines.pushAll(pseudo.ownItems(), null);
        }
        return;
      }
    }
    layers.inlines.pushAll(out, chain);
  }

  inlineBox(f: InlineBoxFragment, ox: number, oy: number, out: DisplayItem[]): void {
    const style = f.box.style;
    // Its relative offset, and those of the inline boxes around it, were applied by line layout.
    const x = ox + f.x;
    const y = oy + f.y;
    // A right-to-left box starts on its right (CSS 2.1 §8.6).
    const rtl = style.direction === 'rtl';
    const edges = { top: true, right: rtl ? f.isFirst : f.isLast, bottom: true, left: rtl ? f.isLast : f.isFirst };
    if (style.visibility === 'visible') {
      paintBoxShadows(style, x, y, f.width, f.height, edges, false, out);
      paintBackground(style, f.box.backgroundImage, x, y, f.width, f.height, edges, out, this.pageArea);
      paintBoxShadows(style, x, y, f.width, f.height, edges, true, out);
      paintBorders(style, x, y, f.width, f.height, edges, out);
    }
    const id = anchorName(f.box.element);
    if (id && f.isFirst) out.push({ kind: 'anchor', name: id, x, y });
    if (f.link && f.width > 0) {
      const tag = this.tagOf(f.box.element);
      out.push(tag ? { kind: 'link', x, y, width: f.width, height: f.height, target: f.link, tag } : { kind: 'link', x, y, width: f.width, height: f.height, target: f.link });
    }
  }

  /** An inline box fragment's outline, after the line's content. */
  inlineOutline(f: InlineBoxFragment, ox: number, oy: number, out: DisplayItem[]): void {
    if (f.box.style.visibility !== 'visible') return;
    paintOutline(f.box.style, ox + f.x, oy + f.y, f.width, f.height, out);
  }

  /** The tag of an element's own content (an image, a control, a link's annotation); null for artifacts. */
  private tagOf(element: DomElement | null): ContentTag | null {
    return element === null || this.artifacts > 0 ? null : contentTag(element, element.order);
  }
}

/** overflow: hidden clips the content to the padding box, rounded by the border radii. */
function withOverflowClip(chain: ClipChain | null, style: ComputedStyle, f: Pick<BoxFragment, 'width' | 'height' | 'isFirst' | 'isLast'>, x: number, y: number): ClipChain {
  const bdr = borderOf(style);
  const edges = { top: f.isFirst, right: true, bottom: f.isLast, left: true };
  const w = f.width - bdr.left - bdr.right;
  const h = f.height - (f.isFirst ? bdr.top : 0) - (f.isLast ? bdr.bottom : 0);
  const radii = cornerRadii(style, f.width, f.height, edges);
  const clip = { kind: 'clip' as const, x: x + bdr.left, y: y + (f.isFirst ? bdr.top : 0), width: w, height: h };
  return { clip: radii ? { ...clip, radii } : clip, parent: chain };
}

/** `clip: rect()` on an absolutely positioned box (CSS 2.1 §11.1.2): auto sides are its border box edges. */
function withClipRect(chain: ClipChain | null, style: ComputedStyle, x: number, y: number, width: number, height: number): ClipChain | null {
  const c = style.clip;
  if (c === 'auto') return chain;
  const left = c.left === 'auto' ? 0 : c.left;
  const top = c.top === 'auto' ? 0 : c.top;
  const right = c.right === 'auto' ? width : c.right;
  const bottom = c.bottom === 'auto' ? height : c.bottom;
  return { clip: { kind: 'clip', x: x + left, y: y + top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) }, parent: chain };
}

/** Elements reachable by `#fragment` links: any id, and `<a name>`. */
function anchorName(element: DomElement | null): string | null {
  if (!element) return null;
  const id = element.attrs.get('id');
  if (id) return id;
  return element.tagName === 'a' ? element.attrs.get('name') ?? null : null;
}

function paintText(t: TextFragment, ox: number, oy: number, tag: ContentTag | null, out: DisplayItem[]): void {
  if (!t.visible) return;
  const x = ox + t.x;
  const baseline = oy + t.baseline;
  if (t.shadows.length > 0) paintTextShadows(t.shadows, out, (dx, dy, color, into) => drawText(t, x + dx, baseline + dy, color, true, null, into));
  drawText(t, x, baseline, t.color, false, tag, out);
}

/** The run's glyphs and decorations at (x, baseline): a shadow draws all of them in its `color`, as an artifact. */
function drawText(t: TextFragment, x: number, baseline: number, color: Color, shadow: boolean, tag: ContentTag | null, out: DisplayItem[]): void {
  if (color.a > 0 && t.segments.length > 0) out.push({ kind: 'glyphs', x, y: baseline, face: t.face, size: t.size, color, segments: t.segments, synthetic: t.synthetic, tag });
  for (const d of t.decorations) paintDecoration(shadow ? { line: d.line, style: d.style, color } : d, t, x, baseline, out);
}

/** Underline, overline and line-through across a text run (CSS Text Decoration 3 §2). */
function paintDecoration(d: TextDecoration, t: TextFragment, x: number, baseline: number, out: DisplayItem[]): void {
  const scale = t.fontSize / t.face.unitsPerEm;
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
