// A small seeded PRNG for the fuzzer (mulberry32), so that a seed and a case number name one
// case exactly, on every machine and every run. Math.random is never used by the fuzzer.

import { mulberry32 } from '../../bench/mulberry32.js';

export { mulberry32 };

/** A seed for case `index` of a run seeded with `seed`: each case can be made alone. */
export function caseSeed(seed: number, index: number): number {
  // splitmix32-style mixing of the pair.
  let h = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }

  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of `entries` with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [number, T])[]): T {
    const total = entries.reduce((sum, [weight]) => sum + weight, 0);
    let at = this.next() * total;
    for (const [weight, value] of entries) {
      at -= weight;
      if (at < 0) return value;
    }
    return entries[entries.length - 1]![1];
  }

  /** A size from `min` to `max`, small sizes likelier (log-uniform). */
  size(min: number, max: number): number {
    const lo = Math.log(Math.max(1, min));
    const hi = Math.log(Math.max(1, max));
    return Math.min(max, Math.max(min, Math.round(Math.exp(lo + this.next() * (hi - lo)))));
  }

  /** `length` characters drawn from `alphabet`. */
  string(length: number, alphabet: string): string {
    const chars = [...alphabet];
    let out = '';
    for (let i = 0; i < length; i++) out += chars[Math.floor(this.next() * chars.length)];
    return out;
  }
}
