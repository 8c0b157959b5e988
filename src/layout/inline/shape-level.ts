// Shaping a run of text at its bidi level: right to left at odd levels, with mirrored
// characters drawn as their mirror (UAX #9 L3–L4). Glyphs come back in visual order.
import { mirroredText } from '../../text/bidi-class.js';
import { shapeOptions, shapeText } from '../../text/shape.js';
import type { FontFace, ShapedText } from '../../text/types.js';

const RTL = shapeOptions('rtl');

/** `text` shaped in `face` at bidi level `level`; each glyph keeps the source text it stands for. */
export function shapeAtLevel(face: FontFace, text: string, level: number): ShapedText {
  if ((level & 1) === 0) return shapeText(face, text);
  const mirrored = mirroredText(text);
  if (mirrored === null) return shapeText(face, text, RTL);
  // Text extraction must give back the characters as typed, not their mirrors.
  const shaped = shapeText(face, mirrored, RTL);
  const glyphs = shaped.glyphs.map((g) => (g.text === '' ? g : { id: g.id, advance: g.advance, xOffset: g.xOffset, yOffset: g.yOffset, cluster: g.cluster, text: text.slice(g.cluster, g.cluster + g.text.length) }));
  return { face: shaped.face, glyphs, advance: shaped.advance };
}
