// The boolean condition grammar shared by @media and @supports (mediaqueries-4 §3,
// css-conditional-3 §6): `not C`, `C and C…`, `C or C…`, each C in parentheses. Recursive,
// one level per parenthesis: the nesting is bounded first.
import { nestsTooDeeply } from './values/components.js';

/** Tests one parenthesized leaf (its inner text), e.g. `min-width: 600px` or `display: grid`. */
export type LeafTest = (inner: string) => boolean;

/** Evaluates a condition; malformed text is false, and so is text nested too deeply to recurse on. */
export function evaluateCondition(text: string, leaf: LeafTest): boolean {
  return !nestsTooDeeply(text) && evaluate(text, leaf);
}

function evaluate(text: string, leaf: LeafTest): boolean {
  const t = text.trim();
  if (/^not[\s(]/i.test(t)) return !evaluate(t.slice(3), leaf);
  const split = splitConnectives(t);
  if (split === null) return false;
  const values = split.terms.map((term) => termMatches(term, leaf));
  return split.connective === 'or' ? values.some(Boolean) : values.every(Boolean);
}

function termMatches(inner: string, leaf: LeafTest): boolean {
  const t = inner.trim();
  if (t.startsWith('(') || /^not[\s(]/i.test(t)) return evaluate(t, leaf);
  return leaf(t);
}

function splitConnectives(text: string): { terms: string[]; connective: 'and' | 'or' } | null {
  const terms: string[] = [];
  let connective: 'and' | 'or' | null = null;
  let i = 0;
  while (i < text.length) {
    // A function test such as @supports `selector(…)` is a term of its own, passed whole.
    const fn = text[i] === '(' ? 0 : (/^[a-z-]+(?=\()/i.exec(text.slice(i, i + 32))?.[0].length ?? -1);
    if (fn < 0) return null;
    const close = matchingParen(text, i + fn);
    if (close < 0) return null;
    terms.push(fn === 0 ? text.slice(i + 1, close) : text.slice(i, close + 1));
    const after = text.slice(close + 1).trimStart();
    if (after === '') break;
    const word = /^(and|or)\b/i.exec(after)?.[1]?.toLowerCase() as 'and' | 'or' | undefined;
    if (word === undefined || (connective !== null && connective !== word)) return null;
    connective = word;
    const next = after.slice(word.length).trimStart();
    i = text.length - next.length;
  }
  return terms.length === 0 ? null : { terms, connective: connective ?? 'and' };
}

/** Index of the `)` matching the `(` at `open`, or -1. */
export function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}
