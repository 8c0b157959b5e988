// Outside list markers (CSS Lists 3 §3.1): placed before the list item's first line box,
// ending at the item's content edge, on that line's baseline.
import type { MarkerBox, ReplacedBox } from '../boxes/types.js';
import { FontRegistry } from '../text/font-registry.js';
import { shapeText } from '../text/shape.js';
import { syntheticStyleOf } from '../text/font-synthesis.js';
import { fontQueryOf } from '../text/style-font.js';
import { shapingOf } from '../text/style-shaping.js';
import { segmentWidth } from '../paint/glyph-runs.js';
import { BULLET_RAISE, BULLET_SIZE, bulletAdvance } from './inline/pieces.js';
import type { LineItemFragment } from './types.js';
import { IMAGE_MARKER_GAP } from '../boxes/build.js';

/** The marker fragment, relative to the list item's fragment; `contentLeft` is the content edge. */
export function outsideMarker(marker: MarkerBox | ReplacedBox, baseline: number, contentLeft: number): LineItemFragment {
  if (marker.kind === 'replaced') return imageMarker(marker, baseline, contentLeft);
  const style = marker.style;
  if (marker.marker.kind === 'bullet') {
    const size = style.fontSize * BULLET_SIZE;
    const left = contentLeft - bulletAdvance(style);
    return { kind: 'bullet', shape: marker.marker.shape, x: left, y: baseline - style.fontSize * BULLET_RAISE - size / 2, size, color: style.color };
  }
  const face = FontRegistry.current().match(fontQueryOf(style));
  const shaped = shapeText(face, marker.marker.text, shapingOf(style));
  const segment = { glyphs: shaped.glyphs, x: 0, letterSpacing: style.letterSpacing, wordSpacing: style.wordSpacing, justify: 0, justifyEnd: 0 };
  const width = segmentWidth(segment, style.fontSize / face.unitsPerEm);
  return {
    kind: 'text', x: contentLeft - width, baseline, width, face, size: style.fontSize, fontSize: style.fontSize, color: style.color,
    segments: [segment], decorations: [], visible: style.visibility === 'visible',
    synthetic: syntheticStyleOf(style, face), shadows: style.textShadow,
  };
}

/**
 * A `list-style-image` marker (css-lists-3 §3.2): the image at its intrinsic size, ending
 * IMAGE_MARKER_GAP before the content edge, its bottom on the first line's baseline (an
 * inline image's baseline is its bottom edge). Painted like any replaced box.
 */
function imageMarker(box: ReplacedBox, baseline: number, contentLeft: number): LineItemFragment {
  const width = box.intrinsicWidth;
  const height = box.intrinsicHeight;
  return {
    kind: 'atomic',
    fragment: {
      kind: 'box', box, x: contentLeft - IMAGE_MARKER_GAP - width, y: baseline - height, width, height,
      isFirst: true, isLast: true, children: [], marker: null, firstBaseline: null, lastBaseline: null,
    },
  };
}
