// The drawing model an SVG file decodes to: a tree of groups, filled and stroked paths and
// shaped text, in the root element's user space (y down, user units), with every style
// already resolved. The PDF writer draws it as one form XObject; nothing here knows PDF.

import type { Color } from '../../css/types.js';
import type { GlyphSegment, PathOp } from '../../paint/types.js';
import type { FontFace } from '../../text/types.js';

/** An affine transform [a b c d e f]: x' = a·x + c·y + e, y' = b·x + d·y + f (SVG and PDF alike). */
export type Matrix = readonly [number, number, number, number, number, number];

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** preserveAspectRatio (SVG 1.1 §7.8): the alignment, or 'none' to stretch. */
export interface AspectRatio {
  readonly align: 'none' | `x${'Min' | 'Mid' | 'Max'}Y${'Min' | 'Mid' | 'Max'}`;
  readonly meetOrSlice: 'meet' | 'slice';
}

/**
 * How the root element maps its user space onto the box it is drawn in: the intrinsic size
 * (CSS px) and the viewBox with its preserveAspectRatio. Without a viewBox, browsers
 * synthesize `0 0 width height` with `none` for an SVG used as an image (w3c/svgwg#249).
 */
export interface SvgViewport {
  readonly width: number;
  readonly height: number;
  readonly viewBox: Rect;
  readonly aspect: AspectRatio;
  /**
   * An inline `<svg>` of an HTML document without a viewBox: its user units are CSS px from the
   * box's top-left whatever the box's size (SVG 2 §8.2: no viewBox, no scaling), where an
   * image stretches instead.
   */
  readonly userSpaceInPx?: true;
}

/** A decoded SVG: the vector drawing, or null when only rasterising draws it faithfully. */
export interface SvgDrawing {
  readonly nodes: readonly SvgNode[];
  /** Where the nodes draw, in user space (strokes included), or null when nothing is drawn. */
  readonly bounds: Rect | null;
}

export type SvgNode = SvgGroup | SvgShape | SvgText;

/** A `<g>` (or an element with a transform, a group opacity or a clip path). */
export interface SvgGroup {
  readonly kind: 'group';
  /** Applied first; the clip path and the children are in the space it establishes. */
  readonly transform: Matrix | null;
  /** Group opacity (composited as a whole), 0–1. */
  readonly opacity: number;
  readonly clip: SvgClip | null;
  readonly children: readonly SvgNode[];
}

/** A clipping path: one shape, nonzero or even-odd. */
export interface SvgClip {
  readonly ops: readonly PathOp[];
  readonly evenOdd: boolean;
}

export interface SvgFill {
  /** Alpha includes fill-opacity and any opacity folded into it. For a gradient: its first stop. */
  readonly color: Color;
  readonly evenOdd: boolean;
  readonly gradient?: SvgGradient;
}

export interface SvgStroke {
  /** Alpha includes stroke-opacity and any opacity folded into it. For a gradient: its first stop. */
  readonly color: Color;
  readonly gradient?: SvgGradient;
  readonly width: number;
  readonly cap: 'butt' | 'round' | 'square';
  readonly join: 'miter' | 'round' | 'bevel';
  readonly miterLimit: number;
  /** Dash lengths (an even count), or null for a solid line. */
  readonly dash: readonly number[] | null;
  readonly dashOffset: number;
}

/**
 * A linear or radial gradient (SVG 1.1 §13.2) with pad spread, resolved for one shape: its
 * coordinates in gradient space and the matrix to user space (gradientTransform, and the
 * shape's bounding box for objectBoundingBox units).
 */
export interface SvgGradient {
  readonly kind: 'linear' | 'radial';
  /** Linear: x1 y1 x2 y2. Radial: fx fy fr cx cy r (PDF's order: start circle, end circle). */
  readonly coords: readonly number[];
  readonly matrix: Matrix;
  /** Offsets 0–1, non-decreasing, the first at 0 and the last at 1; alpha includes stop-opacity. */
  readonly stops: readonly { readonly offset: number; readonly color: Color }[];
  /** fill-opacity or stroke-opacity times any opacity folded in. */
  readonly opacity: number;
}

/** A path (every basic shape becomes one), absolute coordinates, arcs as cubic Béziers. */
export interface SvgShape {
  readonly kind: 'shape';
  readonly ops: readonly PathOp[];
  readonly fill: SvgFill | null;
  readonly stroke: SvgStroke | null;
  /** paint-order: stroke before fill. */
  readonly strokeFirst: boolean;
}

/** A `<text>` element: shaped glyph runs with one paint. */
export interface SvgText {
  readonly kind: 'text';
  readonly runs: readonly SvgGlyphRun[];
}

/** Glyphs of one face and size, from a baseline origin in user space. */
export interface SvgGlyphRun {
  readonly x: number;
  readonly y: number;
  readonly face: FontFace;
  readonly size: number;
  readonly segments: readonly GlyphSegment[];
  /** The run's width, user units. */
  readonly advance: number;
  readonly fill: Color | null;
  readonly stroke: SvgStroke | null;
  readonly strokeFirst: boolean;
}
