// Outside list markers (CSS Lists 3 §3.1): placed before the list item's first line box,
// ending at the item's content edge, on that line's baseline.
import type { MarkerBox } from '../boxes/types.js';
import { FontRegistry } from '../text/font-registry.js';
import { shapeText } from '../text/shape.js';
import { fontQueryOf } from '../text/style-font.js';
import { segmentWidth } from '../paint/glyph-runs.js';
import { BULLET_RAISE, BULLET_SIZE, bulletAdvance } from './inline/pieces.js';
import type { LineItemFragment } from './types.js';

/** The marker fragment, relative to the list item's fragment; `contentLeft` is the content edge. */
export function outsideMarker(marker: MarkerBox, baseline: number, contentLeft: number): LineItemFragment {
  const style = marker.style;
  if (marker.marker.kind === 'bullet') {
    const size = style.fontSize * BULLET_SIZE;
    const left = contentLeft - bulletAdvance(style);
    return { kind: 'bullet', shape: marker.marker.shape, x: left, y: baseline - style.fontSize * BULLET_RAISE - size / 2, size, color: style.color };
  }
  const face = FontRegistry.current().match(fontQueryOf(style));
  const shaped = shapeText(face, marker.marker.text);
  const segment = { glyphs: shaped.glyphs, x: 0, letterSpacing: style.letterSpacing, wordSpacing: style.wordSpacing, justify: 0, justifyEnd: 0 };
  const width = segmentWidth(segment, style.fontSize / face.unitsPerEm);
  return {
    kind: 'text', x: contentLeft - width, baseline, width, face, size: style.fontSize, color: style.color,
    segments: [segment], decorations: [], visible: style.visibility === 'visible',
  };
}
