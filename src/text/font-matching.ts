// Choosing one face from a family's faces: the font-style then font-weight steps of the CSS
// font matching algorithm (CSS Fonts 3 §5.2 step 4, with the CSS Fonts 4 §5.2 weight rule,
// which agrees with Fonts 3 on the nine standard weights and also orders 450 or 550).

import type { FontStyle } from '../css/types.js';

/** What matching needs to know of a face. */
export interface FaceTraits {
  readonly weight: number;
  readonly style: 'normal' | 'italic';
}

/** The face of `faces` that best matches the style and weight, or undefined if there are none. */
export function selectFace<T extends FaceTraits>(faces: readonly T[], style: FontStyle, weight: number): T | undefined {
  const styled = facesOfBestStyle(faces, style);
  if (styled.length === 0) return undefined;
  const chosen = selectWeight(
    styled.map((face) => face.weight),
    weight,
  );
  return styled.find((face) => face.weight === chosen);
}

/**
 * CSS Fonts 3 §5.2 step 4a: italic tries italic, then oblique, then normal faces; oblique
 * tries oblique, italic, normal; normal tries normal, oblique, italic. Our faces are either
 * normal or italic (obliques register as italic), so the orders collapse to two.
 */
function facesOfBestStyle<T extends FaceTraits>(faces: readonly T[], style: FontStyle): T[] {
  const order: readonly ('normal' | 'italic')[] = style === 'normal' ? ['normal', 'italic'] : ['italic', 'normal'];
  for (const wanted of order) {
    const matching = faces.filter((face) => face.style === wanted);
    if (matching.length > 0) return matching;
  }
  return [];
}

/**
 * CSS Fonts 4 §5.2 step 4b: an exact weight wins. For a desired weight in 400..500, heavier
 * weights up to 500 are tried (ascending), then lighter (descending), then heavier than 500.
 * Below 400: lighter descending, then heavier ascending. Above 500: heavier ascending, then
 * lighter descending.
 */
export function selectWeight(available: readonly number[], desired: number): number | undefined {
  const ascending = [...new Set(available)].sort((a, b) => a - b);
  if (ascending.includes(desired)) return desired;
  const lighter = ascending.filter((w) => w < desired).reverse();
  const heavier = ascending.filter((w) => w > desired);
  if (desired >= 400 && desired <= 500) {
    const upTo500 = heavier.filter((w) => w <= 500);
    const beyond500 = heavier.filter((w) => w > 500);
    return upTo500[0] ?? lighter[0] ?? beyond500[0];
  }
  if (desired < 400) return lighter[0] ?? heavier[0];
  return heavier[0] ?? lighter[0];
}
