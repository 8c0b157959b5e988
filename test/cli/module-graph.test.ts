// What `quire render` loads (issue 20, start-up): the command line's render path imports no
// server code (server/bin.ts only dispatches to it), and the heavy packages a document may not
// need load only when it needs them. Modules are recorded by a resolve hook in a real process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs `quire render` on `html` through the bin and returns the URLs of the modules it imported. */
function modulesOfRender(html: string): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'quire-modules-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'page.html'), html);
  const record = path.join(dir, 'modules.txt');
  writeFileSync(record, '');
  const result = spawnSync(process.execPath, [
    '--import', 'tsx',
    '--import', pathToFileURL(path.join(root, 'test/helpers/record-modules.mjs')).href,
    path.join(root, 'server/bin.ts'), 'render', path.join(dir, 'page.html'), '-o', path.join(dir, 'page.pdf'),
  ], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', QUIRE_RECORD_MODULES: record }, timeout: 60_000 });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return readFileSync(record, 'utf8').split('\n').filter((url) => url !== '');
}

/** The packages among `urls` (node_modules/<name>/…), once each. */
function packagesOf(urls: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const url of urls) {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (match) names.add(match[1]!);
  }
  return names;
}

/**
 * Packages for documents that need them: remote resources, images PDF cannot embed as they
 * are, Markdown. (Yoga's module loads with flex layout's enums; its WebAssembly is
 * instantiated only for a document with a flex container, which no module graph shows.)
 */
const LOADED_ON_FIRST_USE = ['undici', 'sharp', 'marked', 'sanitize-html'];

/** A 1×1 transparent GIF: decoded by sharp. */
const GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';

describe('the modules quire render loads', () => {
  it('imports nothing from server/ but the bin that dispatches to the command line', () => {
    const urls = modulesOfRender('<h1>Hello</h1><p>From the command line.</p>');
    const server = pathToFileURL(path.join(root, 'server')).href + '/';
    expect(urls.some((url) => url.includes('/src/render.'))).toBe(true);
    expect(urls.filter((url) => url.startsWith(server))).toEqual([`${server}bin.ts`]);
  }, 60_000);

  it('loads no package a plain HTML document does not need', () => {
    const packages = packagesOf(modulesOfRender('<h1>Hello</h1><p>Plain text, in the bundled fonts.</p>'));
    expect(packages.has('pdf-lib')).toBe(true);
    expect(LOADED_ON_FIRST_USE.filter((name) => packages.has(name))).toEqual([]);
  }, 60_000);

  it('loads sharp for a document with a GIF', () => {
    const packages = packagesOf(modulesOfRender(`<p>A GIF: <img src="${GIF}" width="10" height="10"></p>`));
    expect(packages.has('sharp')).toBe(true);
    expect(packages.has('undici')).toBe(false);
  }, 60_000);
});
