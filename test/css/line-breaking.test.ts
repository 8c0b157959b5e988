// hyphenate-character, hyphenate-limit-chars, line-break and text-overflow as style fields
// (css-text-4 §6, css-text-3 §5.3, css-overflow-4 §4.1).
import { describe, expect, it } from 'vitest';
import { computed } from './helpers.js';

const P = '<div><p id="t">x</p></div>';

describe('line-breaking properties', () => {
  it('have their initial values', () => {
    const t = computed(P, '');
    expect([t.hyphenateCharacter, t.hyphenateLimitChars, t.lineBreak, t.textOverflow]).toEqual([null, { word: 5, before: 2, after: 2 }, 'auto', null]);
  });

  it('hyphenate-character: auto or a string, inherited', () => {
    expect(computed(P, 'div { hyphenate-character: "=" }').hyphenateCharacter).toBe('=');
    expect(computed(P, 'div { hyphenate-character: "=" } p { hyphenate-character: auto }').hyphenateCharacter).toBeNull();
    expect(computed(P, 'p { hyphenate-character: 3 }').hyphenateCharacter).toBeNull();
    expect(computed(P, 'p { -webkit-hyphenate-character: "~" }').hyphenateCharacter).toBe('~');
  });

  it('hyphenate-limit-chars: a missing third value copies the second, a missing second is auto', () => {
    expect(computed(P, 'div { hyphenate-limit-chars: 8 3 4 }').hyphenateLimitChars).toEqual({ word: 8, before: 3, after: 4 });
    expect(computed(P, 'p { hyphenate-limit-chars: 6 3 }').hyphenateLimitChars).toEqual({ word: 6, before: 3, after: 3 });
    expect(computed(P, 'p { hyphenate-limit-chars: 7 }').hyphenateLimitChars).toEqual({ word: 7, before: 2, after: 2 });
    expect(computed(P, 'p { hyphenate-limit-chars: auto auto 4 }').hyphenateLimitChars).toEqual({ word: 5, before: 2, after: 4 });
    for (const bad of ['-1', '2.5', '1 2 3 4', 'none']) expect(computed(P, `p { hyphenate-limit-chars: ${bad} }`).hyphenateLimitChars.word).toBe(5);
  });

  it('line-break keywords, inherited', () => {
    expect(computed(P, 'div { line-break: anywhere }').lineBreak).toBe('anywhere');
    expect(computed(P, 'p { line-break: strict }').lineBreak).toBe('strict');
    expect(computed(P, 'p { line-break: everywhere }').lineBreak).toBe('auto');
  });

  it('text-overflow: clip, ellipsis or a string, not inherited', () => {
    expect(computed(P, 'p { text-overflow: ellipsis }').textOverflow).toBe('\u2026');
    expect(computed(P, 'p { text-overflow: "--" }').textOverflow).toBe('--');
    expect(computed(P, 'p { text-overflow: clip ellipsis }').textOverflow).toBe('\u2026');
    expect(computed(P, 'p { text-overflow: ellipsis clip }').textOverflow).toBeNull();
    expect(computed(P, 'div { text-overflow: ellipsis }').textOverflow).toBeNull();
    expect(computed(P, 'p { text-overflow: fade }').textOverflow).toBeNull();
  });
});
