// The shaping cache's table: shaped words found by a range of a longer string (the paragraph
// they are in) without cutting them out of it. Layout looks up every word of every paragraph,
// so a look-up hashes the range in place and compares it with the entry's own text: a hit
// makes no string. Bounded by two generations, as bounded-cache.ts.

/** An entry: the text it was made from decides a hit. */
export interface WordEntry {
  readonly text: string;
}

/** Entries with one hash: nearly always one, an array after a collision. */
type Slot<V> = V | readonly V[];

// Words crafted to collide are not cached beyond this: each look-up walks its slot.
const MAX_COLLISIONS = 8;

/** Holds at most `limit` entries; entries used since the last generation change survive it. */
export class WordCache<V extends WordEntry> {
  private current = new Map<number, Slot<V>>();
  private previous = new Map<number, Slot<V>>();
  private count = 0;
  private readonly generationSize: number;

  constructor(limit: number) {
    this.generationSize = Math.max(1, Math.floor(limit / 2));
  }

  /** The entry for source[start, end), whose hashRange is `hash`. */
  get(source: string, start: number, end: number, hash: number): V | undefined {
    const hit = find(this.current.get(hash), source, start, end);
    if (hit !== undefined) return hit;
    const old = find(this.previous.get(hash), source, start, end);
    if (old !== undefined) this.add(hash, old); // promote: it is in use
    return old;
  }

  /** Adds an entry that `get` did not find; `hash` is hashRange of its text. */
  add(hash: number, entry: V): void {
    if (this.count >= this.generationSize) {
      this.previous = this.current;
      this.current = new Map();
      this.count = 0;
    }
    const slot = this.current.get(hash);
    if (slot !== undefined && isMany(slot) && slot.length >= MAX_COLLISIONS) return;
    this.current.set(hash, slot === undefined ? entry : isMany(slot) ? [...slot, entry] : [slot, entry]);
    this.count++;
  }
}

/** FNV-1a over the UTF-16 code units of source[start, end), kept to a small integer. */
export function hashRange(source: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ source.charCodeAt(i), 0x01000193);
  return hash & 0x3fffffff;
}

function isMany<V>(slot: Slot<V>): slot is readonly V[] {
  return Array.isArray(slot);
}

function find<V extends WordEntry>(slot: Slot<V> | undefined, source: string, start: number, end: number): V | undefined {
  if (slot === undefined) return undefined;
  if (!isMany(slot)) return sameText(slot.text, source, start, end) ? slot : undefined;
  for (const entry of slot) if (sameText(entry.text, source, start, end)) return entry;
  return undefined;
}

function sameText(text: string, source: string, start: number, end: number): boolean {
  if (text.length !== end - start) return false;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) !== source.charCodeAt(start + i)) return false;
  return true;
}
