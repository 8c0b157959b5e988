// What a specified value needs to become a computed value (css-cascade-4 §4.4): the parent's
// style, the font sizes and viewport that relative units refer to, and the current colour.
import type { Color, ComputedStyle, Viewport } from '../types.js';

/** The context in which one element's (or pseudo-element's) values are computed. */
export interface ComputeContext {
  /** The parent's computed style; the initial style for the root. */
  readonly parent: ComputedStyle;
  /** The element's computed font-size in pt; the parent's while font-size itself is computed. */
  readonly fontSize: number;
  /** The root element's font-size in pt (`rem`); the initial 12pt while the root's is computed. */
  readonly rootFontSize: number;
  /** The element's computed colour (`currentcolor`); the parent's while color is computed. */
  readonly color: Color;
  /**
   * What `vw`, `vh`, `vmin` and `vmax` refer to (css-values-4 §6.1.2): the initial containing
   * block, in paged media the first page's page area (CSS 2.1 §13.2). Per document, never global.
   */
  readonly viewport: Viewport;
}

/**
 * A specified value, validated and ready to compute: parsing happens once per distinct
 * declaration, computing once per distinct (declaration, context).
 */
export type Computer<T> = (ctx: ComputeContext) => T;

/** A computer that ignores its context. */
export function constant<T>(value: T): Computer<T> {
  return () => value;
}
