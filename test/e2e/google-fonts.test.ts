// Google Fonts by family name through the whole pipeline, against a stand-in for the css2 API
// on 127.0.0.1: a family the document names (and does not define) is fetched through the
// resource loader, cached on disk (a later render with the server gone and every fetch
// failing still has it), and sets the text; names that are not Google families, that @font-face
// defines, or that are built in fetch nothing.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import type { GlyphRunItem } from '../../src/paint/types.js';
import { runText } from '../../src/paint/glyph-runs.js';
import { renderDocument, renderToDisplayLists } from '../../src/render.js';
import type { RenderOptions } from '../../src/options.js';
import type { ResourceFetcher } from '../../src/resources/gather.js';
import { send, startFixtureServer, type Fixture, type Route } from '../resources/net/fixture-server.js';
import { poppler, writeTemp } from '../pdf/helpers.js';

// Stand-ins for the families' files: Noto Sans faces, told apart by their PostScript names.
const font = (file: string) => new Uint8Array(readFileSync(path.resolve('fonts', file)));
const BOLD = font('NotoSans-Bold.ttf');
const ITALIC = font('NotoSans-Italic.ttf');
const BOLD_ITALIC = font('NotoSans-BoldItalic.ttf');

const userAgents: string[] = [];

/** What the css2 API answers a user agent it does not know as a browser: whole TTF files. */
function css2(fixture: () => Fixture): Route {
  return (req: IncomingMessage, res) => {
    userAgents.push(String(req.headers['user-agent']));
    const family = new URL(req.url!, 'http://x').searchParams.get('family')!.split(':')[0]!;
    if (family === 'Merriweather') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('no');
      return;
    }
    const slug = family.toLowerCase().replace(/ /g, '');
    const body = `/* latin */
@font-face { font-family: '${family}'; font-style: normal; font-weight: 400; font-display: swap; src: url(${fixture().url(`/s/${slug}/regular.ttf`)}) format('truetype'); }
@font-face { font-family: '${family}'; font-style: normal; font-weight: 700; font-display: swap; src: url(${fixture().url(`/s/${slug}/bold.ttf`)}) format('truetype'); }
@font-face { font-family: '${family}'; font-style: italic; font-weight: 400; font-display: swap; src: url(/s/${slug}/italic.ttf) format('truetype'); }
@font-face { font-family: 'Somebody Else'; src: url(/s/other.ttf) format('truetype'); }
p { color: red }`;
    res.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) });
    res.end(body);
  };
}

async function startProvider(): Promise<Fixture> {
  let fixture: Fixture;
  const routes: Record<string, Route> = { '/css2': css2(() => fixture) };
  for (const slug of ['roboto', 'opensans', 'lobster']) {
    routes[`/s/${slug}/regular.ttf`] = send('font/ttf', BOLD);
    routes[`/s/${slug}/bold.ttf`] = send('font/ttf', BOLD_ITALIC);
    routes[`/s/${slug}/italic.ttf`] = send('font/ttf', ITALIC);
  }
  fixture = await startFixtureServer(routes);
  return fixture;
}

let server: Fixture;
let cacheDir: string;
beforeAll(async () => {
  server = await startProvider();
  cacheDir = mkdtempSync(path.join(tmpdir(), 'quire-font-cache-'));
});
afterAll(async () => {
  await server.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

function optionsFor(fixture: Fixture, dir: string | null = cacheDir): RenderOptions {
  return { deterministic: true, network: { allowPrivate: ['127.0.0.1'] }, fontProvider: { baseUrl: fixture.url('/css2'), cacheDir: dir } };
}

async function glyphRuns(html: string, options: RenderOptions, css = '') {
  const warnings: string[] = [];
  const out = await renderToDisplayLists({ type: 'html', data: { html, css } }, { ...options, onWarning: (m) => warnings.push(m) });
  const runs = out.pages.flatMap((p) => p.items).filter((i): i is GlyphRunItem => i.kind === 'glyphs');
  return { warnings, runs: runs.map((r) => ({ text: runText(r), family: r.face.family, postscript: r.face.postscriptName, red: r.color.r })) };
}

describe('Google fonts by name', () => {
  it('fetches a family the document names, caches it on disk, and a later render without the network still uses it', async () => {
    const provider = await startProvider();
    const dir = mkdtempSync(path.join(tmpdir(), 'quire-font-cache-'));
    try {
      const html = '<p style="font-family: Roboto, sans-serif">Hello Roboto</p><p style="font: italic 12pt Roboto">Slanted</p>';
      const first = await glyphRuns(html, optionsFor(provider, dir));
      expect(first.warnings).toEqual([]);
      expect(first.runs).toEqual([
        { text: 'Hello Roboto', family: 'Roboto', postscript: 'NotoSans-Bold', red: 0 },
        { text: 'Slanted', family: 'Roboto', postscript: 'NotoSans-Italic', red: 0 },
      ]);
      // The css2 query asks for 400 and 700, upright and italic; the loader's user agent is no browser's.
      expect(provider.hits('/css2?family=Roboto:ital,wght@0,400;0,700;1,400;1,700&display=swap')).toBe(1);
      expect(userAgents.at(-1)).toBe('Quire');
      expect(provider.hits('/s/roboto/regular.ttf')).toBe(1);
      // On disk: the style sheet and its three files, under hashed names.
      const files = readdirSync(dir);
      expect(files).toHaveLength(4);
      for (const file of files) expect(file).toMatch(/^[0-9a-f]{40}\.cached$/);

      await provider.close();
      const requests: string[] = [];
      const offline: ResourceFetcher = {
        fetch: async (url) => {
          requests.push(url);
          throw new Error(`offline: ${url}`);
        },
      };
      const second = await glyphRuns(html, { ...optionsFor(provider, dir), resourceLoader: offline });
      expect(second.warnings).toEqual([]);
      expect(second.runs).toEqual(first.runs);
      expect(requests).toEqual([]);

      // Without the cache, the same render falls back (so it was the cache that served it).
      const uncached = await glyphRuns(html, { ...optionsFor(provider, null), resourceLoader: offline });
      expect(uncached.runs[0]).toMatchObject({ text: 'Hello Roboto', postscript: 'NotoSans-Regular' });
      expect(uncached.warnings.join('\n')).toMatch(/font "Roboto" could not be loaded from the font provider/);
    } finally {
      await provider.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('embeds the provider\'s font so that the text extracts from the PDF', async () => {
    const { pdf } = await renderDocument({ type: 'html', data: { html: '<p style="font-family: Roboto">Set in Roboto</p>' } }, optionsFor(server));
    const file = writeTemp('google-font.pdf', pdf);
    expect(poppler('pdftotext', [file, '-']).stdout.trim()).toBe('Set in Roboto');
    expect(poppler('pdffonts', [file]).stdout).toMatch(/\+NotoSans-Bold\s+CID TrueType/);
  });

  it('finds names in the font shorthand of an @imported sheet, and asks only for the faces a family has', async () => {
    const imported = await startFixtureServer({ '/sheet.css': send('text/css', 'h1 { font: bold 20px "Open Sans", sans-serif } p { font-family: Lobster }') });
    try {
      const { warnings, runs } = await glyphRuns('<h1>Title</h1><p>Body</p>', optionsFor(server), `@import url(${imported.url('/sheet.css')});`);
      expect(warnings).toEqual([]);
      expect(runs).toEqual([
        { text: 'Title', family: 'Open Sans', postscript: 'NotoSans-BoldItalic', red: 0 },
        { text: 'Body', family: 'Lobster', postscript: 'NotoSans-Bold', red: 0 },
      ]);
      // Lobster has a single face: asking for more would be refused by the real API.
      expect(server.hits('/css2?family=Lobster:wght@400&display=swap')).toBe(1);
      expect(server.hits('/css2?family=Open+Sans:ital,wght@0,400;0,700;1,400;1,700&display=swap')).toBe(1);
    } finally {
      await imported.close();
    }
  });

  it('does not fetch names that are unknown, misspelt, of another case, defined by @font-face, or built in', async () => {
    const before = server.hits();
    const css = `@font-face { font-family: Lobster; src: url(data:font/ttf;base64,AAAA) }
      .a { font-family: Robotto } .b { font-family: roboto } .c { font-family: Lobster, sans-serif } .d { font-family: Arial, 'Noto Sans', serif }`;
    const { warnings, runs } = await glyphRuns('<p class="a">One</p><p class="b">Two</p><p class="c">Three</p><p class="d">Four</p><p style="font-family: Helvetica Neue">Five</p>', optionsFor(server), css);
    expect(server.hits()).toBe(before);
    expect(runs.map((r) => [r.text, r.postscript])).toEqual([
      ['One', 'NotoSans-Regular'],
      ['Two', 'NotoSans-Regular'],
      ['Three', 'NotoSans-Regular'],
      ['Four', 'Arimo-Regular'],
      ['Five', 'NotoSans-Regular'],
    ]);
    // Only the broken @font-face file is mentioned; unknown names fall back silently, as in browsers.
    expect(warnings.every((w) => /Lobster|data:/.test(w))).toBe(true);
  });

  it('fetches nothing with fontProvider: false', async () => {
    const before = server.hits();
    const { runs } = await glyphRuns('<p style="font-family: Roboto">Plain</p>', { ...optionsFor(server), fontProvider: false });
    expect(server.hits()).toBe(before);
    expect(runs[0]).toMatchObject({ text: 'Plain', postscript: 'NotoSans-Regular' });
  });

  it('a provider failure is a warning naming the font, and the text falls back', async () => {
    const { warnings, runs } = await glyphRuns('<p style="font-family: Merriweather">Still set</p>', optionsFor(server, null));
    expect(server.hits('/css2?family=Merriweather:ital,wght@0,400;0,700;1,400;1,700&display=swap')).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^font "Merriweather" could not be loaded from the font provider \(.*500.*\); text in it uses the fallback fonts$/);
    expect(runs[0]).toMatchObject({ text: 'Still set', postscript: 'NotoSans-Regular' });
  });

  it('takes only the family\'s own @font-face rules from the provider\'s sheet', async () => {
    const { runs } = await glyphRuns('<p style="font-family: Roboto">Not red</p><p style="font-family: \'Somebody Else\'">Nor here</p>', optionsFor(server));
    expect(runs.map((r) => [r.text, r.family, r.red])).toEqual([
      ['Not red', 'Roboto', 0],
      ['Nor here', 'Noto Sans', 0],
    ]);
  });
});

describe('Google fonts in Markdown mode', () => {
  /** The glyph runs of a Markdown body, by the family that set them. */
  async function markdownRuns(body: unknown) {
    const warnings: string[] = [];
    const out = await renderToDisplayLists(body, { ...optionsFor(server), onWarning: (m) => warnings.push(m) });
    const runs = out.pages.flatMap((p) => p.items).filter((i): i is GlyphRunItem => i.kind === 'glyphs');
    return { warnings, runs: runs.map((r) => ({ text: runText(r), family: r.face.family, postscript: r.face.postscriptName })) };
  }

  it('sets the example payload with fontFamily "Lobster" in the provider\'s font, label and content alike', async () => {
    const body = JSON.parse(readFileSync(path.resolve('../shared/examples/anvil/generate-pdf/python-anvil__examples__generate_pdf.markdown-with-optional-args.json'), 'utf8'));
    const { warnings, runs } = await markdownRuns(body);
    expect(warnings).toEqual([]);
    // The label is bold (the provider's 700 face, a BoldItalic stand-in); the content regular
    // (a Bold stand-in) with "Ipsum" bold. The timestamp is in the document font too.
    expect(runs.filter((r) => r.text !== 'Generated 1 Jan 2000, 00:00 UTC')).toEqual([
      { text: 'Test', family: 'Lobster', postscript: 'NotoSans-BoldItalic' },
      { text: 'Lorem ', family: 'Lobster', postscript: 'NotoSans-Bold' },
      { text: 'Ipsum', family: 'Lobster', postscript: 'NotoSans-BoldItalic' },
    ]);
  });

  it('an item\'s fontFamily overrides the document\'s: a Google font in one item, a built-in one in another', async () => {
    const { runs } = await markdownRuns({
      fontFamily: 'Times New Roman',
      includeTimestamp: false,
      logo: false,
      data: [{ content: 'Document font' }, { content: 'Item font', fontFamily: 'Open Sans' }, { content: 'Courier item', fontFamily: 'Courier' }],
    });
    expect(runs.map((r) => [r.text, r.postscript])).toEqual([
      ['Document font', 'Tinos-Regular'],
      ['Item font', 'NotoSans-Bold'],
      ['Courier item', 'Cousine-Regular'],
    ]);
  });
});
