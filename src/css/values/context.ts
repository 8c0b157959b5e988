// What a specified value needs to become a computed value (css-cascade-4 §4.4): the parent's
// style, the font sizes and viewport that relative units refer to, and the current colour.
import type { Color, ComputedStyle, FontStyle, Viewport } from '../types.js';

/** 1ex and 1ch of a font at a size, in pt (css-values-4 §6.1.1). */
export interface FontUnits {
  readonly ex: number;
  readonly ch: number;
}

/**
 * The x-height and "0" advance of the first available font of a font-family list, weight and
 * style at a size; null when no font is known. css/ knows no fonts: the caller (render.ts)
 * passes one in from text/.
 */
export type FontUnitsSource = (families: readonly string[], weight: number, style: FontStyle, size: number) => FontUnits | null;

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
  /** Where `ex` and `ch` come from; absent, they are half an em. */
  readonly fontUnits?: FontUnitsSource;
  /**
   * The style whose font `ex` and `ch` measure: the parent's while font-size is computed, then
   * the element's own once its font-family, -weight and -style are.
   */
  readonly font?: Pick<ComputedStyle, 'fontFamily' | 'fontWeight' | 'fontStyle'>;
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
