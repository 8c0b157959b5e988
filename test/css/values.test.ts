// Values: length units, font sizes and weights, line-height, calc() and friends, colours,
// custom properties and var().
import { describe, expect, it } from 'vitest';
import { resolveLengthText } from '../../src/css/index.js';
import { computed, px, rgb, style, styleOf } from './helpers.js';

const P = '<p id="t">x</p>';
const marginLeft = (css: string, html = P) => {
  const m = computed(html, css).marginLeft;
  if (m === 'auto') throw new Error('auto');
  return m;
};

describe('length units', () => {
  it.each([
    ['10px', 7.5],
    ['10pt', 10],
    ['1pc', 12],
    ['1in', 72],
    ['2.54cm', 72],
    ['25.4mm', 72],
    ['101.6q', 72],
    ['0', 0],
    ['-4px', -3],
  ])('%s = %s pt', (value, pt) => {
    expect(marginLeft(`p { margin-left: ${value} }`).abs).toBeCloseTo(pt, 6);
  });

  it('em is relative to the element font size, rem to the root', () => {
    const css = 'html { font-size: 20px } p { font-size: 10px; margin-left: 2em; margin-right: 2rem }';
    const t = computed(P, css);
    expect(t.marginLeft).toEqual({ abs: px(20), pct: 0 });
    expect(t.marginRight).toEqual({ abs: px(40), pct: 0 });
  });

  it('ex and ch are half an em; vw and vh use the default page area (Letter less 50px margins)', () => {
    expect(marginLeft('p { font-size: 20px; margin-left: 1ex }').abs).toBeCloseTo(px(10));
    expect(marginLeft('p { font-size: 20px; margin-left: 2ch }').abs).toBeCloseTo(px(20));
    expect(marginLeft('p { margin-left: 10vw }').abs).toBeCloseTo(53.7);
    expect(marginLeft('p { margin-left: 10vh }').abs).toBeCloseTo(71.7);
  });

  it('percentages stay symbolic', () => {
    expect(marginLeft('p { margin-left: 25% }')).toEqual({ abs: 0, pct: 25 });
  });

  it('unitless non-zero lengths and unknown units are invalid', () => {
    expect(marginLeft('p { margin-left: 3px } p { margin-left: 5 } p { margin-left: 4furlongs }').abs).toBeCloseTo(px(3));
  });

  it('resolveLengthText reads lengths from extra values', () => {
    expect(resolveLengthText('2px', 12)).toEqual({ abs: 1.5, pct: 0 });
    expect(resolveLengthText('1.5em', 10)).toEqual({ abs: 15, pct: 0 });
    expect(resolveLengthText('2px 4px', 12)).toBeNull();
  });
});

describe('calc(), min(), max(), clamp()', () => {
  it('mixes lengths and percentages', () => {
    expect(marginLeft('p { margin-left: calc(50% - 10px) }')).toEqual({ abs: -7.5, pct: 50 });
  });

  it('nests, multiplies and divides, with em resolved per element', () => {
    const m = marginLeft('p { font-size: 10px; margin-left: calc((2em + 4px) * 2 / 4) }');
    expect(m.abs).toBeCloseTo(px(12));
    expect(marginLeft('p { margin-left: calc(2 * (1px + calc(3px))) }').abs).toBeCloseTo(px(8));
  });

  it('rejects type errors (length × length, division by a length, missing operator)', () => {
    expect(marginLeft('p { margin-left: 1px } p { margin-left: calc(2px * 3px) }').abs).toBeCloseTo(px(1));
    expect(marginLeft('p { margin-left: 1px } p { margin-left: calc(2px / 1px) }').abs).toBeCloseTo(px(1));
    expect(marginLeft('p { margin-left: 1px } p { margin-left: calc(1px 2px) }').abs).toBeCloseTo(px(1));
  });

  it('min, max and clamp with absolute operands', () => {
    expect(marginLeft('p { margin-left: min(10px, 1in, 20pt) }').abs).toBeCloseTo(px(10));
    expect(marginLeft('p { margin-left: max(10px, 1in) }').abs).toBeCloseTo(72);
    expect(marginLeft('p { margin-left: clamp(10px, 1px, 30px) }').abs).toBeCloseTo(px(10));
    expect(marginLeft('p { margin-left: clamp(10px, 50px, 30px) }').abs).toBeCloseTo(px(30));
    // A percentage inside min() cannot be resolved here: the declaration is invalid.
    expect(marginLeft('p { margin-left: 1px } p { margin-left: min(10%, 5px) }').abs).toBeCloseTo(px(1));
  });

  it('calc() where a number is expected', () => {
    expect(computed(P, 'p { line-height: calc(1 + 0.5) }').lineHeight).toEqual({ kind: 'number', value: 1.5 });
  });
});

describe('font-size, font-weight, line-height', () => {
  it('keywords and relative sizes', () => {
    expect(computed(P, 'p { font-size: medium }').fontSize).toBe(12);
    expect(computed(P, 'p { font-size: xx-small }').fontSize).toBe(px(9));
    expect(computed(P, 'p { font-size: xxx-large }').fontSize).toBe(px(48));
    expect(computed(P, 'body { font-size: 12px } p { font-size: larger }').fontSize).toBeCloseTo(px(14.4));
    expect(computed(P, 'body { font-size: 12px } p { font-size: smaller }').fontSize).toBeCloseTo(px(10));
  });

  it('em and % in font-size refer to the parent font size', () => {
    expect(computed(P, 'body { font-size: 20px } p { font-size: 1.5em }').fontSize).toBeCloseTo(px(30));
    expect(computed(P, 'body { font-size: 20px } p { font-size: 50% }').fontSize).toBeCloseTo(px(10));
    expect(computed(P, 'body { font-size: 20px } p { font-size: calc(50% + 1em) }').fontSize).toBeCloseTo(px(30));
  });

  it('bolder and lighter follow the CSS Fonts 4 table', () => {
    const weight = (parent: number, rel: string) => computed(`<div style="font-weight: ${parent}"><p id="t">x</p></div>`, `p { font-weight: ${rel} }`).fontWeight;
    expect(weight(100, 'bolder')).toBe(400);
    expect(weight(400, 'bolder')).toBe(700);
    expect(weight(600, 'bolder')).toBe(900);
    expect(weight(950, 'bolder')).toBe(950);
    expect(weight(50, 'lighter')).toBe(50);
    expect(weight(400, 'lighter')).toBe(100);
    expect(weight(600, 'lighter')).toBe(400);
    expect(weight(800, 'lighter')).toBe(700);
    expect(computed(P, 'p { font-weight: 0 }').fontWeight).toBe(400); // out of range: invalid
  });

  it('line-height: numbers stay numbers and inherit as numbers; % and em become lengths', () => {
    const doc = style('<div id="d"><p id="t">x</p></div>', '#d { font-size: 10px; line-height: 1.5 } #t { font-size: 20px }');
    expect(styleOf(doc, 't').lineHeight).toEqual({ kind: 'number', value: 1.5 });
    const pct = style('<div id="d"><p id="t">x</p></div>', '#d { font-size: 10px; line-height: 150% } #t { font-size: 20px }');
    expect(styleOf(pct, 't').lineHeight).toEqual({ kind: 'length', value: px(15) }); // inherited as computed
    expect(computed(P, 'p { font-size: 10px; line-height: 2em }').lineHeight).toEqual({ kind: 'length', value: px(20) });
    expect(computed(P, 'p { line-height: normal }').lineHeight).toEqual({ kind: 'normal' });
  });

  it('font-family lists: quoted names, multi-word names, generics lower-cased', () => {
    expect(computed(P, 'p { font-family: "Helvetica Neue", Times New Roman, SANS-SERIF }').fontFamily).toEqual(['Helvetica Neue', 'Times New Roman', 'sans-serif']);
  });
});

describe('colours', () => {
  const color = (value: string) => computed(P, `p { color: ${value} }`).color;

  it.each([
    ['red', rgb(255, 0, 0)],
    ['RebeccaPurple', rgb(102, 51, 153)],
    ['lightgoldenrodyellow', rgb(250, 250, 210)],
    ['transparent', rgb(0, 0, 0, 0)],
    ['#f80', rgb(255, 136, 0)],
    ['#f808', rgb(255, 136, 0, 136 / 255)],
    ['#12ab9f', rgb(0x12, 0xab, 0x9f)],
    ['#12ab9f80', rgb(0x12, 0xab, 0x9f, 128 / 255)],
    ['rgb(10, 20, 30)', rgb(10, 20, 30)],
    ['rgba(10, 20, 30, 0.5)', rgb(10, 20, 30, 0.5)],
    ['rgb(10 20 30 / 25%)', rgb(10, 20, 30, 0.25)],
    ['rgb(100%, 50%, 0%)', rgb(255, 128, 0)],
    ['rgb(300, -5, 0)', rgb(255, 0, 0)],
    ['hsl(120, 100%, 25%)', rgb(0, 128, 0)],
    ['hsla(240deg, 100%, 50%, 0.5)', rgb(0, 0, 255, 0.5)],
    ['hsl(0.5turn 100% 50%)', rgb(0, 255, 255)],
    ['hwb(0 0% 0%)', rgb(255, 0, 0)],
  ])('%s', (value, expected) => {
    const c = color(value);
    expect(c.r).toBe(expected.r);
    expect(c.g).toBe(expected.g);
    expect(c.b).toBe(expected.b);
    expect(c.a).toBeCloseTo(expected.a, 5);
  });

  it('invalid colours are dropped', () => {
    expect(computed(P, 'p { color: blue } p { color: #12 } p { color: rgb(1, 2) } p { color: notacolor }').color).toEqual(rgb(0, 0, 255));
  });
});

describe('custom properties and var()', () => {
  it('substitutes, inherits and falls back', () => {
    const doc = style('<div id="d"><p id="t">x</p></div>', ':root { --main: red; --gap: 4px } #t { color: var(--main); margin-left: calc(var(--gap) * 2); margin-right: var(--missing, 3px) }');
    const t = styleOf(doc, 't');
    expect(t.color).toEqual(rgb(255, 0, 0));
    expect(t.marginLeft).toEqual({ abs: px(8), pct: 0 });
    expect(t.marginRight).toEqual({ abs: px(3), pct: 0 });
  });

  it('nested references and fallbacks with var() inside', () => {
    const t = computed(P, ':root { --a: var(--b); --b: 10px } p { padding-left: var(--a); padding-right: var(--nope, var(--b)) }');
    expect(t.paddingLeft).toEqual({ abs: px(10), pct: 0 });
    expect(t.paddingRight).toEqual({ abs: px(10), pct: 0 });
  });

  it('cycles make every member invalid at computed-value time (→ unset)', () => {
    const doc = style('<div id="d"><p id="t">x</p></div>', '#d { color: green } #t { --a: var(--b); --b: var(--a); color: var(--a); width: var(--b, 5px) }');
    const t = styleOf(doc, 't');
    expect(t.color).toEqual(rgb(0, 128, 0)); // unset on an inherited property = inherit
    expect(t.width).toEqual({ abs: px(5), pct: 0 }); // the fallback is used when the variable is invalid
  });

  it('a value invalid after substitution unsets the property instead of keeping an earlier value', () => {
    const t = computed(P, ':root { --w: red } p { width: 10px } p { width: var(--w) }');
    expect(t.width).toBe('auto');
  });

  it('var() in shorthands is expanded per element', () => {
    const doc = style('<div id="a"><p id="t1">x</p></div><div id="b"><p id="t2">x</p></div>', '#a { --m: 1px 2px } #b { --m: 5px } p { margin: var(--m) }');
    expect(styleOf(doc, 't1').marginRight).toEqual({ abs: px(2), pct: 0 });
    expect(styleOf(doc, 't2').marginRight).toEqual({ abs: px(5), pct: 0 });
  });

  it('custom property names are case-sensitive', () => {
    expect(computed(P, ':root { --Main: red } p { color: var(--main, blue) }').color).toEqual(rgb(0, 0, 255));
  });

  it('comments are dropped from values, but one inside a string or an unquoted url() is text', () => {
    expect(computed(P, 'p { font-family: /* a */ "A/*B*/C" /* d */ }').fontFamily).toEqual(['A/*B*/C']);
    expect(computed(P, 'p { --f: "A/*B*/C" /* d */; font-family: var(--f) }').fontFamily).toEqual(['A/*B*/C']);
    expect(computed(P, 'p { font-family: var(--none, "A/*B*/C") }').fontFamily).toEqual(['A/*B*/C']);
    // Nor is a var() or a parenthesis inside a string one (--g has no value).
    expect(computed(P, 'p { --f: "var(--g)"; font-family: var(--f) }').fontFamily).toEqual(['var(--g)']);
    expect(computed(P, 'p { font-family: var(--none, "A)B") }').fontFamily).toEqual(['A)B']);
    // An unquoted url() is one token: a comment opening in it is text (WPT css/CSS2/syntax/uri-016).
    expect(computed(P, 'p { background-image: url(a/*b*/c.png) }').backgroundImage).toBe('a/*b*/c.png');
    const bad = computed(P, 'p { background: green; background: red url(a/* b) }');
    expect([bad.backgroundColor, bad.backgroundImage]).toEqual([rgb(0, 128, 0), null]); // a bad url: invalid
  });
});
