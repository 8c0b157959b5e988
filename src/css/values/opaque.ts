// What every scan of raw CSS text steps over without looking inside: strings, escapes,
// comments and unquoted url()s (css-syntax-3 §4.3). A `var(`, a parenthesis, a brace or a
// comment opening inside one of them is none, for the var() scanner, the nesting guards of
// values and of whole sheets alike.

const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const STAR = 0x2a;
const LF = 0x0a;

/**
 * Index just past the string, escape, comment or unquoted url() starting at `i`, or `i` itself
 * when none starts there. What it steps over is opaque to every scan here: a `var(`, parenthesis
 * or comment opening inside a string or an unquoted url() (a url token, css-syntax-3 §4.3.6), or
 * an escaped `(`, is not one. An unclosed string, comment or url() runs to the end.
 */
export function skipOpaque(text: string, i: number): number {
  const ch = text.charCodeAt(i);
  if (ch === QUOTE || ch === APOSTROPHE) return skipString(text, i);
  if (ch === BACKSLASH) return Math.min(text.length, i + 2);
  if (ch === SLASH && text.charCodeAt(i + 1) === STAR) {
    const end = text.indexOf('*/', i + 2);
    return end < 0 ? text.length : end + 2;
  }
  if ((ch === 0x75 || ch === 0x55) && isFunctionStart(text, i, 'url')) return skipUnquotedUrl(text, i);
  return i;
}

/**
 * Index just past the unquoted url() starting at `start` (at its `u`), up to its first
 * unescaped `)`, the way a url token or bad url ends; `start` when the argument is quoted (a
 * url() function, whose string skipString steps over).
 */
function skipUnquotedUrl(text: string, start: number): number {
  const argument = skipWhitespace(text, start + 4);
  const ch = text.charCodeAt(argument);
  if (ch === QUOTE || ch === APOSTROPHE) return start;
  let i = argument;
  while (i < text.length && text.charCodeAt(i) !== 0x29) i += text.charCodeAt(i) === BACKSLASH ? 2 : 1;
  return Math.min(text.length, i + 1);
}

/** Index just past the string starting at `start` (a quote); a newline ends it too, unconsumed (a bad string). */
function skipString(text: string, start: number): number {
  const quote = text.charCodeAt(start);
  let i = start + 1;
  while (i < text.length) {
    const ch = text.charCodeAt(i);
    if (ch === quote) return i + 1;
    if (ch === LF) return i;
    i += ch === BACKSLASH ? 2 : 1;
  }
  return text.length;
}


/** True if `name(` (lower-case `name`, matched case-insensitively) starts at `i`, not within a longer name. */
export function isFunctionStart(text: string, i: number, name: string): boolean {
  if (text.charCodeAt(i + name.length) !== 0x28 || text.slice(i, i + name.length).toLowerCase() !== name) return false;
  return i === 0 || !/[\w-]/.test(text[i - 1]!);
}

export function skipWhitespace(text: string, start: number): number {
  let i = start;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

/**
 * Visits the code units of text[from, end) that are syntax (outside strings, comments, escapes
 * and unquoted url()s) until `visit` returns true; the index where it did, or `end`.
 */
export function findSyntax(text: string, from: number, end: number, visit: (ch: number, i: number) => boolean): number {
  let i = from;
  while (i < end) {
    const skipped = skipOpaque(text, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    if (visit(text.charCodeAt(i), i)) return i;
    i++;
  }
  return end;
}
