// Shaping a run of text at its bidi level: right to left at odd levels, with mirrored
// characters drawn as their mirror (UAX #9 L3–L4). Glyphs come back in visual order.
import type { ComputedStyle } from '../../css/types.js';
import { mirroredText, RTL_TRIGGER } from '../../text/bidi-class.js';
import { shapeText } from '../../text/shape.js';
import { shapingOf } from '../../text/style-shaping.js';
import type { FontFace, ShapedText } from '../../text/types.js';

/**
 * `text` of `style` shaped in `face` at bidi level `level`; each glyph keeps the source text
 * it stands for. Right-to-left letters at an even level are under an LTR override (`<bdo
 * dir=ltr>`) and are forced left to right, where the script alone would set them RTL.
 */
export function shapeAtLevel(face: FontFace, text: string, level: number, style: ComputedStyle): ShapedText {
  if ((level & 1) === 0) return shapeText(face, text, shapingOf(style, RTL_TRIGGER.test(text) ? 'ltr' : 'auto'));
  const rtl = shapingOf(style, 'rtl');
  const mirrored = mirroredText(text);
  if (mirrored === null) return shapeText(face, text, rtl);
  // Text extraction must give back the characters as typed, not their mirrors.
  const shaped = shapeText(face, mirrored, rtl);
  const glyphs = shaped.glyphs.map((g) => (g.text === '' ? g : { id: g.id, advance: g.advance, xOffset: g.xOffset, yOffset: g.yOffset, cluster: g.cluster, text: text.slice(g.cluster, g.cluster + g.text.length) }));
  return { face: shaped.face, glyphs, advance: shaped.advance };
}
