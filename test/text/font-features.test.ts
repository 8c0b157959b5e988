// Font feature properties (css-fonts-4 §6–7): parsing, their resolution to one OpenType
// feature map per style, and what the features do to shaped text; synthesized small caps,
// bold and oblique (§8.1); text-shadow (css-text-decor-3 §5).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { ComputedStyle } from '../../src/css/types.js';
import { MAX_TEXT_SHADOWS } from '../../src/paint/text-shadow.js';
import type { GlyphRunItem } from '../../src/paint/types.js';
import { writePdf } from '../../src/pdf/write.js';
import { renderToDisplayLists } from '../../src/render.js';
import { FontRegistry } from '../../src/text/font-registry.js';
import { shapeText } from '../../src/text/shape.js';
import { SMALL_CAPS_SCALE, featuresOfFace } from '../../src/text/small-caps.js';
import { featuresOf, shapingOf } from '../../src/text/style-shaping.js';
import { computed } from '../css/helpers.js';
import { flatten, layout, runs, runWith } from '../layout/helpers.js';

const P = '<p id="t">x</p>';

function styleOf(css: string): ComputedStyle {
  return computed(P, `p { ${css} }`);
}

const noto = () => FontRegistry.default().match({ families: ['Noto Sans'], weight: 400, style: 'normal' });

/** The Arimo regular face as a data: URL: a family with one face, and no smcp feature. */
function arimoRegularUrl(): string {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('@fontsource/arimo/package.json')), 'files', 'arimo-latin-400-normal.woff2');
  return `data:font/woff2;base64,${readFileSync(file).toString('base64')}`;
}

describe('parsing', () => {
  it('reads each longhand, rejecting repeated groups and bad values', () => {
    expect(styleOf('font-variant-ligatures: no-common-ligatures discretionary-ligatures').fontVariantLigatures).toEqual(['no-common-ligatures', 'discretionary-ligatures']);
    expect(styleOf('font-variant-ligatures: common-ligatures no-common-ligatures').fontVariantLigatures).toEqual([]);
    expect(styleOf('font-variant-numeric: tabular-nums oldstyle-nums slashed-zero').fontVariantNumeric).toEqual(['tabular-nums', 'oldstyle-nums', 'slashed-zero']);
    expect(styleOf('font-variant-numeric: tabular-nums proportional-nums').fontVariantNumeric).toEqual([]);
    expect(styleOf('font-variant-caps: all-small-caps').fontVariantCaps).toBe('all-small-caps');
    expect(styleOf('font-variant-position: super').fontVariantPosition).toBe('super');
    expect(styleOf('font-kerning: none').fontKerning).toBe('none');
    expect(styleOf('font-feature-settings: "liga" off, "ss01", "salt" 3').fontFeatureSettings).toEqual([['liga', 0], ['ss01', 1], ['salt', 3]]);
    expect(styleOf('font-feature-settings: "toolong" 1').fontFeatureSettings).toEqual([]);
    expect(styleOf('font-feature-settings: "liga" -1').fontFeatureSettings).toEqual([]);
    expect(styleOf('font-synthesis: style').fontSynthesis).toEqual({ weight: false, style: true, smallCaps: false });
    expect(styleOf('font-synthesis: none').fontSynthesis).toEqual({ weight: false, style: false, smallCaps: false });
    expect(styleOf('').fontSynthesis).toEqual({ weight: true, style: true, smallCaps: true });
  });

  it('expands the font-variant shorthand, and font keeps small-caps', () => {
    const s = styleOf('font-variant: small-caps tabular-nums no-contextual super');
    expect([s.fontVariantCaps, s.fontVariantNumeric, s.fontVariantLigatures, s.fontVariantPosition]).toEqual(['small-caps', ['tabular-nums'], ['no-contextual'], 'super']);
    expect(styleOf('font-variant: none').fontVariantLigatures).toEqual(['none']);
    // Invalid: the whole declaration is dropped, the earlier one stays.
    expect(styleOf('font-variant: small-caps; font-variant: small-caps unicase').fontVariantCaps).toBe('small-caps');
    expect(styleOf('font: small-caps 12px serif').fontVariantCaps).toBe('small-caps');
    expect(styleOf('font-variant-numeric: tabular-nums; font: 12px serif').fontVariantNumeric).toEqual([]);
  });

  it('inherits', () => {
    const t = computed('<div><p id="t">x</p></div>', 'div { font-variant-numeric: tabular-nums; font-kerning: none; text-shadow: 1px 2px red }');
    expect(t.fontVariantNumeric).toEqual(['tabular-nums']);
    expect(t.fontKerning).toBe('none');
    expect(t.textShadow).toEqual([{ offsetX: 0.75, offsetY: 1.5, blur: 0, color: { r: 255, g: 0, b: 0, a: 1 } }]);
  });

  it('parses text-shadow with colour first or last, currentcolor by default, and rejects a negative blur', () => {
    const t = styleOf('color: blue; text-shadow: 1px 1px 2px green, red 0 0, 3px 3px');
    expect(t.textShadow.map((s) => [s.blur, s.color.g, s.color.r, s.color.b])).toEqual([[1.5, 128, 0, 0], [0, 0, 255, 0], [0, 0, 0, 255]]);
    expect(styleOf('text-shadow: 1px 1px -2px red').textShadow).toEqual([]);
    expect(styleOf('text-shadow: 1px 1px 2px 3px red').textShadow).toEqual([]);
  });
});

describe('feature resolution (§7.2)', () => {
  it('is null when nothing differs from the defaults, and one shared object per style', () => {
    const s = styleOf('');
    expect(featuresOf(s)).toBeNull();
    expect(shapingOf(s).key).toBe('');
    const t = styleOf('font-variant-numeric: tabular-nums');
    expect(shapingOf(t)).toBe(shapingOf(t));
  });

  it('maps the variant properties to tags, with font-feature-settings on top', () => {
    expect(featuresOf(styleOf('font-kerning: none; font-variant-ligatures: none'))).toEqual({ kern: 0, liga: 0, clig: 0, dlig: 0, hlig: 0, calt: 0 });
    expect(featuresOf(styleOf('font-variant-numeric: oldstyle-nums tabular-nums diagonal-fractions ordinal slashed-zero'))).toEqual({ onum: 1, tnum: 1, frac: 1, ordn: 1, zero: 1 });
    expect(featuresOf(styleOf('font-variant-caps: all-small-caps; font-variant-position: sub'))).toEqual({ c2sc: 1, smcp: 1, subs: 1 });
    expect(featuresOf(styleOf('font-variant-ligatures: no-common-ligatures; font-feature-settings: "liga" 1'))).toEqual({ liga: 1, clig: 0 });
    expect(featuresOf(styleOf('font-variant-numeric: tabular-nums; font-feature-settings: "tnum" 0, "tnum" 1, "onum"'))).toEqual({ tnum: 1, onum: 1 });
  });

  it('turns the common ligatures off with letter-spacing, unless asked for', () => {
    expect(featuresOf(styleOf('letter-spacing: 1px'))).toEqual({ liga: 0, clig: 0 });
    expect(featuresOf(styleOf('letter-spacing: 1px; font-variant-ligatures: common-ligatures'))).toEqual({ liga: 1, clig: 1 });
  });
});

describe('shaping effects with Noto Sans', () => {
  const advances = (css: string, text: string) => shapeText(noto(), text, shapingOf(styleOf(css))).glyphs.map((g) => g.advance);
  const ids = (css: string, text: string) => shapeText(noto(), text, shapingOf(styleOf(css))).glyphs.map((g) => g.id);

  it('tabular-nums gives every digit one advance; proportional-nums does not', () => {
    expect(new Set(advances('font-variant-numeric: tabular-nums', '0123456789')).size).toBe(1);
    const proportional = advances('font-variant-numeric: proportional-nums', '0123456789');
    expect(new Set(proportional).size).toBeGreaterThan(1);
    expect(proportional[1]).toBeLessThan(proportional[8]!);
  });

  it('oldstyle-nums changes the digits glyphs', () => {
    const lining = ids('', '0123456789');
    const oldstyle = ids('font-variant-numeric: oldstyle-nums', '0123456789');
    expect(oldstyle.every((id, i) => id !== lining[i])).toBe(true);
  });

  it('ligatures: "ffi" is one glyph by default and three with ligatures off', () => {
    expect(ids('', 'office')).toHaveLength(4);
    expect(ids('font-variant-ligatures: no-common-ligatures', 'office')).toHaveLength(6);
    expect(ids('font-feature-settings: "liga" 0', 'office')).toHaveLength(6);
  });

  it('font-kerning: none drops the AV kerning pair', () => {
    const kerned = advances('', 'AV')[0]!;
    const plain = advances('font-kerning: none', 'AV')[0]!;
    expect(plain).toBeGreaterThan(kerned);
  });

  it('does not alter the options it is given (fontkit adds its defaults to the object)', () => {
    const style = styleOf('font-variant-numeric: oldstyle-nums');
    const before = JSON.stringify(featuresOf(style));
    shapeText(noto(), '42', shapingOf(style));
    expect(JSON.stringify(featuresOf(style))).toBe(before);
  });
});

describe('small caps', () => {
  it('uses the face\'s smcp glyphs when it has them (Noto Sans)', async () => {
    expect(featuresOfFace(noto()).has('smcp')).toBe(true);
    const pages = await layout('<p>Small caps</p>', 'p { font-family: "Noto Sans"; font-size: 20px; font-variant: small-caps }');
    const plain = shapeText(noto(), 'Small caps').glyphs.map((g) => g.id);
    const run = runWith(pages, 'Small caps');
    expect(run.item.size).toBe(15);
    const glyphs = run.item.segments.flatMap((s) => s.glyphs);
    expect(glyphs[0]!.id).toBe(plain[0]);
    expect(glyphs[1]!.id).not.toBe(plain[1]);
  });

  it('is synthesized from smaller capitals when the face has no smcp (Arimo), keeping the text', async () => {
    const pages = await layout('<p>Small Caps ßx</p>', 'p { font-family: Arimo; font-size: 20px; font-variant: small-caps }');
    const sized = runs(pages).map((r) => [r.text, r.item.size]);
    expect(sized).toEqual([['S', 15], ['mall', 15 * SMALL_CAPS_SCALE], [' C', 15], ['aps', 15 * SMALL_CAPS_SCALE], [' ', 15], ['ßx', 15 * SMALL_CAPS_SCALE]]);
    const arimo = FontRegistry.default().match({ families: ['Arimo'], weight: 400, style: 'normal' });
    const capitals = shapeText(arimo, 'MALL').glyphs.map((g) => g.id);
    expect(runWith(pages, 'mall').item.segments[0]!.glyphs.map((g) => g.id)).toEqual(capitals);
    // ß is drawn as SS; its text goes with the first S.
    expect(runWith(pages, 'ßx').item.segments[0]!.glyphs.map((g) => g.text)).toEqual(['ß', '', 'x']);
  });

  it('draws one underline position and thickness under full-size and synthesized letters', async () => {
    const pages = await layout('<p>Small Caps</p>', 'p { font-family: Arimo; font-size: 20px; font-variant: small-caps; text-decoration: underline }');
    const lines = flatten(pages[0]!.items).filter((i) => i.kind === 'line');
    expect(lines.length).toBeGreaterThan(1);
    expect(new Set(lines.map((l) => l.kind === 'line' && `${l.y1} ${l.width}`)).size).toBe(1);
  });

  it('all-small-caps shrinks capitals too; font-synthesis without small-caps does not synthesize', async () => {
    const all = await layout('<p>Ab</p>', 'p { font-family: Arimo; font-size: 20px; font-variant-caps: all-small-caps }');
    expect(runs(all).map((r) => [r.text, r.item.size])).toEqual([['Ab', 15 * SMALL_CAPS_SCALE]]);
    const none = await layout('<p>Ab</p>', 'p { font-family: Arimo; font-size: 20px; font-variant-caps: small-caps; font-synthesis: none }');
    expect(runs(none).map((r) => [r.text, r.item.size])).toEqual([['Ab', 15]]);
  });
});

async function pdfContent(html: string, css: string): Promise<string> {
  const { pages } = await renderToDisplayLists({ type: 'html', data: { html, css } }, { deterministic: true });
  const bytes = await writePdf({ pages, deterministic: true });
  const pdf = await PDFDocument.load(bytes);
  const stream = pdf.getPages()[0]!.node.lookup(PDFName.of('Contents'));
  if (!(stream instanceof PDFRawStream)) throw new Error('page /Contents is not one stream');
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
}

describe('font-synthesis: bold and oblique', () => {
  const face = () => `@font-face { font-family: OnlyRegular; src: url(${arimoRegularUrl()}) } p { font-family: OnlyRegular; font-size: 20px }`;

  it('marks runs whose face is lighter or upright than asked, and only those', async () => {
    const pages = await layout('<p>plain <b>bold</b> <i>italic</i> <b><i>both</i></b></p>', face());
    const synthetic = (t: string) => runWith(pages, t).item.synthetic;
    expect(synthetic('plain')).toEqual({ bold: false, oblique: false });
    expect(synthetic('bold')).toEqual({ bold: true, oblique: false });
    expect(synthetic('italic')).toEqual({ bold: false, oblique: true });
    expect(synthetic('both')).toEqual({ bold: true, oblique: true });
    // Noto Sans has its own bold and italic faces.
    const noto = await layout('<p><b>bold</b> <i>italic</i></p>', 'p { font-family: "Noto Sans" }');
    expect(runWith(noto, 'bold').item.synthetic).toEqual({ bold: false, oblique: false });
    expect(runWith(noto, 'italic').item.synthetic).toEqual({ bold: false, oblique: false });
  });

  it('is off where font-synthesis says so', async () => {
    const pages = await layout('<p><b>bold</b> <i>italic</i></p>', `${face()} p { font-synthesis: style }`);
    expect(runWith(pages, 'bold').item.synthetic).toEqual({ bold: false, oblique: false });
    expect(runWith(pages, 'italic').item.synthetic).toEqual({ bold: false, oblique: true });
  });

  it('reaches the PDF: fill and stroke (2 Tr) for bold, a skewed text matrix for oblique', async () => {
    const content = await pdfContent('<p><b>bold</b></p>', face());
    expect(content).toMatch(/[\d.]+ w\n(?:.*\n)*?BT\n\/F1 15 Tf\n2 Tr\n1 0 0 1 [\d.]+ [\d.]+ Tm\n.*TJ\n0 Tr\nET/);
    const strokeWidth = Number(/([\d.]+) w\n/.exec(content)![1]);
    // Skia's fake bold: between 1/32 and 1/24 of the size.
    expect(strokeWidth).toBeGreaterThan(15 / 32);
    expect(strokeWidth).toBeLessThan(15 / 24);
    const italic = await pdfContent('<p><i>italic</i></p>', face());
    expect(italic).toMatch(/BT\n\/F1 15 Tf\n1 0 0.25 1 [\d.]+ [\d.]+ Tm\n/);
    expect(italic).not.toContain('Tr');
  });
});

describe('text-shadow', () => {
  it('paints each shadow under the text, the last one lowest, with the decorations', async () => {
    const pages = await layout('<p><u>Hi</u></p>', 'p { font-size: 20px; color: black; text-shadow: 2px 3px red, -1px 0 blue }');
    const items = flatten(pages[0]!.items).filter((i) => i.kind === 'glyphs' || i.kind === 'line');
    const glyphs = items.filter((i): i is GlyphRunItem => i.kind === 'glyphs');
    expect(glyphs.map((g) => [g.color.r, g.color.b])).toEqual([[0, 255], [255, 0], [0, 0]]);
    const text = glyphs[2]!;
    expect(glyphs[1]!.x - text.x).toBeCloseTo(1.5);
    expect(glyphs[1]!.y - text.y).toBeCloseTo(2.25);
    expect(glyphs[0]!.x - text.x).toBeCloseTo(-0.75);
    // Each copy has its underline in the shadow's colour, before the text's own.
    expect(items.map((i) => i.kind)).toEqual(['glyphs', 'line', 'glyphs', 'line', 'glyphs', 'line']);
    expect(items[3]!.kind === 'line' && items[3]!.color.r).toBe(255);
  });

  it('approximates a blur with faint copies spread around the offset', async () => {
    const pages = await layout('<p>Hi</p>', 'p { font-size: 20px; text-shadow: 0 0 8px rgba(0, 0, 0, 0.5) }');
    const glyphs = runs(pages).map((r) => r.item);
    const shadow = glyphs.slice(0, -1);
    expect(shadow.length).toBeGreaterThan(1);
    const text = glyphs[glyphs.length - 1]!;
    const alpha = shadow.reduce((sum, g) => sum + g.color.a, 0);
    expect(alpha).toBeCloseTo(0.5);
    const spread = Math.max(...shadow.map((g) => Math.hypot(g.x - text.x, g.y - text.y)));
    expect(spread).toBeGreaterThan(3);
    expect(spread).toBeLessThanOrEqual(6 + 1e-9);
  });

  it('draws at most MAX_TEXT_SHADOWS shadows, the topmost ones', async () => {
    const list = Array.from({ length: 100 }, (_, i) => `${i}px 0 rgb(${i}, 0, 0)`).join(', ');
    const pages = await layout('<p>Hi</p>', `p { text-shadow: ${list} }`);
    const reds = runs(pages).map((r) => r.item.color.r);
    expect(reds).toHaveLength(MAX_TEXT_SHADOWS + 1);
    expect(reds.slice(0, -1)).toEqual(Array.from({ length: MAX_TEXT_SHADOWS }, (_, i) => MAX_TEXT_SHADOWS - 1 - i));
  });

  it('reaches the PDF as text in the shadow colour', async () => {
    const content = await pdfContent('<p>Hi</p>', 'p { text-shadow: 1px 1px red }');
    expect(content).toMatch(/1 0 0 rg\nBT[\s\S]*0 0 0 rg\nBT/);
  });
});

describe('quotes: auto', () => {
  const quoted = async (lang: string) => {
    const pages = await layout(`<p lang="${lang}"><q>a <q>b</q></q></p>`);
    return runs(pages).map((r) => r.text).join('');
  };

  it.each([
    ['en', '“a ‘b’”'],
    ['de', '„a ‚b‘“'],
    ['de-AT', '„a ‚b‘“'],
    ['fr', '«a «b»»'],
    ['ja', '「a 『b』」'],
    ['ru', '«a „b“»'],
    ['pl', '„a «b»”'],
    ['he', '”a ’b’”'],
    ['xx', '“a ‘b’”'],
  ])('%s → %s', async (lang, expected) => {
    expect(await quoted(lang)).toBe(expected);
  });

  it('follows the language each q inherits, and :lang() matches it', async () => {
    const pages = await layout('<div lang="de"><p><q>a</q> <span lang="fr"><q>b</q></span></p><p class="x">c</p></div>', 'p:lang(de) { color: red } span:lang(fr) { color: blue }');
    expect(runs(pages).map((r) => r.text).join('')).toBe('„a“ «b»c');
    expect(runWith(pages, '„a').item.color.r).toBe(255);
    expect(runWith(pages, '«b').item.color.b).toBe(255);
    expect(runWith(pages, 'c').item.color.r).toBe(255);
  });
});
