// Content-stream pieces for SVG forms: numbers with relative precision, path construction and
// stroke parameters in user space, and the graphics state a form starts from.

import type { PDFContext } from 'pdf-lib';
import type { PathOp } from '../paint/types.js';
import type { Rect, SvgStroke } from '../resources/svg/model.js';
import type { FontEmbedder } from './font-embed.js';
import type { ResourceRegistry } from './resources.js';

/** What drawing a form needs from the writer. */
export interface SvgFormTarget {
  readonly context: PDFContext;
  readonly resources: ResourceRegistry;
  readonly fonts: FontEmbedder;
}

/**
 * The operators a form starts with: the writer's tracked defaults (content-stream.ts), since a
 * form XObject inherits whatever graphics state the page had when it was drawn.
 */
export const RESET = '0 0 0 rg\n0 0 0 RG\n1 w\n0 J\n0 j\n[] 0 d';

const CAPS = { butt: 0, round: 1, square: 2 } as const;
const JOINS = { miter: 0, round: 1, bevel: 2 } as const;

/** Line width, cap, join, miter limit and dashes (§8.4.3). */
export function strokeParameters(stroke: SvgStroke): string {
  const dash = stroke.dash ? `[${stroke.dash.map(coordinate).join(' ')}] ${coordinate(stroke.dashOffset)} d` : '[] 0 d';
  return `${coordinate(stroke.width)} w ${CAPS[stroke.cap]} J ${JOINS[stroke.join]} j ${coordinate(stroke.miterLimit)} M ${dash}`;
}

/** Path construction operators (§8.5.2) in user space, as they are (no flip). */
export function pathOperators(ops: readonly PathOp[]): string {
  const parts: string[] = [];
  for (const op of ops) {
    if (op.op === 'M') parts.push(`${coordinate(op.x)} ${coordinate(op.y)} m`);
    else if (op.op === 'L') parts.push(`${coordinate(op.x)} ${coordinate(op.y)} l`);
    else if (op.op === 'C') parts.push(`${coordinate(op.x1)} ${coordinate(op.y1)} ${coordinate(op.x2)} ${coordinate(op.y2)} ${coordinate(op.x)} ${coordinate(op.y)} c`);
    else parts.push('h');
  }
  return parts.join('\n');
}

/**
 * A number with seven significant digits: user units range from icons drawn in a 0–1 box to
 * maps in the millions, so a fixed number of decimals would lose the small ones.
 */
export function coordinate(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) < 1e-9) return '0';
  if (Math.abs(value) > 1e9) return value > 0 ? '1000000000' : '-1000000000';
  const rounded = Number(value.toPrecision(7));
  const text = String(rounded);
  return text.includes('e') ? rounded.toFixed(12).replace(/\.?0+$/, '') : text;
}

/** A form's BBox: the bounds with a margin, since anti-aliasing reaches past the geometry. */
export function formBox(bounds: Rect): number[] {
  const margin = 1 + Math.max(bounds.width, bounds.height) / 100;
  return [bounds.x - margin, bounds.y - margin, bounds.x + bounds.width + margin, bounds.y + bounds.height + margin].map((v) => Number(coordinate(v)));
}
