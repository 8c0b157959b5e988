// The custom property dependency graph (css-variables-1 §2.3) at sizes a recursive resolver
// cannot take: long chains in either declaration order, long cycles and deeply nested var()
// fallbacks resolve without overflowing the stack.
import { describe, expect, it } from 'vitest';
import { MAX_BLOCK_NESTING } from '../../src/css/block-nesting.js';
import { substituteVars } from '../../src/css/values/var.js';
import { computed, px, style, styleOf } from './helpers.js';

const P = '<p id="t">x</p>';
const N = 10_000;

/** `var(--x0, var(--x1, … last))`, `depth` deep. */
const nestedFallbacks = (depth: number, last: string) => `${Array.from({ length: depth }, (_, i) => `var(--x${i}, `).join('')}${last}${')'.repeat(depth)}`;

describe('custom property dependencies', () => {
  it('a chain of 10,000 references declared after what they reference', () => {
    let css = '--v0: 10px;';
    for (let i = 1; i <= N; i++) css += `--v${i}: var(--v${i - 1});`;
    expect(computed(P, `p { ${css} width: var(--v${N}) }`).width).toEqual({ abs: px(10), pct: 0 });
  });

  it('a chain of 10,000 references declared before what they reference', () => {
    let css = '';
    for (let i = 0; i < N; i++) css += `--v${i}: var(--v${i + 1});`;
    expect(computed(P, `p { ${css} --v${N}: 10px; width: var(--v0) }`).width).toEqual({ abs: px(10), pct: 0 });
  });

  it('a cycle of 10,000 makes every member invalid at computed-value time', () => {
    let css = '';
    for (let i = 0; i < N; i++) css += `--v${i}: var(--v${(i + 1) % N});`;
    const t = computed(P, `p { ${css} width: var(--v0, 3px); height: var(--v${N / 2}, 4px) }`);
    expect(t.width).toEqual({ abs: px(3), pct: 0 });
    expect(t.height).toEqual({ abs: px(4), pct: 0 });
  });

  it('a reference in a fallback is a dependency too (§2.3), even when the fallback is not used', () => {
    const doc = style('<div id="d"><p id="t">x</p></div>', '#d { color: green } #t { --b: red; --a: var(--b, var(--a)); color: var(--a) }');
    expect(styleOf(doc, 't').color).toEqual({ r: 0, g: 128, b: 0, a: 1 });
  });

  it('members of a cycle are invalid; what references them without a fallback too, but is not in the cycle', () => {
    // --c references the cycle and is invalid; --d falls back from --c and is valid.
    const t = computed(P, 'p { --a: var(--b); --b: var(--a); --c: var(--a); --d: var(--c, 1px); width: var(--d, 2px); height: var(--c, 3px) }');
    expect(t.width).toEqual({ abs: px(1), pct: 0 });
    expect(t.height).toEqual({ abs: px(3), pct: 0 });
  });

  it('nested var() fallbacks in a property and in a custom property', () => {
    // Style sheets nest at most MAX_BLOCK_NESTING deep (block-nesting.ts).
    const depth = MAX_BLOCK_NESTING - 10;
    const t = computed(P, `p { --f: ${nestedFallbacks(depth, '6px')}; width: ${nestedFallbacks(depth, '7px')}; height: var(--f) }`);
    expect(t.width).toEqual({ abs: px(7), pct: 0 });
    expect(t.height).toEqual({ abs: px(6), pct: 0 });
  });

  it('substitution takes 100,000 nested fallbacks without recursing', () => {
    expect(substituteVars(nestedFallbacks(100_000, '7px'), () => undefined)).toBe('7px');
    expect(substituteVars(nestedFallbacks(100_000, '7px'), (name) => (name === '--x50000' ? '1px' : undefined))).toBe('1px');
  });

  it('fallbacks are trimmed, and a used reference skips its fallback', () => {
    const t = computed(P, 'p { --w: 5px; width: var(--none,   var(--w, 1px)   ); height: var( --w ,2px) }');
    expect(t.width).toEqual({ abs: px(5), pct: 0 });
    expect(t.height).toEqual({ abs: px(5), pct: 0 });
  });
});
