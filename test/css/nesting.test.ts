// CSS nesting (css-nesting-1): nested style rules with and without `&`, nested group rules,
// selector lists at each level, specificity, and declarations after nested rules.
import { describe, expect, it } from 'vitest';
import { byId, computed, rgb, style, styleOf } from './helpers.js';

const RED = rgb(255, 0, 0);
const GREEN = rgb(0, 128, 0);
const BLUE = rgb(0, 0, 255);

describe('nested style rules', () => {
  it('a nested rule without & is a descendant of its parent', () => {
    const doc = style('<div class="a"><p id="in">x</p></div><p id="out">y</p>', '.a { color: red; p { color: green } }');
    expect(styleOf(doc, 'in').color).toEqual(GREEN);
    expect(styleOf(doc, 'out').color).not.toEqual(GREEN);
  });

  it('a nested rule starting with an identifier and a pseudo-class is a rule, not a declaration', () => {
    const doc = style('<div class="a"><p id="t" class="b">x</p></div>', '.a { p:first-child { color: green } .b { font-style: italic } }');
    expect(styleOf(doc, 't').color).toEqual(GREEN);
    expect(styleOf(doc, 't').fontStyle).toBe('italic');
  });

  it('& compounds with the parent, & + & joins siblings, .c & puts the parent inside', () => {
    const html = '<div class="c"><p class="a x" id="p1">1</p><p class="a" id="p2">2</p></div><p class="a" id="p3">3</p>';
    const doc = style(html, '.a { &.x { color: red } & + & { color: green } .c & { font-style: italic } }');
    expect(styleOf(doc, 'p1').color).toEqual(RED);
    expect(styleOf(doc, 'p2').color).toEqual(GREEN);
    expect(styleOf(doc, 'p1').fontStyle).toBe('italic');
    expect(styleOf(doc, 'p3').fontStyle).toBe('normal');
  });

  it('a leading combinator is relative to the parent', () => {
    const doc = style('<div class="a"><p id="child">x</p><section><p id="grand">y</p></section></div>', '.a { > p { color: green } }');
    expect(styleOf(doc, 'child').color).toEqual(GREEN);
    expect(styleOf(doc, 'grand').color).not.toEqual(GREEN);
  });

  it('selector lists nest as :is() of each level (the cartesian product)', () => {
    const html = '<div class="a"><p class="c" id="ac">1</p></div><div class="b"><p class="d" id="bd">2</p></div><p class="c" id="c">3</p>';
    const doc = style(html, '.a, .b { .c, .d { color: green } }');
    expect(styleOf(doc, 'ac').color).toEqual(GREEN);
    expect(styleOf(doc, 'bd').color).toEqual(GREEN);
    expect(styleOf(doc, 'c').color).not.toEqual(GREEN);
  });

  it('three levels deep', () => {
    const doc = style('<div class="a"><div class="b"><p class="c" id="t">x</p></div></div><div class="b"><p class="c" id="u">y</p></div>', '.a { .b { .c { color: green } } }');
    expect(styleOf(doc, 't').color).toEqual(GREEN);
    expect(styleOf(doc, 'u').color).not.toEqual(GREEN);
  });

  it('the parent part has the specificity of the most specific selector of its list', () => {
    // `:is(#x, .a) p` is (1,0,1): it beats `.a p.b` (0,2,1) though the element matched `.a`.
    const doc = style('<div class="a"><p class="b" id="t">x</p></div>', '#x, .a { p { color: green } } .a p.b { color: red }');
    expect(styleOf(doc, 't').color).toEqual(GREEN);
  });

  it('a lone parent selector keeps its own specificity', () => {
    // `.a .b` under `.a` is (0,2,0) and loses to the later `.a .b` rule of equal specificity.
    const doc = style('<div class="a"><p class="b" id="t">x</p></div>', '.a { .b { color: red } } .a .b { color: green }');
    expect(styleOf(doc, 't').color).toEqual(GREEN);
  });

  it('a top-level & is :scope (the root)', () => {
    const doc = style('<p id="t">x</p>', '& p { color: green }');
    expect(styleOf(doc, 't').color).toEqual(GREEN);
  });

  it('nested rules in a parent with a pseudo-element match nothing', () => {
    const doc = style('<p class="a" id="t">x</p>', '.a::before { content: "x"; .b { color: red } } .a { color: green }');
    expect(styleOf(doc, 't').color).toEqual(GREEN);
  });
});

describe('nested declarations', () => {
  it('declarations after a nested rule keep their place in source order', () => {
    const doc = style('<p class="a" id="t">x</p>', '.a { color: red; & { color: blue } color: green }');
    expect(styleOf(doc, 't').color).toEqual(GREEN);
  });

  it('trailing declarations have the specificity of the parent selector that matched, not of the list', () => {
    const doc = style('<p class="a" id="t">x</p>', '#nomatch, .a { color: red; :is(&, div.nomatch) { color: green } color: blue }');
    expect(styleOf(doc, 't').color).toEqual(GREEN);
  });

  it('declarations in a nested @media and @supports apply to the parent', () => {
    const css = '.a { @media print { color: green } @media screen { font-style: italic } @supports (display: block) { font-weight: bold; & > b { color: blue } } }';
    const doc = style('<p class="a" id="t"><b id="b">x</b></p>', css);
    expect(styleOf(doc, 't').color).toEqual(GREEN);
    expect(styleOf(doc, 't').fontStyle).toBe('normal');
    expect(styleOf(doc, 't').fontWeight).toBe(700);
    expect(styleOf(doc, 'b').color).toEqual(BLUE);
  });

  it('declarations in a nested @media reach the parent pseudo-element', () => {
    const doc = style('<p class="a" id="t">x</p>', '.a::after { content: "y"; @media print { color: green } }');
    expect(byId(doc, 't').after?.color).toEqual(GREEN);
    expect(styleOf(doc, 't').color).not.toEqual(GREEN);
  });

  it('a declaration-looking rule is recovered and the declarations after it apply', () => {
    const doc = style('<p id="t">x</p>', '#t { display: block; display:hover {}; color: green }');
    expect(styleOf(doc, 't').color).toEqual(GREEN);
  });

  it('a nested selector without a block is dropped with a warning; the rest applies', () => {
    const doc = style('<p id="t">x</p>', '#t { .x; color: green }');
    expect(styleOf(doc, 't').color).toEqual(GREEN);
    expect(doc.warnings.some((w) => w.includes('no block'))).toBe(true);
  });

  it('custom properties may hold blocks; they are no nested rule', () => {
    expect(computed('<p id="t">x</p>', '#t { --x: { a: b }; color: green }').color).toEqual(GREEN);
  });

  it('warnings name the lines of nested rules', () => {
    const doc = style('<p id="t">x</p>', '#t {\n  .a {\n    color: bogus;\n  }\n  ::nonsense { color: red }\n}');
    expect(doc.warnings.some((w) => w.includes('line 3') && w.includes('color'))).toBe(true);
    expect(doc.warnings.some((w) => w.includes('line 5') && w.includes('invalid selector'))).toBe(true);
    // css-tree's own misreading of the nested rules is not reported.
    expect(doc.warnings.filter((w) => w.includes('expected'))).toEqual([]);
  });

  it('a parent selector doubled at every level is dropped past the length bound, not built', () => {
    const css = `.a { ${'& + & { '.repeat(20)}color: red${' }'.repeat(20)} }`;
    const doc = style('<p class="a" id="t">x</p>', css);
    expect(doc.warnings.some((w) => w.includes('invalid selector'))).toBe(true);
  });
});

describe('selectors around nesting', () => {
  it(':has() nested in :has() through & is invalid and matches nothing', () => {
    const doc = style('<ul id="u"><li><strong>x</strong></li></ul>', 'li:has(strong) { :has(> &) { color: red } } ul { color: green }');
    expect(styleOf(doc, 'u').color).toEqual(GREEN);
  });

  it('@supports selector() tests whether the selector is accepted', () => {
    const css = '@supports selector(&) { #a { color: green } } @supports (selector(> .x)) { #b { color: red } } @supports not selector(p::nonsense) { #c { color: green } } #t { @supports selector(&) { & { color: green } } }';
    const doc = style('<p id="a">a</p><p id="b">b</p><p id="c">c</p><p id="t">t</p>', css);
    expect(styleOf(doc, 'a').color).toEqual(GREEN);
    expect(styleOf(doc, 'b').color).not.toEqual(RED);
    expect(styleOf(doc, 'c').color).toEqual(GREEN);
    expect(styleOf(doc, 't').color).toEqual(GREEN);
  });
});
