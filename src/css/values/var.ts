// var() substitution (css-variables-1 §3): replaces each `var(--name, fallback)` in a value's
// text by the custom property's computed text. Works on text, not tokens, because custom
// properties are raw token strings until a property parses the substituted result.

/** Looks a custom property up; undefined when it has the guaranteed-invalid value. */
export type CustomLookup = (name: string) => string | undefined;

const VAR_PATTERN = /var\(/i;

/** True if the text has a var() reference (cheap test before substitution). */
export function containsVar(text: string): boolean {
  return VAR_PATTERN.test(text);
}

/**
 * Substitutes every var() in `text`. Returns null when a reference has no value and no
 * fallback: the declaration is then invalid at computed-value time (css-variables-1 §3.1).
 */
export function substituteVars(text: string, lookup: CustomLookup): string | null {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      const end = skipString(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (isVarStart(text, i)) {
      const close = matchingParen(text, i + 3);
      if (close < 0) return null;
      const replaced = resolveReference(text.slice(i + 4, close), lookup);
      if (replaced === null) return null;
      out += replaced;
      i = close + 1;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

function isVarStart(text: string, i: number): boolean {
  if (text.slice(i, i + 4).toLowerCase() !== 'var(') return false;
  return i === 0 || !/[\w-]/.test(text[i - 1]!);
}

function resolveReference(inner: string, lookup: CustomLookup): string | null {
  const comma = topLevelComma(inner);
  const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
  if (!name.startsWith('--')) return null;
  const value = lookup(name);
  if (value !== undefined) return value;
  if (comma < 0) return null;
  return substituteVars(inner.slice(comma + 1).trim(), lookup);
}

/** Index just past the string starting at `start` (a quote). */
function skipString(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === '\\' ? 2 : 1;
  return Math.min(text.length, i + 1);
}

/** Index of the `)` matching the `(` at `open`, or -1. */
function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' || ch === "'") i = skipString(text, i) - 1;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return -1;
}

function topLevelComma(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' || ch === "'") i = skipString(text, i) - 1;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) return i;
  }
  return -1;
}

/** Removes comments and trims, the way a custom property's value is stored. */
export function normalizeRawValue(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').trim();
}
