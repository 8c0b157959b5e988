// Inline-axis logical properties (css-logical-1 §4): mapped to physical sides by the element's
// own direction, and cascaded together with their physical twins by order of appearance.
import { describe, expect, it } from 'vitest';
import type { ComputedStyle, LengthPercentageAuto } from '../../src/css/types.js';
import { computed, px, rgb, style, styleOf } from './helpers.js';

const abs = (v: LengthPercentageAuto): number | 'auto' => (v === 'auto' ? v : v.abs);
const leftRight = (s: ComputedStyle) => ({
  margin: [abs(s.marginLeft), abs(s.marginRight)],
  padding: [abs(s.paddingLeft), abs(s.paddingRight)],
  inset: [abs(s.left), abs(s.right)],
});

describe('inline-axis logical properties', () => {
  const css = '#t { margin-inline-start: 3px; margin-inline-end: 5px; padding-inline: 4px 6px; inset-inline: 7px 8px; position: relative }';

  it('map start to left in ltr', () => {
    expect(leftRight(computed('<p id="t">x</p>', css))).toEqual({ margin: [px(3), px(5)], padding: [px(4), px(6)], inset: [px(7), px(8)] });
  });

  it('map start to right in rtl, from dir or from direction', () => {
    const rtl = { margin: [px(5), px(3)], padding: [px(6), px(4)], inset: [px(8), px(7)] };
    expect(leftRight(computed('<p id="t" dir="rtl">x</p>', css))).toEqual(rtl);
    expect(leftRight(computed('<div style="direction: rtl"><p id="t">x</p></div>', css))).toEqual(rtl);
  });

  it('map by the element’s own direction, not its parent’s', () => {
    expect(leftRight(computed('<div dir="rtl"><p id="t" dir="ltr">x</p></div>', css)).margin).toEqual([px(3), px(5)]);
  });

  it('and their physical twins: the later declaration wins', () => {
    const html = '<p id="t" dir="rtl">x</p>';
    expect(abs(computed(html, '#t { margin-right: 1px; margin-inline-start: 2px }').marginRight)).toBe(px(2));
    expect(abs(computed(html, '#t { margin-inline-start: 2px; margin-right: 1px }').marginRight)).toBe(px(1));
    // Specificity still comes first.
    expect(abs(computed(html, '#t { margin-right: 1px } p { margin-inline-start: 2px }').marginRight)).toBe(px(1));
  });

  it('border-inline-start sets the border on the start side, with its colour', () => {
    const t = computed('<p id="t" dir="rtl">x</p>', '#t { color: blue; border-inline-start: 2px solid; border-inline-end-color: red }');
    expect([t.borderLeftWidth, t.borderRightWidth]).toEqual([0, px(2)]);
    expect(t.borderRightStyle).toBe('solid');
    expect(t.borderRightColor).toEqual(rgb(0, 0, 255));
    expect(t.borderLeftColor).toEqual(rgb(255, 0, 0));
  });

  it('border-inline-width and -style take one value per side', () => {
    const t = computed('<p id="t">x</p>', '#t { border-inline-style: solid dotted; border-inline-width: 1px 2px }');
    expect([t.borderLeftStyle, t.borderRightStyle]).toEqual(['solid', 'dotted']);
    expect([t.borderLeftWidth, t.borderRightWidth]).toEqual([px(1), px(2)]);
  });

  it('take var() values, alone and through their shorthands', () => {
    const t = computed('<p id="t" dir="rtl">x</p>', '#t { --m: 9px; margin-inline-start: var(--m); padding-inline: var(--m) 1px }');
    expect(abs(t.marginRight)).toBe(px(9));
    expect([abs(t.paddingRight), abs(t.paddingLeft)]).toEqual([px(9), px(1)]);
  });

  it('the UA sheet indents lists and blockquotes on the start side', () => {
    const doc = style('<ul id="u" dir="rtl"><li>a</li></ul><ol id="o"><li>b</li></ol><blockquote id="q" dir="rtl">q</blockquote><dl><dd id="d" dir="rtl">d</dd></dl>');
    expect(leftRight(styleOf(doc, 'u')).padding).toEqual([0, px(40)]);
    expect(leftRight(styleOf(doc, 'o')).padding).toEqual([px(40), 0]);
    expect(leftRight(styleOf(doc, 'q')).margin).toEqual([px(40), px(40)]);
    expect(leftRight(styleOf(doc, 'd')).margin).toEqual([0, px(40)]);
  });
});

describe('float and clear: inline-start and inline-end', () => {
  it('map by the parent’s direction', () => {
    expect(computed('<div dir="rtl"><p id="t">x</p></div>', '#t { float: inline-start; clear: inline-end }')).toMatchObject({ float: 'right', clear: 'left' });
    expect(computed('<div><p id="t" dir="rtl">x</p></div>', '#t { float: inline-start; clear: inline-end }')).toMatchObject({ float: 'left', clear: 'right' });
  });
});
