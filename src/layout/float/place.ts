// Float placement (CSS 2.1 §9.5.1) with fragmentation (css-break-3 §4): a float goes as high
// as it may and as far to its side as it may, in the band where it fits beside the floats
// placed before it; a float that does not fit in the fragmentainer breaks inside like a
// block, or moves to the next fragmentainer whole (and every later float with it).
import type { BlockLevelBox } from '../../boxes/types.js';
import { avoidsBreakInside } from '../break-rules.js';
import type { BoxFragment, BreakToken, PageContext } from '../types.js';
import type { ExclusionSpace } from './exclusion-space.js';

/** Where a float may go: its containing block and the floats around it, in BFC coordinates. */
export interface FloatArea {
  readonly exclusions: ExclusionSpace;
  /** The containing block's content box edges. */
  readonly left: number;
  readonly right: number;
  /** The float's top may not be higher than this (the line or block before it, rule 6). */
  readonly top: number;
  /** Where the fragmentainer ends; Infinity when unfragmented. */
  readonly end: number;
  /** A float at `top` is at the start of the fragmentainer: it must be placed here, fitting or not. */
  readonly atStart: boolean;
  readonly page: PageContext | null;
}

/** One fragment of a float laid out at its used width (shrink-to-fit, CSS 2.1 §10.3.5); supplied by block layout. */
export type FloatLayout = (box: BlockLevelBox, cbWidth: number, blockLimit: number, atStart: boolean, page: PageContext | null, token: BreakToken | null) => LaidOutFloat | null;

export interface LaidOutFloat {
  /** The border box; x is the left margin, y 0. */
  readonly fragment: BoxFragment;
  readonly token: BreakToken | null;
  /** Margins around the border box (the top one only on the first fragment, the bottom one on the last). */
  readonly marginTop: number;
  readonly marginBottom: number;
  readonly marginRight: number;
}

export type FloatPlacement =
  /** The fragment's x, y are its border box in BFC coordinates. */
  | { readonly kind: 'placed'; readonly fragment: BoxFragment; readonly token: BreakToken | null; readonly exclusions: ExclusionSpace }
  | { readonly kind: 'pushed'; readonly exclusions: ExclusionSpace };

/** The float's side (`float` is computed to none, left or right; inline-start/end map to left/right). */
export function floatSide(box: BlockLevelBox): 'left' | 'right' {
  return box.style.float === 'right' ? 'right' : 'left';
}

export function isFloating(box: BlockLevelBox): boolean {
  return box.style.float !== 'none';
}

/** Places one float (or its continuation when `token` is set) in `area`. */
export function placeFloat(box: BlockLevelBox, token: BreakToken | null, area: FloatArea, layout: FloatLayout): FloatPlacement {
  const { exclusions } = area;
  const side = floatSide(box);
  const pushed = (): FloatPlacement => ({ kind: 'pushed', exclusions: exclusions.closedForFloats() });
  // Rule 5 (not above an earlier float) and §9.5.2 (a float with `clear` goes below the floats it clears).
  let top = Math.max(area.top, exclusions.floatFloor, exclusions.clearance(box.style.clear));
  if (top === Infinity) return pushed();
  const cbWidth = Math.max(0, area.right - area.left);
  const whole = layout(box, cbWidth, Infinity, true, area.page, token);
  if (!whole) return pushed();
  const width = marginBoxWidth(whole);
  const height = whole.marginTop + whole.fragment.height + whole.marginBottom;
  const found = exclusions.findOpportunity(top, height, width, area.left, area.right, side);
  top = found.top;
  const x = side === 'left' ? found.opportunity.left : found.opportunity.right - width;
  let laid = whole;
  if (top + height > area.end + 1e-6) {
    // It reaches past the fragmentainer's end: lay out the part that fits (css-break-3 §4.4).
    const atStart = area.atStart && top <= area.top + 1e-6;
    if (avoidsBreakInside(box) && !atStart) return pushed();
    const part = layout(box, cbWidth, area.end - top, atStart, area.page, token);
    if (!part) return pushed();
    laid = part;
  }
  const fragment = { ...laid.fragment, x: x + laid.fragment.x, y: top + laid.marginTop };
  const bottom = fragment.y + fragment.height + (laid.token ? 0 : laid.marginBottom);
  const next = exclusions.add({ side, left: x, right: x + marginBoxWidth(laid), top, bottom });
  return { kind: 'placed', fragment, token: laid.token, exclusions: next };
}

function marginBoxWidth(f: LaidOutFloat): number {
  return f.fragment.x + f.fragment.width + f.marginRight;
}
