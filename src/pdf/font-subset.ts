// Cutting a font down to the glyphs a document uses, with fontkit 2's subsetter. It numbers
// glyphs in the order they are included (.notdef is always 0) and appends the components of
// composite glyphs after them, so including glyphs in CID order keeps subset id = CID.
// Subsets are remembered per font program and glyph set: documents made from one template
// use the same glyphs, and a CJK subset costs tens of milliseconds.

import { createHash } from 'node:crypto';
import type * as fontkit from 'fontkit';
import { withoutHinting } from './strip-hinting.js';
import { encodeTrueTypeSubset } from './truetype-subset.js';

/** A subset font program and how its glyph ids relate to the original's. */
export interface FontSubset {
  /** TrueType (glyf) font file, or a bare CID-keyed CFF table for CFF fonts. */
  readonly data: Uint8Array;
  /** Original glyph id → subset glyph id, for every glyph asked for. */
  readonly newIdOf: ReadonlyMap<number, number>;
  /** Original glyph id of each subset glyph (index = subset id), components included. */
  readonly originalIds: readonly number[];
  /** Six capital letters naming this subset (ISO 32000-1 §9.6.4), stable for a glyph set. */
  readonly tag: string;
  /**
   * Original ids of glyphs that a damaged font could not give, drawn as .notdef instead; all
   * of them (and `data` empty) when not even .notdef could be written.
   */
  readonly damaged: readonly number[];
}

// Per program, the last few glyph sets (oldest dropped first).
const SUBSETS_PER_PROGRAM = 16;
const subsetCache = new WeakMap<fontkit.Font, Map<string, FontSubset>>();

/** Subsets `program` to `glyphIds`, included in the order given (ids outside the font map to .notdef). */
export function subsetFont(program: fontkit.Font, glyphIds: readonly number[]): FontSubset {
  let cache = subsetCache.get(program);
  if (!cache) {
    cache = new Map();
    subsetCache.set(program, cache);
  }
  const key = glyphIds.join(',');
  let subset = cache.get(key);
  if (!subset) {
    subset = cutSubset(program, glyphIds);
    if (cache.size >= SUBSETS_PER_PROGRAM) cache.delete(cache.keys().next().value!);
    cache.set(key, subset);
  }
  return subset;
}

function cutSubset(program: fontkit.Font, ordered: readonly number[]): FontSubset {
  try {
    return encodeSubset(program, ordered, () => true);
  } catch {
    // A damaged font (a document's own file) whose broken glyphs the load-time check missed:
    // those glyphs become copies of .notdef, in place, so every other glyph keeps its id.
    const usable = new Map<number, boolean>();
    const works = (id: number): boolean => {
      let ok = usable.get(id);
      if (ok === undefined) {
        ok = subsetEncodes(program, id);
        usable.set(id, ok);
      }
      return ok;
    };
    try {
      return encodeSubset(program, ordered, works);
    } catch {
      // Even .notdef alone does not encode: the PDF names the font without a program.
      const newIdOf = new Map(ordered.map((id, index) => [id, index]));
      return { data: new Uint8Array(0), newIdOf, originalIds: [...ordered], tag: subsetTag(program.postscriptName ?? '', ordered), damaged: [...ordered] };
    }
  }
}

/** The subset of `ordered` (subset id = index); glyphs that fail `usable` are .notdef copies. */
function encodeSubset(program: fontkit.Font, ordered: readonly number[], usable: (id: number) => boolean): FontSubset {
  const subset = program.createSubset();
  const newIdOf = new Map<number, number>();
  const damaged: number[] = [];
  for (const id of ordered) {
    const valid = Number.isInteger(id) && id >= 0 && id < program.numGlyphs;
    if (!valid) newIdOf.set(id, 0);
    else if (id === 0 || usable(id)) newIdOf.set(id, subset.includeGlyph(id));
    else {
      // fontkit's includeGlyph would answer 0 for another .notdef; the slot is kept by hand.
      subset.glyphs.push(0);
      newIdOf.set(id, subset.glyphs.length - 1);
      damaged.push(id);
    }
  }
  const data = withoutHinting(encodeTrueTypeSubset(program, subset) ?? subset.encode());
  return { data, newIdOf, originalIds: [...subset.glyphs], tag: subsetTag(program.postscriptName ?? '', ordered), damaged };
}

/** Whether a subset of .notdef and glyph `id` (with its components) encodes. */
function subsetEncodes(program: fontkit.Font, id: number): boolean {
  try {
    const subset = program.createSubset();
    subset.includeGlyph(id);
    subset.encode();
    return true;
  } catch {
    return false;
  }
}

/** Six letters A–Z from a hash of the font name and glyph list. */
function subsetTag(name: string, ids: readonly number[]): string {
  const digest = createHash('sha256').update(name).update(Uint32Array.from(ids)).digest();
  let tag = '';
  for (let i = 0; i < 6; i++) tag += String.fromCharCode(65 + (digest[i]! % 26));
  return tag;
}
