// @font-face through the whole pipeline: font files served by a fixture server on loopback,
// the right and the wrong content type, WOFF2, a web font provider's CSS pulled in with
// @import, and unicode-range subsets. A font that cannot be used is a warning and the text
// falls back.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlyphRunItem } from '../../src/paint/types.js';
import { renderDocument, renderToDisplayLists } from '../../src/render.js';
import { runText } from '../../src/paint/glyph-runs.js';
import { send, startFixtureServer, type Fixture } from '../resources/net/fixture-server.js';
import { poppler, writeTemp } from '../pdf/helpers.js';

const BOLD_TTF = new Uint8Array(readFileSync(path.resolve('fonts/NotoSans-Bold.ttf')));
const sc = path.dirname(createRequire(import.meta.url).resolve('@fontsource-variable/noto-sans-sc/package.json'));
const LATIN_WOFF2 = new Uint8Array(readFileSync(path.join(sc, 'files/noto-sans-sc-latin-wght-normal.woff2')));

let server: Fixture;
beforeAll(async () => {
  server = await startFixtureServer({
    '/brand.ttf': send('font/ttf', BOLD_TTF),
    '/brand-x.ttf': send('application/x-font-ttf', BOLD_TTF),
    '/brand-as-text.ttf': send('text/plain', BOLD_TTF),
    '/garbage.ttf': send('font/ttf', new Uint8Array(2000).fill(7)),
    '/latin.woff2': send('font/woff2', LATIN_WOFF2),
    // What a web font service answers: @font-face rules per unicode-range subset.
    '/provider.css': send('text/css', `
      @font-face { font-family: 'Served'; font-weight: 400; src: url(/latin.woff2) format('woff2'); unicode-range: U+0000-00FF; }
      @font-face { font-family: 'Served'; font-weight: 400; src: url(/brand.ttf) format('truetype'); unicode-range: U+0100-017F; }`),
  });
});
afterAll(() => server.close());

const options = { network: { allowPrivate: ['127.0.0.1'] }, deterministic: true };

async function runs(css: string, html: string) {
  const warnings: string[] = [];
  const out = await renderToDisplayLists({ type: 'html', data: { html, css } }, { ...options, onWarning: (m) => warnings.push(m) });
  const glyphs = out.pages.flatMap((p) => p.items).filter((i): i is GlyphRunItem => i.kind === 'glyphs');
  return { warnings, glyphs: glyphs.map((g) => ({ text: runText(g), family: g.face.family, postscript: g.face.postscriptName })) };
}

describe('web fonts', () => {
  it('a TTF served as font/ttf or application/x-font-ttf sets the text in its face', async () => {
    for (const file of ['/brand.ttf', '/brand-x.ttf']) {
      const css = `@font-face { font-family: Brand; src: url(${server.url(file)}) format("truetype") } p { font-family: Brand, sans-serif }`;
      const { warnings, glyphs } = await runs(css, '<p>Branded</p>');
      expect(warnings).toEqual([]);
      expect(glyphs).toEqual([{ text: 'Branded', family: 'Brand', postscript: 'NotoSans-Bold' }]);
    }
  });

  it('a font served with a wrong content type is a warning and the text falls back', async () => {
    const css = `@font-face { font-family: Brand; src: url(${server.url('/brand-as-text.ttf')}) } p { font-family: Brand, sans-serif }`;
    const { warnings, glyphs } = await runs(css, '<p>Fallback</p>');
    expect(warnings.join('\n')).toMatch(/brand-as-text\.ttf.*content type/i);
    expect(glyphs[0]).toMatchObject({ text: 'Fallback', postscript: 'NotoSans-Regular' });
  });

  it('a file that is not a font is a warning naming the family', async () => {
    const css = `@font-face { font-family: Broken; src: url(${server.url('/garbage.ttf')}) } p { font-family: Broken }`;
    const { warnings, glyphs } = await runs(css, '<p>Still here</p>');
    expect(warnings.join('\n')).toMatch(/"Broken".*not a font file/);
    expect(glyphs[0]!.text).toBe('Still here');
  });

  it('reads WOFF2 and embeds it so that the text extracts', async () => {
    const css = `@font-face { font-family: W2; src: url(${server.url('/latin.woff2')}) format("woff2") } p { font-family: W2 }`;
    const { glyphs } = await runs(css, '<p>Woff two</p>');
    expect(glyphs).toEqual([{ text: 'Woff two', family: 'W2', postscript: expect.any(String) }]);
    const pdf = await renderDocument({ type: 'html', data: { html: '<p>Woff two</p>', css } }, options);
    const file = writeTemp('web-font-woff2.pdf', pdf.pdf);
    expect(poppler('pdftotext', [file, '-']).stdout.replace(/\s+/g, ' ').trim()).toBe('Woff two');
    expect(poppler('pdffonts', [file]).stdout).toMatch(/CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
  });

  it('pulls a provider\'s @font-face rules in with @import and picks each subset by unicode-range', async () => {
    const css = `@import url(${server.url('/provider.css')}); p { font-family: Served }`;
    const { warnings, glyphs } = await runs(css, '<p>Abc Ćđ</p>');
    expect(warnings).toEqual([]);
    const byText = Object.fromEntries(glyphs.map((g) => [g.text.trim(), g.postscript]));
    expect(byText['Abc']).not.toBe('NotoSans-Bold');
    expect(byText['Ćđ']).toBe('NotoSans-Bold');
  });

  it('keeps each render\'s fonts to itself when renders run at the same time', async () => {
    const css = (file: string) => `@font-face { font-family: Brand; src: url(${server.url(file)}) } p { font-family: Brand }`;
    const [a, b, plain] = await Promise.all([
      runs(css('/brand.ttf'), '<p>Alpha</p>'),
      runs(css('/latin.woff2'), '<p>Beta</p>'),
      runs('p { font-family: Brand }', '<p>Gamma</p>'),
    ]);
    expect(a.glyphs[0]!.postscript).toBe('NotoSans-Bold');
    expect(b.glyphs[0]!.postscript).not.toBe('NotoSans-Bold');
    expect(b.glyphs[0]!.family).toBe('Brand');
    expect(plain.glyphs[0]).toMatchObject({ text: 'Gamma', postscript: 'NotoSans-Regular' });
  });
});
