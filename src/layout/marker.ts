// Outside list markers (CSS Lists 3 §3.1): placed before the list item's first line box, on
// its start side (the left in ltr, the right in rtl), ending at the item's content edge, on
// that line's baseline.
import type { MarkerBox, ReplacedBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import type { FontFace, ShapedGlyph } from '../text/types.js';
import { bidi, RTL_TRIGGER } from '../text/bidi-class.js';
import { FontRegistry } from '../text/font-registry.js';
import { syntheticStyleOf } from '../text/font-synthesis.js';
import { shapeText } from '../text/shape.js';
import { fontQueryOf } from '../text/style-font.js';
import { shapingOf } from '../text/style-shaping.js';
import { segmentWidth } from '../paint/glyph-runs.js';
import { BULLET_RAISE, BULLET_SIZE, bulletAdvance } from './inline/pieces.js';
import { levelOrder } from './inline/reorder.js';
import { shapeAtLevel } from './inline/shape-level.js';
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
    synthetic: syntheticStyleOf(style, face), shadows: style.textShadow, tag: marker.tag ?? null,
  };
}

/**
 * The marker text's glyphs in visual order: its bidi runs (UAX #9 with the marker's direction
 * as the paragraph's), each shaped at its level as inline text is (right to left and mirrored
 * at odd levels), the runs reordered (rule L2). So "1. " reads " .1" in rtl, as in browsers.
 * A marker is one short run: this costs nothing per line.
 */
function visualGlyphs(face: FontFace, text: string, style: ComputedStyle): readonly ShapedGlyph[] {
  if (style.direction === 'ltr' && !RTL_TRIGGER.test(text)) return shapeText(face, text, shapingOf(style)).glyphs;
  const levels = bidi.getEmbeddingLevels(text, style.direction).levels;
  const runs: { start: number; end: number }[] = [];
  for (let i = 0; i < text.length;) {
    const start = i;
    while (i < text.length && levels[i] === levels[start]) i++;
    runs.push({ start, end: i });
  }
  const runLevels = Uint8Array.from(runs, (r) => levels[r.start]!);
  const order = levelOrder(runLevels, Math.min(...runLevels), Math.max(...runLevels));
  const glyphs: ShapedGlyph[] = [];
  for (const k of order) glyphs.push(...shapeAtLevel(face, text.slice(runs[k]!.start, runs[k]!.end), runLevels[k]!, style).glyphs);
  return glyphs;
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
