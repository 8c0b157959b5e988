// The constraint equations of an absolutely positioned box along one axis (CSS 2.1 §10.3.7
// for the horizontal one, §10.6.4 for the vertical one; css-position-3 §5.1):
//   start + margin-start + frame + size + margin-end + end = containing block size,
// where `frame` is the borders and padding. Pure arithmetic, the same for both axes but for
// the horizontal one's negative auto margins and right-to-left rules.

/** One axis of a box: null stands for `auto`. Sizes are content-box, in pt. */
export interface AxisInput {
  readonly start: number | null;
  readonly end: number | null;
  readonly size: number | null;
  readonly marginStart: number | null;
  readonly marginEnd: number | null;
  /** Borders and padding on both sides. */
  readonly frame: number;
  readonly min: number;
  readonly max: number;
  /** The containing block's padding box size along the axis. */
  readonly containingBlock: number;
  /** The static position: where the margin edge would have been in the flow. */
  readonly staticStart: number;
  /**
   * The static position of the end margin edge, from the containing block's end edge, when
   * it is the one taken (§10.3.7: the static-position block is right-to-left); else null.
   */
  readonly staticEnd: number | null;
  /** Horizontal (§10.3.7): two auto margins that would be negative make the start one 0 instead (the end one when `rtl`). */
  readonly inline: boolean;
  /** A right-to-left containing block, horizontally (§10.3.7): over-constrained, `start` is ignored rather than `end`. */
  readonly rtl: boolean;
}

export interface AxisResult {
  /** Distance from the containing block's start edge to the margin-box start edge. */
  readonly start: number;
  readonly marginStart: number;
  readonly marginEnd: number;
  readonly size: number;
}

/**
 * Solves the equation, with min/max applied as the spec says: when the tentative size breaks
 * a limit, the rules run again with the limit as the specified size. `autoSize(available)`
 * gives the size of an auto box that is not stretched between both offsets: shrink-to-fit
 * horizontally, the content height vertically.
 */
export function solveAxis(a: AxisInput, autoSize: (available: number) => number): AxisResult {
  let r = solveOnce(a, a.size, autoSize);
  if (r.size > a.max) r = solveOnce(a, a.max, autoSize);
  if (r.size < a.min) r = solveOnce(a, a.min, autoSize);
  return r;
}

function solveOnce(a: AxisInput, size: number | null, autoSize: (available: number) => number): AxisResult {
  const cb = a.containingBlock;
  let start = a.start;
  let end = a.end;
  if (start !== null && end !== null && size !== null) {
    // Nothing auto: auto margins take the free space; over-constrained, `end` is ignored (`start` when right-to-left).
    const free = cb - start - end - size - a.frame;
    const ms = a.marginStart;
    const me = a.marginEnd;
    if (ms === null && me === null) {
      if (a.inline && free < 0) return a.rtl ? { start, marginStart: free, marginEnd: 0, size } : { start, marginStart: 0, marginEnd: free, size };
      return { start, marginStart: free / 2, marginEnd: free / 2, size };
    }
    if (ms === null) return { start, marginStart: free - me!, marginEnd: me!, size };
    if (me === null) return { start, marginStart: ms, marginEnd: free - ms, size };
    return { start: a.rtl ? start + free - ms - me : start, marginStart: ms, marginEnd: me, size };
  }
  // Otherwise auto margins are 0, and with both offsets auto one of them is the static position.
  const ms = a.marginStart ?? 0;
  const me = a.marginEnd ?? 0;
  if (start === null && end === null) {
    if (a.staticEnd !== null) end = a.staticEnd;
    else start = a.staticStart;
  }
  let used = size;
  if (used === null) {
    const available = Math.max(0, cb - (start ?? 0) - (end ?? 0) - ms - me - a.frame);
    // Stretched between both offsets, else sized by its content within what is left.
    used = start !== null && end !== null ? available : autoSize(available);
  }
  if (start === null) start = cb - end! - me - used - a.frame - ms;
  return { start, marginStart: ms, marginEnd: me, size: used };
}
