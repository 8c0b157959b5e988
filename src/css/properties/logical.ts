// Flow-relative inline-axis properties (css-logical-1 §4): margin-, padding-, inset- and
// border-inline-start/end, and the `inline-start`/`inline-end` values of float and clear
// (§2.1). In horizontal writing modes, the only ones laid out, the inline start is the left
// side in ltr and the right side in rtl.
//
// Each logical longhand stays a name of its own through the cascade, so that it and its
// physical twin (`margin-inline-start` and `margin-left`) are decided by the order they appear
// in, whichever wins (§4: they share one computed value); it becomes the physical longhand when
// the element's style is computed, by the element's own direction.
import type { Component } from '../values/components.js';
import type { Computer } from '../values/context.js';
import type { ComputedStyle } from '../types.js';
import { longhand, type LonghandDef } from './registry.js';

/** The physical longhand of a logical one, in each direction. */
interface LogicalMapping {
  readonly ltr: string;
  readonly rtl: string;
}

function pair(start: string, end: string, left: string, right: string): [string, LogicalMapping][] {
  return [[start, { ltr: left, rtl: right }], [end, { ltr: right, rtl: left }]];
}

const BORDER_PARTS = ['width', 'style', 'color'] as const;

/** Logical longhand name → its physical longhands. */
export const LOGICAL_LONGHANDS: ReadonlyMap<string, LogicalMapping> = new Map([
  ...pair('margin-inline-start', 'margin-inline-end', 'margin-left', 'margin-right'),
  ...pair('padding-inline-start', 'padding-inline-end', 'padding-left', 'padding-right'),
  ...pair('inset-inline-start', 'inset-inline-end', 'left', 'right'),
  ...BORDER_PARTS.flatMap((p) => pair(`border-inline-start-${p}`, `border-inline-end-${p}`, `border-left-${p}`, `border-right-${p}`)),
]);

/**
 * The logical longhands and their physical twins: the only properties whose order among the
 * cascade's winners matters (the cascade moves such a winner to the end when it is set again).
 */
export const ORDERED_WINNERS: ReadonlySet<string> = new Set([...LOGICAL_LONGHANDS].flatMap(([name, m]) => [name, m.ltr, m.rtl]));

/** The physical longhand a logical longhand sets on an element of `direction`; undefined when `name` is not logical. */
export function physicalLonghand(name: string, direction: ComputedStyle['direction']): string | undefined {
  const mapping = LOGICAL_LONGHANDS.get(name);
  return mapping === undefined ? undefined : mapping[direction];
}

/**
 * `float` and `clear`: `inline-start` and `inline-end` map by the containing block's direction
 * (css-logical-1 §2.1), taken as the parent's; the computed value is the physical side.
 */
function sideKeyword<K extends 'float' | 'clear'>(words: readonly ComputedStyle[K][]) {
  return (items: readonly Component[]): Computer<ComputedStyle[K]> | null => {
    const word = items.length === 1 && items[0]!.type === 'ident' ? items[0]!.lower : null;
    if (word === 'inline-start' || word === 'inline-end') {
      const startIsLeft = word === 'inline-start';
      return (ctx) => ((ctx.parent.direction === 'rtl') === startIsLeft ? 'right' : 'left') as ComputedStyle[K];
    }
    const value = words.find((w) => w === word);
    return value === undefined ? null : () => value;
  };
}

export const FLOAT_LONGHAND: LonghandDef = longhand('float', 'float', false, sideKeyword<'float'>(['none', 'left', 'right']));
export const CLEAR_LONGHAND: LonghandDef = longhand('clear', 'clear', false, sideKeyword<'clear'>(['none', 'left', 'right', 'both']));
