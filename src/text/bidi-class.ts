// Bidi classes (UAX #9 Table 4) through bidi-js, shared by the cascade (dir=auto) and inline layout.
import bidiModule, { type Bidi } from 'bidi-js';

// The package is CommonJS whose module.exports is the factory, while its types declare an ES
// default export: Node hands over the factory itself, a bundler may wrap it.
const factory = (typeof bidiModule === 'function' ? bidiModule : (bidiModule as unknown as { default: () => Bidi }).default) as () => Bidi;

/** The bidi-js instance (its factory builds the tables once). */
export const bidi: Bidi = factory();

/**
 * Code points of bidi class R or AL, and the explicit right-to-left formatting characters: a
 * text without any lays out left to right in a left-to-right paragraph (a cheap test that
 * spares Latin documents the bidi algorithm). Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan,
 * Mandaic and their presentation forms, and the RTL blocks of the supplementary planes.
 */
export const RTL_TRIGGER = /[\u0590-\u08FF\u200F\u202B\u202E\u2067\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/** The direction of the first strong character of `text` (rules P2–P3), or null when it has none. */
export function firstStrongDirection(text: string): 'ltr' | 'rtl' | null {
  for (const ch of text) {
    const type = bidi.getBidiCharTypeName(ch);
    if (type === 'L') return 'ltr';
    if (type === 'R' || type === 'AL') return 'rtl';
  }
  return null;
}

/**
 * `text` with each character that has a mirrored glyph (brackets, `<>`, `«»`) replaced by its
 * mirror, as text at an odd level is drawn (rule L4); null when nothing changes.
 */
export function mirroredText(text: string): string | null {
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const mirror = bidi.getMirroredCharacter(text[i]!);
    if (mirror === null) continue;
    out += text.slice(copied, i) + mirror;
    copied = i + 1;
  }
  return copied === 0 ? null : out + text.slice(copied);
}
