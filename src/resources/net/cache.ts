// An in-memory cache of fetched resources, shared across renders: bounded by the total bytes of
// the bodies it holds, evicting the least recently used entry first, each entry kept until its
// freshness lifetime (see freshness.ts) runs out.
import type { FetchedResource, ResourceKind } from './kinds.js';

/** The default bound on the bytes a cache holds: 64 MB. */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

interface Entry {
  readonly resource: FetchedResource;
  readonly expiresAt: number;
}

export class ResponseCache {
  /** Map order is recency order: the first entry is the least recently used. */
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  /**
   * @param maxBytes the most body bytes held at once (a single larger body is not stored).
   * @param clock milliseconds since the epoch; tests pass their own.
   */
  constructor(
    readonly maxBytes: number = DEFAULT_CACHE_BYTES,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The key of a URL fetched as a kind: one URL may be a valid font and an invalid image.
   * `scope` separates loaders whose address policies differ, so that a response one loader was
   * allowed to fetch (from a private address) is never handed to a loader that was not.
   */
  static key(url: string, kind: ResourceKind, scope = ''): string {
    return `${kind} ${scope} ${url}`;
  }

  /** The fresh resource under `key`, marking it recently used; expired entries are dropped. */
  get(key: string): FetchedResource | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#remove(key, entry);
    if (entry.expiresAt <= this.clock()) return undefined;
    this.#entries.set(key, entry);
    this.#bytes += entry.resource.data.byteLength;
    return entry.resource;
  }

  /** Stores the resource for `lifetimeMs`; nothing is stored for a lifetime of 0 or less. */
  set(key: string, resource: FetchedResource, lifetimeMs: number): void {
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    const size = resource.data.byteLength;
    if (!(lifetimeMs > 0) || size > this.maxBytes) return;
    this.#entries.set(key, { resource, expiresAt: this.clock() + lifetimeMs });
    this.#bytes += size;
    this.#evict();
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry) this.#remove(key, entry);
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** Number of entries held (fresh or not yet noticed to be stale). */
  get size(): number {
    return this.#entries.size;
  }

  /** Total body bytes held. */
  get bytes(): number {
    return this.#bytes;
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.resource.data.byteLength;
  }

  /** Drops expired entries first, then least recently used ones, until the bytes fit. */
  #evict(): void {
    if (this.#bytes <= this.maxBytes) return;
    const now = this.clock();
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#remove(key, entry);
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#remove(key, entry);
    }
  }
}

/** The cache loaders share when they are given none. */
export const processCache = new ResponseCache();
