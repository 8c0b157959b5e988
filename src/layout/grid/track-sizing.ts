// The grid track sizing algorithm (css-grid-1 §11.3–§11.8, with css-grid-2 §11.5's handling
// of items that cross flexible tracks) for one axis: base sizes and growth limits from the
// sizing functions, grown to hold the items' contributions, then maximized, flexed, stretched.
import type { GridTrackSize } from '../../css/types.js';
import { fixedBreadth } from './explicit-grid.js';

/** A definite available space, or the intrinsic constraint the grid is sized under (indefinite: max-content). */
export type AvailableSpace = number | 'min-content' | 'max-content';

/** An item's margin-box contributions in the axis (css-sizing-3 §5, css-grid-1 §6.6). */
export interface Contributions {
  readonly minContent: number;
  readonly maxContent: number;
  /** The minimum contribution: its automatic minimum size (§6.6) or min-width/height. */
  readonly minimum: number;
}

export interface SizedItem {
  readonly start: number;
  readonly span: number;
  /** Asked for only when the item's tracks are intrinsic: laying items out is costly. */
  readonly contributions: () => Contributions;
}

type MinFn = { readonly kind: 'fixed'; readonly value: number } | { readonly kind: 'auto' | 'min-content' | 'max-content' };
type MaxFn = MinFn | { readonly kind: 'fr'; readonly fr: number } | { readonly kind: 'fit'; readonly value: number };

function minFunction(t: GridTrackSize, basis: number | null): MinFn {
  const fixed = fixedBreadth(t.min, basis);
  if (fixed !== null) return { kind: 'fixed', value: Math.max(0, fixed) };
  return t.min === 'min-content' || t.min === 'max-content' ? { kind: t.min } : { kind: 'auto' };
}

function maxFunction(t: GridTrackSize, basis: number | null): MaxFn {
  if (t.fitContent !== null) {
    const limit = fixedBreadth(t.fitContent, basis);
    return limit === null ? { kind: 'max-content' } : { kind: 'fit', value: Math.max(0, limit) };
  }
  const fixed = fixedBreadth(t.max, basis);
  if (fixed !== null) return { kind: 'fixed', value: Math.max(0, fixed) };
  if (typeof t.max === 'object' && 'fr' in t.max) return { kind: 'fr', fr: t.max.fr };
  return t.max === 'min-content' || t.max === 'max-content' ? { kind: t.max } : { kind: 'auto' };
}

const isIntrinsicMin = (f: MinFn) => f.kind !== 'fixed';
const isIntrinsicMax = (f: MaxFn) => f.kind === 'auto' || f.kind === 'min-content' || f.kind === 'max-content' || f.kind === 'fit';

/**
 * The used sizes of the tracks. `basis` resolves percentages (null: they act as auto);
 * `stretch` when the content alignment is normal or stretch (§11.8); `gapsBetween`: the gaps that are not collapsed.
 */
export function sizeTracks(
  tracks: readonly GridTrackSize[],
  items: readonly SizedItem[],
  gap: number,
  available: AvailableSpace,
  basis: number | null,
  stretch: boolean,
  gapsBetween: number = Math.max(0, tracks.length - 1),
): number[] {
  const n = tracks.length;
  const mins = tracks.map((t) => minFunction(t, basis));
  const maxs = tracks.map((t) => maxFunction(t, basis));
  const base = mins.map((f) => (f.kind === 'fixed' ? f.value : 0));
  // Infinity: no growth limit yet (intrinsic or flexible max).
  const limit = maxs.map((f, i) => (f.kind === 'fixed' ? Math.max(f.value, base[i]!) : Infinity));
  const flexPrefix = [0];
  for (const f of maxs) flexPrefix.push(flexPrefix[flexPrefix.length - 1]! + (f.kind === 'fr' ? 1 : 0));
  const crossesFlex = (it: SizedItem) => flexPrefix[it.start + it.span]! - flexPrefix[it.start]! > 0;
  const gaps = (span: number) => gap * (span - 1);
  // The stretch fit into the item's area when all its tracks have a fixed max sizing function:
  // their sum and the gaps between them (§6.6), else Infinity.
  const fixedMaximum = (it: SizedItem) => {
    let sum = gaps(it.span);
    for (let i = it.start; i < it.start + it.span; i++) {
      const f = maxs[i]!;
      if (f.kind !== 'fixed') return Infinity;
      sum += f.value;
    }
    return sum;
  };
  // The minimum contribution (§6.6: its content-based minimum clamped by a fixed maximum), or
  // under an intrinsic constraint the limited min-/max-content contribution floored by it (§11.5).
  const autoMinimum = (it: SizedItem, c: Contributions) => {
    const cap = fixedMaximum(it);
    const minimum = Math.min(c.minimum, cap);
    if (available === 'min-content') return Math.max(minimum, Math.min(c.minContent, cap));
    return available === 'max-content' ? Math.max(minimum, Math.min(c.maxContent, cap)) : minimum;
  };

  // §11.5 step 2: items in one track that is not flexible.
  const spanning: SizedItem[] = [];
  const flexItems: SizedItem[] = [];
  for (const it of items) {
    if (crossesFlex(it)) {
      flexItems.push(it);
      continue;
    }
    if (it.span > 1) {
      spanning.push(it);
      continue;
    }
    const i = it.start;
    const min = mins[i]!;
    const max = maxs[i]!;
    if (!isIntrinsicMin(min) && !isIntrinsicMax(max)) continue;
    const c = it.contributions();
    if (min.kind === 'min-content') base[i] = Math.max(base[i]!, c.minContent);
    else if (min.kind === 'max-content') base[i] = Math.max(base[i]!, c.maxContent);
    else if (min.kind === 'auto') base[i] = Math.max(base[i]!, autoMinimum(it, c));
    let grow: number | null = null;
    if (max.kind === 'min-content') grow = c.minContent;
    else if (max.kind === 'max-content' || max.kind === 'auto') grow = c.maxContent;
    else if (max.kind === 'fit') grow = Math.min(c.maxContent, max.value);
    if (grow !== null) limit[i] = limit[i] === Infinity ? grow : Math.max(limit[i]!, grow);
  }
  for (let i = 0; i < n; i++) if (limit[i]! < base[i]!) limit[i] = base[i]!;

  // §11.5 step 3: spanning items, fewest tracks first, one span size at a time.
  spanning.sort((a, b) => a.span - b.span);
  for (let g = 0; g < spanning.length;) {
    let h = g;
    while (h < spanning.length && spanning[h]!.span === spanning[g]!.span) h++;
    const group = spanning.slice(g, h);
    g = h;
    const grow = (pick: (c: Contributions, it: SizedItem) => number, affects: (i: number) => boolean, target: 'base' | 'limit') => {
      const planned = new Map<number, number>();
      for (const it of group) {
        const affected: number[] = [];
        let used = gaps(it.span);
        for (let i = it.start; i < it.start + it.span; i++) {
          used += target === 'base' || limit[i] === Infinity ? base[i]! : limit[i]!;
          if (affects(i)) affected.push(i);
        }
        if (affected.length === 0) continue;
        const extra = pick(it.contributions(), it) - used;
        const caps = affected.map((i) => (target === 'base' ? (limit[i] === Infinity ? Infinity : limit[i]! - base[i]!) : maxs[i]!.kind === 'fit' ? Math.max(0, (maxs[i] as { value: number }).value - (limit[i] === Infinity ? base[i]! : limit[i]!)) : Infinity));
        const shares = shareEqually(Math.max(0, extra), caps);
        affected.forEach((i, k) => planned.set(i, Math.max(planned.get(i) ?? 0, shares[k]!)));
      }
      for (const [i, inc] of planned) {
        if (target === 'base') base[i] = base[i]! + inc;
        else limit[i] = (limit[i] === Infinity ? base[i]! : limit[i]!) + inc;
        if (limit[i]! < base[i]!) limit[i] = base[i]!;
      }
    };
    grow((c, it) => autoMinimum(it, c), (i) => isIntrinsicMin(mins[i]!), 'base');
    grow((c) => c.minContent, (i) => mins[i]!.kind === 'min-content' || mins[i]!.kind === 'max-content', 'base');
    grow((c) => c.maxContent, (i) => mins[i]!.kind === 'max-content' || (mins[i]!.kind === 'auto' && available === 'max-content'), 'base');
    grow((c) => c.minContent, (i) => isIntrinsicMax(maxs[i]!), 'limit');
    grow((c) => c.maxContent, (i) => maxs[i]!.kind === 'auto' || maxs[i]!.kind === 'max-content' || maxs[i]!.kind === 'fit', 'limit');
  }

  // css-grid-2 §11.5 step 4: items crossing flexible tracks grow those tracks' base sizes, by flex factor.
  for (const it of flexItems) {
    const flexible: number[] = [];
    let used = gaps(it.span);
    for (let i = it.start; i < it.start + it.span; i++) {
      used += base[i]!;
      if (maxs[i]!.kind === 'fr' && isIntrinsicMin(mins[i]!)) flexible.push(i);
    }
    if (flexible.length === 0) continue;
    // The automatic minimum of an item spanning several tracks, one of them flexible, is 0 (§6.6).
    const c = it.contributions();
    const wanted = it.span > 1 && available !== 'min-content' && available !== 'max-content' ? Math.min(c.minimum, 0) : autoMinimum(it, c);
    const extra = wanted - used;
    if (extra <= 0) continue;
    const factors = flexible.map((i) => (maxs[i] as { fr: number }).fr);
    const sum = factors.reduce((a, b) => a + b, 0);
    flexible.forEach((i, k) => {
      base[i] = base[i]! + (sum > 0 ? (extra * factors[k]!) / sum : extra / flexible.length);
      if (limit[i]! < base[i]!) limit[i] = base[i]!;
    });
  }
  for (let i = 0; i < n; i++) if (limit[i] === Infinity) limit[i] = base[i]!;

  const totalGaps = gap * gapsBetween;
  const sum = () => base.reduce((a, b) => a + b, 0);
  // §11.6 Maximize tracks.
  if (available === 'max-content') {
    for (let i = 0; i < n; i++) if (maxs[i]!.kind !== 'fr') base[i] = limit[i]!;
  } else if (typeof available === 'number') {
    const free = available - sum() - totalGaps;
    if (free > 0) {
      const caps = base.map((b, i) => limit[i]! - b);
      shareEqually(free, caps, true).forEach((inc, i) => (base[i] = base[i]! + inc));
    }
  }

  // §11.7 Expand flexible tracks.
  const flexIndices = maxs.flatMap((f, i) => (f.kind === 'fr' ? [i] : []));
  if (flexIndices.length > 0 && available !== 'min-content') {
    const frOf = (i: number) => (maxs[i] as { fr: number }).fr;
    let fraction: number;
    if (typeof available === 'number') {
      fraction = findFrSize(Array.from({ length: n }, (_, i) => i), available - totalGaps, base, maxs);
    } else {
      fraction = 0;
      for (const i of flexIndices) fraction = Math.max(fraction, frOf(i) > 1 ? base[i]! / frOf(i) : base[i]!);
      for (const it of flexItems) {
        const spanned = Array.from({ length: it.span }, (_, k) => it.start + k);
        fraction = Math.max(fraction, findFrSize(spanned, it.contributions().maxContent - gaps(it.span), base, maxs));
      }
    }
    for (const i of flexIndices) base[i] = Math.max(base[i]!, fraction * frOf(i));
  }

  // §11.8 Stretch auto tracks.
  if (stretch && typeof available === 'number') {
    const free = available - sum() - totalGaps;
    const autos = maxs.flatMap((f, i) => (f.kind === 'auto' ? [i] : []));
    if (free > 0 && autos.length > 0) for (const i of autos) base[i] = base[i]! + free / autos.length;
  }
  return base;
}

/**
 * §11.7.1 Find the size of an fr: the leftover space over the flex factors, with the tracks
 * whose base size is larger than their share treated as inflexible. Ends after at most as
 * many rounds as there are flexible tracks (each round makes one or more inflexible).
 */
function findFrSize(indices: readonly number[], space: number, base: readonly number[], maxs: readonly MaxFn[]): number {
  const inflexible = new Set<number>();
  for (;;) {
    let leftover = space;
    let flex = 0;
    for (const i of indices) {
      const f = maxs[i]!;
      if (f.kind === 'fr' && !inflexible.has(i)) flex += f.fr;
      else leftover -= base[i]!;
    }
    const hypothetical = leftover / Math.max(flex, 1);
    let changed = false;
    for (const i of indices) {
      const f = maxs[i]!;
      if (f.kind === 'fr' && !inflexible.has(i) && hypothetical * f.fr < base[i]!) {
        inflexible.add(i);
        changed = true;
      }
    }
    if (!changed) return Math.max(0, hypothetical);
  }
}

/**
 * Shares `space` equally among tracks, none beyond its cap, what a capped track cannot take
 * going to the others (§11.5 "distribute extra space"). Beyond all caps the rest is shared
 * equally again unless `capped` (maximizing stops at the growth limits).
 */
function shareEqually(space: number, caps: readonly number[], capped = false): number[] {
  const out = caps.map(() => 0);
  let left = space;
  let open = caps.map((_, i) => i).filter((i) => caps[i]! > 0);
  while (left > 1e-9 && open.length > 0) {
    const share = left / open.length;
    const next: number[] = [];
    for (const i of open) {
      const room = caps[i]! - out[i]!;
      const take = Math.min(share, room);
      out[i] = out[i]! + take;
      left -= take;
      if (room > share) next.push(i);
    }
    if (next.length === open.length) break;
    open = next;
  }
  if (!capped && left > 1e-9 && caps.length > 0) for (let i = 0; i < out.length; i++) out[i] = out[i]! + left / out.length;
  return out;
}
