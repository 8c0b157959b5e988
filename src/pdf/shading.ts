// Gradients (SVG paints and CSS gradient images) as PDF shading patterns (ISO 32000-1
// §8.7.4.5: axial type 2, radial type 3), their stops as a stitching function (type 3) of
// exponential interpolations (type 2, whose exponent N draws a CSS colour hint exactly), with
// pad spread as Extend. Each gradient paint is a small form XObject with resources of its own
// (the pattern; the document's shared dictionary has no patterns), drawn where the shape is:
// a pattern's matrix maps to the space of the form that uses it, which is the shape's user
// space. Stops whose alphas differ become a luminosity soft mask (§11.6.5.2) made of the same
// gradient in grey.

import type { PDFRef } from 'pdf-lib';
import type { Color } from '../css/types.js';
import type { Rect } from '../resources/svg/model.js';
import { flateStream } from './flate.js';
import { coordinate, formBox, RESET, type SvgFormTarget } from './svg-operators.js';

/**
 * A gradient in the space of the form that draws it: SVG's gradients are these as they are.
 * Stops are non-decreasing offsets 0–1; `exponent` (default 1) shapes the segment ending at
 * its stop.
 */
export interface GradientSpec {
  readonly kind: 'linear' | 'radial';
  /** Linear: x1 y1 x2 y2. Radial: x0 y0 r0 x1 y1 r1 (start circle, end circle). */
  readonly coords: readonly number[];
  /** Gradient space → form space. */
  readonly matrix: readonly number[];
  readonly stops: readonly { readonly offset: number; readonly color: Color; readonly exponent?: number }[];
  readonly opacity: number;
}

/** Writes `paint('cs', 'scn')` (or CS/SCN for strokes) to select the gradient in content. */
export type GradientDraw = (paint: (space: 'cs' | 'CS', select: 'scn' | 'SCN') => string) => string;

/**
 * A form over `bounds` (user space) that paints with the gradient what `draw` writes, and the
 * constant alpha to draw it with (1 when the soft mask carries the stops' alphas).
 */
export function gradientForm(target: SvgFormTarget, gradient: GradientSpec, bounds: Rect, draw: GradientDraw): { ref: PDFRef; alpha: number } | null {
  const { context } = target;
  const alphas = gradient.stops.map((stop) => stop.color.a * gradient.opacity);
  const uniform = alphas.every((a) => Math.abs(a - alphas[0]!) < 1e-3);
  if (uniform && alphas[0]! <= 0) return null;
  const bbox = formBox(bounds);
  const resources: Record<string, unknown> = { Pattern: { P0: pattern(target, gradient, 'DeviceRGB', (c) => [c.r / 255, c.g / 255, c.b / 255]) } };
  let content = RESET;
  if (!uniform) {
    const mask = registerForm(target, `/Pattern cs /A0 scn\n${bbox[0]} ${bbox[1]} ${bbox[2]! - bbox[0]!} ${bbox[3]! - bbox[1]!} re f`, {
      BBox: bbox,
      Group: { Type: 'Group', S: 'Transparency', CS: 'DeviceGray' },
      Resources: { Pattern: { A0: pattern(target, gradient, 'DeviceGray', (c) => [c.a * gradient.opacity]) } },
    });
    resources.ExtGState = { S0: context.register(context.obj({ Type: 'ExtGState', SMask: { Type: 'Mask', S: 'Luminosity', G: mask } } as never)) };
    content += '\n/S0 gs';
  }
  content += `\n${draw((space, select) => `/Pattern ${space} /P0 ${select}`)}`;
  return { ref: registerForm(target, content, { BBox: bbox, Resources: resources }), alpha: uniform ? alphas[0]! : 1 };
}

function registerForm(target: SvgFormTarget, content: string, dict: Record<string, unknown>): PDFRef {
  const { context } = target;
  return context.register(flateStream(context, content, { Type: 'XObject', Subtype: 'Form', ...dict } as never)) as PDFRef;
}

/** A shading pattern (§8.7.3) whose pattern space is the gradient's space. */
function pattern(target: SvgFormTarget, gradient: GradientSpec, colorSpace: 'DeviceRGB' | 'DeviceGray', components: (c: Color) => number[]): PDFRef {
  const { context } = target;
  const shading = context.obj({
    ShadingType: gradient.kind === 'linear' ? 2 : 3,
    ColorSpace: colorSpace,
    Coords: gradient.coords.map((v) => Number(coordinate(v))),
    Function: stopsFunction(gradient.stops, components),
    Extend: [true, true],
  } as never);
  return context.register(context.obj({ Type: 'Pattern', PatternType: 2, Shading: context.register(shading), Matrix: gradient.matrix.map((v) => Number(coordinate(v))) } as never)) as PDFRef;
}

/**
 * The colour along the gradient (domain 0–1): one type 2 function per pair of stops with a
 * gap between them, stitched by a type 3 function (§7.10.3–4). Stops at the same offset
 * (a hard edge) leave no segment between them.
 */
function stopsFunction(stops: GradientSpec['stops'], components: (c: Color) => number[]): Record<string, unknown> {
  const segments: { end: number; fn: Record<string, unknown> }[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    const from = stops[i]!;
    const to = stops[i + 1]!;
    if (!(to.offset > from.offset)) continue;
    segments.push({ end: to.offset, fn: { FunctionType: 2, Domain: [0, 1], C0: rounded(components(from.color)), C1: rounded(components(to.color)), N: Number(coordinate(to.exponent ?? 1)) } });
  }
  if (segments.length === 1) return segments[0]!.fn;
  return {
    FunctionType: 3,
    Domain: [0, 1],
    Functions: segments.map((s) => s.fn),
    Bounds: segments.slice(0, -1).map((s) => Number(coordinate(s.end))),
    Encode: segments.flatMap(() => [0, 1]),
  };
}

function rounded(values: number[]): number[] {
  return values.map((v) => Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000);
}
