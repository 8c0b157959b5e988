// Synthesized bold and oblique (css-fonts-4 §8.1 `font-synthesis`): when font matching could
// only find a lighter or an upright face for a bold or italic style, the face is drawn
// emboldened or slanted, as browsers do. Which of the two a run needs depends on its style
// and the face it got; pdf/paint-text.ts draws them.

import type { ComputedStyle } from '../css/types.js';
import type { FontFace } from './types.js';

/** How a run's glyphs are distorted to stand in for a missing bold or italic face. */
export interface SyntheticStyle {
  readonly bold: boolean;
  readonly oblique: boolean;
}

// One object per combination, so runs compare their synthesis by identity.
export const NO_SYNTHESIS: SyntheticStyle = Object.freeze({ bold: false, oblique: false });
const BOLD: SyntheticStyle = Object.freeze({ bold: true, oblique: false });
const OBLIQUE: SyntheticStyle = Object.freeze({ bold: false, oblique: true });
const BOLD_OBLIQUE: SyntheticStyle = Object.freeze({ bold: true, oblique: true });

/** Weights from this one up ask for a bold face (css-fonts-4 §8.1: "bold" is 600 and up). */
const BOLD_WEIGHT = 600;
/** A face at or below this weight is not bold, so bold is synthesized over it (as Blink does). */
const MAX_NON_BOLD_FACE_WEIGHT = 500;

/** The synthesis `style`'s text needs when drawn with `face`. */
export function syntheticStyleOf(style: ComputedStyle, face: FontFace): SyntheticStyle {
  const bold = style.fontSynthesis.weight && style.fontWeight >= BOLD_WEIGHT && face.weight <= MAX_NON_BOLD_FACE_WEIGHT;
  const oblique = style.fontSynthesis.style && style.fontStyle !== 'normal' && face.style === 'normal';
  return bold ? (oblique ? BOLD_OBLIQUE : BOLD) : oblique ? OBLIQUE : NO_SYNTHESIS;
}

/**
 * The horizontal skew of a synthesized oblique: Skia's fake italic (SkFont skewX −¼ in
 * y-down space, which Chromium's PDF backend writes into the text matrix), about 14°.
 */
export const OBLIQUE_SKEW = 0.25;

/**
 * Stroke width of a synthesized bold, pt, for glyphs `size` pt high: Skia's fake bold
 * outsets outlines by a fraction of the text size that falls from 1/24 at 9px to 1/32 at
 * 36px (kStdFakeBoldInterpKeys/Values); a stroke of that width (fill + stroke, render mode 2)
 * is what Skia's PDF backend writes.
 */
export function syntheticBoldStrokeWidth(size: number): number {
  const px = size / 0.75;
  const t = Math.min(1, Math.max(0, (px - 9) / (36 - 9)));
  return size * (1 / 24 + t * (1 / 32 - 1 / 24));
}
