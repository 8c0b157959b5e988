// The fonts Markdown mode offers by name (spec §4.4 rule 1): Noto Sans (the default), the
// built-in Courier, Helvetica and Times New Roman, and any Google font by exact name. Each
// becomes a CSS font stack ending in the Noto fonts, which supply the glyphs it lacks.
import { isGoogleFontFamily } from '../resources/google-fonts.js';

/** The built-in names; the engine draws them with metric-compatible Cousine, Arimo and Tinos. */
export const BUILT_IN_FONTS: ReadonlySet<string> = new Set(['Noto Sans', 'Courier', 'Helvetica', 'Times New Roman']);

/** The generic family that ends each named font's stack. */
const GENERIC: Readonly<Record<string, string>> = { Courier: 'monospace', 'Times New Roman': 'serif' };

/** True for a name Markdown mode accepts (exact and case-sensitive, like Google's names). */
export function isMarkdownFont(name: string): boolean {
  return BUILT_IN_FONTS.has(name) || isGoogleFontFamily(name);
}

/** The CSS `font-family` value for an accepted name: the font, then the Noto fallbacks. */
export function fontStack(name: string): string {
  const quoted = `"${name.replace(/["\\]/g, '')}"`;
  if (name === 'Noto Sans') return '"Noto Sans", "Noto CJK", sans-serif';
  return `${quoted}, "Noto Sans", "Noto CJK", ${GENERIC[name] ?? 'sans-serif'}`;
}
