// Outside list markers (CSS Lists 3 §3.1): placed before the list item's first line box, on
// its start side (the left in ltr, the right in rtl), ending at the item's content edge, on
// that line's baseline.
import bidiModule from 'bidi-js';
import type { MarkerBox, ReplacedBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import type { ShapedGlyph } from '../text/types.js';
import { FontRegistry } from '../text/font-registry.js';
import { syntheticStyleOf } from '../text/font-synthesis.js';
import { shapeText } from '../text/shape.js';
import { fontQueryOf } from '../text/style-font.js';
import { shapingOf } from '../text/style-shaping.js';
import { segmentWidth } from '../paint/glyph-runs.js';
import { BULLET_RAISE, BULLET_SIZE, bulletAdvance } from './inline/pieces.js';
import type { LineItemFragment } from './types.js';
import { IMAGE_MARKER_GAP } from '../boxes/build.js';

/** The content box's edges of the list item, relative to its fragment: the marker goes outside the start one. */
export interface ContentEdges {
  readonly left: number;
  readonly right: number;
}

/** The marker fragment, relative to the list item's fragment, outside the item's start edge (by the marker's direction, inherited from the item). */
export function outsideMarker(marker: MarkerBox | ReplacedBox, baseline: number, content: ContentEdges): LineItemFragment {
  const style = marker.style;
  const rtl = style.direction === 'rtl';
  if (marker.kind === 'replaced') return imageMarker(marker, baseline, content, rtl);
  if (marker.marker.kind === 'bullet') {
    const size = style.fontSize * BULLET_SIZE;
    // The gap after the bullet faces the content: on its left in rtl.
    const left = rtl ? content.right + bulletAdvance(style) - size : content.left - bulletAdvance(style);
    return { kind: 'bullet', shape: marker.marker.shape, x: left, y: baseline - style.fontSize * BULLET_RAISE - size / 2, size, color: style.color };
  }
  const face = FontRegistry.current().match(fontQueryOf(style));
  const glyphs = visualGlyphs(face, marker.marker.text, style);
  const segment = { glyphs, x: 0, letterSpacing: style.letterSpacing, wordSpacing: style.wordSpacing, justify: 0, justifyEnd: 0 };
  const width = segmentWidth(segment, style.fontSize / face.unitsPerEm);
  return {
    kind: 'text', x: rtl ? content.right : content.left - width, baseline, width, face, size: style.fontSize, fontSize: style.fontSize, color: style.color,
    segments: [segment], decorations: [], visible: style.visibility === 'visible',
    synthetic: syntheticStyleOf(style, face), shadows: style.textShadow,
  };
}

// bidi-js is CommonJS whose module.exports is its factory; its types declare an ES default export.
const bidiFactory = bidiModule as unknown as typeof bidiModule.default;
let bidi: ReturnType<typeof bidiFactory> | null = null;

/** Characters of right-to-left scripts (Hebrew to the end of Arabic's blocks, and their presentation forms). */
const RTL_CHARACTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe]/;

/**
 * The marker text's glyphs in visual order: its bidi runs (UAX #9 with the marker's direction
 * as the paragraph's), each shaped in its own direction with mirrored characters in the
 * right-to-left ones, the runs reordered (rule L2). So "1. " reads " .1" in rtl, as in
 * browsers. A marker is one short run: this costs nothing per line.
 */
function visualGlyphs(face: Parameters<typeof shapeText>[0], text: string, style: ComputedStyle): readonly ShapedGlyph[] {
  const direction = style.direction;
  if (direction === 'ltr' && !RTL_CHARACTER.test(text)) return shapeText(face, text, shapingOf(style)).glyphs;
  bidi ??= bidiFactory();
  const levels = bidi.getEmbeddingLevels(text, direction).levels;
  const runs: { text: string; level: number }[] = [];
  for (let i = 0; i < text.length;) {
    const level = levels[i]!;
    let run = '';
    for (; i < text.length && levels[i] === level; i++) run += (level & 1 ? bidi.getMirroredCharacter(text[i]!) : null) ?? text[i]!;
    runs.push({ text: run, level });
  }
  // L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above.
  const highest = runs.reduce((m, r) => Math.max(m, r.level), 0);
  const lowestOdd = runs.reduce((m, r) => (r.level & 1 ? Math.min(m, r.level) : m), Infinity);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length;) {
      if (runs[i]!.level < level) {
        i++;
        continue;
      }
      let end = i;
      while (end < runs.length && runs[end]!.level >= level) end++;
      runs.splice(i, end - i, ...runs.slice(i, end).reverse());
      i = end;
    }
  }
  return runs.flatMap((r) => shapeText(face, r.text, shapingOf(style, r.level & 1 ? 'rtl' : 'ltr')).glyphs);
}

/**
 * A `list-style-image` marker (css-lists-3 §3.2): the image at its intrinsic size, ending
 * IMAGE_MARKER_GAP before the content's start edge, its bottom on the first line's baseline
 * (an inline image's baseline is its bottom edge). Painted like any replaced box.
 */
function imageMarker(box: ReplacedBox, baseline: number, content: ContentEdges, rtl: boolean): LineItemFragment {
  const width = box.intrinsicWidth;
  const height = box.intrinsicHeight;
  return {
    kind: 'atomic',
    fragment: {
      kind: 'box', box, x: rtl ? content.right + IMAGE_MARKER_GAP : content.left - IMAGE_MARKER_GAP - width, y: baseline - height, width, height,
      isFirst: true, isLast: true, children: [], marker: null, firstBaseline: null, lastBaseline: null,
    },
  };
}
