// Selector matching: each selector kind, combinators, structural pseudo-classes, validity.
import { describe, expect, it } from 'vitest';
import { allElements, style } from './helpers.js';

/**
 * Ids of the elements (with an id) that `css` gave a red colour. `color` is rewritten to the
 * non-inherited background-color, so that only matched elements turn red.
 */
function redIds(html: string, css: string): string[] {
  const doc = style(html, css.replace(/(^|[^-])color:/g, '$1background-color:'));
  return allElements(doc.root)
    .filter((e) => e.style.backgroundColor.r === 255 && e.style.backgroundColor.g === 0 && e.element.attrs.has('id'))
    .map((e) => e.element.attrs.get('id')!);
}

const LIST = '<ul id="u"><li id="a">1</li><li id="b" class="x y">2</li><li id="c" data-k="v-w">3</li><li id="d" lang="en-GB"></li></ul>';

describe('simple selectors', () => {
  it('type, universal, class, id', () => {
    expect(redIds(LIST, 'li { color: red }')).toEqual(['a', 'b', 'c', 'd']);
    expect(redIds(LIST, 'ul > * { color: red }')).toEqual(['a', 'b', 'c', 'd']);
    expect(redIds(LIST, '.x.y { color: red }')).toEqual(['b']);
    expect(redIds(LIST, '.x.z { color: red }')).toEqual([]);
    expect(redIds(LIST, '#c { color: red }')).toEqual(['c']);
    expect(redIds(LIST, 'LI#C { color: red }')).toEqual([]); // ids are case-sensitive
    expect(redIds(LIST, 'LI#c { color: red }')).toEqual(['c']); // tags are not
  });

  it('attribute selectors with every matcher and the i flag', () => {
    const html = '<p id="p1" title="hello world" data-x="en-US">a</p><p id="p2" title="Hello" data-x="fr">b</p>';
    expect(redIds(html, '[title] { color: red }')).toEqual(['p1', 'p2']);
    expect(redIds(html, '[title="Hello"] { color: red }')).toEqual(['p2']);
    expect(redIds(html, '[title="hello" i] { color: red }')).toEqual(['p2']);
    expect(redIds(html, '[title~="world"] { color: red }')).toEqual(['p1']);
    expect(redIds(html, '[data-x|="en"] { color: red }')).toEqual(['p1']);
    expect(redIds(html, '[title^="hel"] { color: red }')).toEqual(['p1']);
    expect(redIds(html, '[title^="hel" i] { color: red }')).toEqual(['p1', 'p2']);
    expect(redIds(html, '[title$="rld"] { color: red }')).toEqual(['p1']);
    expect(redIds(html, '[title*="o w"] { color: red }')).toEqual(['p1']);
    expect(redIds(html, '[title^=""] { color: red }')).toEqual([]);
  });
});

describe('combinators', () => {
  const html = '<div id="r"><p id="p1">a<span id="s1">x</span></p><p id="p2">b</p><section><p id="p3">c</p></section><p id="p4">d</p></div>';

  it('descendant and child', () => {
    expect(redIds(html, 'div p { color: red }')).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(redIds(html, 'div > p { color: red }')).toEqual(['p1', 'p2', 'p4']);
    expect(redIds(html, 'div span { color: red }')).toEqual(['s1']);
    expect(redIds(html, 'section span { color: red }')).toEqual([]);
  });

  it('next-sibling and subsequent-sibling', () => {
    expect(redIds(html, 'p + p { color: red }')).toEqual(['p2']);
    expect(redIds(html, 'section + p { color: red }')).toEqual(['p4']);
    expect(redIds(html, '#p1 ~ p { color: red }')).toEqual(['p2', 'p4']);
  });

  it('backtracks through descendant combinators', () => {
    const deep = '<div class="a"><div class="b"><div class="a"><p id="t">x</p></div></div></div>';
    expect(redIds(deep, '.a > .b .a > p { color: red }')).toEqual(['t']);
    expect(redIds(deep, '.b > .b p { color: red }')).toEqual([]);
  });
});

describe('structural pseudo-classes', () => {
  const html = '<div><h2 id="h">h</h2><p id="p1">1</p><p id="p2">2</p><span id="s">s</span><p id="p3">3</p><p id="p4"></p></div>';

  it('first/last/only child', () => {
    expect(redIds(html, 'div > :first-child { color: red }')).toEqual(['h']);
    expect(redIds(html, 'div > :last-child { color: red }')).toEqual(['p4']);
    expect(redIds(html, ':only-child { color: red }')).toEqual([]);
    expect(redIds('<div><b id="only">x</b></div>', 'b:only-child { color: red }')).toEqual(['only']);
  });

  it('nth-child with an+b, odd, even, negative a and `of S`', () => {
    expect(redIds(html, 'div > :nth-child(odd) { color: red }')).toEqual(['h', 'p2', 'p3']);
    expect(redIds(html, 'div > :nth-child(even) { color: red }')).toEqual(['p1', 's', 'p4']);
    expect(redIds(html, 'div > :nth-child(3n+1) { color: red }')).toEqual(['h', 's']);
    expect(redIds(html, 'div > :nth-child(-n+2) { color: red }')).toEqual(['h', 'p1']);
    expect(redIds(html, 'div > :nth-child(3) { color: red }')).toEqual(['p2']);
    expect(redIds(html, 'div > :nth-last-child(2) { color: red }')).toEqual(['p3']);
    expect(redIds(html, 'div > :nth-child(2 of p) { color: red }')).toEqual(['p2']);
  });

  it('of-type variants', () => {
    expect(redIds(html, 'p:first-of-type { color: red }')).toEqual(['p1']);
    expect(redIds(html, 'p:last-of-type { color: red }')).toEqual(['p4']);
    expect(redIds(html, 'p:nth-of-type(2) { color: red }')).toEqual(['p2']);
    expect(redIds(html, 'p:nth-last-of-type(2) { color: red }')).toEqual(['p3']);
    expect(redIds(html, ':only-of-type { color: red }')).toEqual(['h', 's']);
  });

  it(':root, :empty and :link', () => {
    const doc = style('<p id="e"></p><p id="f"> </p><a id="l" href="#x">x</a><a id="n">y</a>', ':root { color: red } :empty { color: blue } a:link { color: green }');
    const els = allElements(doc.root);
    expect(els[0]!.style.color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    const find = (id: string) => els.find((e) => e.element.attrs.get('id') === id)!.style.color;
    expect(find('e')).toEqual({ r: 0, g: 0, b: 255, a: 1 });
    expect(find('f')).toEqual({ r: 255, g: 0, b: 0, a: 1 }); // whitespace is content: inherits red
    expect(find('l')).toEqual({ r: 0, g: 128, b: 0, a: 1 });
    expect(find('n')).toEqual({ r: 255, g: 0, b: 0, a: 1 });
  });

  it(':lang matches the nearest lang attribute by prefix', () => {
    expect(redIds(LIST, ':lang(en) { color: red }')).toEqual(['d']);
    expect(redIds('<div lang="de"><p id="x">a</p></div>', 'p:lang(de) { color: red }')).toEqual(['x']);
  });
});

describe('logical pseudo-classes', () => {
  it(':not with a selector list', () => {
    expect(redIds(LIST, 'li:not(.x, #c) { color: red }')).toEqual(['a', 'd']);
    expect(redIds(LIST, 'li:not(ul > li) { color: red }')).toEqual([]);
  });

  it(':is and :where, and their specificity', () => {
    expect(redIds(LIST, ':is(#a, .x) { color: red }')).toEqual(['a', 'b']);
    // :where() adds nothing, so the later `li` rule wins over it; :is(#a) outranks it.
    expect(redIds(LIST, ':where(#a) { color: red } li { color: blue }')).toEqual([]);
    expect(redIds(LIST, ':is(#a) { color: red } li { color: blue }')).toEqual(['a']);
  });

  it(':is() forgives invalid alternatives, :not() does not', () => {
    expect(redIds(LIST, ':is(.x, :unknown-thing) { color: red }')).toEqual(['b']);
    expect(redIds(LIST, 'li:not(:unknown-thing) { color: red }')).toEqual([]);
  });

  it(':has with descendant and child relative selectors', () => {
    const html = '<div id="d1"><p><b>x</b></p></div><div id="d2"><b>y</b></div>';
    expect(redIds(html, 'div:has(b) { color: red }')).toEqual(['d1', 'd2']);
    expect(redIds(html, 'div:has(> b) { color: red }')).toEqual(['d2']);
  });
});

describe('validity', () => {
  it('an unknown pseudo-class drops the whole rule with a warning', () => {
    const doc = style('<p id="p">x</p>', 'p, p:frobnicate { color: red }');
    expect(allElements(doc.root).some((e) => e.style.color.r === 255)).toBe(false);
    expect(doc.warnings.some((w) => w.includes('invalid selector'))).toBe(true);
  });

  it('interactive pseudo-classes are valid but never match', () => {
    expect(redIds('<a id="a" href="x">x</a>', 'a:hover, a { color: red }')).toEqual(['a']);
    expect(redIds('<a id="a" href="x">x</a>', 'a:hover { color: red }')).toEqual([]);
  });

  it('selectors with unsupported pseudo-elements are dropped alone', () => {
    expect(redIds('<p id="p">x</p>', 'p::first-line, p { color: red }')).toEqual(['p']);
  });
});
