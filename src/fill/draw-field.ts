// One filled field → display items on the pages where it shows. An AcroForm field shows in
// each of its widgets (the template's own boxes); a placed field in its rect (or its option's
// rect, or its ruled lines). How the value is set depends on the field's type. On a turned
// page the boxes are the rects as shown (rotation.ts), and the items go in that page's frame.

import type { PDFDict } from 'pdf-lib';
import type { DisplayItem, ImageResource } from '../paint/types.js';
import type { AcroFieldNode, AcroWidget } from './acroform-tree.js';
import { checkMark, radioDot } from './draw-marks.js';
import { drawPerLetter, drawPerLine, drawTextBlock, drawTextLine, fitsTwoLines, type DisplayBox } from './draw-text.js';
import { containedImage } from './field-image.js';
import type { FieldValue } from './field-value.js';
import type { Rotation } from './rotation.js';
import type { TextStyle } from './text-style.js';
import type { CastField, FieldRect } from './types.js';

/** Where on the document a field (or one option of it) is drawn. */
export interface Placement {
  readonly pageIndex: number;
  readonly rect: FieldRect;
  /** An AcroForm widget's own turn (/MK /R); absent: the page's /Rotate. */
  readonly rotation?: Rotation;
  /** The AcroForm widget drawn into, when it is one (its structure element takes the value: structure.ts). */
  readonly widget?: PDFDict;
}

/** Where a placement is drawn: its box as shown, in the frame of the page turned by `rotation`. */
export interface Target {
  readonly box: DisplayBox;
  readonly rotation: Rotation;
}

/** Items for one page, in the frame of that page turned by `rotation` (0: the page's own display-list coordinates). */
export interface PageItems {
  readonly pageIndex: number;
  readonly rotation: Rotation;
  readonly items: DisplayItem[];
  /** Where the items are (the first line's box for text over ruled lines): their place in the reading order. */
  readonly box: DisplayBox;
  readonly widget?: PDFDict;
}

/** What drawing a field needs besides the field and its value. */
export interface DrawContext {
  readonly style: TextStyle;
  /** The template's AcroForm field of this name, when the field is one. */
  readonly acro: AcroFieldNode | undefined;
  readonly images: ReadonlyMap<string, ImageResource | null>;
  /** A placement's box and frame; undefined when its page does not exist or its rect is empty. */
  readonly targetOf: (placement: Placement) => Target | undefined;
  readonly warn: (message: string) => void;
}

/** The items that draw `value` into `field`. */
export function drawField(field: CastField, value: FieldValue, ctx: DrawContext): PageItems[] {
  switch (value.kind) {
    case 'check':
      return value.checked ? each(placementsOf(field, ctx), ctx, (box) => [checkMark(box, ctx.style.color)]) : [];
    case 'choice':
      return each(optionPlacements(field, value.option, ctx), ctx, (box) => [radioDot(box, ctx.style.color)]);
    case 'image': {
      const image = ctx.images.get(value.url);
      return image ? each(placementsOf(field, ctx), ctx, (box) => [containedImage(image, box)]) : [];
    }
    case 'text':
      if (field.type === 'textPerLine' && !ctx.acro && field.lines && field.lines.length > 0) return drawOnLines(field, value.text, ctx);
      return each(placementsOf(field, ctx), ctx, (box) => drawTextIn(field, value, box, ctx));
  }
}

/** Text in one box, as the field's type sets it. */
function drawTextIn(field: CastField, value: Extract<FieldValue, { kind: 'text' }>, box: DisplayBox, ctx: DrawContext): DisplayItem[] {
  const { style } = ctx;
  if (field.type === 'textPerLetter') {
    const { items, dropped } = drawPerLetter(value.text, box, field.maxLength, style);
    if (dropped > 0) ctx.warn(`${label(field)}: ${dropped} character(s) beyond its ${field.maxLength} boxes are left out`);
    return items;
  }
  const block = field.type === 'longText' || field.type === 'textPerLine';
  const twoLines = value.lines !== undefined && value.lines.length > 1 && fitsTwoLines(box, style);
  if (!block && !twoLines) return drawTextLine(value.text, box, style);
  const result = drawTextBlock(twoLines ? value.lines!.join('\n') : value.text, box, style, { shrink: true, middle: !block });
  if (result.overflow) ctx.warn(`${label(field)}: the text does not fit its box even at the smallest size; the rest is left out`);
  return result.items;
}

/** textPerLine: the text wrapped over the field's line rects. */
function drawOnLines(field: CastField, text: string, ctx: DrawContext): PageItems[] {
  const pageIndex = field.pageNum ?? 0;
  // One page, no widget turn: every line is in the same frame.
  const targets = field.lines!.map((rect) => ctx.targetOf({ pageIndex, rect })).filter((target) => target !== undefined);
  if (targets.length === 0) {
    ctx.warn(`${label(field)}: its lines are not on a page of the template; not drawn`);
    return [];
  }
  const result = drawPerLine(text, targets.map((target) => target.box), ctx.style);
  if (result.overflow) ctx.warn(`${label(field)}: the text needs more than its ${targets.length} lines; the rest is left out`);
  return [{ pageIndex, rotation: targets[0]!.rotation, items: result.items, box: targets[0]!.box }];
}

/** The field's widgets (an AcroForm field) or its own rect. */
function placementsOf(field: CastField, ctx: DrawContext): Placement[] {
  if (ctx.acro) return ctx.acro.widgets.map(widgetPlacement);
  if (field.rect) return [{ pageIndex: field.pageNum ?? 0, rect: field.rect }];
  ctx.warn(`${label(field)}: it has no position on the template; not drawn`);
  return [];
}

/** Where the chosen option's mark goes: its widgets (AcroForm radio buttons) or its rect. */
function optionPlacements(field: CastField, chosen: string, ctx: DrawContext): Placement[] {
  const option = field.options?.find((o) => o.id === chosen) ?? field.options?.find((o) => o.name === chosen || o.exportValue === chosen);
  const exportValue = option?.exportValue ?? option?.id ?? chosen;
  let placements: Placement[] = [];
  if (ctx.acro) {
    placements = ctx.acro.widgets.filter((w) => w.exportValue === exportValue).map(widgetPlacement);
  } else if (option?.rect) {
    placements = [{ pageIndex: option.pageNum ?? field.pageNum ?? 0, rect: option.rect }];
  }
  if (placements.length === 0) ctx.warn(`${label(field)}: "${chosen.slice(0, 60)}" is not one of its options; nothing is marked`);
  return placements;
}

function widgetPlacement({ pageIndex, rect, rotation, dict }: AcroWidget): Placement {
  return rotation === undefined ? { pageIndex, rect, widget: dict } : { pageIndex, rect, rotation, widget: dict };
}

/** Draws into each placement's box, grouped by page; placements off the template are skipped. */
function each(placements: readonly Placement[], ctx: DrawContext, draw: (box: DisplayBox) => DisplayItem[]): PageItems[] {
  const out: PageItems[] = [];
  for (const placement of placements) {
    const target = ctx.targetOf(placement);
    if (!target) continue;
    const items = draw(target.box);
    out.push(placement.widget ? { pageIndex: placement.pageIndex, rotation: target.rotation, items, box: target.box, widget: placement.widget } : { pageIndex: placement.pageIndex, rotation: target.rotation, items, box: target.box });
  }
  return out;
}

function label(field: CastField): string {
  return `field ${field.aliasId}`;
}
