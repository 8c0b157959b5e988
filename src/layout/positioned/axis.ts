// The constraint equations of an absolutely positioned box along one axis (CSS 2.1 §10.3.7
// for the horizontal one, §10.6.4 for the vertical one; css-position-3 §5.1):
//   start + margin-start + frame + size + margin-end + end = containing block size,
// where `frame` is the borders and padding. Pure arithmetic, the same for both axes but for
// the negative auto margins of the horizontal one.

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
  /** Horizontal (§10.3.7): two auto margins that would be negative make the start one 0 instead. */
  readonly inline: boolean;
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
  const end = a.end;
  if (start !== null && end !== null && size !== null) {
    // Nothing auto: auto margins take the free space; over-constrained, `end` is ignored.
    const free = cb - start - end - size - a.frame;
    const ms = a.marginStart;
    const me = a.marginEnd;
    if (ms === null && me === null) {
      const half = a.inline && free < 0 ? 0 : free / 2;
      return { start, marginStart: half, marginEnd: free - half, size };
    }
    if (ms === null) return { start, marginStart: free - me!, marginEnd: me!, size };
    return { start, marginStart: ms, marginEnd: me ?? free - ms, size };
  }
  // Otherwise auto margins are 0, and with both offsets auto the start one is the static position.
  const ms = a.marginStart ?? 0;
  const me = a.marginEnd ?? 0;
  if (start === null && end === null) start = a.staticStart;
  let used = size;
  if (used === null) {
    const available = Math.max(0, cb - (start ?? 0) - (end ?? 0) - ms - me - a.frame);
    // Stretched between both offsets, else sized by its content within what is left.
    used = start !== null && end !== null ? available : autoSize(available);
  }
  if (start === null) start = cb - end! - me - used - a.frame - ms;
  return { start, marginStart: ms, marginEnd: me, size: used };
}
