// A CSS gradient tile (paint/gradient.ts resolved it) as a form XObject filled with a shading
// pattern (shading.ts), in the tile's own space, y down: one form per distinct gradient and
// tile size, however many tiles or boxes draw it; each tile is `cm` and `Do`.
import type { GradientItem, Shading } from '../paint/types.js';
import { num } from './content-stream.js';
import type { PaintContext } from './paint-context.js';
import { gradientForm, type GradientSpec } from './shading.js';

/** Paints one gradient tile. */
export function paintGradient(item: GradientItem, ctx: PaintContext): void {
  const { width, height, shading } = item;
  if (!(width > 0 && height > 0)) return;
  const key = `gradient:${num(width)}x${num(height)}:${JSON.stringify(shading)}`;
  const alpha = uniformAlpha(shading);
  if (alpha === 0) return;
  // gradientForm is null only for stops that are all transparent, which returned above.
  const name = ctx.resources.xObject(key, 'Fm', () => gradientForm(
    { context: ctx.context, resources: ctx.resources, fonts: ctx.fonts }, spec(shading), { x: 0, y: 0, width, height },
    (paint) => `${paint('cs', 'scn')}\n0 0 ${num(width)} ${num(height)} re f`,
  )!.ref);
  ctx.canvas.save();
  if (alpha !== null && alpha < 1) ctx.canvas.push(`/${ctx.resources.alphaState(alpha, alpha)} gs`);
  // Tile space (y down from the tile's top-left) → PDF user space.
  ctx.canvas.push(`1 0 0 -1 ${num(item.x)} ${num(ctx.pageHeight - item.y)} cm\n/${name} Do`);
  ctx.canvas.restore();
}

/** The stops' common alpha, which the form leaves to the page's graphics state; null when they differ (a soft mask carries them). */
function uniformAlpha(shading: Shading): number | null {
  const first = shading.stops[0]!.color.a;
  return shading.stops.every((s) => Math.abs(s.color.a - first) < 1e-3) ? first : null;
}

function spec(shading: Shading): GradientSpec {
  if (shading.kind === 'linear') {
    return { kind: 'linear', coords: [shading.x0, shading.y0, shading.x1, shading.y1], matrix: [1, 0, 0, 1, 0, 0], stops: shading.stops, opacity: 1 };
  }
  // Circles about the origin, scaled into an ellipse and moved to the centre.
  return { kind: 'radial', coords: [0, 0, shading.r0, 0, 0, shading.r1], matrix: [1, 0, 0, shading.scaleY, shading.cx, shading.cy], stops: shading.stops, opacity: 1 };
}
