// unicode-bidi as a style field, the UA rules of HTML §15.3.5 and dir=auto (HTML §3.2.6.4).
import { describe, expect, it } from 'vitest';
import { computed, style, styleOf } from './helpers.js';

describe('unicode-bidi and dir', () => {
  it('parses unicode-bidi, which is not inherited', () => {
    const doc = style('<p id="a" style="unicode-bidi: bidi-override">x<span id="b">y</span></p><p id="c" style="unicode-bidi: sideways">z</p>');
    expect(styleOf(doc, 'a').unicodeBidi).toBe('bidi-override');
    expect(styleOf(doc, 'b').unicodeBidi).toBe('normal');
    expect(styleOf(doc, 'c').unicodeBidi).toBe('normal');
  });

  it('isolates bdi and [dir], overrides in bdo', () => {
    const doc = style('<p><bdi id="a">x</bdi><span id="b" dir="rtl">y</span><bdo id="c" dir="rtl">z</bdo><span id="d">w</span></p>');
    expect(styleOf(doc, 'a').unicodeBidi).toBe('isolate');
    expect(styleOf(doc, 'b')).toMatchObject({ unicodeBidi: 'isolate', direction: 'rtl' });
    expect(styleOf(doc, 'c')).toMatchObject({ unicodeBidi: 'isolate-override', direction: 'rtl' });
    expect(styleOf(doc, 'd').unicodeBidi).toBe('normal');
  });

  it('dir=auto and a bdi without dir take the direction of their first strong character', () => {
    expect(computed('<p id="t" dir="auto">123 שלום abc</p>', '').direction).toBe('rtl');
    expect(computed('<div dir="rtl"><p id="t" dir="auto">123 abc שלום</p></div>', '').direction).toBe('ltr');
    // Text inside a descendant with its own dir, or inside a bdi, does not count.
    expect(computed('<p id="t" dir="auto"><span dir="ltr">abc</span><bdi>def</bdi> مرحبا</p>', '').direction).toBe('rtl');
    expect(computed('<p dir="rtl"><bdi id="t">abc</bdi></p>', '').direction).toBe('ltr');
    expect(computed('<p id="t" dir="auto">123</p>', '').direction).toBe('ltr');
  });
});
