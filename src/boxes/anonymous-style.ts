// Style of anonymous block boxes (CSS 2.1 §9.2.1.1): inherited properties come from the
// parent box, every other property has its initial value, and the box is a block.
import { inheritedStyle } from '../css/compute.js';
import type { ComputedStyle, Display } from '../css/types.js';

const cache = new WeakMap<ComputedStyle, Map<Display, ComputedStyle>>();

/**
 * The style of an anonymous box inside a box with style `parent` (a block, or a table part
 * made by the table fix-up of §17.2.1); shared per parent and display.
 */
export function anonymousStyle(parent: ComputedStyle, display: Display = 'block'): ComputedStyle {
  let byDisplay = cache.get(parent);
  if (!byDisplay) {
    byDisplay = new Map();
    cache.set(parent, byDisplay);
  }
  let style = byDisplay.get(display);
  if (!style) {
    style = { ...inheritedStyle(parent), display };
    byDisplay.set(display, style);
  }
  return style;
}
