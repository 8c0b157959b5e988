// How many input code points each shaped glyph stands for. fontkit 2 does not report clusters
// (no stringIndex), and the `codePoints` of the Glyph objects that layout() returns are
// unreliable: fontkit caches one Glyph per glyph id, so a ligature glyph also reachable
// through the cmap (Noto Sans maps U+FB01 'ﬁ' to its f_i ligature) keeps whichever code points
// it was first created with. The OpenType engine's per-run GlyphInfo records are exact, but
// it drops them in cleanup(); we wrap cleanup() to keep the last run's records.
// Pinned to fontkit 2.0.x internals (_layoutEngine.engine, glyphInfos); test/text/shape.test.ts
// fails loudly if they change.

import type * as fontkit from 'fontkit';
import { deferMarkAnchors } from './lazy-mark-anchors.js';
import { usePlainRangeRecords } from './plain-range-records.js';
import type { ShapeOptions } from './shape.js';

interface GlyphInfoRecord {
  readonly codePoints: readonly number[];
}

interface OpenTypeEngine {
  glyphInfos: GlyphInfoRecord[] | null;
  cleanup(): void;
}

interface Capture {
  last: GlyphInfoRecord[] | null;
}

const captures = new WeakMap<fontkit.Font, Capture | null>();

/**
 * Lays `glyphs` out with the font's default features (and the options' features, in the
 * options' direction) and returns the run together with the
 * code-point count of each output glyph (in logical order), or null when the font has no
 * OpenType engine (then output glyphs are the input glyphs, one for one).
 */
export function layoutWithClusters(
  program: fontkit.Font,
  glyphs: fontkit.Glyph[],
  options: ShapeOptions,
): { run: fontkit.GlyphRun; codePointCounts: number[] | null } {
  const capture = captureOf(program);
  if (capture) capture.last = null;
  // fontkit reads the direction from the script unless told; a run's bidi level decides here.
  // fontkit adds its default features to the object it is given, so it gets a copy.
  const features = options.features === null ? undefined : { ...options.features };
  const run = options.key === '' ? program.layout(glyphs) : program.layout(glyphs, features as never, undefined, undefined, options.direction === 'auto' ? undefined : options.direction);
  const infos = capture?.last ?? null;
  if (capture) capture.last = null;
  return { run, codePointCounts: infos ? infos.map((info) => info.codePoints.length) : null };
}

function captureOf(program: fontkit.Font): Capture | null {
  let capture = captures.get(program);
  if (capture === undefined) {
    // Before this program's first layout decodes its GSUB and GPOS lookups.
    deferMarkAnchors(program);
    usePlainRangeRecords(program);
    // shape.ts hides default ignorables by the source text; fontkit's hiding reads the cached
    // Glyph's code points, which may be another character's (see the header).
    const layoutEngine = (program as unknown as { _layoutEngine?: { hideDefaultIgnorables?: unknown } })._layoutEngine;
    if (layoutEngine && typeof layoutEngine.hideDefaultIgnorables === 'function') layoutEngine.hideDefaultIgnorables = () => undefined;
    capture = installCapture(program);
    captures.set(program, capture);
  }
  return capture;
}

function installCapture(program: fontkit.Font): Capture | null {
  const engine = (program as unknown as { _layoutEngine?: { engine?: OpenTypeEngine } })._layoutEngine?.engine;
  if (!engine || typeof engine.cleanup !== 'function' || !('glyphInfos' in engine)) return null;
  const capture: Capture = { last: null };
  const cleanup = engine.cleanup.bind(engine);
  engine.cleanup = () => {
    capture.last = engine.glyphInfos;
    cleanup();
  };
  return capture;
}
