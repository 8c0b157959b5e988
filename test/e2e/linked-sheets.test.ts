// Linked style sheets in folders, through the whole pipeline: their url()s (images, @font-face
// files, @imports, and those of the sheets they import) resolve against each sheet's own URL,
// from local files inside `fileRoot` and over http alike. One site, written to disk and served.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/index.js';
import type { DisplayItem, GlyphRunItem } from '../../src/paint/types.js';
import { renderToDisplayLists } from '../../src/render.js';
import { encodePng } from '../helpers/images.js';
import { send, startFixtureServer, type Fixture } from '../resources/net/fixture-server.js';

const font = (file: string) => new Uint8Array(readFileSync(path.resolve('fonts', file)));
/** An image told apart by its width. */
const png = (width: number) => encodePng(width, 1, () => [0, 0, 255]);

/** The site: a document folder with nested sheets, and a shared folder beside it. */
const SITE: Readonly<Record<string, string | Uint8Array>> = {
  'docs/css/site.css': `@import "parts/more.css";
    @font-face { font-family: Brand; src: url(../fonts/brand.ttf) }
    .a { background-image: url(img/a.png); height: 10px }
    .brand { font-family: Brand }`,
  'docs/css/parts/more.css': `@import url("deeper/last.css");
    @font-face { font-family: Deep; src: url('../../fonts/deep.ttf') }
    .b { background-image: url(../img/b.png); height: 10px }
    .deep { font-family: Deep }`,
  'docs/css/parts/deeper/last.css': '.c { background-image: url(../../img/c.png); height: 10px }',
  'docs/css/img/a.png': png(3),
  'docs/css/img/b.png': png(5),
  'docs/css/img/c.png': png(7),
  'docs/fonts/brand.ttf': font('NotoSans-Bold.ttf'),
  'docs/fonts/deep.ttf': font('NotoSans-Italic.ttf'),
  // Root-relative URLs: the file root (or the server's root), not the document's folder.
  'shared/theme.css': `@import "print.css";
    @font-face { font-family: Shared; src: url(/fonts/shared.ttf) }
    .t { background-image: url(../shared/img/t.png); height: 10px }
    .shared { font-family: Shared }`,
  'shared/print.css': '.u { background-image: url(img/u.png); height: 10px }',
  'shared/img/t.png': png(9),
  'shared/img/u.png': png(11),
  'fonts/shared.ttf': font('NotoSans-BoldItalic.ttf'),
};

const BODY = '<div class="a"></div><div class="b"></div><div class="c"></div><p class="brand">Brand</p><p class="deep">Deep</p>';
const SHARED_BODY = '<div class="t"></div><div class="u"></div><p class="shared">Shared</p>';

let site: string;
let server: Fixture;

beforeAll(async () => {
  site = mkdtempSync(path.join(tmpdir(), 'quire-linked-'));
  for (const [file, content] of Object.entries(SITE)) {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), content);
  }
  const type = (file: string) => ({ '.css': 'text/css', '.png': 'image/png', '.ttf': 'font/ttf' })[path.extname(file)]!;
  server = await startFixtureServer(Object.fromEntries(Object.entries(SITE).map(([file, content]) => [`/${file}`, send(type(file), content)])));
});
afterAll(async () => {
  rmSync(site, { recursive: true, force: true });
  await server.close();
});

async function lists(html: string, options: object) {
  const warnings: string[] = [];
  const out = await renderToDisplayLists({ type: 'html', data: { html } }, { deterministic: true, ...options, onWarning: (m) => warnings.push(m) });
  const items = flatten(out.pages.flatMap((p) => p.items));
  const widths = items.filter((i): i is Extract<DisplayItem, { kind: 'image' }> => i.kind === 'image').map((i) => i.image.pixelWidth);
  const faces = Object.fromEntries(items.filter((i): i is GlyphRunItem => i.kind === 'glyphs').map((g) => [g.face.family, g.face.postscriptName]));
  return { warnings, widths: [...new Set(widths)].sort((a, b) => a - b), faces };
}

/** The items inside clips (background images are drawn clipped) and opacity groups too. */
function flatten(items: readonly DisplayItem[]): DisplayItem[] {
  return items.flatMap((i) => (i.kind === 'clip' || i.kind === 'opacity' ? [i, ...flatten(i.items)] : [i]));
}

describe('a linked style sheet in a folder', () => {
  it('loads its images, fonts and @imports from files, with the document folder as the root', async () => {
    const { warnings, widths, faces } = await lists(`<link rel="stylesheet" href="css/site.css">${BODY}`, {
      baseUrl: 'file:///',
      fileRoot: path.join(site, 'docs'),
    });
    expect(warnings).toEqual([]);
    expect(widths).toEqual([3, 5, 7]);
    expect(faces).toMatchObject({ Brand: 'NotoSans-Bold', Deep: 'NotoSans-Italic' });
  });

  it('resolves ../ and root-relative URLs inside a file root that is not the document folder', async () => {
    const { warnings, widths, faces } = await lists(`<link rel="stylesheet" href="css/site.css"><link rel="stylesheet" href="../shared/theme.css">${BODY}${SHARED_BODY}`, {
      baseUrl: 'file:///docs/',
      fileRoot: site,
    });
    expect(warnings).toEqual([]);
    expect(widths).toEqual([3, 5, 7, 9, 11]);
    expect(faces).toMatchObject({ Brand: 'NotoSans-Bold', Deep: 'NotoSans-Italic', Shared: 'NotoSans-BoldItalic' });
  });

  it('still reads nothing outside the file root', async () => {
    const { warnings, widths } = await lists(`<link rel="stylesheet" href="../shared/theme.css">${SHARED_BODY}`, {
      baseUrl: 'file:///',
      fileRoot: path.join(site, 'docs'),
    });
    expect(widths).toEqual([]);
    expect(warnings.join('\n')).toMatch(/shared\/theme\.css/);
  });

  it('embeds the images of linked sheets in the PDF (render() with baseUrl and fileRoot)', async () => {
    const { pdf, warnings } = await renderDocument({ type: 'html', data: { html: `<link rel="stylesheet" href="css/site.css">${BODY}` } }, {
      deterministic: true,
      baseUrl: 'file:///docs/',
      fileRoot: site,
    });
    expect(warnings).toEqual([]);
    expect(Buffer.from(pdf).toString('latin1').match(/\/Subtype\s*\/Image/g)).toHaveLength(3);
  });

  it('loads the same site over http', async () => {
    const { warnings, widths, faces } = await lists(`<link rel="stylesheet" href="css/site.css"><link rel="stylesheet" href="../shared/theme.css">${BODY}${SHARED_BODY}`, {
      baseUrl: server.url('/docs/'),
      network: { allowPrivate: ['127.0.0.1'] },
    });
    expect(warnings).toEqual([]);
    expect(widths).toEqual([3, 5, 7, 9, 11]);
    expect(faces).toMatchObject({ Brand: 'NotoSans-Bold', Deep: 'NotoSans-Italic', Shared: 'NotoSans-BoldItalic' });
  });
});
