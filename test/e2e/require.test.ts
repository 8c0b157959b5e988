// `require('quire')` from CommonJS (issue 20, part 5): Node 20.19 and newer load an ES module
// graph through require() when the package's `exports` has a condition require() matches
// (`default`) and no module of the graph uses top-level await. Checked in a real process,
// on the library compiled to JavaScript as `npm run build` ships it (transpiled here with
// esbuild, file by file, for speed) and installed under node_modules/quire.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let dir = '';

/** Every .ts file under `folder`. */
function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'quire-require-'));
  // The package as installed: package.json, dist/src, fonts; its dependencies are the repository's.
  const pkg = path.join(dir, 'quire');
  mkdirSync(pkg);
  copyFileSync(path.join(root, 'package.json'), path.join(pkg, 'package.json'));
  symlinkSync(path.join(root, 'node_modules'), path.join(pkg, 'node_modules'));
  symlinkSync(path.join(root, 'fonts'), path.join(pkg, 'fonts'));
  await build({ entryPoints: sources(path.join(root, 'src')), outdir: path.join(pkg, 'dist/src'), outbase: path.join(root, 'src'), format: 'esm', platform: 'node', target: 'node20', logLevel: 'error' });
  // An application beside it that depends on it.
  mkdirSync(path.join(dir, 'app/node_modules'), { recursive: true });
  symlinkSync(pkg, path.join(dir, 'app/node_modules/quire'));
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs `code` with node in the application's folder. */
function node(args: string[], code: string) {
  const result = spawnSync(process.execPath, [...args, '-e', code], { cwd: path.join(dir, 'app'), encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const RENDER = `.render({ type: 'html', data: { html: '<p>Hello</p>' } }, { deterministic: true }).then((pdf) => process.stdout.write(Buffer.from(pdf.subarray(0, 5)).toString('latin1')))`;

describe('the package from CommonJS and ES modules', () => {
  it('require("quire") loads the library and renders', () => {
    const result = node([], `const quire = require('quire'); console.log(typeof quire.renderDocument, typeof quire.renderUnchecked); quire${RENDER}`);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('function function\n%PDF-');
    expect(result.status).toBe(0);
  });

  it('import("quire") still does', () => {
    const result = node(['--input-type=module'], `import * as quire from 'quire'; await quire${RENDER};`);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('%PDF-');
  });
});
