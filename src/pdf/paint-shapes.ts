// Rectangles, lines and paths → path construction and painting operators (ISO 32000-1 §8.5),
// converting display-list coordinates (y down from the top) to PDF user space (y up).

import type { Color } from '../css/types.js';
import type { LineItem, PathItem, PathOp, RectItem } from '../paint/types.js';
import { num, type ContentStream } from './content-stream.js';
import { withAlpha, type PaintContext } from './paint-context.js';

type Radii = readonly (readonly [number, number])[];

// Control-point distance for a quarter ellipse drawn as one cubic Bézier: 4/3 (√2 − 1).
const KAPPA = 0.5522847498;

/** A filled rectangle, square or with rounded corners. */
export function paintRect(item: RectItem, ctx: PaintContext): void {
  if (item.color.a <= 0 || item.width <= 0 || item.height <= 0) return;
  withAlpha(ctx, item.color.a, 1, () => {
    ctx.canvas.setFillColor(item.color);
    appendRectPath(ctx.canvas, ctx.pageHeight, item.x, item.y, item.width, item.height, item.radii);
    ctx.canvas.push('f');
  });
}

/**
 * A stroked straight line. Dashes scale with the width: dashed is 3w on, 3w off with butt
 * caps; dotted is zero-length dashes every 2w with round caps, which draws round dots.
 */
export function paintLine(item: LineItem, ctx: PaintContext): void {
  if (item.color.a <= 0 || item.width <= 0) return;
  const { canvas, pageHeight } = ctx;
  withAlpha(ctx, 1, item.color.a, () => {
    canvas.setStrokeColor(item.color);
    canvas.setLineWidth(item.width);
    canvas.setLineCap(item.style === 'dotted' ? 1 : 0);
    canvas.setDash(dashPattern(item.style, item.width));
    canvas.push(`${num(item.x1)} ${num(pageHeight - item.y1)} m ${num(item.x2)} ${num(pageHeight - item.y2)} l S`);
  });
}

/** A path filled (nonzero or even-odd), stroked, or both (`B`/`B*`, §8.5.3.1). */
export function paintPath(item: PathItem, ctx: PaintContext): void {
  const fill = visible(item.fill) ? item.fill : null;
  const stroke = item.stroke && visible(item.stroke.color) && item.stroke.width > 0 ? item.stroke : null;
  if ((!fill && !stroke) || item.ops.length === 0) return;
  const { canvas } = ctx;
  withAlpha(ctx, fill?.a ?? 1, stroke?.color.a ?? 1, () => {
    if (fill) canvas.setFillColor(fill);
    if (stroke) {
      canvas.setStrokeColor(stroke.color);
      canvas.setLineWidth(stroke.width);
      canvas.setLineCap(0);
      canvas.setDash(stroke.dash ?? []);
    }
    appendPathOps(canvas, ctx.pageHeight, item.ops);
    const evenOdd = item.evenOdd ? '*' : '';
    canvas.push(fill && stroke ? `B${evenOdd}` : fill ? `f${evenOdd}` : 'S');
  });
}

/** Appends a rectangle (`re`) or a rounded rectangle path; radii are [rx, ry] for tl, tr, br, bl. */
export function appendRectPath(canvas: ContentStream, pageHeight: number, x: number, y: number, width: number, height: number, radii?: Radii): void {
  const corners = radii && clampRadii(radii, width, height);
  if (!corners) {
    // Written number by number: a table paints thousands of these, one string each otherwise.
    canvas.beginLine();
    canvas.appendNumber(x);
    canvas.appendByte(0x20);
    canvas.appendNumber(pageHeight - y - height);
    canvas.appendByte(0x20);
    canvas.appendNumber(width);
    canvas.appendByte(0x20);
    canvas.appendNumber(height);
    canvas.append(' re');
    return;
  }
  appendPathOps(canvas, pageHeight, roundedRectOps(x, y, width, height, corners));
}

/** Path operators in display-list coordinates, y flipped. */
export function appendPathOps(canvas: ContentStream, pageHeight: number, ops: readonly PathOp[]): void {
  const parts: string[] = [];
  const p = (x: number, y: number): string => `${num(x)} ${num(pageHeight - y)}`;
  for (const op of ops) {
    if (op.op === 'M') parts.push(`${p(op.x, op.y)} m`);
    else if (op.op === 'L') parts.push(`${p(op.x, op.y)} l`);
    else if (op.op === 'C') parts.push(`${p(op.x1, op.y1)} ${p(op.x2, op.y2)} ${p(op.x, op.y)} c`);
    else parts.push('h');
  }
  canvas.push(parts.join('\n'));
}

/** Clockwise from the top-left corner (in y-down coordinates), one Bézier per rounded corner. */
function roundedRectOps(x: number, y: number, w: number, h: number, r: Radii): PathOp[] {
  const [tl, tr, br, bl] = r as [readonly [number, number], readonly [number, number], readonly [number, number], readonly [number, number]];
  const right = x + w;
  const bottom = y + h;
  return [
    { op: 'M', x: x + tl[0], y },
    { op: 'L', x: right - tr[0], y },
    corner(right - tr[0], y, right, y + tr[1], tr, 'h'),
    { op: 'L', x: right, y: bottom - br[1] },
    corner(right, bottom - br[1], right - br[0], bottom, br, 'v'),
    { op: 'L', x: x + bl[0], y: bottom },
    corner(x + bl[0], bottom, x, bottom - bl[1], bl, 'h'),
    { op: 'L', x, y: y + tl[1] },
    corner(x, y + tl[1], x + tl[0], y, tl, 'v'),
    { op: 'Z' },
  ];
}

/** A quarter ellipse from (x0, y0) to (x1, y1), leaving horizontally ('h') or vertically ('v'). */
function corner(x0: number, y0: number, x1: number, y1: number, radius: readonly [number, number], leaves: 'h' | 'v'): PathOp {
  const kx = radius[0] * KAPPA;
  const ky = radius[1] * KAPPA;
  const sx = Math.sign(x1 - x0);
  const sy = Math.sign(y1 - y0);
  return leaves === 'h'
    ? { op: 'C', x1: x0 + sx * kx, y1: y0, x2: x1, y2: y1 - sy * ky, x: x1, y: y1 }
    : { op: 'C', x1: x0, y1: y0 + sy * ky, x2: x1 - sx * kx, y2: y1, x: x1, y: y1 };
}

/**
 * CSS Backgrounds 3 §5.5: if adjacent radii add up to more than the side, all radii shrink by
 * the same factor. Returns undefined when every corner is square.
 */
function clampRadii(radii: Radii, width: number, height: number): Radii | undefined {
  if (radii.length !== 4 || radii.every(([rx, ry]) => rx <= 0 || ry <= 0)) return undefined;
  const [tl, tr, br, bl] = radii.map(([rx, ry]) => (rx > 0 && ry > 0 ? [rx, ry] : [0, 0])) as [number, number][];
  const factor = Math.min(
    1,
    width / (tl![0] + tr![0] || 1),
    width / (bl![0] + br![0] || 1),
    height / (tl![1] + bl![1] || 1),
    height / (tr![1] + br![1] || 1),
  );
  return [tl!, tr!, br!, bl!].map(([rx, ry]) => [rx * factor, ry * factor] as const);
}

function dashPattern(style: LineItem['style'], width: number): number[] {
  if (style === 'dashed') return [3 * width, 3 * width];
  if (style === 'dotted') return [0, 2 * width];
  return [];
}

function visible(color: Color | null): color is Color {
  return color !== null && color.a > 0;
}
