// Shaping a run of text at its bidi level: right to left at odd levels, with mirrored
// characters drawn as their mirror (UAX #9 L3–L4). Glyphs come back in visual order.
import { mirroredText, RTL_TRIGGER } from '../../text/bidi-class.js';
import { shapeOptions, shapeText, type ShapeOptions } from '../../text/shape.js';
import type { FontFace, ShapedText } from '../../text/types.js';

const RTL = shapeOptions('rtl');
/**
 * Left to right even for Hebrew or Arabic: the default options leave the direction to the
 * script, while right-to-left letters at an even level are under an LTR override (`<bdo
 * dir=ltr>`) and must be drawn in logical order. Its own cache key.
 */
const FORCED_LTR: ShapeOptions = { direction: 'ltr', features: null, key: 'ltr' };

/** `text` shaped in `face` at bidi level `level`; each glyph keeps the source text it stands for. */
export function shapeAtLevel(face: FontFace, text: string, level: number): ShapedText {
  if ((level & 1) === 0) return shapeText(face, text, RTL_TRIGGER.test(text) ? FORCED_LTR : undefined);
  const mirrored = mirroredText(text);
  if (mirrored === null) return shapeText(face, text, RTL);
  // Text extraction must give back the characters as typed, not their mirrors.
  const shaped = shapeText(face, mirrored, RTL);
  const glyphs = shaped.glyphs.map((g) => (g.text === '' ? g : { id: g.id, advance: g.advance, xOffset: g.xOffset, yOffset: g.yOffset, cluster: g.cluster, text: text.slice(g.cluster, g.cluster + g.text.length) }));
  return { face: shaped.face, glyphs, advance: shaped.advance };
}
