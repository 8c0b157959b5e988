// The watermark as a display list, for files that must embed every font they show (PDF/A,
// ISO 19005-2 §6.2.11.4.1): the same large, light, diagonal text as watermark.ts, set in the
// bundled sans-serif through the ordinary text path, so its font is subset and embedded with
// the document's. watermark.ts's standard Helvetica needs no font file but is not embedded.

import type { Color } from '../css/types.js';
import type { DisplayItem, PageDisplayList } from '../paint/types.js';
import { FontRegistry } from '../text/font-registry.js';
import { shapeText } from '../text/shape.js';

/** As watermark.ts: grey 0.55 at 22% opacity, at most 60% of the diagonal and 18% of the shorter side. */
const COLOR: Color = { r: 140, g: 140, b: 140, a: 0.22 };
const DIAGONAL_SHARE = 0.6;
const MAX_SIZE_SHARE = 0.18;
/** Noto Sans' cap height, in ems (OS/2 sCapHeight 714/1000). */
const CAP_HEIGHT = 0.714;
const MAX_CHARACTERS = 200;

/** `text` centred on a page of this size (pt), along the diagonal that rises left to right. */
export function watermarkDisplayList(text: string, width: number, height: number): PageDisplayList {
  const label = text.replace(/\s+/g, ' ').trim().slice(0, MAX_CHARACTERS);
  if (label === '') return { width, height, items: [] };
  const runs = FontRegistry.default().itemize(label, { families: ['sans-serif'], weight: 400, style: 'normal' }).map((run) => ({ face: run.face, shaped: shapeText(run.face, label.slice(run.start, run.end)) }));
  const advance = runs.reduce((sum, run) => sum + run.shaped.advance / run.face.unitsPerEm, 0);
  const size = Math.min(MAX_SIZE_SHARE * Math.min(width, height), (DIAGONAL_SHARE * Math.hypot(width, height)) / Math.max(1e-6, advance));
  // Page coordinates run downwards: rising to the right is a negative angle.
  const angle = -Math.atan2(height, width);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  // Centred: back half the text's width along the baseline, down half its cap height.
  let x = -(advance * size) / 2;
  const glyphs: DisplayItem[] = runs.map(({ face, shaped }) => {
    const segment = { glyphs: shaped.glyphs, x: 0, letterSpacing: 0, wordSpacing: 0, justify: 0, justifyEnd: 0 };
    const item: DisplayItem = { kind: 'glyphs', x, y: (CAP_HEIGHT * size) / 2, face, size, color: COLOR, segments: [segment] };
    x += (shaped.advance * size) / face.unitsPerEm;
    return item;
  });
  return { width, height, items: [{ kind: 'transform', matrix: [cos, sin, -sin, cos, width / 2, height / 2], items: glyphs }] };
}
