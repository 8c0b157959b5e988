// A bounded key → value cache with two generations: approximately LRU, but a hit costs one
// or two Map look-ups and no reordering (hyphenation points per word, box-shadow rasters).

/** Holds at most `limit` entries; values used since the last generation change survive it. */
export class BoundedCache<V> {
  private current = new Map<string, V>();
  private previous = new Map<string, V>();
  private readonly generationSize: number;

  constructor(limit: number) {
    this.generationSize = Math.max(1, Math.floor(limit / 2));
  }

  get(key: string): V | undefined {
    const hit = this.current.get(key);
    if (hit !== undefined) return hit;
    const old = this.previous.get(key);
    if (old !== undefined) this.set(key, old); // promote: it is in use
    return old;
  }

  set(key: string, value: V): void {
    if (this.current.size >= this.generationSize) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
  }

  clear(): void {
    this.current = new Map();
    this.previous = new Map();
  }

  get size(): number {
    return this.current.size + this.previous.size;
  }
}
