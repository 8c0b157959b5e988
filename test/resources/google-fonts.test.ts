// The Google Fonts family list (fonts/google-fonts.json and the script that writes it), the css2
// URLs asked for, Markdown mode's unknown-font error, the family names found in a document, and
// the provider's disk cache.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/dom/parse.js';
import { FontDiskCache } from '../../src/resources/font-cache.js';
import { documentFontFamilies } from '../../src/resources/font-families.js';
import { googleFontFamilies, googleFontsCssUrl, isGoogleFontFamily, unknownFontMessage } from '../../src/resources/google-fonts.js';

const temporary: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'quire-gf-'));
  temporary.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe('the Google Fonts family list', () => {
  it('knows names exactly and case-sensitively', () => {
    expect(isGoogleFontFamily('Roboto')).toBe(true);
    expect(isGoogleFontFamily('Open Sans')).toBe(true);
    expect(isGoogleFontFamily('Noto Sans Mono')).toBe(true);
    expect(isGoogleFontFamily('roboto')).toBe(false);
    expect(isGoogleFontFamily('ROBOTO')).toBe(false);
    expect(isGoogleFontFamily('Robotto')).toBe(false);
    expect(isGoogleFontFamily(' Roboto')).toBe(false);
    expect(isGoogleFontFamily('Helvetica')).toBe(false);
  });

  it('the data file has more than 1,000 families, sorted, without repeats', () => {
    const data = JSON.parse(readFileSync(path.resolve('fonts/google-fonts.json'), 'utf8')) as { source: string; families: string[] };
    expect(data.families.length).toBeGreaterThan(1000);
    expect(data.source).toMatch(/^google-font-metadata \d/);
    const names = googleFontFamilies();
    expect(names.length).toBe(data.families.length);
    expect(new Set(names).size).toBe(names.length);
    expect([...data.families].sort()).toEqual(data.families);
  });

  it('asks the css2 API for 400 and 700, upright and italic, or only the faces a family has', () => {
    expect(googleFontsCssUrl('Roboto')).toBe('https://fonts.googleapis.com/css2?family=Roboto:ital,wght@0,400;0,700;1,400;1,700&display=swap');
    expect(googleFontsCssUrl('Open Sans', 'http://127.0.0.1:9/css2')).toBe('http://127.0.0.1:9/css2?family=Open+Sans:ital,wght@0,400;0,700;1,400;1,700&display=swap');
    expect(googleFontsCssUrl('Lobster')).toBe('https://fonts.googleapis.com/css2?family=Lobster:wght@400&display=swap');
    // Only italic; only 300; no 400 (500 is what matching picks for 400).
    expect(googleFontsCssUrl('Molle')).toBe('https://fonts.googleapis.com/css2?family=Molle:ital,wght@1,400&display=swap');
    expect(googleFontsCssUrl('Buda')).toBe('https://fonts.googleapis.com/css2?family=Buda:wght@300&display=swap');
    expect(googleFontsCssUrl('Sunflower')).toBe('https://fonts.googleapis.com/css2?family=Sunflower:wght@500;700&display=swap');
    expect(googleFontsCssUrl('roboto')).toBeNull();
  });

  it('unknownFontMessage names the font, with a hint when only the case is wrong', () => {
    const message = unknownFontMessage('Robotto');
    expect(message).toContain('"Robotto"');
    expect(message).not.toMatch(/did you mean/);
    expect(unknownFontMessage('roboto')).toMatch(/"roboto".*case-sensitive.*"Roboto"/);
  });
});

describe('scripts/google-fonts-list.mjs', () => {
  it('writes the list from the metadata package\'s api-response.json', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'api-response.json'), JSON.stringify([
      { family: 'Zeta Sans', variants: ['regular', 'italic', '700', '700italic', '900'] },
      { family: 'Alpha', variants: ['regular'] },
      { family: 'Mid Weight', variants: ['300', '500', '800', '500italic'] },
    ]));
    const out = path.join(dir, 'out.json');
    const run = spawnSync(process.execPath, ['scripts/google-fonts-list.mjs', dir, out], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).families).toEqual(['Alpha|4|', 'Mid Weight|58|5', 'Zeta Sans']);
  });

  it('refuses input it does not understand', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'api-response.json'), JSON.stringify([{ family: 'Odd', variants: ['350'] }]));
    const run = spawnSync(process.execPath, ['scripts/google-fonts-list.mjs', dir, path.join(dir, 'out.json')], { encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/weight 350/);
  });
});

describe('documentFontFamilies', () => {
  it('finds font-family and font in sheets, style attributes and <font face>, and what @font-face defines', () => {
    const doc = parseHtml('<p style="font: italic bold 12px/1.2 \'Open Sans\', Lato, serif">x</p><font face="Lobster, Arial">y</font>');
    const sheets = [
      '@font-face { font-family: "My Font"; src: url(a.ttf) } body { font-family: Roboto, "Noto Sans Mono", var(--x), monospace }',
      '@media print { h1 { font: 700 2em Merriweather !important } } .x { color: red }',
    ];
    const found = documentFontFamilies(sheets, doc.root);
    expect(found.used).toEqual(['Roboto', 'Noto Sans Mono', 'monospace', 'Merriweather', 'Open Sans', 'Lato', 'serif', 'Lobster', 'Arial']);
    expect([...found.defined]).toEqual(['my font']);
  });
});

describe('FontDiskCache', () => {
  it('stores and returns a body with its content type under a hashed file name', async () => {
    const dir = path.join(tempDir(), 'nested', 'cache');
    const cache = new FontDiskCache(dir);
    expect(await cache.get('https://fonts.example/a.ttf')).toBeNull();
    await cache.put('https://fonts.example/a.ttf', 'font/ttf', new Uint8Array([1, 2, 3, 10, 13]), 1234);
    const got = await cache.get('https://fonts.example/a.ttf');
    expect(got).toEqual({ url: 'https://fonts.example/a.ttf', contentType: 'font/ttf', data: new Uint8Array([1, 2, 3, 10, 13]), storedAt: 1234 });
    expect(readdirSync(dir)).toEqual([path.basename(cache.fileOf('https://fonts.example/a.ttf'))]);
    expect(readdirSync(dir)[0]).toMatch(/^[0-9a-f]{40}\.cached$/);
  });

  it('treats a damaged file or one holding another URL as a miss', async () => {
    const dir = tempDir();
    const cache = new FontDiskCache(dir);
    writeFileSync(cache.fileOf('https://a/x'), 'not a cache file');
    expect(await cache.get('https://a/x')).toBeNull();
    await cache.put('https://a/y', 'text/css', new Uint8Array([65]));
    writeFileSync(cache.fileOf('https://a/x'), readFileSync(cache.fileOf('https://a/y')));
    expect(await cache.get('https://a/x')).toBeNull();
  });

  it('stays within its size bound, removing the least recently used files first', async () => {
    const dir = tempDir();
    const cache = new FontDiskCache(dir, 2500);
    const body = new Uint8Array(1000);
    await cache.put('https://a/1', 'font/ttf', body);
    await cache.put('https://a/2', 'font/ttf', body);
    // 1 was used more recently than 2.
    utimesSync(cache.fileOf('https://a/2'), new Date(1000), new Date(1000));
    utimesSync(cache.fileOf('https://a/1'), new Date(2000), new Date(2000));
    await cache.put('https://a/3', 'font/ttf', body);
    expect(await cache.get('https://a/2')).toBeNull();
    expect(await cache.get('https://a/1')).not.toBeNull();
    expect(await cache.get('https://a/3')).not.toBeNull();
    // A body larger than the whole bound is not stored.
    await cache.put('https://a/big', 'font/ttf', new Uint8Array(3000));
    expect(await cache.get('https://a/big')).toBeNull();
  });

  it('a folder it cannot create is no error: nothing is cached', async () => {
    const file = path.join(tempDir(), 'a-file');
    writeFileSync(file, 'x');
    const cache = new FontDiskCache(path.join(file, 'cache'));
    await expect(cache.put('https://a/1', 'font/ttf', new Uint8Array(1))).resolves.toBeUndefined();
    expect(await cache.get('https://a/1')).toBeNull();
  });
});
