// Math functions (css-values-4 §10) at sizes that break recursive parsers: a calc() of
// 100,000 terms is evaluated without recursion; nesting of functions and parentheses in a
// value is bounded (as Blink bounds math expressions), past which the declaration is invalid.
import { describe, expect, it } from 'vitest';
import { MAX_VALUE_NESTING } from '../../src/css/values/components.js';
import { computed, px, style, styleOf } from './helpers.js';

const P = '<p id="t">x</p>';

/** `calc(1px + calc(1px + … 1px))`, `depth` calc()s deep. */
const nestedCalc = (depth: number) => `${'calc(1px + '.repeat(depth)}1px${')'.repeat(depth)}`;

describe('math function limits', () => {
  it('a calc() of 100,000 terms', () => {
    const terms = Array.from({ length: 100_000 }, (_, i) => (i % 2 === 0 ? '2px' : '1px')).join(' + ');
    expect(computed(P, `p { width: calc(${terms}) }`).width).toEqual({ abs: px(150_000), pct: 0 });
  });

  it('long sums and products keep their operators', () => {
    const sum = Array.from({ length: 50_000 }, () => '3px - 1px').join(' + ');
    expect(computed(P, `p { width: calc(${sum}) }`).width).toEqual({ abs: px(100_000), pct: 0 });
    const product = `calc(1px${' * 2 / 2'.repeat(20_000)} * 3)`;
    expect(computed(P, `p { width: ${product} }`).width).toEqual({ abs: px(3), pct: 0 });
  });

  it(`calc() nested ${MAX_VALUE_NESTING} deep is evaluated`, () => {
    expect(computed(P, `p { width: ${nestedCalc(MAX_VALUE_NESTING)} }`).width).toEqual({ abs: px(MAX_VALUE_NESTING + 1), pct: 0 });
  });

  it('calc() nested deeper is invalid, with a warning, and the earlier declaration applies', () => {
    const doc = style(P, `p { width: 9px; width: ${nestedCalc(MAX_VALUE_NESTING + 1)} }`);
    expect(styleOf(doc, 't').width).toEqual({ abs: px(9), pct: 0 });
    expect(doc.warnings.some((w) => w.includes("'width'") && w.includes('nested'))).toBe(true);
  });

  it('parentheses nested past the limit are invalid too', () => {
    const depth = MAX_VALUE_NESTING + 50;
    const doc = style(P, `p { width: 9px; width: calc(${'('.repeat(depth)}1px${')'.repeat(depth)}) }`);
    expect(styleOf(doc, 't').width).toEqual({ abs: px(9), pct: 0 });
    expect(doc.warnings.some((w) => w.includes("'width'") && w.includes('nested'))).toBe(true);
  });

  it('nesting thousands deep drops the rule before it is parsed (block-nesting.ts), the other rules apply', () => {
    for (const depth of [5_000, 50_000]) {
      const doc = style(P, `p { width: 9px } p { width: ${nestedCalc(depth)} }`);
      expect(styleOf(doc, 't').width).toEqual({ abs: px(9), pct: 0 });
      expect(doc.warnings.some((w) => w.includes('nested'))).toBe(true);
    }
  });

  it('a too-deep value arriving through var() is invalid at computed-value time', () => {
    const doc = style('<div><p id="t">x</p></div>', `div { width: 9px } p { --w: ${nestedCalc(MAX_VALUE_NESTING + 50)}; width: 1px; width: var(--w) }`);
    expect(styleOf(doc, 't').width).toBe('auto');
  });

  it('warnings quote a long value only in part', () => {
    const doc = style(P, `p { width: ${nestedCalc(50_000)} }`);
    expect(Math.max(...doc.warnings.map((w) => w.length))).toBeLessThan(500);
  });
});
