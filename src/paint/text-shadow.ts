// Text shadows (css-text-decor-3 §5): each shadow is the run's glyphs (and decorations) again,
// offset and in the shadow's colour, painted under the text, the last shadow lowest.
//
// PDF has no blur, and a blurred glyph outline would need the glyphs rasterised. A blurred
// shadow is drawn instead as faint copies of the text at sample points of the Gaussian
// (σ = blur / 2, §5.1 as for box-shadow): one at the offset and two rings around it, each
// copy's alpha the Gaussian's mass near its point, so the copies add up to about the
// blurred ink (alphas this small composite almost additively). Soft and spread like
// Chromium's print, at 21 copies of the run per shadow.
import type { TextShadow } from '../css/types.js';
import type { DisplayItem } from './types.js';

/**
 * Sample rings of the Gaussian: radius in σ, copies on the ring, and the mass they stand for
 * (the 2D Gaussian's mass within 0.5σ, from 0.5σ to 1.5σ, and beyond).
 */
const RINGS: readonly (readonly [number, number, number])[] = [
  [0, 1, 1 - Math.exp(-0.125)],
  [1, 8, Math.exp(-0.125) - Math.exp(-1.125)],
  [2, 12, Math.exp(-1.125)],
];

/** Shadows drawn per run at most (the first ones: they are on top). */
export const MAX_TEXT_SHADOWS = 16;

/** One copy of a shadow: offset from the text and the alpha factor of its colour. */
interface ShadowCopy {
  readonly dx: number;
  readonly dy: number;
  readonly alpha: number;
}

/**
 * Pushes the shadows of a piece of text, last shadow first; `draw` paints the text and its
 * decorations moved by (dx, dy) in a colour.
 */
export function paintTextShadows(
  shadows: readonly TextShadow[],
  out: DisplayItem[],
  draw: (dx: number, dy: number, color: TextShadow['color'], out: DisplayItem[]) => void,
): void {
  // Each shadow repeats the run (21 times when blurred) on every line: a long list is cut to
  // its topmost shadows so that a hostile one cannot multiply the page's drawing unbounded.
  for (let i = Math.min(shadows.length, MAX_TEXT_SHADOWS) - 1; i >= 0; i--) {
    const s = shadows[i]!;
    if (s.color.a <= 0) continue;
    for (const copy of shadowCopies(s.blur)) {
      const color = copy.alpha === 1 ? s.color : { r: s.color.r, g: s.color.g, b: s.color.b, a: s.color.a * copy.alpha };
      draw(s.offsetX + copy.dx, s.offsetY + copy.dy, color, out);
    }
  }
}

const SHARP: readonly ShadowCopy[] = [{ dx: 0, dy: 0, alpha: 1 }];

function shadowCopies(blur: number): readonly ShadowCopy[] {
  if (!(blur > 0)) return SHARP;
  const sigma = blur / 2;
  const copies: ShadowCopy[] = [];
  for (const [radius, count, mass] of RINGS) {
    for (let k = 0; k < count; k++) {
      const angle = (2 * Math.PI * k) / count;
      copies.push({ dx: radius * sigma * Math.cos(angle), dy: radius * sigma * Math.sin(angle), alpha: mass / count });
    }
  }
  return copies;
}
