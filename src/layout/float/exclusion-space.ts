// The exclusion space of a block formatting context (after LayoutNG's NGExclusionSpace): the
// margin boxes of the floats placed so far, in the BFC's coordinates (origin at the BFC root's
// content box top-left on this fragmentainer). Immutable: adding a float makes a new space, so
// a layout result can hand the space after it to the next sibling, and a break can forget
// the floats of content that moved on.

/** A float's margin box in BFC coordinates. */
export interface Exclusion {
  readonly side: 'left' | 'right';
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/** The inline range free of floats in a band of the BFC. */
export interface LayoutOpportunity {
  readonly left: number;
  readonly right: number;
  /** Some float narrows the range (false: the range is the whole container). */
  readonly narrowed: boolean;
}

export class ExclusionSpace {
  static readonly EMPTY = new ExclusionSpace([], -Infinity, -Infinity, -Infinity);

  private constructor(
    /** Floats that may still matter, ordered by bottom edge. */
    private readonly floats: readonly Exclusion[],
    /** CSS 2.1 §9.5.1 rule 5: a float's top may not be higher than an earlier float's top. */
    readonly floatFloor: number,
    /** Lowest bottom of the left and right floats: what `clear` clears (CSS 2.1 §9.5.2). */
    private readonly leftBottom: number,
    private readonly rightBottom: number,
  ) {}

  get isEmpty(): boolean {
    return this.floats.length === 0;
  }

  /** The lowest float bottom; -Infinity when there are none. */
  get lowestBottom(): number {
    return this.floats.length === 0 ? -Infinity : this.floats[this.floats.length - 1]!.bottom;
  }

  /** Adds a placed float; its top becomes the floor for later floats (rule 5). */
  add(e: Exclusion): ExclusionSpace {
    const floor = Math.max(this.floatFloor, e.top);
    const left = e.side === 'left' ? Math.max(this.leftBottom, e.bottom) : this.leftBottom;
    const right = e.side === 'right' ? Math.max(this.rightBottom, e.bottom) : this.rightBottom;
    // A margin box without width takes no room but still orders later floats and clearance;
    // one without height still shortens the line boxes whose band holds it (CSS 2.1 §9.5).
    if (!(e.right > e.left) || !(e.bottom >= e.top)) return new ExclusionSpace(this.floats, floor, left, right);
    let i = this.floats.length;
    while (i > 0 && this.floats[i - 1]!.bottom > e.bottom) i--;
    const floats = [...this.floats.slice(0, i), e, ...this.floats.slice(i)];
    return new ExclusionSpace(floats, floor, left, right);
  }

  /** No later float may be placed in this fragmentainer (an earlier one moved to the next, css-break-3 §4). */
  closedForFloats(): ExclusionSpace {
    return new ExclusionSpace(this.floats, Infinity, this.leftBottom, this.rightBottom);
  }

  /** Drops floats that end at or above `y`: content placed from there on cannot meet them. */
  forgetAbove(y: number): ExclusionSpace {
    if (this.floats.length === 0 || this.floats[0]!.bottom > y) return this;
    let i = 0;
    while (i < this.floats.length && this.floats[i]!.bottom <= y) i++;
    return new ExclusionSpace(this.floats.slice(i), this.floatFloor, this.leftBottom, this.rightBottom);
  }

  /** Where the top border edge of a box with `clear` must be at least (CSS 2.1 §9.5.2); -Infinity when nothing to clear. */
  clearance(clear: 'none' | 'left' | 'right' | 'both'): number {
    switch (clear) {
      case 'left': return this.leftBottom;
      case 'right': return this.rightBottom;
      case 'both': return Math.max(this.leftBottom, this.rightBottom);
      default: return -Infinity;
    }
  }

  /** The free inline range in the band [top, top + height) of a container spanning [left, right). */
  opportunity(top: number, height: number, left: number, right: number): LayoutOpportunity {
    let l = left;
    let r = right;
    let narrowed = false;
    const bottom = top + Math.max(height, 0);
    // Floats are ordered by bottom: those ending at or above the band are skipped by binary search.
    for (let i = this.firstBelow(top); i < this.floats.length; i++) {
      const f = this.floats[i]!;
      if (!overlaps(f, top, bottom)) continue;
      if (f.side === 'left' && f.right > l) {
        l = f.right;
        narrowed = true;
      } else if (f.side === 'right' && f.left < r) {
        r = f.left;
        narrowed = true;
      }
    }
    return { left: l, right: Math.max(l, r), narrowed };
  }

  /** The first float bottom below `y` (where a band may widen); null when none. */
  nextBottomBelow(y: number): number | null {
    const i = this.firstBelow(y);
    return i < this.floats.length ? this.floats[i]!.bottom : null;
  }

  /**
   * Where a float of `side`, `width` wide and `height` tall, goes in a container spanning
   * [left, right) at or below `top` (CSS 2.1 §9.5.1): the highest band whose free range is
   * wide enough, or else the first that meets no float of the BFC at all (content wider than
   * its container overflows it there). The range is taken over the whole BFC, as LayoutNG's
   * layout opportunities are: on the float's own side it starts at the container's edge or
   * past the floats there (rule 7: it may not stick out of its container beside one of
   * them), on the other side it ends at the nearest float of that side even outside the
   * container (rule 3: it may overlap none), or at the container's edge when there is none.
   */
  findOpportunity(top: number, height: number, width: number, left: number, right: number, side: 'left' | 'right'): { top: number; opportunity: LayoutOpportunity } {
    let y = top;
    // Every step moves below one more float bottom, so this ends after at most floats.length steps.
    for (;;) {
      const bfc = this.opportunity(y, height, -Infinity, Infinity);
      const free = {
        left: side === 'left' ? Math.max(left, bfc.left) : bfc.left > -Infinity ? bfc.left : left,
        right: side === 'right' ? Math.min(right, bfc.right) : bfc.right < Infinity ? bfc.right : right,
        narrowed: bfc.narrowed,
      };
      if (!bfc.narrowed || free.right - free.left >= width - 1e-6) return { top: y, opportunity: free };
      const next = this.nextBottomBelow(y);
      if (next === null) return { top: y, opportunity: free };
      y = next;
    }
  }

  private firstBelow(y: number): number {
    let lo = 0;
    let hi = this.floats.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.floats[mid]!.bottom <= y) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** A float meets the band [top, bottom); an empty band meets the floats it sits inside. */
function overlaps(f: Exclusion, top: number, bottom: number): boolean {
  return bottom > top ? f.top < bottom && f.bottom > top : f.top <= top && f.bottom > top;
}
