// The real `quire` process: spawned with tsx, as a user would run it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { encodePng } from '../helpers/images.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function quire(args: string[], cwd: string, input?: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src/cli/main.ts'), ...args], {
    cwd,
    encoding: 'latin1', // the PDF bytes of `-o -` as they are
    ...(input !== undefined ? { input } : {}),
    env: { ...process.env, NODE_OPTIONS: '' },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function workdir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'quire-cli-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'page.html'), '<h1>Hello</h1><p>From the command line.</p>');
  return dir;
}

/** Writes `files` (paths relative to `dir`, folders made as needed). */
function writeTree(dir: string, files: Readonly<Record<string, string | Uint8Array>>): void {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
}

const PNG = encodePng(2, 2, () => [255, 0, 0]);
const BRAND_TTF = readFileSync(path.join(root, 'fonts/NotoSans-Bold.ttf'));

/** Image XObjects in a PDF (their dictionaries head streams, so they are never compressed). */
function imageCount(pdf: Buffer | string): number {
  return (typeof pdf === 'string' ? pdf : pdf.toString('latin1')).match(/\/Subtype\s*\/Image/g)?.length ?? 0;
}

// `--import tsx` resolves tsx from the working directory, so the CLI runs from the repository.
const tsxCwd = root;

describe('quire CLI (end to end)', () => {
  it('prints its version', () => {
    const { status, stdout } = quire(['--version'], tsxCwd);
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    expect(status).toBe(0);
    expect(stdout.trim()).toBe(pkg.version);
  });

  it('exits non-zero and names a missing input file', () => {
    const dir = workdir();
    const { status, stderr } = quire(['render', path.join(dir, 'nope.html')], tsxCwd);
    expect(status).toBe(2);
    expect(stderr).toContain('nope.html');
    expect(stderr).toContain('no such file');
  });

  it('exits non-zero and names page.width for an unsupported unit', () => {
    const dir = workdir();
    const { status, stderr } = quire(['render', path.join(dir, 'page.html'), '--page-width', '20vw'], tsxCwd);
    expect(status).toBe(1);
    expect(stderr).toContain('page.width');
    expect(stderr).toContain('vw');
  });

  it('renders an HTML file to a PDF next to it', () => {
    const dir = workdir();
    const input = path.join(dir, 'page.html');
    const { status, stdout, stderr } = quire(['render', input, '--title', 'Hello', '--deterministic'], tsxCwd);
    expect(status, stderr).toBe(0);
    expect(stdout).toContain('(1 page)');
    const pdf = readFileSync(path.join(dir, 'page.pdf'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('loads the images, fonts and @imports a linked sheet in a folder names, relative to the sheet', () => {
    const dir = workdir();
    writeTree(dir, {
      'site.html': '<link rel="stylesheet" href="css/s.css"><div class="hero"></div><p>Branded</p>',
      'css/s.css': '@import "parts/type.css"; .hero { background: url(img.png); height: 20px }',
      'css/img.png': PNG,
      'css/parts/type.css': '@font-face { font-family: Brand; src: url(../../fonts/brand.ttf) } p { font-family: Brand }',
      'fonts/brand.ttf': BRAND_TTF,
    });
    const { status, stderr } = quire(['render', path.join(dir, 'site.html'), '--deterministic'], tsxCwd);
    expect(status, stderr).toBe(0);
    expect(stderr).toBe('');
    expect(imageCount(readFileSync(path.join(dir, 'site.pdf')))).toBe(1);
  });

  it('resolves a linked sheet\'s ../ and root-relative URLs inside a --root above the page', () => {
    const dir = workdir();
    writeTree(dir, {
      'docs/page.html': '<link rel="stylesheet" href="../shared/theme.css"><div class="a"></div><div class="b"></div>',
      'shared/theme.css': '@import "more/b.css"; .a { background-image: url(/img/a.png); height: 20px }',
      'shared/more/b.css': '.b { background-image: url(../../img/b.png); height: 20px }',
      'img/a.png': PNG,
      'img/b.png': encodePng(3, 1, () => [0, 0, 255]),
    });
    const { status, stderr } = quire(['render', path.join(dir, 'docs/page.html'), '--root', dir, '--deterministic'], tsxCwd);
    expect(status, stderr).toBe(0);
    expect(stderr).toBe('');
    expect(imageCount(readFileSync(path.join(dir, 'docs/page.pdf')))).toBe(2);
  });

  it('reads the document from standard input for "-" and writes the PDF to standard output', () => {
    const { status, stdout, stderr } = quire(['render', '-', '--deterministic'], tsxCwd, '<p>Piped in</p>');
    expect(status, stderr).toBe(0);
    expect(stdout.startsWith('%PDF-')).toBe(true);
    expect(stdout.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('applies every --css, in order: the later file wins', () => {
    const dir = workdir();
    writeTree(dir, {
      'three.html': '<p>One</p><p class="two">Two</p><p class="three">Three</p>',
      'breaks.css': '.two, .three { break-before: page }',
      'undo.css': '.three { break-before: auto }',
    });
    const run = (...css: string[]) => quire(['render', path.join(dir, 'three.html'), ...css.flatMap((f) => ['--css', path.join(dir, f)]), '-o', path.join(dir, 'out.pdf')], tsxCwd);
    // Both files apply (two pages, not three or one), and undo.css comes after breaks.css.
    expect(run('breaks.css', 'undo.css').stdout).toContain('(2 pages)');
    expect(run('undo.css', 'breaks.css').stdout).toContain('(3 pages)');
  });
});
