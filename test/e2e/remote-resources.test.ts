// Remote resources through the whole pipeline: render() with the built-in loader against a
// fixture server on loopback (opened with `network.allowPrivate`). A resource that cannot be
// had is a warning; the document still renders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/paint/types.js';
import { renderDocument, renderToDisplayLists } from '../../src/render.js';
import { encodePng } from '../helpers/images.js';
import { recordConnects, redirect, send, startFixtureServer, type Fixture } from '../resources/net/fixture-server.js';

const PNG = encodePng(4, 2, () => [0, 128, 255, 255]);
let server: Fixture;

beforeAll(async () => {
  server = await startFixtureServer({
    '/logo.png': send('image/png', PNG),
    '/logo-as-text': send('text/plain', PNG),
    '/slow.png': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG.subarray(0, 8)); // never finishes
    },
    '/r1': redirect('/r2'),
    '/r2': redirect('/r3'),
    '/r3': redirect('/logo.png'),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
    '/to-private': redirect('http://10.1.2.3/x.png'),
    '/huge.png': send('image/png', new Uint8Array(10 * 1024 * 1024 + 1)),
    '/site.css': send('text/css', 'p { color: #00aa00 } .box { background-image: url(logo.png) }'),
  });
});
afterAll(() => server.close());

const open = { network: { allowPrivate: ['127.0.0.1'], timeoutMs: { image: 400 } }, deterministic: true };

async function render(html: string, options: object = open) {
  const warnings: string[] = [];
  const out = await renderToDisplayLists({ type: 'html', data: { html: `<p>Text stays</p>${html}` } }, { ...options, onWarning: (m) => warnings.push(m) });
  const items = out.pages.flatMap((p) => p.items);
  return { items, warnings, images: items.filter((i): i is Extract<DisplayItem, { kind: 'image' }> => i.kind === 'image') };
}

describe('remote resources in a render', () => {
  it('draws an image fetched over http', async () => {
    const { images, warnings } = await render(`<img src="${server.url('/logo.png')}">`);
    expect(warnings).toEqual([]);
    expect(images).toHaveLength(1);
    expect(images[0]!.image.pixelWidth).toBe(4);
  });

  it('refuses loopback addresses unless the caller opens them', async () => {
    const { images, warnings } = await render(`<img src="${server.url('/logo.png')}">`, { deterministic: true });
    expect(images).toHaveLength(0);
    expect(warnings.join('\n')).toMatch(/not a public address/);
  });

  it('a slow image times out into a warning and the document still renders', async () => {
    const start = Date.now();
    const { images, warnings, items } = await render(`<img src="${server.url('/slow.png')}">`);
    expect(images).toHaveLength(0);
    expect(warnings.join('\n')).toMatch(/timed out/);
    expect(items.some((i) => i.kind === 'glyphs')).toBe(true);
    expect(Date.now() - start).toBeLessThan(10_000);
  });

  it('a wrong content type, a 404 and a body of 10 MB or more are warnings', async () => {
    const { images, warnings } = await render(`<img src="${server.url('/logo-as-text')}"><img src="${server.url('/nothing.png')}"><img src="${server.url('/huge.png')}">`);
    expect(images).toHaveLength(0);
    const text = warnings.join('\n');
    expect(text).toMatch(/logo-as-text.*(content type|type)/i);
    expect(text).toMatch(/nothing\.png/);
    expect(text).toMatch(/huge\.png.*(large|size|MB|bytes)/i);
  });

  it('follows a chain of redirects', async () => {
    const { images } = await render(`<img src="${server.url('/r1')}">`);
    expect(images).toHaveLength(1);
  });

  it('refuses a redirect to a link-local or private address without connecting to it', async () => {
    const { result, hosts } = await recordConnects(() => render(`<img src="${server.url('/to-metadata')}"><img src="${server.url('/to-private')}">`));
    expect(result.status).toBe('fulfilled');
    const { images, warnings } = (result as PromiseFulfilledResult<Awaited<ReturnType<typeof render>>>).value;
    expect(images).toHaveLength(0);
    expect(warnings.filter((w) => /not a public address/.test(w))).toHaveLength(2);
    expect(hosts.filter((h) => h === '169.254.169.254' || h === '10.1.2.3')).toEqual([]);
  });

  it('applies a linked style sheet and the images it names, relative to the sheet', async () => {
    const { items, warnings } = await render(`<link rel="stylesheet" href="${server.url('/site.css')}"><div class="box" style="height: 20px"></div>`);
    const green = items.filter((i) => i.kind === 'glyphs' && i.color.g === 170 && i.color.r === 0);
    expect(green.length).toBeGreaterThan(0);
    // The sheet's url(logo.png) resolved against the sheet's URL, so it loaded without a warning.
    expect(warnings).toEqual([]);
  });

  it('writes a PDF with the image embedded once however often it is used', async () => {
    const html = `<p>x</p>${`<img src="${server.url('/logo.png')}">`.repeat(50)}`;
    const out = await renderDocument({ type: 'html', data: { html } }, open);
    const text = Buffer.from(out.pdf).toString('latin1');
    expect(out.warnings).toEqual([]);
    expect(text.match(/\/Subtype\s*\/Image/g)?.length ?? 0).toBe(1);
  });
});
