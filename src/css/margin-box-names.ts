// The sixteen margin boxes of css-page-3 §6.2, named once for the parser (css/), the page
// context's defaults and the layout of the margin boxes.

export type MarginBoxName =
  | 'top-left-corner'
  | 'top-left'
  | 'top-center'
  | 'top-right'
  | 'top-right-corner'
  | 'right-top'
  | 'right-middle'
  | 'right-bottom'
  | 'bottom-right-corner'
  | 'bottom-right'
  | 'bottom-center'
  | 'bottom-left'
  | 'bottom-left-corner'
  | 'left-bottom'
  | 'left-middle'
  | 'left-top';

/**
 * All sixteen, in the css-page-3 default painting order ("tree order", §"Page Backgrounds and
 * Painting Order"): start at top-left-corner and go clockwise.
 */
export const MARGIN_BOX_NAMES: readonly MarginBoxName[] = Object.freeze([
  'top-left-corner',
  'top-left',
  'top-center',
  'top-right',
  'top-right-corner',
  'right-top',
  'right-middle',
  'right-bottom',
  'bottom-right-corner',
  'bottom-right',
  'bottom-center',
  'bottom-left',
  'bottom-left-corner',
  'left-bottom',
  'left-middle',
  'left-top',
] as const);

const NAME_SET: ReadonlySet<string> = new Set(MARGIN_BOX_NAMES);

export function isMarginBoxName(s: string): s is MarginBoxName {
  return NAME_SET.has(s);
}
