// Style of anonymous boxes (CSS 2.1 §9.2.1.1): inherited properties come from the parent
// box, every other property has its initial value.
import type { ComputedStyle, LengthPercentage } from '../css/types.js';

const ZERO: LengthPercentage = { abs: 0, pct: 0 };
const TRANSPARENT = { r: 0, g: 0, b: 0, a: 0 };
const NO_RADIUS = [ZERO, ZERO] as const;

/** The non-inherited properties at their initial values, for an anonymous block box. */
function resetNonInherited(parent: ComputedStyle): Partial<ComputedStyle> {
  const color = parent.color;
  return {
    display: 'block',
    position: 'static', float: 'none', clear: 'none',
    top: 'auto', right: 'auto', bottom: 'auto', left: 'auto', zIndex: 'auto',
    marginTop: ZERO, marginRight: ZERO, marginBottom: ZERO, marginLeft: ZERO,
    paddingTop: ZERO, paddingRight: ZERO, paddingBottom: ZERO, paddingLeft: ZERO,
    borderTopWidth: 0, borderRightWidth: 0, borderBottomWidth: 0, borderLeftWidth: 0,
    borderTopStyle: 'none', borderRightStyle: 'none', borderBottomStyle: 'none', borderLeftStyle: 'none',
    borderTopColor: color, borderRightColor: color, borderBottomColor: color, borderLeftColor: color,
    borderTopLeftRadius: NO_RADIUS, borderTopRightRadius: NO_RADIUS, borderBottomRightRadius: NO_RADIUS, borderBottomLeftRadius: NO_RADIUS,
    width: 'auto', height: 'auto', minWidth: ZERO, minHeight: ZERO, maxWidth: 'none', maxHeight: 'none',
    boxSizing: 'content-box', overflow: 'visible', opacity: 1,
    backgroundColor: TRANSPARENT, backgroundImage: null,
    textDecorationLine: { underline: false, overline: false, lineThrough: false },
    textDecorationColor: color, textDecorationStyle: 'solid', verticalAlign: 'baseline',
    content: 'normal', counterReset: [], counterIncrement: [], counterSet: [],
    breakBefore: 'auto', breakAfter: 'auto', breakInside: 'auto', page: 'auto',
    extra: new Map(),
  };
}

const cache = new WeakMap<ComputedStyle, ComputedStyle>();

/** The style of an anonymous block box inside a box with style `parent`; shared per parent. */
export function anonymousStyle(parent: ComputedStyle): ComputedStyle {
  let style = cache.get(parent);
  if (!style) {
    style = { ...parent, ...resetNonInherited(parent) } as ComputedStyle;
    cache.set(parent, style);
  }
  return style;
}
