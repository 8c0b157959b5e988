// @supports (css-conditional-3 §6): a `(property: value)` test passes when this engine would
// accept the declaration, a `selector(…)` test (css-conditional-4 §6.1) when it would accept
// the selector; other function tests fail.
import { evaluateCondition } from './condition.js';
import { expandDeclaration } from './declarations.js';
import { compileSelectorText } from './selectors/parse.js';

/** True if the @supports condition holds for this engine. */
export function supportsCondition(text: string): boolean {
  return evaluateCondition(text, supportsTest);
}

function supportsTest(inner: string): boolean {
  const selector = /^selector\(([^]*)\)$/i.exec(inner);
  return selector === null ? declarationSupported(inner) : compileSelectorText(selector[1]!) !== null;
}

function declarationSupported(inner: string): boolean {
  const colon = inner.indexOf(':');
  if (colon <= 0) return false;
  let problems = 0;
  const expanded = expandDeclaration(
    { property: inner.slice(0, colon).trim(), value: inner.slice(colon + 1), important: false },
    () => problems++,
  );
  return expanded.length > 0 && problems === 0;
}
