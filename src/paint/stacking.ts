// Stacking contexts and the painting order of CSS 2.1 Appendix E (z-index: §9.9,
// css-position-3 §3.4 and css-color-4 §3.2 for the contexts opacity makes). Each stacking
// context paints, bottom to top: its own background and borders, child contexts with
// negative z-index, its in-flow block descendants' backgrounds, floats, inline content, then
// positioned descendants with z-index auto or 0 in tree order, then positive z-index contexts.
// A positioned box with z-index auto, a float and an inline-block paint atomically in their
// layer "as if" they made a context, but the contexts and positioned boxes inside them
// belong to the enclosing real context (StackingLayers shares its entry lists for that).
import type { ComputedStyle } from '../css/types.js';
import type { DisplayItem } from './types.js';

/** True when the box is positioned (CSS 2.1 §9.3.1): it paints in the positioned layers. */
export function isPositioned(style: ComputedStyle): boolean {
  return style.position === 'relative' || style.position === 'absolute' || style.position === 'fixed';
}

/**
 * True when the box establishes a stacking context (the root does too): a positioned box
 * with an integer z-index, or opacity below 1. The one place to add other causes (transform).
 */
export function createsStackingContext(style: ComputedStyle): boolean {
  return (isPositioned(style) && style.zIndex !== 'auto') || style.opacity < 1 || style.transform !== null;
}

/** The z-index a stacking context sorts by; opacity alone stacks as z-index 0 (css-color-4 §3.2). */
export function stackLevel(style: ComputedStyle): number {
  return style.zIndex === 'auto' ? 0 : style.zIndex;
}

/**
 * The clipping rectangles in force (overflow: hidden, clip: rect()), innermost first. A
 * chain is shared by everything painted under it, so sinks compare chains by identity.
 */
export interface ClipChain {
  readonly clip: Omit<Extract<DisplayItem, { kind: 'clip' }>, 'items'>;
  readonly parent: ClipChain | null;
}

/** Wraps `items` in the chain's clips, outermost outside. */
export function wrapInClips(chain: ClipChain | null, items: DisplayItem[]): DisplayItem[] {
  let out = items;
  for (let c = chain; c !== null; c = c.parent) out = [{ ...c.clip, items: out }];
  return out;
}

/**
 * One paint layer's items. Consecutive items under the same clip chain go into one clip
 * group, so a clipped box's content costs one clip whatever the number of items.
 */
export class Sink {
  readonly items: DisplayItem[] = [];
  private chain: ClipChain | null = null;
  private target: DisplayItem[] = this.items;

  /** The list that items painted under `chain` are appended to (painters write into it directly). */
  at(chain: ClipChain | null): DisplayItem[] {
    if (chain !== this.chain) {
      this.chain = chain;
      this.target = this.items;
      const nested: ClipChain[] = [];
      for (let c = chain; c !== null; c = c.parent) nested.push(c);
      for (let i = nested.length - 1; i >= 0; i--) {
        const inner: DisplayItem[] = [];
        this.target.push({ ...nested[i]!.clip, items: inner });
        this.target = inner;
      }
    }
    return this.target;
  }

  pushAll(items: readonly DisplayItem[], chain: ClipChain | null): void {
    if (items.length === 0) return;
    const target = this.at(chain);
    for (const item of items) target.push(item);
  }
}

/** A stacking context's, or a pseudo-context's, painted layers. */
interface Entry {
  readonly z: number;
  items: DisplayItem[];
}

interface Entries {
  readonly negative: Entry[];
  /** z-index auto or 0, in tree order. */
  readonly zero: Entry[];
  readonly positive: Entry[];
}

export class StackingLayers {
  /** The context's own background and borders, under its negative z-index children. */
  readonly background = new Sink();
  readonly blockBackgrounds = new Sink();
  readonly floats = new Sink();
  readonly inlines = new Sink();
  private readonly entries: Entries;

  /** A real context has its own entry lists; a pseudo-context (`within`) adds to its context's. */
  constructor(within: StackingLayers | null) {
    this.entries = within ? within.entries : { negative: [], zero: [], positive: [] };
  }

  /**
   * Reserves the place of a context (or a positioned box painted atomically) in tree order;
   * its items are set when it is painted, so descendants that reserve later paint above it.
   */
  reserve(z: number): Entry {
    const entry: Entry = { z, items: [] };
    (z < 0 ? this.entries.negative : z > 0 ? this.entries.positive : this.entries.zero).push(entry);
    return entry;
  }

  /** The layers of a pseudo-context: its own phases only (its entries went to its context). */
  ownItems(): DisplayItem[] {
    const out: DisplayItem[] = [];
    for (const sink of [this.background, this.blockBackgrounds, this.floats, this.inlines]) append(out, sink.items);
    return out;
  }

  /** A real context's whole painting. */
  flatten(): DisplayItem[] {
    const byZ = (a: Entry, b: Entry) => a.z - b.z;
    const { negative, zero, positive } = this.entries;
    const out: DisplayItem[] = [];
    append(out, this.background.items);
    for (const e of [...negative].sort(byZ)) append(out, e.items);
    for (const sink of [this.blockBackgrounds, this.floats, this.inlines]) append(out, sink.items);
    for (const e of zero) append(out, e.items);
    for (const e of [...positive].sort(byZ)) append(out, e.items);
    return out;
  }
}

/** Appends without spreading (a page can hold more items than a call has arguments). */
function append(out: DisplayItem[], items: readonly DisplayItem[]): void {
  for (const item of items) out.push(item);
}
