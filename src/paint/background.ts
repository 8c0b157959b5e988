// Backgrounds (CSS Backgrounds 3 §3): the colour, then one image layer sized (§3.9), placed
// (§3.6) in the background positioning area (background-origin) and tiled (§3.4) over the
// background painting area (background-clip), which is clipped to the rounded border box.
//
// The image arrives decoded on the box (box generation resolved the URL), or is a gradient
// from the style; this file only does geometry. Each tile is one image (or gradient) display
// item inside one clip item; the PDF writer embeds the image (or the gradient's form) once
// however many tiles draw it (pdf/images.ts dedupes by key and content).
import { backgroundLayerOf, type BackgroundLayer, type BackgroundSize, type SizeComponent } from '../css/properties/background.js';
import type { ComputedStyle } from '../css/types.js';
import type { Gradient } from '../css/values/gradient.js';
import { resolveGradient } from './gradient.js';
import { paddingOf } from '../layout/box-model.js';
import { cornerRadii, type Edges, type Radii } from './borders.js';
import type { DisplayItem, ImageResource } from './types.js';
import type { Rect } from '../layout/replaced.js';
import { PT_PER_PX } from '../css/values/units.js';

/**
 * Tiles drawn for one background, at most this many. A tiny tile over a huge box (a 1px
 * pattern over a full page is ~500,000 tiles) would make the page's content stream megabytes
 * long; past the cap, whole rows are drawn from the top of the painting area until the cap is
 * reached and the rest of the area shows only the colour. No warning: it is a rendering limit,
 * like the page cap, not a problem in the document.
 */
export const MAX_BACKGROUND_TILES = 10_000;

/** Where the tiles of one background go: the tile size and a grid of tile origins. */
export interface TileGrid {
  readonly width: number;
  readonly height: number;
  /** Left edges of the tile columns, ascending. */
  readonly xs: readonly number[];
  /** Top edges of the tile rows, ascending. */
  readonly ys: readonly number[];
}

const NO_TILES: TileGrid = { width: 0, height: 0, xs: [], ys: [] };

/**
 * The tiles of a background image (css-backgrounds-3 §3.4–§3.9): `image` is the intrinsic
 * size in pt, `positioning` the background positioning area, `painting` the area tiles must
 * cover (tiles entirely outside it are left out). Pure geometry, for paint and for tests.
 */
export function backgroundTiles(
  image: { readonly width: number; readonly height: number },
  layer: BackgroundLayer,
  positioning: Rect,
  painting: Rect,
  maxTiles = MAX_BACKGROUND_TILES,
): TileGrid {
  if (image.width <= 0 || image.height <= 0 || painting.width <= 0 || painting.height <= 0) return NO_TILES;
  let [w, h] = tileSize(layer.size, positioning, image);
  // §3.9 step 2: `round` scales the tile so a whole number fits the positioning area; with
  // round in one dimension only and `auto` size in the other, the other keeps the ratio.
  const roundX = layer.repeatX === 'round' && w > 0 && positioning.width > 0;
  const roundY = layer.repeatY === 'round' && h > 0 && positioning.height > 0;
  const w0 = w;
  const h0 = h;
  if (roundX) w = positioning.width / Math.max(1, Math.round(positioning.width / w));
  if (roundY) h = positioning.height / Math.max(1, Math.round(positioning.height / h));
  if (roundX !== roundY && sizeIsAuto(layer.size, roundX ? 'height' : 'width')) {
    if (roundX) h = (w * h0) / w0;
    else w = (h * w0) / h0;
  }
  if (!(w > 0 && h > 0) || !Number.isFinite(w) || !Number.isFinite(h)) return NO_TILES;
  const xAxis = axisTiles(layer.repeatX, w, positioning.x, positioning.width, layer.positionX, painting.x, painting.width);
  const yAxis = axisTiles(layer.repeatY, h, positioning.y, positioning.height, layer.positionY, painting.y, painting.height);
  if (xAxis.count === 0 || yAxis.count === 0) return NO_TILES;
  const columns = Math.min(xAxis.count, maxTiles);
  const rows = Math.min(yAxis.count, Math.max(1, Math.floor(maxTiles / columns)));
  return { width: w, height: h, xs: positions(xAxis, columns), ys: positions(yAxis, rows) };
}

/** §3.9: the tile size before `round`. */
function tileSize(size: BackgroundSize, area: Rect, image: { width: number; height: number }): [number, number] {
  if (size === 'cover' || size === 'contain') {
    const sx = area.width / image.width;
    const sy = area.height / image.height;
    const s = size === 'cover' ? Math.max(sx, sy) : Math.min(sx, sy);
    return [image.width * s, image.height * s];
  }
  const w = size.width === 'auto' ? null : Math.max(0, size.width.abs + (size.width.pct / 100) * area.width);
  const h = size.height === 'auto' ? null : Math.max(0, size.height.abs + (size.height.pct / 100) * area.height);
  if (w === null && h === null) return [image.width, image.height];
  if (w === null) return [(h! * image.width) / image.height, h!];
  if (h === null) return [w, (w * image.height) / image.width];
  return [w, h];
}

function sizeIsAuto(size: BackgroundSize, side: 'width' | 'height'): boolean {
  return size !== 'cover' && size !== 'contain' && size[side] === 'auto';
}

/** Tiles along one axis: the first tile's edge, the step between tiles and how many there are. */
interface AxisTiles {
  readonly first: number;
  readonly step: number;
  readonly count: number;
}

function axisTiles(
  repeat: BackgroundLayer['repeatX'],
  size: number,
  areaStart: number,
  areaSize: number,
  position: { readonly abs: number; readonly pct: number },
  clipStart: number,
  clipSize: number,
): AxisTiles {
  const clipEnd = clipStart + clipSize;
  // §3.6: the offset is a percentage of the free space (area minus tile), plus a length.
  let anchor = areaStart + position.abs + (position.pct / 100) * (areaSize - size);
  let step = size;
  let repeats = repeat === 'repeat' || repeat === 'round';
  if (repeat === 'space') {
    // §3.4 space: as many whole tiles as fit, the first and last touching the area's edges and
    // the spare room shared between them; position is ignored. Fewer than two: one tile, placed.
    const n = Math.floor(areaSize / size + 1e-9);
    if (n >= 2) {
      anchor = areaStart;
      step = size + (areaSize - n * size) / (n - 1);
      repeats = true;
    }
  }
  if (!repeats) {
    const visible = anchor < clipEnd && anchor + size > clipStart;
    return { first: anchor, step, count: visible ? 1 : 0 };
  }
  // The pattern extends both ways from the anchor to cover the painting area.
  const k = Math.floor((clipStart - anchor) / step);
  let first = anchor + k * step;
  if (first + size <= clipStart) first += step;
  const count = first >= clipEnd ? 0 : Math.ceil((clipEnd - first) / step - 1e-9);
  return { first, step, count: Math.max(0, count) };
}

function positions(axis: AxisTiles, count: number): number[] {
  const out = new Array<number>(count);
  for (let i = 0; i < count; i++) out[i] = axis.first + i * axis.step;
  return out;
}

/** What a background layer draws: a decoded image or a gradient. */
export type BackgroundSource = ImageResource | Gradient;

/** A box's background source: its decoded url image, or the gradient its style names. */
export function backgroundSourceOf(style: ComputedStyle, image: ImageResource | undefined): BackgroundSource | undefined {
  if (image) return image;
  const value = style.backgroundImage;
  return value !== null && typeof value === 'object' ? value : undefined;
}

/**
 * A box's background (colour and image) over its border box at (x, y, w, h). `edges` are the
 * edges this fragment draws (box-decoration-break: slice): the boxes shrink only there, and
 * each fragment places its own image, as `clone` would. `pageArea`, in the same coordinates,
 * is where `background-attachment: fixed` places the image: in paged media, the page area of
 * every page the box is on (css-backgrounds-3 §3.5).
 */
export function paintBackground(
  style: ComputedStyle,
  image: ImageResource | undefined,
  x: number, y: number, w: number, h: number,
  edges: Edges,
  out: DisplayItem[],
  pageArea: Rect | null = null,
): void {
  const color = style.backgroundColor;
  const source = backgroundSourceOf(style, image);
  if (w <= 0 || h <= 0 || (color.a <= 0 && !source)) return;
  const layer = backgroundLayerOf(style);
  const border = { x, y, width: w, height: h };
  const radii = cornerRadii(style, w, h, edges);
  const clip = areaOf(style, border, edges, layer.clip, radii);
  if (color.a > 0) out.push(clip.radii ? { kind: 'rect', ...clip.rect, color, radii: clip.radii } : { kind: 'rect', ...clip.rect, color });
  if (!source) return;
  const positioning = layer.attachment === 'fixed' && pageArea !== null ? pageArea : areaOf(style, border, edges, layer.origin, undefined).rect;
  paintBackgroundImage(source, layer, positioning, clip.rect, clip.radii, out);
}

/**
 * A table part's background (column group, column, row group or row) under one cell
 * (css-tables-3 "Drawing backgrounds and borders"): the colour fills `cell`; the image is
 * placed in `part`, the part's box, and shown only inside the cell.
 */
export function paintTablePartBackground(
  style: ComputedStyle,
  image: ImageResource | undefined,
  part: Rect,
  cell: Rect,
  out: DisplayItem[],
  pageArea: Rect | null = null,
): void {
  if (cell.width <= 0 || cell.height <= 0) return;
  const color = style.backgroundColor;
  if (color.a > 0) out.push({ kind: 'rect', ...cell, color });
  const source = backgroundSourceOf(style, image);
  if (!source) return;
  const layer = backgroundLayerOf(style);
  paintBackgroundImage(source, layer, layer.attachment === 'fixed' && pageArea !== null ? pageArea : part, cell, undefined, out);
}

/**
 * One background image tiled over `painting` (clipped to it, with `radii` when rounded),
 * placed in `positioning`. Also paints the canvas (paint.ts), whose areas are not one box's.
 */
export function paintBackgroundImage(
  source: BackgroundSource,
  layer: BackgroundLayer,
  positioning: Rect,
  painting: Rect,
  radii: Radii | undefined,
  out: DisplayItem[],
): void {
  const image = 'format' in source ? source : null;
  const gradient = 'format' in source ? null : source;
  // css-images-3 §4.1: a gradient has no intrinsic size or ratio, so an `auto` size (and
  // cover, contain) is the positioning area's; the tile size is then fixed before tiling.
  const grid = image
    ? backgroundTiles({ width: image.pixelWidth * PT_PER_PX, height: image.pixelHeight * PT_PER_PX }, layer, positioning, painting)
    : backgroundTiles(gradientTileSize(layer.size, positioning), { ...layer, size: AUTO_SIZE }, positioning, painting);
  if (grid.xs.length === 0 || grid.ys.length === 0) return;
  const tiles: DisplayItem[] = [];
  const fill = gradient && resolveGradient(gradient, grid.width, grid.height);
  for (const ty of grid.ys) {
    for (const tx of grid.xs) {
      const tile = { x: tx, y: ty, width: grid.width, height: grid.height };
      if (image) tiles.push({ kind: 'image', image, ...tile });
      else if (!fill) continue;
      else if ('shading' in fill) tiles.push({ kind: 'gradient', ...tile, shading: fill.shading });
      else if (fill.color.a > 0) tiles.push({ kind: 'rect', ...tile, color: fill.color });
    }
  }
  if (tiles.length === 0) return;
  out.push(radii ? { kind: 'clip', ...painting, radii, items: tiles } : { kind: 'clip', ...painting, items: tiles });
}

const AUTO_SIZE: BackgroundSize = { width: 'auto', height: 'auto' };

/** §3.9 for an image without intrinsic dimensions: `auto` (and cover, contain) take the area's side. */
function gradientTileSize(size: BackgroundSize, area: Rect): { width: number; height: number } {
  if (size === 'cover' || size === 'contain') return { width: area.width, height: area.height };
  const side = (v: SizeComponent, basis: number): number => (v === 'auto' ? basis : Math.max(0, v.abs + (v.pct / 100) * basis));
  return { width: side(size.width, area.width), height: side(size.height, area.height) };
}

/**
 * The border, padding or content box of a fragment, and its corner radii: inner radii are the
 * outer ones less the border (and padding) on each side (§5.3). Percentage padding resolves
 * against the box's own width here (paint does not know the containing block), as
 * paintReplaced does in paint.ts.
 */
function areaOf(style: ComputedStyle, border: Rect, edges: Edges, box: BackgroundLayer['clip'], radii: Radii | undefined): { rect: Rect; radii: Radii | undefined } {
  if (box === 'border-box') return { rect: border, radii };
  const pad = box === 'content-box' ? paddingOf(style, border.width) : { top: 0, right: 0, bottom: 0, left: 0 };
  const top = edges.top ? style.borderTopWidth + pad.top : 0;
  const right = edges.right ? style.borderRightWidth + pad.right : 0;
  const bottom = edges.bottom ? style.borderBottomWidth + pad.bottom : 0;
  const left = edges.left ? style.borderLeftWidth + pad.left : 0;
  const rect = { x: border.x + left, y: border.y + top, width: Math.max(0, border.width - left - right), height: Math.max(0, border.height - top - bottom) };
  if (!radii) return { rect, radii };
  const [tl, tr, br, bl] = radii as [readonly [number, number], readonly [number, number], readonly [number, number], readonly [number, number]];
  const inner: Radii = [
    [Math.max(0, tl[0] - left), Math.max(0, tl[1] - top)],
    [Math.max(0, tr[0] - right), Math.max(0, tr[1] - top)],
    [Math.max(0, br[0] - right), Math.max(0, br[1] - bottom)],
    [Math.max(0, bl[0] - left), Math.max(0, bl[1] - bottom)],
  ];
  return { rect, radii: inner.every(([rx, ry]) => rx <= 0 || ry <= 0) ? undefined : inner };
}

/** A fragment's background-origin box (`origin`), for the canvas, whose style is not the root's. */
export function originArea(style: ComputedStyle, border: Rect, edges: Edges, origin: BackgroundLayer['origin']): Rect {
  return areaOf(style, border, edges, origin, undefined).rect;
}
