// The first pass over the display lists: which glyphs of which faces the document draws, and
// what text each glyph stands for (for ToUnicode). Subsets are cut from this before any page
// is written, so content streams can use the subset's glyph ids directly.

import type { DisplayItem, GlyphRunItem, PageDisplayList } from '../paint/types.js';
import type { FontFace } from '../text/types.js';

/** The glyphs of one face that the document uses. */
export interface FaceUsage {
  readonly face: FontFace;
  /** Glyph id → its text: the first non-empty text seen for it, in document order. */
  readonly glyphs: Map<number, string>;
}

/** Usage per face id, in order of first use (which fixes resource names, so bytes are stable). */
export function collectGlyphUsage(pages: readonly PageDisplayList[]): Map<string, FaceUsage> {
  const usage = new Map<string, FaceUsage>();
  for (const page of pages) forEachGlyphRun(page.items, (run) => addRun(usage, run));
  return usage;
}

/** Calls `visit` for every glyph run, including those inside clips and opacity groups. */
export function forEachGlyphRun(items: readonly DisplayItem[], visit: (run: GlyphRunItem) => void): void {
  for (const item of items) {
    if (item.kind === 'glyphs') visit(item);
    else if (item.kind === 'clip' || item.kind === 'opacity') forEachGlyphRun(item.items, visit);
  }
}

function addRun(usage: Map<string, FaceUsage>, run: GlyphRunItem): void {
  let entry = usage.get(run.face.id);
  if (!entry) {
    entry = { face: run.face, glyphs: new Map() };
    usage.set(run.face.id, entry);
  }
  const glyphs = entry.glyphs;
  for (const segment of run.segments) {
    for (const glyph of segment.glyphs) {
      const known = glyphs.get(glyph.id);
      if (known === undefined || (known === '' && glyph.text !== '')) glyphs.set(glyph.id, glyph.text);
    }
  }
}
