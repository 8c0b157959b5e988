// Overly long var() substitutions (css-variables-1 §3.3 "Safely Handling Overly-Long
// Variables", css-values-5 §long-substitution): a value whose expansion passes the UA limit is
// invalid at computed-value time, so doubling references cannot build a gigabyte string.
import { describe, expect, it } from 'vitest';
import { MAX_SUBSTITUTION_LENGTH } from '../../src/css/values/var.js';
import { style, styleOf } from './helpers.js';

const HTML = '<div id="d"><p id="t">x</p></div>';

/** `--v0: x; --v1: var(--v0) var(--v0); …`: --vN expands to 2^N tokens. */
function doubling(levels: number): string {
  let css = '--v0: x;';
  for (let i = 1; i <= levels; i++) css += ` --v${i}: var(--v${i - 1}) var(--v${i - 1});`;
  return css;
}

// --vN is 2^(N+1) - 1 characters: the first level past the limit.
const FIRST_TOO_LONG = Math.ceil(Math.log2(MAX_SUBSTITUTION_LENGTH + 2)) - 1;

describe('long substitutions', () => {
  it('a 30-level doubling makes the property invalid at computed-value time, with a warning naming where', () => {
    const doc = style(HTML, `:root { ${doubling(30)} } #d { font-family: serif } #t { font-family: var(--v30) }`);
    // unset on an inherited property = inherit.
    expect(styleOf(doc, 't').fontFamily).toEqual(['serif']);
    const warning = doc.warnings.find((w) => w.includes('too long'));
    expect(warning).toContain(`'--v${FIRST_TOO_LONG}'`);
    // The custom properties past the limit are invalid; those under it keep their value.
    expect(doc.warnings.filter((w) => w.includes('too long'))).toHaveLength(1);
  });

  it('a property whose own expansion passes the limit is unset and named in the warning', () => {
    const under = FIRST_TOO_LONG - 1;
    const doc = style(HTML, `:root { ${doubling(under)} } #d { font-family: serif } #t { font-family: var(--v${under}) var(--v${under}) }`);
    expect(styleOf(doc, 't').fontFamily).toEqual(['serif']);
    expect(doc.warnings.some((w) => w.includes("'font-family'") && w.includes('too long'))).toBe(true);
  });

  it('a value just under the limit is substituted', () => {
    const doc = style(HTML, `:root { ${doubling(4)} } #t { font-family: var(--v4) }`);
    expect(styleOf(doc, 't').fontFamily).toHaveLength(1);
    expect(styleOf(doc, 't').fontFamily[0]).toBe(Array(16).fill('x').join(' '));
    expect(doc.warnings).toEqual([]);
  });

  it('the warning is given once, not for every element that computes the same declarations', () => {
    // Nested sections defeat style sharing: each <p> computes its custom properties anew.
    const doc = style(`${'<section><p>x</p>'.repeat(20)}${'</section>'.repeat(20)}`, `p { ${doubling(30)} font-family: var(--v30) }`);
    expect(doc.warnings.filter((w) => w.includes('too long'))).toHaveLength(1);
  });
});
