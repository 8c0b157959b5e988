// The spaces between words that justification and word-spacing act on, by the text a glyph
// stands for: shaping counts them once per word, layout and paint ask per glyph.

/** Spaces that take justification (CSS Text 3 §7.3 word separators). */
export function isJustifiableSpace(text: string): boolean {
  return text === ' ' || text === '\u3000';
}

/** Spaces that take word-spacing (CSS Text 3 §8.1). */
export function isWordSeparator(text: string): boolean {
  return text === ' ' || text === '\u00A0';
}
