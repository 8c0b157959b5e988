// Characters no font has a glyph for. Itemization sets them in the primary face, which draws
// its .notdef glyph (Noto Sans': a visible box) so that the gap shows; the render reports each
// such character once, naming it, so that the author can bring a font for it.

import { isInvisible } from '../text/font-fallback.js';
import { mayDrawNotdef } from '../text/shape.js';
import type { DisplayItem, PageDisplayList } from './types.js';

/** At most this many characters are named; the rest get one summary warning. */
const MAX_NAMED = 20;

/** Collects, over one render's pages, the characters drawn as .notdef; warns once per character. */
export class MissingGlyphReport {
  private readonly reported = new Set<number>();
  private truncated = false;

  constructor(private readonly warn: (message: string) => void) {}

  /** Reports the characters of `list` drawn with glyph 0 not reported before; returns the list. */
  check(list: PageDisplayList): PageDisplayList {
    this.scan(list.items);
    return list;
  }

  private scan(items: readonly DisplayItem[]): void {
    for (const item of items) {
      if (item.kind === 'glyphs') {
        // Only faces that ever shaped a .notdef can have one in their runs.
        if (!mayDrawNotdef(item.face)) continue;
        for (const segment of item.segments) {
          for (const glyph of segment.glyphs) {
            // A glyph's text is its cluster's; later glyphs of a cluster have ''.
            if (glyph.id === 0 && glyph.text !== '') this.reportCluster(glyph.text, (cp) => item.face.hasGlyph(cp));
          }
        }
      } else if (item.kind === 'clip' || item.kind === 'transform' || item.kind === 'opacity') {
        this.scan(item.items);
      } else if (item.kind === 'form-field') {
        this.scan(item.appearance);
      }
    }
  }

  /** The code points of a cluster that the face lacks (not the invisible ones, which draw nothing). */
  private reportCluster(text: string, hasGlyph: (codePoint: number) => boolean): void {
    for (const ch of text) {
      const codePoint = ch.codePointAt(0)!;
      if (this.reported.has(codePoint) || hasGlyph(codePoint) || isInvisible(codePoint)) continue;
      if (this.reported.size >= MAX_NAMED) {
        if (!this.truncated) this.warn(`more characters have no glyph in any font (only the first ${MAX_NAMED} are named); they show as boxes`);
        this.truncated = true;
        return;
      }
      this.reported.add(codePoint);
      this.warn(`no font has a glyph for ${describeCharacter(ch)}; it shows as a box`);
    }
  }
}

/** `U+1F9FF '🧿'` (the character itself left out when it would not print: marks, private use, unassigned). */
export function describeCharacter(ch: string): string {
  const hex = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(ch) ? `${hex} '${ch}'` : hex;
}
