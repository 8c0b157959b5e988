// The built-in families (spec §4.4 rule 1): Helvetica and Arial are Arimo, Times New Roman and
// Times are Tinos, Courier and Courier New are Cousine, serif is Tinos and monospace Cousine;
// loaded lazily from the @fontsource packages (latin and latin-ext files at 400/700, upright
// and italic); what they lack comes from Noto Sans, then the CJK font.
import { describe, expect, it } from 'vitest';
import { METRIC_FAMILIES, metricFaces, metricSubsetFiles } from '../../src/text/bundled-metric-fonts.js';
import { FontRegistry, isBuiltInFamily } from '../../src/text/font-registry.js';
import { shapeText } from '../../src/text/shape.js';
import type { FontQuery } from '../../src/text/types.js';

const query = (families: string[], weight = 400, style: FontQuery['style'] = 'normal'): FontQuery => ({ families, weight, style });
const registry = FontRegistry.default();

/** [text of the run, family, PostScript name] per run. */
function runs(text: string, q: FontQuery): [string, string, string][] {
  return registry.itemize(text, q).map((run) => [text.slice(run.start, run.end), run.face.family, run.face.postscriptName]);
}

describe('built-in family names', () => {
  it.each([
    ['Helvetica', 'Arimo'],
    ['Arial', 'Arimo'],
    ['arial', 'Arimo'],
    ['Arimo', 'Arimo'],
    ['Times New Roman', 'Tinos'],
    ['Times', 'Tinos'],
    ['serif', 'Tinos'],
    ['Courier', 'Cousine'],
    ['Courier New', 'Cousine'],
    ['COURIER NEW', 'Cousine'],
    ['monospace', 'Cousine'],
  ])('%s is set in %s', (name, family) => {
    const face = registry.match(query([name]));
    expect(face.family).toBe(family);
    expect(face.postscriptName).toBe(`${family}-Regular`);
    expect(runs('Quire', query([name]))).toEqual([['Quire', family, `${family}-Regular`]]);
  });

  it('sans-serif and unknown names stay Noto Sans', () => {
    expect(registry.match(query(['sans-serif'])).postscriptName).toBe('NotoSans-Regular');
    expect(registry.match(query(['No Such Font'])).postscriptName).toBe('NotoSans-Regular');
  });

  it('has the four faces: bold, italic and bold italic are the real ones', () => {
    for (const { family } of METRIC_FAMILIES) {
      expect(registry.match(query([family], 700)).postscriptName).toBe(`${family}-Bold`);
      expect(registry.match(query([family], 400, 'italic')).postscriptName).toBe(`${family}-Italic`);
      expect(registry.match(query([family], 700, 'italic')).postscriptName).toBe(`${family}-BoldItalic`);
      expect(registry.match(query([family], 900, 'oblique')).postscriptName).toBe(`${family}-BoldItalic`);
    }
  });

  it('is metric-compatible: Arimo, Tinos and Cousine advance like Arial, Times New Roman and Courier New', () => {
    const em = (family: string, text: string) => {
      const face = registry.match(query([family]));
      return shapeText(face, text).advance / face.unitsPerEm;
    };
    // Arial: "Hello" = (1479 + 1139 + 455 + 455 + 1139) / 2048 em; Courier New: 1229/2048 per character.
    expect(em('Arial', 'Hello')).toBeCloseTo(4667 / 2048, 5);
    expect(em('Courier New', 'Hello, world')).toBeCloseTo((12 * 1229) / 2048, 5);
    // Times New Roman: "Hello" = (1479 + 909 + 569 + 569 + 1024) / 2048 em.
    expect(em('Times New Roman', 'Hello')).toBeCloseTo(4550 / 2048, 5);
  });

  it('uses the latin-ext file for latin-ext letters, under its own PostScript name', () => {
    expect(runs('Łódź', query(['Arial']))).toEqual([
      ['Ł', 'Arimo', 'Arimo-Regular-latin-ext'],
      ['ód', 'Arimo', 'Arimo-Regular'],
      ['ź', 'Arimo', 'Arimo-Regular-latin-ext'],
    ]);
  });

  it('falls back to Noto Sans for Greek and to the CJK font for Han, not to another built-in family', () => {
    const out = runs('Times Ωμέγα 中文', query(['Times New Roman']));
    expect(out[0]).toEqual(['Times ', 'Tinos', 'Tinos-Regular']);
    expect(out.find(([text]) => text.includes('Ω'))).toEqual(['Ωμέγα', 'Noto Sans', 'NotoSans-Regular']);
    for (const [text, family] of out.filter(([text]) => /[中文]/.test(text))) expect([text, family]).toEqual([text, 'Noto Sans CJK SC']);
    // A document family that lacks a character never borrows it from Cousine or Arimo either.
    for (const [, family] of runs('Ωμέγα', query(['No Such Font']))) expect(family).toBe('Noto Sans');
  });

  it('opens files lazily: each weight and style is a latin and a latin-ext file, loaded when first needed', () => {
    const tinos = METRIC_FAMILIES.find((f) => f.family === 'Tinos')!;
    const files = metricSubsetFiles(tinos, 700, 'italic');
    expect(files.map((f) => f.key)).toEqual(['latin-ext', 'latin']);
    expect(files.every((f) => f.path.endsWith('-700-italic.woff2'))).toBe(true);
    const faces = metricFaces(tinos, 700, 'italic');
    expect(faces).toBe(metricFaces(tinos, 700, 'italic'));
    expect(faces.faceFor(0x41)?.postscriptName).toBe('Tinos-BoldItalic');
    expect(faces.faceFor(0x4e2d)).toBeUndefined();
  });

  it('isBuiltInFamily: the names the engine has faces for without @font-face', () => {
    for (const name of ['Helvetica', 'arial', 'Times New Roman', 'Courier', 'Tinos', 'Noto Sans', 'Noto Sans SC', 'serif', 'sans-serif', 'monospace']) {
      expect(isBuiltInFamily(name), name).toBe(true);
    }
    for (const name of ['Roboto', 'Open Sans', 'Georgia', 'Noto Sans Mono']) expect(isBuiltInFamily(name), name).toBe(false);
  });
});
