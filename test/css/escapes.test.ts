// Escaped identifiers (CSS 2.1 §4.1.3, css-syntax-3 §4.3.7) in selectors, property names and
// values: `.\31 23` is the class "123", `c\olor` the property color.
import { describe, expect, it } from 'vitest';
import { computed, rgb } from './helpers.js';

const GREEN = rgb(0, 128, 0);

describe('escapes', () => {
  it.each([
    ['a class starting with a digit', '<p class="123" id="t">x</p>', '.\\31 23 { color: green }'],
    ['an id with a colon', '<p id="a:b"><span id="t">x</span></p>', '#a\\:b span { color: green }'],
    ['a hex-escaped type selector with spaces ending the escapes', '<div id="t">x</div>', '\\64\\69\\76 { color: green }'],
    ['an escaped letter in a type selector', '<div id="t">x</div>', 'di\\v { color: green }'],
    ["a class with escaped quotes", `<p class="1st'Class'" id="t">x</p>`, ".\\31st\\'Class\\27 { color: green }"],
    ['an attribute name and identifier value', '<p data-x="yz" id="t">x</p>', '[d\\61ta-x=y\\7a] { color: green }'],
    ['an escaped pseudo-class name', '<div><p id="t">x</p></div>', 'p:first-\\63hild { color: green }'],
    ['a leading escaped digit after a hyphen', '<p class="-1ident" id="t">x</p>', '.-\\31ident { color: green }'],
  ])('%s', (_, html, css) => {
    expect(computed(html, css).color).toEqual(GREEN);
  });

  it('escaped property names and keyword values', () => {
    expect(computed('<p id="t">x</p>', 'p { c\\o\\l\\o\\r: g\\reen }').color).toEqual(GREEN);
    expect(computed('<p id="t">x</p>', 'p { \\63 \\6F \\6C \\6F \\72 : \\67 \\72 \\65 \\65 \\6E }').color).toEqual(GREEN);
  });

  it.each([['.-1ident'], ['#6ident'], ['.6x']])('%s is no identifier: the whole rule is dropped', (selector) => {
    expect(computed('<p id="t" class="one">x</p>', `.one { color: green } ${selector}, .one { color: red }`).color).toEqual(GREEN);
  });

  it('an escaped class does not match the escape as written', () => {
    expect(computed('<p class="\\31 23" id="t">x</p>', '.\\31 23 { color: green }').color).not.toEqual(GREEN);
  });
});
