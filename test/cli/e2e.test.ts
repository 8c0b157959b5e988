// The real `quire` process: spawned with tsx, as a user would run it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function quire(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src/cli/main.ts'), ...args], {
    cwd,
    encoding: 'utf8',
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
});
