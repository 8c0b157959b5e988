// `ex` and `ch` from the fonts themselves (css-values-4 §6.1.1): the x-height (OS/2 sxHeight,
// else the top of the "x" glyph; FontkitFace reads it) and the advance of "0" of the first
// available font. The cascade asks once per distinct (families, weight, style, size); the
// face's own values are read once per face.
import type { FontStyle } from '../css/types.js';
import type { FontUnits, FontUnitsSource } from '../css/values/context.js';
import type { FontRegistry } from './font-registry.js';
import { measureText } from './shape.js';
import type { FontFace } from './types.js';

/** Per face, in em: the x-height and the "0" advance (null when the face has no "0"). */
interface FaceUnits {
  readonly ex: number;
  readonly ch: number | null;
}

/** A FontUnitsSource over `registry`'s faces. */
export function fontUnitsSource(registry: FontRegistry): FontUnitsSource {
  const byFace = new Map<FontFace, FaceUnits>();
  // fontFamily lists are shared between the styles that inherit them: keyed by identity.
  const byFamilies = new WeakMap<readonly string[], Map<string, FaceUnits>>();
  const unitsOf = (families: readonly string[], weight: number, style: FontStyle): FaceUnits => {
    let byTraits = byFamilies.get(families);
    if (byTraits === undefined) {
      byTraits = new Map();
      byFamilies.set(families, byTraits);
    }
    const key = `${weight}${style}`;
    let units = byTraits.get(key);
    if (units === undefined) {
      const face = registry.match({ families, weight, style });
      units = byFace.get(face) ?? faceUnits(face);
      byFace.set(face, units);
      byTraits.set(key, units);
    }
    return units;
  };
  return (families, weight, style, size): FontUnits => {
    const units = unitsOf(families, weight, style);
    // Without a "0" glyph, ch is half an em (css-values-4 §6.1.1).
    return { ex: units.ex * size, ch: (units.ch ?? 0.5) * size };
  };
}

function faceUnits(face: FontFace): FaceUnits {
  const em = face.unitsPerEm;
  return { ex: face.xHeight / em, ch: face.hasGlyph(0x30) ? measureText(face, '0') / em : null };
}
