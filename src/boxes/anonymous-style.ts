// Style of anonymous block boxes (CSS 2.1 §9.2.1.1): inherited properties come from the
// parent box, every other property has its initial value, and the box is a block.
import { inheritedStyle } from '../css/compute.js';
import type { ComputedStyle, Display } from '../css/types.js';

const cache = new WeakMap<ComputedStyle, Map<Display, ComputedStyle>>();
/** Every anonymous style made here: layout skips anonymous blocks when percentages resolve. */
const anonymous = new WeakSet<ComputedStyle>();

/** Whether a box with this style is anonymous (pseudo-elements also have no element, but are not). */
export function isAnonymousStyle(style: ComputedStyle): boolean {
  return anonymous.has(style);
}

/** An anonymous style with some non-inherited properties set (e.g. a relative offset). */
export function anonymousStyleWith(parent: ComputedStyle, own: Partial<ComputedStyle>): ComputedStyle {
  const style = { ...anonymousStyle(parent), ...own };
  anonymous.add(style);
  return style;
}

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
    anonymous.add(style);
  }
  return style;
}
