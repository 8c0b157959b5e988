// Blocks nested thousands deep in a style sheet (css-syntax-3 §5.4.8 "consume a simple
// block"): css-tree and the @media/@supports condition evaluator recurse once per level, so
// such a rule is dropped with a warning before either sees it, and the rest of the sheet applies.
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/dom/parse.js';
import { styleDocument } from '../../src/css/index.js';
import { MAX_BLOCK_NESTING } from '../../src/css/block-nesting.js';
import { MAX_VALUE_NESTING } from '../../src/css/values/components.js';
import { px, style, styleOf } from './helpers.js';

const P = '<p id="t">x</p>';
const DEEP = 20_000;

/** Styles P with `deep` between a rule setting width and one setting height. */
function around(deep: string) {
  const doc = style(P, `p { width: 5px }\n${deep}\np { height: 7px }`);
  return { t: styleOf(doc, 't'), warnings: doc.warnings };
}

describe('block nesting', () => {
  it.each([
    ['@media blocks', `${'@media print { '.repeat(DEEP)} p { color: red } ${'}'.repeat(DEEP)}`],
    ['@supports blocks', `${'@supports (display: block) { '.repeat(DEEP)} p { color: red } ${'}'.repeat(DEEP)}`],
    [':is() selectors', `${':is('.repeat(DEEP)}p${')'.repeat(DEEP)} { color: red }`],
    [':not() selectors', `${':not('.repeat(DEEP)}p${')'.repeat(DEEP)} { color: red }`],
    ['@media conditions', `@media ${'('.repeat(DEEP)}print${')'.repeat(DEEP)} { p { color: red } }`],
    ['@supports conditions', `@supports ${'not ('.repeat(DEEP)}display: block${')'.repeat(DEEP)} { p { color: red } }`],
    ['a value', `p { color: ${'('.repeat(DEEP)}${')'.repeat(DEEP)} }`],
  ])('%s nested 20,000 deep: the rule is dropped with a warning, the others apply', (_, deep) => {
    const { t, warnings } = around(deep);
    expect(t.width).toEqual({ abs: px(5), pct: 0 });
    expect(t.height).toEqual({ abs: px(7), pct: 0 });
    expect(t.color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    expect(warnings.some((w) => w.includes('line 2') && w.includes('nested'))).toBe(true);
    expect(Math.max(...warnings.map((w) => w.length))).toBeLessThan(500);
  });

  it(`${MAX_BLOCK_NESTING} levels of @media still apply`, () => {
    const n = MAX_BLOCK_NESTING - 1;
    const { t, warnings } = around(`${'@media print { '.repeat(n)} p { color: red } ${'}'.repeat(n)}`);
    expect(t.color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(warnings).toEqual([]);
  });

  it('an @media or @supports condition nested past the value limit is false, with a warning', () => {
    const parens = (inner: string) => `${'('.repeat(MAX_VALUE_NESTING + 50)}${inner}${')'.repeat(MAX_VALUE_NESTING + 50)}`;
    for (const rule of [`@media ${parens('print')} { p { color: red } }`, `@supports ${parens('display: block')} { p { color: red } }`]) {
      const { t, warnings } = around(rule);
      expect(t.color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
      expect(t.height).toEqual({ abs: px(7), pct: 0 });
      expect(warnings.some((w) => w.includes('line 2') && w.includes('nested'))).toBe(true);
    }
  });

  it('line numbers of later warnings are kept', () => {
    const doc = style(P, `${'@media print {\n'.repeat(DEEP)}${'}'.repeat(DEEP)}\np { colr: red }`);
    expect(doc.warnings.some((w) => w.includes(`line ${DEEP + 2}`) && w.includes("'colr'"))).toBe(true);
  });

  it('an unclosed deep block drops what follows it, as it would swallow it anyway', () => {
    const { t } = around(`p { color: red } ${'@media print { '.repeat(DEEP)}`);
    expect(t.width).toEqual({ abs: px(5), pct: 0 });
    expect(t.color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
  });

  it('in a style attribute, only the deep declaration is dropped', () => {
    const doc = style(`<p id="t" style="width: 5px; color: ${'('.repeat(DEEP)}${')'.repeat(DEEP)}; height: 7px">x</p>`);
    expect(styleOf(doc, 't').width).toEqual({ abs: px(5), pct: 0 });
    expect(styleOf(doc, 't').height).toEqual({ abs: px(7), pct: 0 });
  });

  it('a <style media> query nested too deeply does not apply', () => {
    const html = `<style media="${'('.repeat(DEEP)}print${')'.repeat(DEEP)}">p { color: red }</style>${P}`;
    const doc = styleDocument(parseHtml(html), { authorCss: [] });
    expect(styleOf(doc, 't').color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
  });
});
