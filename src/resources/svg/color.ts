// Colours and paints of SVG (SVG 1.1 §11.2, §4.2 <color>): everything CSS Color 4 reads
// (named, #rgb, #rrggbb, rgb(), rgba(), hsl() …, through the cascade's own colour parser),
// currentColor, `none`, and `url(#id) [fallback]` references to paint servers.

import type { Color } from '../../css/types.js';
import { parseAbsoluteColor } from '../../css/values/color.js';
import { parseComponents, type Component } from '../../css/values/components.js';
import { fragmentId } from '../../dom/fragment-id.js';

/** A specified colour: absolute, or currentColor (resolved against the `color` property where used). */
export type SvgColor = Color | 'currentColor';

/** A specified paint (fill, stroke). */
export type SvgPaint =
  | { readonly kind: 'none' }
  | { readonly kind: 'color'; readonly color: SvgColor }
  | { readonly kind: 'url'; readonly id: string; readonly fallback: SvgColor | 'none' | null };

export const NO_PAINT: SvgPaint = { kind: 'none' };

/** A colour value, or null when it is not one. */
export function parseSvgColor(text: string): SvgColor | null {
  const components = parseComponents(text.trim());
  if (!components || components.length !== 1) return null;
  return componentColor(components[0]!);
}

/** A paint value, or null when it is invalid (the declaration is then ignored). */
export function parsePaint(text: string): SvgPaint | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const components = parseComponents(trimmed);
  if (!components || components.length === 0 || components.length > 2) return null;
  const [first, second] = components as [Component, Component | undefined];
  if (first.type === 'url') {
    const target = first.value;
    if (!target.startsWith('#')) return null; // only references inside the file
    let fallback: SvgColor | 'none' | null = null;
    if (second) {
      fallback = second.type === 'ident' && second.lower === 'none' ? 'none' : componentColor(second);
      if (fallback === null) return null;
    }
    return { kind: 'url', id: fragmentId(target.slice(1)), fallback };
  }
  if (second) return null;
  if (first.type === 'ident' && first.lower === 'none') return NO_PAINT;
  const color = componentColor(first);
  return color === null ? null : { kind: 'color', color };
}

/** The colour a specified colour stands for, given the element's `color`. */
export function resolveColor(color: SvgColor, currentColor: Color): Color {
  return color === 'currentColor' ? currentColor : color;
}

function componentColor(c: Component): SvgColor | null {
  if (c.type === 'ident' && c.lower === 'currentcolor') return 'currentColor';
  return parseAbsoluteColor(c);
}

