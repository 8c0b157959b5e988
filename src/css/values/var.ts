// var() substitution (css-variables-1 §3): replaces each `var(--name, fallback)` in a value's
// text by the custom property's computed text. Works on text, not tokens, because custom
// properties are raw token strings until a property parses the substituted result.
//
// One left-to-right pass, without recursion: a fallback being substituted is scanned in place
// and its var()'s closing parenthesis dropped when reached, so 10,000 nested fallbacks cost
// what their text does. The result's length is bounded (css-variables-1 §3.3).
import { isFunctionStart, skipOpaque, skipWhitespace } from './opaque.js';

/** Looks a custom property up; undefined when it has the guaranteed-invalid value. */
export type CustomLookup = (name: string) => string | undefined;

/**
 * The longest substitution result, in characters: longer is invalid at computed-value time
 * (css-variables-1 §3.3 "Safely Handling Overly-Long Variables"). Blink's kMaxVariableBytes and
 * Firefox's limit are the same 2 MiB. Without it `--v1: var(--v0) var(--v0)` and so on 30
 * times would expand to gigabytes.
 */
export const MAX_SUBSTITUTION_LENGTH = 2 * 1024 * 1024;

/** Why a substitution has no result. */
export type SubstitutionFailure = typeof MISSING | typeof TOO_LONG;
/** A reference to a guaranteed-invalid variable without fallback, or a malformed var(). */
export const MISSING = Object.freeze({ failure: 'missing' as const });
/** The result would be longer than MAX_SUBSTITUTION_LENGTH. */
export const TOO_LONG = Object.freeze({ failure: 'too-long' as const });

const VAR_PATTERN = /var\(/i;

/** True if the text has a var() reference (cheap test before substitution). */
export function containsVar(text: string): boolean {
  return VAR_PATTERN.test(text);
}

/**
 * Substitutes every var() in `text`. Fails with MISSING when a reference has no value and no
 * fallback, and with TOO_LONG past the length limit: either way the declaration is invalid at
 * computed-value time (css-variables-1 §3.1, §3.3).
 */
export function substituteVars(text: string, lookup: CustomLookup): string | SubstitutionFailure {
  const close = closingParens(text);
  const parts: string[] = [];
  let length = 0;
  const push = (part: string): boolean => {
    if (part.length === 0) return true;
    parts.push(part);
    length += part.length;
    return length <= MAX_SUBSTITUTION_LENGTH;
  };
  // The closing parentheses of the var()s whose fallback is being substituted, innermost last.
  const fallbackEnds: number[] = [];
  let from = 0; // start of the text not yet copied
  let i = 0;
  let skipped: number;
  while (i < text.length) {
    const ch = text.charCodeAt(i);
    if (i === fallbackEnds[fallbackEnds.length - 1]) {
      // A fallback is trimmed (css-variables-1 §3: its leading and trailing whitespace goes).
      if (!push(text.slice(from, i).trimEnd())) return TOO_LONG;
      fallbackEnds.pop();
      from = ++i;
    } else if ((skipped = skipOpaque(text, i)) !== i) {
      if (ch === SLASH) {
        // A comment is dropped.
        if (!push(text.slice(from, i))) return TOO_LONG;
        from = skipped;
      }
      i = skipped;
    } else if (isVarStart(text, i)) {
      if (!push(text.slice(from, i))) return TOO_LONG;
      const end = close[i + 3]!;
      const ref = reference(text, i + 4, end);
      if (ref === null) return MISSING;
      const value = lookup(ref.name);
      if (value !== undefined) {
        if (!push(value)) return TOO_LONG;
        i = end + 1;
      } else if (ref.fallback < 0) {
        return MISSING;
      } else {
        fallbackEnds.push(end);
        i = skipWhitespace(text, ref.fallback);
      }
      from = i;
    } else {
      i++;
    }
  }
  if (!push(text.slice(from))) return TOO_LONG;
  return parts.join('');
}

/**
 * The custom properties `text` references, fallbacks included (the dependency edges of
 * css-variables-1 §2.3), in one linear scan.
 */
export function referencedNames(text: string): string[] {
  const names: string[] = [];
  let i = 0;
  while (i < text.length) {
    const skipped = skipOpaque(text, i);
    if (skipped !== i) i = skipped;
    else if (isVarStart(text, i)) {
      const start = skipWhitespace(text, i + 4);
      const end = nameEnd(text, start);
      if (text.startsWith('--', start)) names.push(text.slice(start, end));
      i = end;
    } else i++;
  }
  return names;
}

const BACKSLASH = 0x5c;
const SLASH = 0x2f;

function isVarStart(text: string, i: number): boolean {
  const ch = text.charCodeAt(i);
  return (ch === 0x76 || ch === 0x56) && isFunctionStart(text, i, 'var'); // v or V
}

/**
 * The parts of a var() whose arguments run from `start` to its `)` at `end`: the name, and
 * where the fallback starts (-1 without one). Null when it is not `var(<name> [, …]?)`.
 */
function reference(text: string, start: number, end: number): { name: string; fallback: number } | null {
  if (end < 0) return null;
  const nameStart = skipWhitespace(text, start);
  const nameStop = nameEnd(text, nameStart);
  if (!text.startsWith('--', nameStart) || nameStop > end) return null;
  const after = skipWhitespace(text, nameStop);
  if (after === end) return { name: text.slice(nameStart, nameStop), fallback: -1 };
  if (text.charCodeAt(after) !== 0x2c) return null; // ,
  return { name: text.slice(nameStart, nameStop), fallback: after + 1 };
}

function nameEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length && !/[\s,()/]/.test(text[i]!)) i += text.charCodeAt(i) === BACKSLASH ? 2 : 1;
  return Math.min(i, text.length);
}

/**
 * For each `(` of the text, the index of its matching `)` (-1 when unclosed); other entries
 * unused. One pass with a stack, instead of a scan per var().
 */
function closingParens(text: string): Int32Array {
  const close = new Int32Array(text.length).fill(-1);
  const open: number[] = [];
  let i = 0;
  while (i < text.length) {
    const skipped = skipOpaque(text, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const ch = text.charCodeAt(i);
    if (ch === 0x28) open.push(i);
    else if (ch === 0x29 && open.length > 0) close[open.pop()!] = i;
    i++;
  }
  return close;
}

/**
 * Removes comments and trims, the way a declaration's value is stored. A comment's opening
 * inside a string is text, not a comment: a quoted font name or `content` string holding a
 * whole comment keeps it.
 */
export function normalizeRawValue(text: string): string {
  if (!text.includes('/*')) return text.trim();
  const parts: string[] = [];
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const skipped = skipOpaque(text, i);
    if (skipped === i) i++;
    else {
      if (text.charCodeAt(i) === SLASH) {
        parts.push(text.slice(from, i));
        from = skipped;
      }
      i = skipped;
    }
  }
  parts.push(text.slice(from));
  return parts.join('').trim();
}
