// Geometry test helpers: render HTML through the pipeline up to paint and read back where
// text, boxes and links landed.
import type { DisplayItem, GlyphRunItem, PageDisplayList } from '../../src/paint/types.js';
import { runText, segmentWidth } from '../../src/paint/glyph-runs.js';
import { renderToDisplayLists } from '../../src/render.js';

export interface Run {
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly item: GlyphRunItem;
}

/** Renders an HTML string (body margin 0 unless the CSS says otherwise) with optional page settings. */
export async function layout(html: string, css = '', page?: Record<string, string>): Promise<PageDisplayList[]> {
  const body = { type: 'html', data: { html, css }, ...(page ? { page } : {}) };
  return (await renderToDisplayLists(body, { deterministic: true })).pages;
}

/** Every item of a page, nested clip/opacity groups flattened. */
export function flatten(items: readonly DisplayItem[]): DisplayItem[] {
  return items.flatMap((i) => (i.kind === 'clip' || i.kind === 'opacity' || i.kind === 'transform' ? [i, ...flatten(i.items)] : [i]));
}

export function runs(pages: readonly PageDisplayList[]): Run[] {
  return pages.flatMap((p, page) =>
    flatten(p.items).filter((i): i is GlyphRunItem => i.kind === 'glyphs').map((item) => ({
      page, x: item.x, y: item.y, text: runText(item), item,
    })),
  );
}

/** The run whose text contains `needle` (fails loudly when absent). */
export function runWith(pages: readonly PageDisplayList[], needle: string): Run {
  const found = runs(pages).find((r) => r.text.includes(needle));
  if (!found) throw new Error(`no glyph run contains ${JSON.stringify(needle)}; runs: ${runs(pages).map((r) => r.text).join(' | ')}`);
  return found;
}

/** All text of a page in paint order, runs joined by '|'. */
export function pageText(pages: readonly PageDisplayList[], page: number): string {
  return runs(pages).filter((r) => r.page === page).map((r) => r.text).join('|');
}

export const PX = 0.75;

/** A glyph run's advance width, pt. */
export function runWidth(item: GlyphRunItem): number {
  const scale = item.size / item.face.unitsPerEm;
  return Math.max(0, ...item.segments.map((s) => s.x + segmentWidth(s, scale)));
}

/** The run on page `page` whose text contains `needle` (fails loudly when absent). */
export function runOn(pages: readonly PageDisplayList[], page: number, needle: string): Run {
  const found = runs(pages).find((r) => r.page === page && r.text.includes(needle));
  if (!found) throw new Error(`page ${page + 1}: no run contains ${JSON.stringify(needle)}; runs: ${pageText(pages, page)}`);
  return found;
}

/** Runs of a page whose baseline lies in the band top < y < bottom (e.g. the bottom margin). */
export function runsInBand(pages: readonly PageDisplayList[], page: number, top: number, bottom: number): Run[] {
  return runs(pages).filter((r) => r.page === page && r.y > top && r.y < bottom);
}
