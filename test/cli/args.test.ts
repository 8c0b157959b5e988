// parseArgs: the command line → a request body, an output path and options, or an error.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultOutPath, parseArgs, type CliCommand } from '../../src/cli/args.js';

/** A fake file system: reading a missing file throws ENOENT like fs does. */
function files(contents: Record<string, string>): (file: string) => string {
  return (file) => {
    if (file in contents) return contents[file]!;
    throw Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), { code: 'ENOENT' });
  };
}

const fs = files({
  'page.html': '<p>Hi</p>',
  'style.css': 'p { color: red }',
  'docs/request.json': JSON.stringify({ type: 'html', title: 'From JSON', data: { html: '<p>J</p>' }, page: { margin: '1in', marginTop: '2in' } }),
  'bad.json': '{ "type": ',
  'array.json': '[1, 2]',
});

function render(argv: string[]): Extract<CliCommand, { kind: 'render' }> {
  const command = parseArgs(argv, fs);
  if (command.kind !== 'render') throw new Error(`expected render, got ${JSON.stringify(command)}`);
  return command;
}

function errorOf(argv: string[]): string {
  const command = parseArgs(argv, fs);
  if (command.kind !== 'error') throw new Error(`expected an error, got ${command.kind}`);
  return command.message;
}

describe('parseArgs: help and version', () => {
  it('recognises --help, -h, help and render --help', () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['render', 'page.html', '--help']]) {
      expect(parseArgs(argv, fs)).toEqual({ kind: 'help' });
    }
  });

  it('recognises --version', () => {
    expect(parseArgs(['--version'], fs)).toEqual({ kind: 'version' });
  });

  it('reports a missing or unknown command', () => {
    expect(errorOf([])).toContain('missing command');
    expect(errorOf(['draw', 'x.html'])).toBe('unknown command "draw"');
  });
});

describe('parseArgs: render an HTML file', () => {
  it('builds an html request with the CSS file and writes beside the input by default', () => {
    const command = render(['render', 'page.html', '--css', 'style.css']);
    expect(command.request).toEqual({ type: 'html', data: { html: '<p>Hi</p>', css: 'p { color: red }' } });
    expect(command.outPath).toBe('page.pdf');
    expect(command.options).toEqual({ deterministic: false, baseUrl: 'file:///', fileRoot: process.cwd() });
  });

  it('resolves an HTML file\'s URLs against its folder inside --root, and reads files only there', () => {
    const root = path.resolve('site');
    const fsWithSite = files({ [path.join('site', 'docs', 'page.html')]: '<p>x</p>' });
    const command = parseArgs(['render', path.join('site', 'docs', 'page.html'), '--root', 'site'], fsWithSite);
    if (command.kind !== 'render') throw new Error(command.kind);
    expect(command.options).toEqual({ deterministic: false, baseUrl: 'file:///docs/', fileRoot: root });
    const outside = parseArgs(['render', path.join('site', 'docs', 'page.html'), '--root', path.join('site', 'other')], fsWithSite);
    expect(outside).toEqual({ kind: 'error', message: expect.stringContaining('outside --root') });
  });

  it('--no-tags asks for an untagged PDF, for HTML and JSON input', () => {
    expect(render(['render', 'page.html', '--no-tags']).options.tagged).toBe(false);
    expect(render(['render', 'docs/request.json', '--no-tags']).options).toEqual({ deterministic: false, tagged: false });
    expect(render(['render', 'page.html']).options.tagged).toBeUndefined();
  });

  it('--root does not apply to a JSON request, which never reads local files', () => {
    expect(errorOf(['render', 'docs/request.json', '--root', '.'])).toContain('JSON request never reads local files');
    expect(render(['render', 'docs/request.json']).options).toEqual({ deterministic: false });
  });

  it('fills title and the page object from the flags, in either flag form', () => {
    const command = render([
      'render',
      '--title',
      'Letter',
      'page.html',
      '--page-width=210mm',
      '--page-height',
      '297mm',
      '--margin',
      '1in 2cm',
      '-o',
      'out/x.pdf',
      '--deterministic',
    ]);
    expect(command.request).toEqual({
      type: 'html',
      title: 'Letter',
      data: { html: '<p>Hi</p>', css: '' },
      page: { width: '210mm', height: '297mm', margin: '1in 2cm' },
    });
    expect(command.outPath).toBe('out/x.pdf');
    expect(command.options.deterministic).toBe(true);
  });

  it('passes page values through unvalidated: the request validator names them', () => {
    const command = render(['render', 'page.html', '--page-width', '10vw']);
    expect(command.request).toMatchObject({ page: { width: '10vw' } });
  });

  it('accepts an input after --, even one that looks like a flag', () => {
    const command = parseArgs(['render', '--', '-odd.html'], files({ '-odd.html': '<p/>' }));
    expect(command).toMatchObject({ kind: 'render', outPath: '-odd.pdf' });
  });
});

describe('parseArgs: the document from standard input', () => {
  const stdin = () => '<p>Piped</p>';

  it('reads "-" from standard input, writes the PDF to standard output and resolves URLs against the working folder', () => {
    const command = parseArgs(['render', '-', '--css', 'style.css'], fs, stdin);
    expect(command).toEqual({
      kind: 'render',
      request: { type: 'html', data: { html: '<p>Piped</p>', css: 'p { color: red }' } },
      outPath: '-',
      options: { deterministic: false, baseUrl: 'file:///', fileRoot: process.cwd() },
      report: { quiet: false, verbose: false, failOnWarning: false },
    });
  });

  it('writes where -o says, and takes --root like a file in the working folder', () => {
    const root = path.dirname(process.cwd());
    const command = parseArgs(['render', '-', '-o', 'out.pdf', '--root', '..'], fs, stdin);
    expect(command).toMatchObject({ kind: 'render', outPath: 'out.pdf', options: { baseUrl: `file:///${encodeURIComponent(path.basename(process.cwd()))}/`, fileRoot: root } });
    expect(parseArgs(['render', '-', '-o', '-'], fs, stdin)).toMatchObject({ kind: 'render', outPath: '-' });
  });

  it('names standard input when it cannot be read', () => {
    const broken = () => {
      throw Object.assign(new Error('EAGAIN: resource temporarily unavailable, read'), { code: 'EAGAIN' });
    };
    expect(parseArgs(['render', '-'], fs, broken)).toEqual({ kind: 'error', message: expect.stringMatching(/^cannot read standard input: /) });
  });
});

describe('parseArgs: several --css files', () => {
  const sheets = files({ 'page.html': '<p>Hi</p>', 'a.css': 'p { color: red }', 'b.css': 'p { color: blue }', 'c.css': 'h1 { margin: 0 }' });

  it('applies every --css file, in the order given', () => {
    const command = parseArgs(['render', 'page.html', '--css', 'a.css', '--css=b.css', '--css', 'c.css'], sheets);
    expect(command).toMatchObject({ kind: 'render', request: { data: { css: 'p { color: red }\np { color: blue }\nh1 { margin: 0 }' } } });
    const reversed = parseArgs(['render', 'page.html', '--css', 'b.css', '--css', 'a.css'], sheets);
    expect(reversed).toMatchObject({ kind: 'render', request: { data: { css: 'p { color: blue }\np { color: red }' } } });
  });

  it('names the one that cannot be read', () => {
    expect(parseArgs(['render', 'page.html', '--css', 'a.css', '--css', 'nope.css'], sheets)).toEqual({ kind: 'error', message: 'cannot read "nope.css": no such file' });
  });
});

describe('parseArgs: render a JSON request', () => {
  it('uses the body as it is, writing request.pdf beside it', () => {
    const command = render(['render', 'docs/request.json']);
    expect(command.request).toEqual(JSON.parse(fs('docs/request.json')));
    expect(command.outPath).toBe('docs/request.pdf');
  });

  it('lets --title and the page flags override the body, keeping its other page fields', () => {
    const command = render(['render', 'docs/request.json', '--title', 'T2', '--margin', '5mm']);
    expect(command.request).toMatchObject({ title: 'T2', page: { margin: '5mm', marginTop: '2in' } });
  });

  it('passes a non-object body through for the validator to reject', () => {
    expect(render(['render', 'array.json']).request).toEqual([1, 2]);
  });

  it('rejects invalid JSON and --css with a JSON request', () => {
    expect(errorOf(['render', 'bad.json'])).toMatch(/^bad\.json is not valid JSON: /);
    expect(errorOf(['render', 'docs/request.json', '--css', 'style.css'])).toContain('--css cannot be used');
  });
});

describe('parseArgs: errors', () => {
  it('names a file that cannot be read', () => {
    expect(errorOf(['render', 'missing.html'])).toBe('cannot read "missing.html": no such file');
    expect(errorOf(['render', 'page.html', '--css', 'nope.css'])).toBe('cannot read "nope.css": no such file');
  });

  it('rejects a missing input, two inputs, unknown options and a flag without its value', () => {
    expect(errorOf(['render'])).toContain('missing input file');
    expect(errorOf(['render', 'page.html', 'other.html'])).toContain('expected one input file');
    expect(errorOf(['render', 'page.html', '--colour', 'red'])).toBe('unknown option "--colour"');
    expect(errorOf(['render', 'page.html', '--toString'])).toBe('unknown option "--toString"');
    expect(errorOf(['render', 'page.html', '-o'])).toBe('option "-o" needs a value');
  });

  it('refuses to overwrite the input with the output', () => {
    expect(errorOf(['render', 'page.html', '-o', './page.html'])).toContain('would overwrite the input');
  });
});

describe('defaultOutPath', () => {
  it('replaces the extension with .pdf, or adds one', () => {
    expect(defaultOutPath('a/b/letter.html')).toBe('a/b/letter.pdf');
    expect(defaultOutPath('letter')).toBe('letter.pdf');
    expect(defaultOutPath('v1.2/doc.htm')).toBe('v1.2/doc.pdf');
  });
});

describe('archival flags', () => {
  const bytes = (contents: Record<string, Uint8Array>) => (file: string) => {
    if (file in contents) return contents[file]!;
    throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
  };
  const XML = new TextEncoder().encode('<x/>');

  it('--pdf-variant goes into the request body (HTML and JSON), where it is validated', () => {
    expect(render(['render', 'page.html', '--pdf-variant', 'pdf/a-3b']).request).toMatchObject({ type: 'html', pdfVariant: 'pdf/a-3b' });
    expect(render(['render', 'docs/request.json', '--pdf-variant=pdf/ua-1']).request).toMatchObject({ title: 'From JSON', pdfVariant: 'pdf/ua-1' });
    expect(render(['render', 'page.html']).request).not.toHaveProperty('pdfVariant');
  });

  it('--attachment reads each file (repeatable) as an attachment named by its base name', () => {
    const command = parseArgs(['render', 'page.html', '--attachment', path.join('data', 'factur-x.xml'), '--attachment=notes.txt'], fs, undefined, bytes({ [path.join('data', 'factur-x.xml')]: XML, 'notes.txt': new Uint8Array([104, 105]) }));
    expect(command).toMatchObject({ kind: 'render', options: { attachments: [{ name: 'factur-x.xml', data: XML }, { name: 'notes.txt', data: new Uint8Array([104, 105]) }] } });
    expect(render(['render', 'page.html']).options).not.toHaveProperty('attachments');
  });

  it('a missing attachment file is a usage error naming it', () => {
    expect(parseArgs(['render', 'page.html', '--attachment', 'nope.xml'], fs, undefined, bytes({}))).toEqual({ kind: 'error', message: 'cannot read "nope.xml": no such file' });
  });
});
