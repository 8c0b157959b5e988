// `<angle>` (css-values-4 §7.1): deg, grad, rad and turn, as degrees. A unitless zero is an
// angle only where a property allows it (transform functions and gradients do, for legacy).
import type { Component } from './components.js';

const DEGREES_PER: Readonly<Record<string, number>> = { deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };

/** One component as an angle in degrees, or null. */
export function parseAngle(c: Component | undefined, options: { readonly unitlessZero?: boolean } = {}): number | null {
  if (c === undefined) return null;
  if (c.type === 'number') return c.value === 0 && options.unitlessZero ? 0 : null;
  if (c.type !== 'dimension') return null;
  const factor = DEGREES_PER[c.unit.toLowerCase()];
  return factor === undefined || !Number.isFinite(c.value) ? null : c.value * factor;
}
