// HarfBuzz's WASM module is loaded on the first text that needs it, never for a Latin
// document (its own test file: the module state is per file).
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/render.js';
import { FontRegistry } from '../../src/text/font-registry.js';
import { isHarfBuzzLoaded, needsHarfBuzz } from '../../src/text/harfbuzz-shaper.js';
import { shapeText } from '../../src/text/shape.js';

describe('HarfBuzz loading', () => {
  it('a Latin, Greek and Cyrillic document does not load it; the first Thai word does', async () => {
    const html = '<h1>Quire</h1><p>Plain <b>Latin</b> text, ﬁ ligatures, Ελληνικά and кириллица, 12 × 3.</p>';
    await renderDocument({ type: 'html', data: { html } }, { deterministic: true });
    expect(isHarfBuzzLoaded()).toBe(false);
    const face = FontRegistry.default().match({ families: ['Noto Sans'], weight: 400, style: 'normal' });
    shapeText(face, 'สวัสดี');
    expect(isHarfBuzzLoaded()).toBe(true);
  });

  it('routes complex scripts to HarfBuzz and leaves the others to fontkit', () => {
    for (const text of ['हिन्दी', 'שָׁלוֹם', 'مرحبا', 'ภาษาไทย', 'ລາວ', 'ខ្មែរ', 'မြန်မာ', 'বাংলা', 'தமிழ்', 'a\u{11013}']) expect(needsHarfBuzz(text), text).toBe(true);
    for (const text of ['Latin', 'Ελληνικά', 'кириллица', '中文', 'かな', '한국어', 'ქართული', '😀']) expect(needsHarfBuzz(text), text).toBe(false);
  });
});
