// The cascade: origins, !important, specificity, source order, style attributes,
// inheritance and the CSS-wide keywords.
import { describe, expect, it } from 'vitest';
import { clearCssCaches } from '../../src/css/index.js';
import { byId, computed, px, rgb, style, styleOf } from './helpers.js';

const RED = rgb(255, 0, 0);
const BLUE = rgb(0, 0, 255);
const GREEN = rgb(0, 128, 0);

describe('specificity and order', () => {
  it('higher specificity wins regardless of order', () => {
    const html = '<p id="t" class="c">x</p>';
    expect(computed(html, '#t { color: red } .c { color: blue } p { color: green }').color).toEqual(RED);
    expect(computed(html, 'p.c { color: red } .c { color: blue }').color).toEqual(RED);
    expect(computed(html, 'body p { color: red } p { color: blue }').color).toEqual(RED);
  });

  it('equal specificity: the later rule wins, across sheets too', () => {
    const html = '<p id="t">x</p>';
    expect(computed(html, 'p { color: red } p { color: blue }').color).toEqual(BLUE);
    const doc = style(`<style>p { color: green }</style><p id="t">x</p>`, ['p { color: red }']);
    expect(styleOf(doc, 't').color).toEqual(GREEN); // <style> comes after authorCss
  });

  it('within one rule the last valid declaration wins', () => {
    expect(computed('<p id="t">x</p>', 'p { color: red; color: blue; color: nonsense }').color).toEqual(BLUE);
  });

  it('author rules beat the user-agent sheet whatever their specificity', () => {
    // UA: `a:link` (0,1,1) sets the colour; author `a` (0,0,1) still wins.
    expect(computed('<a id="t" href="#">x</a>', 'a { color: red }').color).toEqual(RED);
  });
});

describe('!important', () => {
  it('an important declaration beats a more specific normal one', () => {
    expect(computed('<p id="t">x</p>', 'p { color: red !important } #t { color: blue }').color).toEqual(RED);
  });

  it('among important declarations specificity applies again', () => {
    expect(computed('<p id="t">x</p>', '#t { color: red !important } p { color: blue !important }').color).toEqual(RED);
  });

  it('the style attribute beats all normal author rules but not important ones', () => {
    const html = '<p id="t" style="color: green; margin-top: 3px">x</p>';
    expect(computed(html, '#t#t { color: red }').color).toEqual(GREEN);
    expect(computed(html, 'p { color: red !important }').color).toEqual(RED);
    expect(computed(html, 'p { margin-top: 9px }').marginTop).toEqual({ abs: px(3), pct: 0 });
  });

  it('important in the style attribute beats important in rules', () => {
    expect(computed('<p id="t" style="color: green !important">x</p>', '#t { color: red !important }').color).toEqual(GREEN);
  });
});

describe('inheritance', () => {
  it('inherited properties flow down, others do not', () => {
    const doc = style('<div id="d"><p id="t">x</p></div>', '#d { color: red; font-style: italic; letter-spacing: 2px; background-color: blue; padding: 5px }');
    const p = styleOf(doc, 't');
    expect(p.color).toEqual(RED);
    expect(p.fontStyle).toBe('italic');
    expect(p.letterSpacing).toBeCloseTo(px(2));
    expect(p.backgroundColor.a).toBe(0);
    expect(p.paddingTop).toEqual({ abs: 0, pct: 0 });
  });

  it('text-decoration is not inherited (it propagates at paint time)', () => {
    const doc = style('<p id="p" style="text-decoration: underline"><span id="s">x</span></p>');
    expect(styleOf(doc, 'p').textDecorationLine.underline).toBe(true);
    expect(styleOf(doc, 's').textDecorationLine.underline).toBe(false);
  });

  it('inherit takes the parent computed value, even for non-inherited properties', () => {
    const doc = style('<div id="d"><p id="t">x</p></div>', '#d { padding-left: 2em; font-size: 10px } #t { padding-left: inherit; font-size: 20px }');
    expect(styleOf(doc, 't').paddingLeft).toEqual({ abs: px(20), pct: 0 }); // 2em of the parent's 10px
  });

  it('initial resets to the initial value, unset to inherit-or-initial, revert acts as unset', () => {
    const css = '#d { color: red; display: flex } #a { color: initial } #b { color: unset; display: unset } #c { color: revert }';
    const doc = style('<div id="d"><p id="a">a</p><p id="b">b</p><p id="c">c</p></div>', css);
    expect(styleOf(doc, 'a').color).toEqual(rgb(0, 0, 0));
    expect(styleOf(doc, 'b').color).toEqual(RED);
    expect(styleOf(doc, 'b').display).toBe('block'); // unset → initial inline, then blockified as a flex item
    expect(styleOf(doc, 'c').color).toEqual(RED);
  });

  it('a shorthand set to inherit sets every longhand to inherit', () => {
    const doc = style('<div id="d"><p id="t">x</p></div>', '#d { margin: 1px 2px 3px 4px } #t { margin: inherit }');
    const t = styleOf(doc, 't');
    expect([t.marginTop, t.marginRight, t.marginBottom, t.marginLeft].map((m) => (m === 'auto' ? m : m.abs))).toEqual([px(1), px(2), px(3), px(4)]);
  });

  it('`all: initial` resets everything except direction', () => {
    const t = computed('<div dir="rtl"><p id="t">x</p></div>', 'p { color: red; margin: 5px; all: initial; direction: inherit }');
    expect(t.color).toEqual(rgb(0, 0, 0));
    expect(t.display).toBe('inline');
    expect(t.marginTop).toEqual({ abs: 0, pct: 0 });
    expect(t.direction).toBe('rtl');
  });
});

describe('computed-value rules', () => {
  it('border widths compute to 0 when the style is none or hidden', () => {
    const t = computed('<p id="t">x</p>', 'p { border-width: 4px; border-top-style: solid; border-right-style: hidden }');
    expect(t.borderTopWidth).toBe(px(4));
    expect(t.borderRightWidth).toBe(0);
    expect(t.borderBottomWidth).toBe(0);
  });

  it('a border style alone gets the medium width', () => {
    expect(computed('<p id="t">x</p>', 'p { border-style: solid }').borderTopWidth).toBe(px(3));
  });

  it('currentcolor in border colors and text-decoration-color is the element colour', () => {
    const doc = style('<div id="d"><p id="t">x</p></div>', '#d { color: blue; border: 1px solid } #t { color: red; border: 1px solid; text-decoration: underline }');
    expect(styleOf(doc, 'd').borderTopColor).toEqual(BLUE);
    expect(styleOf(doc, 't').borderLeftColor).toEqual(RED);
    expect(styleOf(doc, 't').textDecorationColor).toEqual(RED);
  });

  it('`color: currentcolor` is the parent colour', () => {
    const doc = style('<div style="color: green"><p id="t" style="color: currentcolor">x</p></div>');
    expect(styleOf(doc, 't').color).toEqual(GREEN);
  });

  it('floats and absolute positioning blockify; absolute cancels float', () => {
    const doc = style('<span id="f">a</span><span id="a">b</span><table id="tb"></table>', '#f { float: left } #a { position: absolute; float: right } #tb { display: inline-table; float: left }');
    expect(styleOf(doc, 'f').display).toBe('block');
    expect(styleOf(doc, 'a').display).toBe('block');
    expect(styleOf(doc, 'a').float).toBe('none');
    expect(styleOf(doc, 'tb').display).toBe('table');
  });

  it('flex items are blockified, the root too', () => {
    const doc = style('<div style="display: flex"><span id="t">a</span></div>', 'html { display: inline }');
    expect(styleOf(doc, 't').display).toBe('block');
    expect(doc.root.style.display).toBe('block');
  });

  it('invalid values leave the earlier cascaded value in place', () => {
    const t = computed('<p id="t">x</p>', 'p { width: 10px } p { width: -5px } p { width: red }');
    expect(t.width).toEqual({ abs: px(10), pct: 0 });
  });
});

describe('style sharing', () => {
  it('identical siblings share one computed style object', () => {
    const doc = style('<ul id="u"><li>a</li><li>b</li><li style="color: red">c</li></ul>');
    const items = byId(doc, 'u').children.filter((c) => c.kind === 'element');
    expect(items[0]!.style).toBe(items[1]!.style);
    expect(items[2]!.style).not.toBe(items[0]!.style);
    expect(items[2]!.style.color).toEqual(RED);
  });

  it('structural selectors still distinguish alike siblings', () => {
    const doc = style('<ul id="u"><li>a</li><li>b</li><li>c</li></ul>', 'li:nth-child(2) { color: red }');
    const items = byId(doc, 'u').children.filter((c) => c.kind === 'element');
    expect(items.map((i) => i.style.color.r)).toEqual([0, 255, 0]);
  });

  it('ancestors with different classes keep descendants apart', () => {
    const doc = style('<div class="a"><p id="p1">x</p></div><div class="b"><p id="p2">x</p></div><div class="a"><p id="p3">x</p></div>', '.a p { color: red }');
    expect(styleOf(doc, 'p1').color).toEqual(RED);
    expect(styleOf(doc, 'p2').color).toEqual(rgb(0, 0, 0));
    expect(styleOf(doc, 'p3').color).toEqual(RED);
  });

  it('attribute values in ancestors keep descendants apart', () => {
    const doc = style('<div data-k="1"><p id="p1">x</p></div><div data-k="2"><p id="p2">x</p></div>', '[data-k="2"] p { color: red }');
    expect(styleOf(doc, 'p1').color).toEqual(rgb(0, 0, 0));
    expect(styleOf(doc, 'p2').color).toEqual(RED);
  });
});

describe('style sharing and attribute selectors on id and class', () => {
  it('[class*=] and [id^=] are evaluated per element', () => {
    const doc = style('<div><p id="sec-1" class="col-6">a</p><p id="other" class="row">b</p><p id="sec-2" class="x">c</p></div>', '[class*="col-"] { color: red } [id^="sec"] { font-style: italic }');
    expect(styleOf(doc, 'sec-1').color).toEqual(RED);
    expect(styleOf(doc, 'other').color).toEqual(rgb(0, 0, 0));
    expect(styleOf(doc, 'other').fontStyle).toBe('normal');
    expect(styleOf(doc, 'sec-2').fontStyle).toBe('italic');
  });

  it('links with different targets share styles when every attribute test agrees', () => {
    const doc = style('<p><a id="a" href="#one">1</a><a id="b" href="#two">2</a><a id="c" href="http://x">3</a></p>', 'a[href^="#"] { color: red }');
    expect(styleOf(doc, 'a')).toBe(styleOf(doc, 'b'));
    expect(styleOf(doc, 'a').color).toEqual(RED);
    expect(styleOf(doc, 'c').color).toEqual(rgb(0, 0, 0xee));
  });
});

describe('caches', () => {
  it('clearing the process-wide caches changes no result', () => {
    const css = ':root { --m: 3px } .a { margin: var(--m) 1px; color: red }';
    const before = computed('<p id="t" class="a">x</p>', css);
    clearCssCaches();
    const after = computed('<p id="t" class="a">x</p>', css);
    expect(after).toEqual(before);
    expect(after.marginTop).toEqual({ abs: px(3), pct: 0 });
  });
});
