// Outside list markers (CSS Lists 3 §3.1): placed before the list item's first line box,
// ending at the item's content edge, on that line's baseline.
import type { MarkerBox } from '../boxes/types.js';
import { FontRegistry } from '../text/font-registry.js';
import { shapeText } from '../text/shape.js';
import { fontQueryOf } from '../text/style-font.js';
import { fontMetrics } from './inline/metrics.js';
import { BULLET_SIZE, bulletAdvance, glyphAdvance } from './inline/pieces.js';
import type { LineItemFragment } from './types.js';

/** The marker fragment, relative to the list item's fragment; `contentLeft` is the content edge. */
export function outsideMarker(marker: MarkerBox, baseline: number, contentLeft: number): LineItemFragment {
  const style = marker.style;
  if (marker.marker.kind === 'bullet') {
    const size = style.fontSize * BULLET_SIZE;
    const xHeight = fontMetrics(style).xHeight;
    const left = contentLeft - bulletAdvance(style);
    return { kind: 'bullet', shape: marker.marker.shape, x: left, y: baseline - xHeight / 2 - size / 2, size, color: style.color };
  }
  const face = FontRegistry.default().match(fontQueryOf(style));
  const shaped = shapeText(face, marker.marker.text);
  const scale = style.fontSize / face.unitsPerEm;
  let x = 0;
  const glyphs = shaped.glyphs.map((g) => {
    const placed = { id: g.id, x: x + g.xOffset * scale, y: -g.yOffset * scale, text: g.text };
    x += glyphAdvance(g, scale, style);
    return placed;
  });
  return {
    kind: 'text', x: contentLeft - x, baseline, width: x, face, size: style.fontSize, color: style.color,
    glyphs, decorations: [], visible: style.visibility === 'visible',
  };
}
