// What `quire render` prints besides the PDF (issue 20, part 6): warnings, the progress line on
// a terminal, --quiet, --verbose's time per stage, and --fail-on-warning's exit status. Run in
// process with an in-memory terminal whose clock the test drives.
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { EXIT_OK, EXIT_USAGE, EXIT_WARNINGS, runCli, type CliIo } from '../../src/cli/run.js';

const WARNS = '<style>p { color: nonsense }</style><p>x</p>';
const CLEAN = '<p>x</p>';
/** Enough pages for several progress lines. */
const LONG = Array.from({ length: 12 }, (_, i) => `<p style="break-after: page">Page ${i + 1}</p>`).join('');

/** A terminal (or not) whose clock moves `step` ms each time it is read. */
function fakeIo(files: Record<string, string>, options: { tty?: boolean; step?: number } = {}): CliIo & { out: string; err: string; written: Map<string, Uint8Array> } {
  let clock = 0;
  const io = {
    out: '',
    err: '',
    written: new Map<string, Uint8Array>(),
    stdout: (text: string | Uint8Array) => void (io.out += typeof text === 'string' ? text : '<bytes>'),
    stderr: (text: string) => void (io.err += text),
    readText: (file: string) => files[file]!,
    readStdin: () => '',
    writeFile: (file: string, bytes: Uint8Array) => void io.written.set(file, bytes),
    stderrIsTty: options.tty ?? false,
    now: () => (clock += options.step ?? 0),
  };
  return io;
}

describe('quire render reports', () => {
  it('prints warnings on standard error and writes the PDF', async () => {
    const io = fakeIo({ 'p.html': WARNS });
    expect(await runCli(['render', 'p.html'], io)).toBe(EXIT_OK);
    expect(io.err).toBe("warning: <style> #1 line 1: invalid value for 'color': 'nonsense' ignored\n");
    expect(io.written.has('p.pdf')).toBe(true);
  });

  it('--quiet prints no warnings and no progress', async () => {
    const io = fakeIo({ 'p.html': WARNS + LONG }, { tty: true, step: 1000 });
    expect(await runCli(['render', 'p.html', '--quiet'], io)).toBe(EXIT_OK);
    expect(io.err).toBe('');
    expect(io.out).toBe('wrote p.pdf (12 pages)\n');
  });

  it('shows the pages laid out and written on a terminal, on one line cleared at the end', async () => {
    const io = fakeIo({ 'p.html': LONG }, { tty: true, step: 1000 });
    expect(await runCli(['render', 'p.html'], io)).toBe(EXIT_OK);
    const lines = io.err.split('\r\x1b[K');
    expect(lines[0]).toBe('');
    expect(lines).toContain('quire: parsing');
    expect(lines).toContain('quire: 1 page laid out, 1 written');
    expect(lines).toContain('quire: 12 pages laid out, 12 written');
    expect(lines).toContain('quire: writing the PDF (12 pages)');
    // Nothing but progress, and the line is erased before the render's own output.
    expect(io.err).not.toContain('\n');
    expect(io.err.endsWith('\r\x1b[K')).toBe(true);
    expect(io.out).toBe('wrote p.pdf (12 pages)\n');
  });

  it('shows no progress for a render quicker than half a second, nor when standard error is no terminal', async () => {
    const quick = fakeIo({ 'p.html': LONG }, { tty: true, step: 0 });
    expect(await runCli(['render', 'p.html'], quick)).toBe(EXIT_OK);
    expect(quick.err).toBe('');
    const piped = fakeIo({ 'p.html': LONG }, { tty: false, step: 1000 });
    expect(await runCli(['render', 'p.html'], piped)).toBe(EXIT_OK);
    expect(piped.err).toBe('');
  });

  it('--verbose prints the time of each stage', async () => {
    const io = fakeIo({ 'p.html': CLEAN });
    expect(await runCli(['render', 'p.html', '--verbose'], io)).toBe(EXIT_OK);
    const lines = io.err.trimEnd().split('\n');
    expect(lines[0]).toBe('quire: time per stage');
    expect(lines.slice(1).map((l) => l.trim().split(/\s+/)[0])).toEqual(['load', 'parse', 'resources', 'style', 'boxes', 'layout', 'paint', 'write', 'total']);
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {2}\w+ +\d+\.\d ms$/);
  });

  it('--fail-on-warning exits 3 and writes no PDF when the render warns, and 0 when it does not', async () => {
    const io = fakeIo({ 'p.html': WARNS });
    expect(await runCli(['render', 'p.html', '--fail-on-warning'], io)).toBe(EXIT_WARNINGS);
    expect(io.err).toContain("warning: <style> #1 line 1: invalid value for 'color'");
    expect(io.err).toContain('quire: 1 warning, so no PDF was written (--fail-on-warning)\n');
    expect(io.written.size).toBe(0);
    expect(io.out).toBe('');
    // To standard output neither.
    const piped = fakeIo({ 'p.html': WARNS });
    expect(await runCli(['render', 'p.html', '-o', '-', '--fail-on-warning', '-q'], piped)).toBe(EXIT_WARNINGS);
    expect(piped.out).toBe('');
    expect(piped.err).toBe('quire: 1 warning, so no PDF was written (--fail-on-warning)\n');
    const clean = fakeIo({ 'p.html': CLEAN });
    expect(await runCli(['render', 'p.html', '--fail-on-warning'], clean)).toBe(EXIT_OK);
    expect(clean.written.has('p.pdf')).toBe(true);
  });

  it('--quiet and --verbose together are bad arguments', async () => {
    const io = fakeIo({ 'p.html': CLEAN });
    expect(await runCli(['render', 'p.html', '--quiet', '--verbose'], io)).toBe(EXIT_USAGE);
    expect(io.err).toContain('--quiet and --verbose cannot be used together');
    expect(parseArgs(['render', 'p.html', '-q', '--fail-on-warning'], () => CLEAN)).toMatchObject({ report: { quiet: true, verbose: false, failOnWarning: true } });
  });
});
