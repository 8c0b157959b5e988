// Breaking text into lines that fit: greedy, at the UAX #14 line-break opportunities, with a
// word longer than a whole line broken between its characters. Each line may have its own
// width (the ruled lines of a textPerLine field differ in length). A line's width is the sum
// of its words' widths, so each word is measured once however often the text is re-wrapped
// (long text tries several sizes).

import { breakOpportunities } from '../text/line-break.js';

/** Measures text, in any unit the widths share (the caller memoizes it). */
export type Measure = (text: string) => number;

/** The lines, and whether text was left out because `maxLines` was reached. */
export interface WrappedText {
  readonly lines: string[];
  readonly overflow: boolean;
}

/** The lines of `text` (hard line breaks kept) where line i is at most `widthOf(i)` wide, at most `maxLines` of them. */
export function wrapText(text: string, widthOf: (line: number) => number, measure: Measure, maxLines = Number.POSITIVE_INFINITY): WrappedText {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|[\r\n\u2028\u2029]/)) {
    if (lines.length >= maxLines) return { lines, overflow: true };
    const first = lines.length;
    const wrapped = wrapParagraph(paragraph, (i) => widthOf(first + i), measure, maxLines - first);
    lines.push(...wrapped.lines);
    if (wrapped.overflow) return { lines, overflow: true };
  }
  return { lines, overflow: false };
}

function wrapParagraph(paragraph: string, widthOf: (line: number) => number, measure: Measure, maxLines: number): WrappedText {
  const lines: string[] = [];
  let line = '';
  let width = 0; // of `line`, trailing spaces included
  for (const word of words(paragraph)) {
    if (line !== '' && width + measure(word.trimEnd()) > widthOf(lines.length)) {
      lines.push(line.trimEnd());
      line = '';
      width = 0;
    }
    if (lines.length >= maxLines) return { lines, overflow: true };
    if (line === '' && measure(word.trimEnd()) > widthOf(lines.length)) {
      // A word wider than the whole line: its characters, as many per line as fit.
      const rest = breakWord(word, widthOf, measure, lines, maxLines);
      if (rest === null) return { lines, overflow: true };
      line = rest;
      width = measure(rest);
      continue;
    }
    line += word;
    width += measure(word);
  }
  if (line !== '' || lines.length === 0) {
    if (lines.length >= maxLines) return { lines, overflow: true };
    lines.push(line.trimEnd());
  }
  return { lines, overflow: false };
}

/**
 * Pushes full lines of the word's characters onto `lines` (each character measured alone, so a
 * long word costs one measure per distinct character); returns what is left for the next
 * line, or null when the word needs more than maxLines (its rest is cut). Every line takes
 * at least one character, so this advances; widthOf is asked only of lines below maxLines.
 */
function breakWord(word: string, widthOf: (line: number) => number, measure: Measure, lines: string[], maxLines: number): string | null {
  const chars = characters(word);
  let line = '';
  let width = 0;
  for (const char of chars) {
    const w = measure(char);
    if (line !== '' && width + w > widthOf(lines.length) && char.trim() !== '') {
      lines.push(line);
      if (lines.length >= maxLines) return null;
      line = '';
      width = 0;
    }
    line += char;
    width += w;
  }
  return line;
}

/** The paragraph cut at its break opportunities: each piece is a word with the spaces after it. */
function words(paragraph: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const { position } of breakOpportunities(paragraph)) {
    if (position > start) pieces.push(paragraph.slice(start, position));
    start = position;
  }
  return pieces;
}

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The user-perceived characters of `text`. */
export function characters(text: string): string[] {
  return [...segmenter.segment(text)].map((s) => s.segment);
}
