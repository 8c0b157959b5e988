// Where the sixteen page-margin boxes go (css-page-3 §"Computing Page-margin Box Dimensions").
// Corner boxes fill the intersection of two page margins; the three boxes on each edge share
// that edge's span by the "Variable Dimension Computation Rules". Pure geometry on outer sizes
// (margin box = content + padding + border + margin) in pt; callers measure content and lay
// out each box's insides. 'min-width'/'max-width' re-runs (§"Handling min-width and max-width")
// are the caller's job: it can call distributeEdge again with the clamped size as `specified`.
import type { PageStyle } from '../../css/types.js';

export { MARGIN_BOX_NAMES, isMarginBoxName, type MarginBoxName } from '../../css/margin-box-names.js';
import { MARGIN_BOX_NAMES, type MarginBoxName } from '../../css/margin-box-names.js';

/**
 * What sizing needs to know about one margin box along its edge's variable dimension (width for
 * top/bottom boxes, height for left/right boxes). All sizes are OUTER sizes (margin box =
 * content + padding + border + margin), in pt.
 */
export interface EdgeBoxInput {
  /** The box is generated (its computed `content` is not none/normal); an ungenerated box takes no space but still counts as described by the spec. */
  readonly generated: boolean;
  /** Outer size when the box's width (or height) is not auto; null when auto. */
  readonly specified: number | null;
  /** Outer min-content and max-content size along the variable dimension. */
  readonly minContent: number;
  readonly maxContent: number;
}

/** Offset from the start of the available span, and outer size. */
export interface EdgeSlot {
  readonly start: number;
  readonly size: number;
}

/**
 * One box as the distribution rules see it. The spec treats an ungenerated box as having a
 * (non-auto) width and outer width of zero, so it becomes `fixed` 0, never `auto`.
 */
type Sized = { readonly auto: false; readonly size: number } | { readonly auto: true; readonly min: number; readonly max: number };

const ZERO: Sized = { auto: false, size: 0 };

/** Non-finite or negative lengths would poison every proportion below; treat them as 0. */
function len(v: number): number {
  return Number.isFinite(v) && v > 0 ? v : 0;
}

function toSized(box: EdgeBoxInput | null): Sized {
  if (box === null || !box.generated) return ZERO;
  if (box.specified !== null) return { auto: false, size: len(box.specified) };
  const min = len(box.minContent);
  // max-content is never below min-content; clamp so the (max − min) flex factors stay ≥ 0.
  return { auto: true, min, max: Math.max(min, len(box.maxContent)) };
}

/** The spec's "outer min width": the outer width, or min-content when auto. */
function outerMin(s: Sized): number {
  return s.auto ? s.min : s.size;
}

/** The spec's "outer max width": the outer width, or max-content when auto. */
function outerMax(s: Sized): number {
  return s.auto ? s.max : s.size;
}

/**
 * The spec's three-step "flex-fit" for two auto boxes x and y sharing `available` (≥ 0). In
 * every step the two results sum to exactly `available`; the ≥ 0 clamp is only a guard.
 */
function flexFit(available: number, x: { min: number; max: number }, y: { min: number; max: number }): [number, number] {
  const sumMax = x.max + y.max;
  const sumMin = x.min + y.min;
  let bases: [number, number];
  let factors: [number, number];
  let flex: number;
  // The spec says "less than"; at equality the second step gives the same max-content sizes.
  if (sumMax < available) {
    bases = [x.max, y.max];
    factors = [x.max, y.max];
    flex = available - sumMax;
  } else if (sumMin < available) {
    bases = [x.min, y.min];
    factors = [x.max - x.min, y.max - y.min];
    flex = available - sumMin;
  } else {
    // Shrink below min-content in proportion to min-content; flex is ≤ 0 here.
    bases = [x.min, y.min];
    factors = [x.min, y.min];
    flex = available - sumMin;
  }
  let total = factors[0] + factors[1];
  // "both flex factors are assumed to be 1 if their sum is equal to zero"
  if (total <= 0) {
    factors = [1, 1];
    total = 2;
  }
  return [Math.max(0, bases[0] + (flex * factors[0]) / total), Math.max(0, bases[1] + (flex * factors[1]) / total)];
}

/**
 * Resolves two boxes that share `available` as the spec's A and C (when B is not generated), or
 * B and the imaginary AC: both auto → flex-fit; one auto → it takes what the other leaves;
 * neither auto → both keep their sizes (the span may be under- or over-filled).
 */
function resolvePair(available: number, x: Sized, y: Sized): [number, number] {
  if (x.auto) return y.auto ? flexFit(available, x, y) : [Math.max(0, available - y.size), y.size];
  if (y.auto) return [x.size, Math.max(0, available - x.size)];
  return [x.size, y.size];
}

/**
 * §6.3.2: distributes `available` among the start, center and end boxes of one edge (for top:
 * top-left, top-center, top-right; for left edge: left-top, left-middle, left-bottom). Boxes that
 * are absent or not generated get size 0 as the spec says. The center box, when generated, is
 * centered in the span (its start = (available - size)/2). The start box is flush with the start
 * of the span and the end box with its end; a size-0 center slot sits at the midpoint.
 * A negative or non-finite `available` is treated as 0.
 */
export function distributeEdge(
  available: number,
  start: EdgeBoxInput | null,
  center: EdgeBoxInput | null,
  end: EdgeBoxInput | null,
): [EdgeSlot, EdgeSlot, EdgeSlot] {
  const span = len(available);
  const a = toSized(start);
  const c = toSized(end);
  const centerGenerated = center !== null && center.generated;

  let sizeA: number;
  let sizeB: number;
  let sizeC: number;
  if (!centerGenerated) {
    // B not generated: A and C share the whole span between them.
    [sizeA, sizeC] = resolvePair(span, a, c);
    sizeB = 0;
  } else {
    const b = toSized(center);
    // Step 1: "each of AC's dimensions is double the maximum of A and C", taken per dimension
    // (min with min, max with max) using the outer min/max widths, so a side with a specified
    // size counts with that size. AC is auto only if A or C is; if both sides are fixed (or not
    // generated, i.e. fixed 0), AC is fixed too and an auto B simply takes the rest.
    const ac: Sized =
      a.auto || c.auto
        ? { auto: true, min: 2 * Math.max(outerMin(a), outerMin(c)), max: 2 * Math.max(outerMax(a), outerMax(c)) }
        : { auto: false, size: 2 * Math.max(a.size, c.size) };
    sizeB = resolvePair(span, b, ac)[0];
    // Step 2: each auto side gets half of what B leaves, so B stays centered between them.
    const side = Math.max(0, (span - sizeB) / 2);
    sizeA = a.auto ? side : a.size;
    sizeC = c.auto ? side : c.size;
  }

  return [
    { start: 0, size: sizeA },
    // A B wider than the span overflows equally on both sides (start < 0), keeping it centered.
    { start: (span - sizeB) / 2, size: sizeB },
    { start: span - sizeC, size: sizeC },
  ];
}

/** The page box's size and margins. */
export type PageGeometry = PageStyle;

export interface MarginBoxRect {
  readonly name: MarginBoxName;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

type EdgeNames = readonly [MarginBoxName, MarginBoxName, MarginBoxName];

const TOP: EdgeNames = ['top-left', 'top-center', 'top-right'];
const BOTTOM: EdgeNames = ['bottom-left', 'bottom-center', 'bottom-right'];
const LEFT: EdgeNames = ['left-top', 'left-middle', 'left-bottom'];
const RIGHT: EdgeNames = ['right-top', 'right-middle', 'right-bottom'];

/**
 * The outer rectangle of every generated margin box in `boxes` (the map only holds boxes that
 * exist for this page), in painting order (MARGIN_BOX_NAMES). Corner boxes fill their corner
 * (e.g. top-left-corner: x 0, y 0, width marginLeft, height marginTop). Top boxes: y 0, height
 * marginTop, horizontal span from marginLeft to width - marginRight distributed with
 * distributeEdge. Bottom boxes likewise at the bottom margin. Left/right boxes: x across the
 * left (right) margin, vertical span from marginTop to height - marginBottom distributed with
 * distributeEdge. Boxes not in the map are not returned, and neither are entries whose
 * `generated` is false: the spec generates no box for them (they still shape their edge's
 * distribution as zero-size boxes). Negative page margins give zero-size rectangles.
 */
export function marginBoxRects(page: PageGeometry, boxes: ReadonlyMap<MarginBoxName, EdgeBoxInput>): MarginBoxRect[] {
  const mt = len(page.marginTop);
  const mr = len(page.marginRight);
  const mb = len(page.marginBottom);
  const ml = len(page.marginLeft);
  const w = len(page.width);
  const h = len(page.height);
  const rects = new Map<MarginBoxName, MarginBoxRect>();

  // Corners: the fixed intersection of two page margins (their "containing block").
  rects.set('top-left-corner', { name: 'top-left-corner', x: 0, y: 0, width: ml, height: mt });
  rects.set('top-right-corner', { name: 'top-right-corner', x: w - mr, y: 0, width: mr, height: mt });
  rects.set('bottom-right-corner', { name: 'bottom-right-corner', x: w - mr, y: h - mb, width: mr, height: mb });
  rects.set('bottom-left-corner', { name: 'bottom-left-corner', x: 0, y: h - mb, width: ml, height: mb });

  const edge = (names: EdgeNames, available: number, place: (name: MarginBoxName, slot: EdgeSlot) => MarginBoxRect): void => {
    const get = (n: MarginBoxName): EdgeBoxInput | null => boxes.get(n) ?? null;
    const slots = distributeEdge(available, get(names[0]), get(names[1]), get(names[2]));
    names.forEach((name, i) => rects.set(name, place(name, slots[i] as EdgeSlot)));
  };
  const availableWidth = w - ml - mr;
  const availableHeight = h - mt - mb;
  edge(TOP, availableWidth, (name, s) => ({ name, x: ml + s.start, y: 0, width: s.size, height: mt }));
  edge(BOTTOM, availableWidth, (name, s) => ({ name, x: ml + s.start, y: h - mb, width: s.size, height: mb }));
  edge(LEFT, availableHeight, (name, s) => ({ name, x: 0, y: mt + s.start, width: ml, height: s.size }));
  edge(RIGHT, availableHeight, (name, s) => ({ name, x: w - mr, y: mt + s.start, width: mr, height: s.size }));

  const out: MarginBoxRect[] = [];
  for (const name of MARGIN_BOX_NAMES) {
    const box = boxes.get(name);
    if (box === undefined || !box.generated) continue;
    out.push(rects.get(name)!);
  }
  return out;
}
