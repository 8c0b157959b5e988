// The content language from `lang` / `xml:lang` attributes, inherited through the style.
import { describe, expect, it } from 'vitest';
import { computed, style, styleOf } from './helpers.js';

describe('lang', () => {
  it('is inherited from the nearest lang attribute and lower-cased', () => {
    const doc = style('<html lang="en-US"><body><p id="a">x<span id="b" lang="DE">y</span></p><p id="c" lang="">z</p></body></html>');
    expect(styleOf(doc, 'a').lang).toBe('en-us');
    expect(styleOf(doc, 'b').lang).toBe('de');
    // An empty attribute means "unknown", not the parent's language.
    expect(styleOf(doc, 'c').lang).toBe('');
  });

  it('prefers xml:lang and ignores malformed values', () => {
    expect(computed('<p id="t" lang="fr" xml:lang="it">x</p>', '').lang).toBe('it');
    expect(computed('<div lang="ja"><p id="t" lang="a;b: c">x</p></div>', '').lang).toBe('ja');
  });

  it('is unknown without any attribute', () => {
    expect(computed('<p id="t">x</p>', '').lang).toBe('');
  });
});
