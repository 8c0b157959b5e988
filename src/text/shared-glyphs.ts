// Shaped glyphs shared between the shaping cache's words. A table report caches some 12,000
// words (most of them numbers seen once) of some 84,000 glyphs, one 72-byte object each for the
// life of the process; they are a few hundred distinct values — the same digit, advance and
// place in the word — so the words hold one object per value instead. Glyphs are immutable.

import type { ShapedGlyph } from './types.js';

/** Distinct glyphs kept; the table starts over when full (sharing is an economy, not a contract). */
const LIMIT = 1 << 16;
const shared = new Map<number, ShapedGlyph>();

/** `glyphs` as an exact-size array whose plain glyphs are the shared objects of their value. */
export function sharedGlyphs(glyphs: readonly ShapedGlyph[]): readonly ShapedGlyph[] {
  return glyphs.map(sharedGlyph);
}

function sharedGlyph(glyph: ShapedGlyph): ShapedGlyph {
  const key = keyOf(glyph);
  if (key < 0) return glyph;
  const known = shared.get(key);
  if (known !== undefined) return known.text === glyph.text ? known : glyph;
  if (shared.size >= LIMIT) shared.clear();
  shared.set(key, glyph);
  return glyph;
}

/**
 * id, advance and cluster packed into one exact number (16 + 16 + 20 bits), or -1 for a glyph
 * with offsets or values out of that range (kept as it is). The text is compared on a hit.
 */
function keyOf(glyph: ShapedGlyph): number {
  const { id, advance, cluster } = glyph;
  if (glyph.xOffset !== 0 || glyph.yOffset !== 0) return -1;
  if (!(id >= 0 && id < 0x10000 && Number.isInteger(id))) return -1;
  if (!(advance >= 0 && advance < 0x10000 && Number.isInteger(advance))) return -1;
  if (!(cluster >= 0 && cluster < 0x100000 && Number.isInteger(cluster))) return -1;
  return (id * 0x10000 + advance) * 0x100000 + cluster;
}
