// Where a new field goes: a field made from a preset (its defaults copied), at a free spot near
// the top-left of the part of the page in view, centred on a drop point, or drawn.
import { defaultSize, MIN_FIELD_SIZE } from './fieldTypes.js';
import { boxFromCorners, boxToRect, clampBox, intersects } from './geometry.js';
import type { Box, PageSize, PlacedField, Preset } from './types.js';

/** A new field of `preset` on page `pageNum` at `box`: the preset's name, type, aliasId, required and style defaults. */
export function fieldFromPreset(preset: Preset, id: string, pageNum: number, box: Box, page: PageSize): PlacedField {
  const field: PlacedField = {
    id,
    aliasId: preset.aliasId,
    name: preset.name,
    type: preset.type,
    required: preset.required === true,
    pageNum,
    rect: boxToRect(clampBox(box, page), page.height),
    ...presetStyle(preset),
  };
  return field;
}

/** The style defaults a preset sets (only those it has). */
export function presetStyle(preset: Preset): Partial<Preset> {
  const style: Record<string, unknown> = {};
  for (const key of ['alignment', 'fontSize', 'fontWeight', 'fontFamily', 'textColor', 'format'] as const) {
    if (preset[key] !== undefined) style[key] = preset[key];
  }
  return style as Partial<Preset>;
}

export interface FreeSpotOptions {
  /** Distance from the region's top-left corner to start at. */
  readonly margin?: number;
  /** Grid step of the search. */
  readonly step?: number;
  /** Space kept free around other fields. */
  readonly gap?: number;
}

/**
 * The first spot (row by row from the top-left of `region`, the part of the page in view) where
 * a box of `size` overlaps none of `occupied`; the region's top-left corner when there is none.
 */
export function findFreeSpot(size: PageSize, page: PageSize, region: Box, occupied: readonly Box[], options: FreeSpotOptions = {}): Box {
  const { margin = 18, step = 6, gap = 4 } = options;
  const area = clampBox(region, page);
  const startLeft = Math.min(area.left + margin, Math.max(0, page.width - size.width));
  const startTop = Math.min(area.top + margin, Math.max(0, page.height - size.height));
  const right = Math.min(area.left + area.width, page.width);
  const bottom = Math.min(area.top + area.height, page.height);
  for (let top = startTop; top + size.height <= bottom + 1e-6; top += step) {
    for (let left = startLeft; left + size.width <= right + 1e-6; left += step) {
      const candidate = { left, top, width: size.width, height: size.height };
      if (!occupied.some((box) => intersects(candidate, box, gap))) return candidate;
    }
  }
  return clampBox({ left: startLeft, top: startTop, width: size.width, height: size.height }, page);
}

/** A field of `type` centred on `point` (points from the page's top-left), inside the page. */
export function boxAtPoint(point: { x: number; y: number }, type: string, page: PageSize): Box {
  const size = defaultSize(type);
  return clampBox({ left: point.x - size.width / 2, top: point.y - size.height / 2, width: size.width, height: size.height }, page);
}

/**
 * The box drawn from `start` to `end` (points from the page's top-left), inside the page and at
 * least MIN_FIELD_SIZE each way; a click (a drag shorter than `clickDistance`) gives a field of
 * the type's default size with its top-left corner at `start`.
 */
export function drawnBox(start: { x: number; y: number }, end: { x: number; y: number }, type: string, page: PageSize, clickDistance: number): Box {
  if (Math.hypot(end.x - start.x, end.y - start.y) < clickDistance) {
    const size = defaultSize(type);
    return clampBox({ left: start.x, top: start.y, width: size.width, height: size.height }, page);
  }
  const clampPoint = (p: { x: number; y: number }) => ({ x: Math.min(Math.max(p.x, 0), page.width), y: Math.min(Math.max(p.y, 0), page.height) });
  const box = boxFromCorners(clampPoint(start), clampPoint(end));
  const width = Math.max(box.width, MIN_FIELD_SIZE);
  const height = Math.max(box.height, MIN_FIELD_SIZE);
  // Grow away from the start corner so that a tiny drag still starts where the pointer went down.
  const left = end.x < start.x ? box.left + box.width - width : box.left;
  const top = end.y < start.y ? box.top + box.height - height : box.top;
  return clampBox({ left, top, width, height }, page);
}
