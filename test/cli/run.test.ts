// runCli with an in-memory terminal and file system: messages and exit statuses of the paths
// that end before rendering.
import { describe, expect, it } from 'vitest';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, runCli, type CliIo } from '../../src/cli/run.js';

function fakeIo(files: Record<string, string>, stdin?: string): CliIo & { out: string; err: string; written: Map<string, Uint8Array> } {
  const io = {
    out: '',
    err: '',
    written: new Map<string, Uint8Array>(),
    stdout: (text: string | Uint8Array) => {
      io.out += typeof text === 'string' ? text : '<bytes>';
    },
    stderr: (text: string) => {
      io.err += text;
    },
    readText: (file: string) => {
      if (file in files) return files[file]!;
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    },
    readStdin: () => {
      if (stdin !== undefined) return stdin;
      throw Object.assign(new Error('EAGAIN: resource temporarily unavailable, read'), { code: 'EAGAIN' });
    },
    writeFile: (file: string, bytes: Uint8Array) => {
      io.written.set(file, bytes);
    },
  };
  return io;
}

describe('runCli', () => {
  it('prints the usage for --help', async () => {
    const io = fakeIo({});
    expect(await runCli(['--help'], io)).toBe(EXIT_OK);
    expect(io.out).toContain('quire render <page.html>');
    expect(io.out).toContain('--page-width');
  });

  it('prints the package version for --version', async () => {
    const io = fakeIo({});
    expect(await runCli(['--version'], io)).toBe(EXIT_OK);
    expect(io.out).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('exits 2 with a message for bad arguments', async () => {
    const io = fakeIo({});
    expect(await runCli(['render', 'missing.html'], io)).toBe(EXIT_USAGE);
    expect(io.err).toContain('quire: cannot read "missing.html": no such file');
    expect(io.err).toContain('quire --help');
  });

  it('exits 1 naming pdfVariant for an unknown --pdf-variant, before rendering', async () => {
    const io = fakeIo({ 'p.html': '<p>x</p>' });
    expect(await runCli(['render', 'p.html', '--pdf-variant', 'pdf/x'], io)).toBe(EXIT_FAILED);
    expect(io.err).toContain("  pdfVariant: Invalid enum value. Expected 'pdf/a-2b' | 'pdf/a-3b' | 'pdf/ua-1', received 'pdf/x'");
    expect(io.written.size).toBe(0);
  });

  it('exits 1 naming the title when pdf/ua-1 has none', async () => {
    const io = fakeIo({ 'p.html': '<html lang="en"><p>x</p></html>' });
    expect(await runCli(['render', 'p.html', '--pdf-variant', 'pdf/ua-1'], io)).toBe(EXIT_FAILED);
    expect(io.err).toMatch(/ {2}title: pdf\/ua-1 needs a document title/);
    expect(io.written.size).toBe(0);
  });

  it('exits 1 and lists every invalid property of the request, writing nothing', async () => {
    const io = fakeIo({ 'p.html': '<p>x</p>' });
    const status = await runCli(['render', 'p.html', '--page-width', '10vw', '--margin', 'wide'], io);
    expect(status).toBe(EXIT_FAILED);
    expect(io.err).toContain('quire: invalid request\n');
    expect(io.err).toContain('  page.width: Unsupported unit "vw" in "10vw"');
    expect(io.err).toContain('  page.margin: Expected a length');
    expect(io.written.size).toBe(0);
  });

  it('reports a bad Markdown item by its path', async () => {
    const io = fakeIo({ 'r.json': JSON.stringify({ data: [{ content: 'hi' }, { fontSize: 31 }] }) });
    expect(await runCli(['render', 'r.json'], io)).toBe(EXIT_FAILED);
    expect(io.err).toMatch(/^ {2}data\[1\]\.fontSize: Font size must be from 5 to 30, received 31$/m);
  });

  it('renders an HTML document from standard input to standard output', async () => {
    const io = fakeIo({}, '<p>Piped</p>');
    expect(await runCli(['render', '-'], io)).toBe(EXIT_OK);
    expect(io.out).toBe('<bytes>');
    expect(io.written.size).toBe(0);
  });

  it('exits 2 when standard input cannot be read', async () => {
    const io = fakeIo({});
    expect(await runCli(['render', '-'], io)).toBe(EXIT_USAGE);
    expect(io.err).toContain('quire: cannot read standard input: EAGAIN');
  });

  it('names the request body itself when it is not an object', async () => {
    const io = fakeIo({ 'r.json': '"just a string"' });
    expect(await runCli(['render', 'r.json'], io)).toBe(EXIT_FAILED);
    expect(io.err).toContain('(request body): Expected the request body to be an object');
  });
});
