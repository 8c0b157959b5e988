// ex and ch from the first available font (css-values-4 §6.1.1), through the cascade's
// fontUnits hook, as render.ts wires it; half an em without fonts.
import { describe, expect, it } from 'vitest';
import { styleDocument } from '../../src/css/index.js';
import { parseHtml } from '../../src/dom/parse.js';
import { FontRegistry } from '../../src/text/font-registry.js';
import { fontUnitsSource } from '../../src/text/font-units.js';
import { measureText } from '../../src/text/shape.js';
import { styleOf } from './helpers.js';

const registry = FontRegistry.default();
const withFonts = (html: string, css: string) => styleDocument(parseHtml(html), { authorCss: [css], fontUnits: () => fontUnitsSource(registry) });

/** The face's x-height and "0" advance in em. */
function emUnits(families: string[], weight = 400): { ex: number; ch: number } {
  const face = registry.match({ families, weight, style: 'normal' });
  return { ex: face.xHeight / face.unitsPerEm, ch: measureText(face, '0') / face.unitsPerEm };
}

describe('ex and ch', () => {
  it('measure the element font: x-height and the advance of "0"', () => {
    const sans = emUnits(['sans-serif']);
    expect(sans.ex).not.toBeCloseTo(0.5, 2); // the fallback would not tell them apart
    const t = styleOf(withFonts('<p id="t">x</p>', 'p { font: 20px sans-serif; width: 10ex; height: 10ch }'), 't');
    expect(t.width).toEqual({ abs: expect.closeTo(10 * sans.ex * 15, 3), pct: 0 });
    expect(t.height).toEqual({ abs: expect.closeTo(10 * sans.ch * 15, 3), pct: 0 });
  });

  it("use the element's own family, whatever the declaration order", () => {
    const mono = emUnits(['monospace']);
    const t = styleOf(withFonts('<p id="t">x</p>', 'p { width: 4ch; font-size: 10pt; font-family: monospace }'), 't');
    expect(t.width).toEqual({ abs: expect.closeTo(4 * mono.ch * 10, 3), pct: 0 });
  });

  it("in font-size, measure the parent's font", () => {
    const serif = emUnits(['serif']);
    const t = styleOf(withFonts('<div style="font: 10pt serif"><p id="t" style="font-family: monospace; font-size: 2ex">x</p></div>', ''), 't');
    expect(t.fontSize).toBeCloseTo(2 * serif.ex * 10, 3);
  });

  it('fall back to half an em when no fonts are given', () => {
    const doc = styleDocument(parseHtml('<p id="t">x</p>'), { authorCss: ['p { font-size: 10pt; width: 4ex; height: 4ch }'] });
    expect(styleOf(doc, 't').width).toEqual({ abs: 20, pct: 0 });
    expect(styleOf(doc, 't').height).toEqual({ abs: 20, pct: 0 });
  });
});
