// The resources stage: what it fetches, in which order, and how the sheets come out. The
// fetcher here serves fixed bytes from a map; the network loader has its own tests (net/).
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/dom/parse.js';
import { gatherResources, type ResourceFetcher, type ResourceKind } from '../../src/resources/gather.js';
import { renderToDisplayLists } from '../../src/render.js';
import { encodePng } from '../helpers/images.js';

/** Serves `files` by absolute URL and records every request. */
function fakeFetcher(files: Record<string, { type: string; body: string | Uint8Array; charset?: string }>): ResourceFetcher & { requests: string[] } {
  const requests: string[] = [];
  return {
    requests,
    async fetch(url: string, kind: ResourceKind) {
      requests.push(`${kind} ${url}`);
      const file = files[url];
      if (!file) throw new Error(`${kind} ${url}: not found`);
      const data = typeof file.body === 'string' ? new TextEncoder().encode(file.body) : file.body;
      return { url, contentType: file.type, data, ...(file.charset === undefined ? {} : { charset: file.charset }) };
    },
  };
}

const css = (body: string) => ({ type: 'text/css', body });

describe('gatherResources', () => {
  it('fetches linked sheets in document order between the <style> elements, relative to the base', async () => {
    const doc = parseHtml('<link rel="stylesheet" href="a.css"><style>p { color: red }</style><link rel="stylesheet" href="/b.css" media="print">');
    const fetcher = fakeFetcher({ 'https://ex.com/docs/a.css': css('p { margin: 1px }'), 'https://ex.com/b.css': css('p { margin: 2px }') });
    const out = await gatherResources(doc, { fetcher, baseUrl: 'https://ex.com/docs/index.html', requestCss: '', warn: () => {} });
    expect(out.sheets.map((s) => [s.text.replace(/\s+/g, ''), s.media])).toEqual([['p{margin:1px}', null], ['p{color:red}', null], ['p{margin:2px}', 'print']]);
  });

  it('decodes sheets by their BOM, their Content-Type charset or their @charset (css-syntax-3 §3.2)', async () => {
    const doc = parseHtml('<link rel="stylesheet" href="a.css"><link rel="stylesheet" href="b.css"><link rel="stylesheet" href="c.css">');
    const utf16 = [0xfe, 0xff, ...[...'.a{}'].flatMap((c) => [0, c.charCodeAt(0)])];
    const fetcher = fakeFetcher({
      'https://ex.com/a.css': { type: 'text/css', body: Uint8Array.from(utf16) },
      'https://ex.com/b.css': { type: 'text/css', body: Uint8Array.from([0x2e, 0xe9, 0x7b, 0x7d]), charset: 'iso-8859-1' },
      'https://ex.com/c.css': { type: 'text/css', body: Uint8Array.from([...Buffer.from('@charset "koi8-r";.'), 0xc1, 0x7b, 0x7d]) },
    });
    const out = await gatherResources(doc, { fetcher, baseUrl: 'https://ex.com/', requestCss: '', warn: () => {} });
    expect(out.sheets.map((s) => s.text)).toEqual(['.a{}', '.é{}', '@charset "koi8-r";.а{}']);
  });

  it('an imported sheet that is no CSS does not swallow the rules after its @import', async () => {
    // A UTF-16 BOM on UTF-8 text: the sheet decodes to CJK garbage with no braces.
    const fetcher = fakeFetcher({ 'https://ex.com/bad.css': { type: 'text/css', body: Uint8Array.from([0xfe, 0xff, ...Buffer.from('.a { color: red }')]) } });
    const out = await gatherResources(parseHtml('<p id="t">x</p>'), { fetcher, baseUrl: 'https://ex.com/', requestCss: '@import "bad.css"; p { color: green }', warn: () => {} });
    const pages = await renderToDisplayLists({ type: 'html', data: { html: '<p>x</p>', css: out.requestCss } }, {});
    const glyphs = pages.pages[0]!.items.find((i) => i.kind === 'glyphs');
    expect(glyphs && glyphs.kind === 'glyphs' ? glyphs.color : null).toMatchObject({ r: 0, g: 128, b: 0 });
  });

  it('inlines @import rules in order, in their media, with url()s made absolute against the imported sheet', async () => {
    const fetcher = fakeFetcher({
      'https://cdn.ex/css/base.css': css('@import "more/deep.css"; body { background: url(img/bg.png) }'),
      'https://cdn.ex/css/more/deep.css': css('h1 { color: blue }'),
      'https://cdn.ex/print.css': css('h2 { color: green }'),
    });
    const requestCss = '@import url(https://cdn.ex/css/base.css); @import "https://cdn.ex/print.css" print; p { color: red }';
    const out = await gatherResources(parseHtml('<p>x</p>'), { fetcher, baseUrl: null, requestCss, warn: () => {} });
    const text = out.requestCss.replace(/\s+/g, '');
    expect(text.indexOf('h1{color:blue}')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('h1{color:blue}')).toBeLessThan(text.indexOf('body{'));
    expect(text).toContain('url(https://cdn.ex/css/img/bg.png)');
    expect(text).toMatch(/@mediaprint\{h2\{color:green\}\}/);
    expect(text.endsWith('p{color:red}')).toBe(true);
    expect(text).not.toContain('@import');
  });

  it('stops an @import cycle at the depth bound with a warning', async () => {
    const fetcher = fakeFetcher({ 'https://ex.com/loop.css': css('@import "loop.css"; p { color: red }') });
    const warnings: string[] = [];
    const out = await gatherResources(parseHtml('<p>x</p>'), { fetcher, baseUrl: 'https://ex.com/', requestCss: '@import "loop.css";', warn: (m) => warnings.push(m) });
    expect(fetcher.requests.length).toBeLessThanOrEqual(9);
    expect(warnings.some((w) => w.includes('nested more than'))).toBe(true);
    expect(out.requestCss).toContain('color');
  });

  it('fetches @font-face files as fonts and images from img, style attributes and CSS, each once', async () => {
    const png = encodePng(1, 1, () => [255, 0, 0, 255]);
    const fetcher = fakeFetcher({
      'https://ex.com/f.ttf': { type: 'font/ttf', body: new Uint8Array([0, 1, 0, 0]) },
      'https://ex.com/logo.png': { type: 'image/png', body: png },
      'https://ex.com/bg.png': { type: 'image/png', body: png },
    });
    const doc = parseHtml('<img src="logo.png"><img src="logo.png"><div style="background-image: url(bg.png)"></div>');
    const requestCss = '@font-face { font-family: X; src: url(f.ttf) format("truetype") } p { list-style-image: url(logo.png) }';
    const out = await gatherResources(doc, { fetcher, baseUrl: 'https://ex.com/', requestCss, warn: () => {} });
    expect([...out.fonts.keys()]).toEqual(['f.ttf']);
    expect([...out.images.keys()].sort()).toEqual(['bg.png', 'logo.png']);
    expect(fetcher.requests.sort()).toEqual(['font https://ex.com/f.ttf', 'image https://ex.com/bg.png', 'image https://ex.com/logo.png']);
  });

  it('turns every failure into a warning: missing file, relative URL without a base, no loader', async () => {
    const warnings: string[] = [];
    const doc = parseHtml('<img src="https://ex.com/missing.png"><img src="rel.png">');
    await gatherResources(doc, { fetcher: fakeFetcher({}), baseUrl: null, requestCss: '', warn: (m) => warnings.push(m) });
    expect(warnings.some((w) => w.includes('missing.png') && w.includes('not found'))).toBe(true);
    expect(warnings.some((w) => w.includes('rel.png') && w.includes('base URL'))).toBe(true);
    const none: string[] = [];
    await gatherResources(parseHtml('<img src="https://ex.com/a.png">'), { fetcher: null, baseUrl: null, requestCss: '', warn: (m) => none.push(m) });
    expect(none).toEqual(['image https://ex.com/a.png could not be loaded: no resource loader']);
  });

  it('keeps credentials out of warnings', async () => {
    const warnings: string[] = [];
    await gatherResources(parseHtml('<link rel="stylesheet" href="https://user:secret@ex.com/a.css">'), { fetcher: null, baseUrl: null, requestCss: '', warn: (m) => warnings.push(m) });
    expect(warnings.join(' ')).not.toContain('secret');
  });

  it('a linked sheet styles the rendered document', async () => {
    const fetcher = fakeFetcher({ 'https://ex.com/s.css': css('p { color: #ff0000 }') });
    const out = await renderToDisplayLists({ type: 'html', data: { html: '<link rel="stylesheet" href="s.css"><p>Red</p>' } }, { resourceLoader: fetcher, baseUrl: 'https://ex.com/', deterministic: true });
    const glyphs = out.pages[0]!.items.filter((i) => i.kind === 'glyphs');
    expect(glyphs.map((g) => g.kind === 'glyphs' && g.color)).toContainEqual({ r: 255, g: 0, b: 0, a: 1 });
  });
});
