// Style of anonymous block boxes (CSS 2.1 §9.2.1.1): inherited properties come from the
// parent box, every other property has its initial value, and the box is a block.
import { inheritedStyle } from '../css/compute.js';
import type { ComputedStyle } from '../css/types.js';

const cache = new WeakMap<ComputedStyle, ComputedStyle>();

/** The style of an anonymous block box inside a box with style `parent`; shared per parent. */
export function anonymousStyle(parent: ComputedStyle): ComputedStyle {
  let style = cache.get(parent);
  if (!style) {
    style = { ...inheritedStyle(parent), display: 'block' };
    cache.set(parent, style);
  }
  return style;
}
