// Pseudo-elements (::before, ::after, ::marker) and the content, counter and quotes values.
import { describe, expect, it } from 'vitest';
import { byId, computed, rgb, style } from './helpers.js';

describe('::before and ::after', () => {
  it('exist only when content is not none or normal', () => {
    const doc = style('<p id="a">x</p><p id="b">y</p><p id="c">z</p>', '#a::before { content: "→ " } #b::after { color: red } #c::before { content: none }');
    expect(byId(doc, 'a').before?.content).toEqual([{ kind: 'string', value: '→ ' }]);
    expect(byId(doc, 'a').after).toBeNull();
    expect(byId(doc, 'b').after).toBeNull();
    expect(byId(doc, 'c').before).toBeNull();
  });

  it('inherit from their element and take their own rules', () => {
    const doc = style('<p id="t" class="note">x</p>', '.note { color: blue; font-size: 20px } .note::after { content: "!"; font-weight: bold; margin-left: 1em }');
    const after = byId(doc, 't').after!;
    expect(after.color).toEqual(rgb(0, 0, 255));
    expect(after.fontWeight).toBe(700);
    expect(after.marginLeft).toEqual({ abs: 15, pct: 0 });
    expect(after.display).toBe('inline');
  });

  it('legacy single-colon :before/:after work too', () => {
    const doc = style('<p id="t">x</p>', 'p:before { content: "a" } p:after { content: "b" }');
    expect(byId(doc, 't').before?.content).toEqual([{ kind: 'string', value: 'a' }]);
    expect(byId(doc, 't').after?.content).toEqual([{ kind: 'string', value: 'b' }]);
  });

  it('the UA sheet quotes <q>', () => {
    const doc = style('<p><q id="q">x</q></p>');
    expect(byId(doc, 'q').before?.content).toEqual([{ kind: 'open-quote' }]);
    expect(byId(doc, 'q').after?.content).toEqual([{ kind: 'close-quote' }]);
  });

  it('pseudo-elements of flex containers are blockified', () => {
    const doc = style('<div id="t">x</div>', '#t { display: flex } #t::before { content: "" }');
    expect(byId(doc, 't').before?.display).toBe('block');
  });
});

describe('::marker', () => {
  it('is computed for list items only, inheriting from the item', () => {
    const doc = style('<ul><li id="li">a</li></ul><p id="p">b</p>', 'li { color: green } li::marker { font-weight: bold }');
    const marker = byId(doc, 'li').marker!;
    expect(marker.color).toEqual(rgb(0, 128, 0));
    expect(marker.fontWeight).toBe(700);
    expect(byId(doc, 'p').marker).toBeNull();
  });

  it('an element made list-item gets a marker', () => {
    expect(byId(style('<div id="d">x</div>', '#d { display: list-item }'), 'd').marker).not.toBeNull();
  });
});

describe('content values', () => {
  const content = (value: string) => style('<p id="t">x</p>', `p::before { content: ${value} }`);

  it('strings with CSS escapes, attr(), counters, quotes, url() and other functions', () => {
    const doc = content(String.raw`"\201C" attr(data-Label) counter(item) counters(section, ".", upper-roman) open-quote close-quote no-close-quote url(pic.png) target-counter(attr(href), page) element(header) string(title)`);
    expect(byId(doc, 't').before?.content).toEqual([
      { kind: 'string', value: '“' },
      { kind: 'attr', name: 'data-label' },
      { kind: 'counter', name: 'item', style: 'decimal' },
      { kind: 'counters', name: 'section', separator: '.', style: 'upper-roman' },
      { kind: 'open-quote' },
      { kind: 'close-quote' },
      { kind: 'function', name: 'no-close-quote', args: '' },
      { kind: 'url', url: 'pic.png' },
      { kind: 'function', name: 'target-counter', args: 'attr(href),page' },
      { kind: 'function', name: 'element', args: 'header' },
      { kind: 'function', name: 'string', args: 'title' },
    ]);
  });

  it('counter() with a style, and unknown styles fall back to decimal', () => {
    const doc = content('counter(page, lower-alpha) counter(x, hebrew) counter(y, none)');
    expect(byId(doc, 't').before?.content).toEqual([
      { kind: 'counter', name: 'page', style: 'lower-alpha' },
      { kind: 'counter', name: 'x', style: 'decimal' },
      { kind: 'counter', name: 'y', style: 'none' },
    ]);
  });

  it('alt text after a slash is ignored; bare identifiers are invalid', () => {
    expect(byId(content('"a" / "alt"'), 't').before?.content).toEqual([{ kind: 'string', value: 'a' }]);
    expect(byId(content('"a" foo'), 't').before).toBeNull();
    expect(byId(content('counters(a)'), 't').before).toBeNull();
  });

  it('content on the element itself keeps normal by default', () => {
    expect(computed('<p id="t">x</p>', '').content).toBe('normal');
  });
});

describe('counters and quotes', () => {
  it('counter-reset, counter-increment and counter-set parse name/value pairs', () => {
    const t = computed('<p id="t">x</p>', 'p { counter-reset: a b 2 c -1; counter-increment: a b 3; counter-set: z }');
    expect(t.counterReset).toEqual([{ name: 'a', value: 0 }, { name: 'b', value: 2 }, { name: 'c', value: -1 }]);
    expect(t.counterIncrement).toEqual([{ name: 'a', value: 1 }, { name: 'b', value: 3 }]);
    expect(t.counterSet).toEqual([{ name: 'z', value: 0 }]);
    expect(computed('<p id="t">x</p>', 'p { counter-increment: a } p { counter-increment: none }').counterIncrement).toEqual([]);
    expect(computed('<p id="t">x</p>', 'p { counter-reset: a } p { counter-reset: a 1.5 }').counterReset).toEqual([{ name: 'a', value: 0 }]);
  });

  it('quotes: pairs of strings, none, auto; inherited', () => {
    const doc = style('<div id="d"><q id="t">x</q></div>', '#d { quotes: "«" "»" "‹" "›" }');
    expect(byId(doc, 't').style.quotes).toEqual(['«', '»', '‹', '›']);
    expect(computed('<p id="t">x</p>', 'p { quotes: none }').quotes).toBe('none');
    expect(computed('<p id="t">x</p>', 'p { quotes: "a" }').quotes).toBe('auto');
  });
});
