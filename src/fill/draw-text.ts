// Text values placed in their boxes, as display items: one line shrunk to the box's width,
// a block of wrapped lines shrunk until it fits (long text, a two-line address), one
// character per comb cell, or text run over the ruled lines of a textPerLine field.
// Boxes are in display-list coordinates (pt, y down from the top of the visible page).

import type { DisplayItem } from '../paint/types.js';
import { lineItems, shapeLine, verticalMetrics } from './shape-line.js';
import { MIN_FONT_SIZE, type TextStyle } from './text-style.js';
import { characters, wrapText, type Measure } from './wrap-text.js';

/** A box on the page, display-list coordinates. */
export interface DisplayBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Horizontal and vertical inset of text from its box's edges, pt. */
const PAD_X = 2;
const PAD_Y = 1;
/** Line spacing of wrapped text, in ems. */
const LINE_HEIGHT = 1.2;
/** A single line's size never exceeds the box height divided by this. */
const SINGLE_LINE_FIT = 1.15;

/** One line, vertically centred; shrinks (down to MIN_FONT_SIZE) to fit the width, and is clipped beyond that. */
export function drawTextLine(text: string, box: DisplayBox, style: TextStyle): DisplayItem[] {
  const line = shapeLine(oneLine(text), style.query);
  const avail = Math.max(0, box.width - 2 * PAD_X);
  let size = heightCappedSize(style.size, box.height);
  if (line.unitWidth * size > avail) size = Math.max(Math.min(MIN_FONT_SIZE, size), avail / line.unitWidth);
  const width = line.unitWidth * size;
  const items = lineItems(line, alignedX(box, width, style.align), centredBaseline(box, style, size), style, size);
  return width > avail ? [clipped(box, items)] : items;
}

/** What drawing a block did: the size it settled on, and whether text was left out. */
export interface BlockResult {
  readonly items: DisplayItem[];
  readonly overflow: boolean;
}

/**
 * Wrapped lines from the top (or centred, for a short block like an address); with `shrink`,
 * the largest half-point size from style.size down to MIN_FONT_SIZE at which everything fits.
 */
export function drawTextBlock(text: string, box: DisplayBox, style: TextStyle, options: { shrink: boolean; middle?: boolean }): BlockResult {
  const measure = memoMeasure(style);
  const availWidth = Math.max(1, box.width - 2 * PAD_X);
  const maxLines = (size: number): number => Math.max(1, Math.floor((box.height - 2 * PAD_Y) / (LINE_HEIGHT * size)));
  const clean = text.replace(/\t/g, ' ').replace(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/g, '');
  const wrapAt = (size: number) => wrapText(clean, () => availWidth / size, measure, maxLines(size));
  let size = style.size;
  let wrapped = wrapAt(size);
  if (wrapped.overflow && options.shrink) ({ size, wrapped } = largestFit(style.size, wrapAt));
  const lineHeight = LINE_HEIGHT * size;
  const blockTop = options.middle ? box.y + Math.max(PAD_Y, (box.height - wrapped.lines.length * lineHeight) / 2) : box.y + PAD_Y;
  const { ascent, descent } = verticalMetrics(style.query);
  const firstBaseline = blockTop + (lineHeight - (ascent + descent) * size) / 2 + ascent * size;
  const items = wrapped.lines.flatMap((text, i) => {
    const line = shapeLine(text, style.query);
    return lineItems(line, alignedX(box, line.unitWidth * size, style.align), firstBaseline + i * lineHeight, style, size);
  });
  return { items: [clipped(box, items)], overflow: wrapped.overflow };
}

/** Whether two lines of text at the style's size fit the box's height (then an address takes two). */
export function fitsTwoLines(box: DisplayBox, style: TextStyle): boolean {
  return box.height >= 2 * LINE_HEIGHT * style.size + 2 * PAD_Y;
}

/**
 * One character per cell: the box split into `cells` equal columns (a comb field), each
 * character centred in its own. Returns the items and how many characters did not fit.
 */
export function drawPerLetter(text: string, box: DisplayBox, cells: number | undefined, style: TextStyle): { items: DisplayItem[]; dropped: number } {
  const chars = characters(oneLine(text));
  // A template's maxLength that is no count of boxes (0, negative, NaN): a box per character.
  const count = cells !== undefined && cells >= 1 && Number.isFinite(cells) ? Math.floor(cells) : Math.max(1, chars.length);
  const cellWidth = box.width / count;
  const shaped = chars.slice(0, count).map((char) => shapeLine(char, style.query));
  const widest = Math.max(0, ...shaped.map((line) => line.unitWidth));
  let size = heightCappedSize(style.size, box.height);
  if (widest * size > cellWidth * 0.9) size = Math.max(Math.min(MIN_FONT_SIZE, size), (cellWidth * 0.9) / widest);
  const baseline = centredBaseline(box, style, size);
  const items = shaped.flatMap((line, i) => lineItems(line, box.x + i * cellWidth + (cellWidth - line.unitWidth * size) / 2, baseline, style, size));
  return { items, dropped: Math.max(0, chars.length - count) };
}

/** Text wrapped over ruled lines, one box per line, at one size that fits the lowest box. */
export function drawPerLine(text: string, boxes: readonly DisplayBox[], style: TextStyle): BlockResult {
  if (boxes.length === 0) return { items: [], overflow: true };
  const size = Math.min(...boxes.map((box) => heightCappedSize(style.size, box.height)));
  const measure = memoMeasure(style);
  const wrapped = wrapText(oneLine(text), (i) => Math.max(1, boxes[i]!.width - 2 * PAD_X) / size, measure, boxes.length);
  const items = wrapped.lines.flatMap((text, i) => {
    const box = boxes[i]!;
    const line = shapeLine(text, style.query);
    const width = line.unitWidth * size;
    const drawn = lineItems(line, alignedX(box, width, style.align), centredBaseline(box, style, size), style, size);
    // A line holds at least one character; one wider than the line is cut at its box.
    return width > box.width - 2 * PAD_X ? [clipped(box, drawn)] : drawn;
  });
  return { items, overflow: wrapped.overflow };
}

/** Binary search over half points: the largest size whose wrap does not overflow (else the smallest). */
function largestFit(start: number, wrapAt: (size: number) => ReturnType<typeof wrapText>): { size: number; wrapped: ReturnType<typeof wrapText> } {
  const min = Math.min(MIN_FONT_SIZE, start);
  let low = Math.round(min * 2);
  let high = Math.floor(start * 2);
  let best = { size: min, wrapped: wrapAt(min) };
  if (best.wrapped.overflow) return best;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const wrapped = wrapAt(mid / 2);
    if (wrapped.overflow) high = mid - 1;
    else {
      low = mid;
      best = { size: mid / 2, wrapped };
    }
  }
  return best;
}

/** A measure of text at 1 pt in the style's fonts, remembering each word (words repeat across re-wraps). */
function memoMeasure(style: TextStyle): Measure {
  const widths = new Map<string, number>();
  return (text) => {
    let width = widths.get(text);
    if (width === undefined) {
      width = shapeLine(text, style.query).unitWidth;
      widths.set(text, width);
    }
    return width;
  };
}

/** A single line is never taller than its box (but not below MIN_FONT_SIZE unless asked for less). */
function heightCappedSize(size: number, height: number): number {
  return Math.min(size, Math.max(MIN_FONT_SIZE, height / SINGLE_LINE_FIT));
}

/** The baseline that centres the face's ascent-to-descent span in the box. */
function centredBaseline(box: DisplayBox, style: TextStyle, size: number): number {
  const { ascent, descent } = verticalMetrics(style.query);
  return box.y + box.height / 2 + ((ascent - descent) / 2) * size;
}

function alignedX(box: DisplayBox, width: number, align: TextStyle['align']): number {
  if (align === 'center') return box.x + (box.width - width) / 2;
  if (align === 'right') return box.x + box.width - PAD_X - width;
  return box.x + PAD_X;
}

function clipped(box: DisplayBox, items: DisplayItem[]): DisplayItem {
  return { kind: 'clip', x: box.x, y: box.y, width: box.width, height: box.height, items };
}

/** Line breaks and tabs become spaces; other control characters are dropped (they have no glyphs). */
function oneLine(text: string): string {
  return text.replace(/\r\n|[\r\n\t\u2028\u2029]/g, ' ').replace(/[\u0000-\u001f\u007f]/g, '');
}
