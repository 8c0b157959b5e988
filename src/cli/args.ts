// Parses the `quire` command line into a command: the request body to render, where to write
// it and the render options. Pure apart from the injected readers, so tests need no disk.

import path from 'node:path';
import type { AttachmentOption } from '../resources/attachments.js';

/** What the command line asks for. */
export type CliCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'render'; readonly request: unknown; readonly outPath: string; readonly options: CliRenderOptions; readonly report: CliReport }
  | { readonly kind: 'error'; readonly message: string };

/** The render options a command line can set. */
export interface CliRenderOptions {
  readonly deterministic: boolean;
  /** `--no-tags`: an untagged PDF (RenderOptions.tagged false). */
  readonly tagged?: false;
  /** An HTML file's folder as a file: URL: its relative URLs resolve against it. */
  readonly baseUrl?: string;
  /** The folder local files may be read from (`--root`, default the HTML file's folder). */
  readonly fileRoot?: string;
  /** `--attachment` files, embedded in the PDF. */
  readonly attachments?: readonly AttachmentOption[];
}

/** What the command prints besides the PDF, and when it fails. */
export interface CliReport {
  /** `--quiet`: no warnings, no progress. */
  readonly quiet: boolean;
  /** `--verbose`: each stage's time, after the render. */
  readonly verbose: boolean;
  /** `--fail-on-warning`: a render with warnings exits EXIT_WARNINGS and writes no PDF. */
  readonly failOnWarning: boolean;
}

/** Reads a text file; throws (like fs.readFileSync) when it cannot. */
export type ReadText = (file: string) => string;

/** Reads all of standard input as text; throws when it cannot. */
export type ReadStdin = () => string;

/** Reads a file's bytes; throws (like fs.readFileSync) when it cannot. */
export type ReadBytes = (file: string) => Uint8Array;

/** The input and output name that stand for standard input and output. */
const STANDARD_STREAM = '-';

type ValueField = 'css' | 'title' | 'pageWidth' | 'pageHeight' | 'margin' | 'out' | 'root' | 'pdfVariant' | 'attachment';

/** The value flags and the field each fills; `-o` and `--output` are the same flag. */
const VALUE_FLAGS: Readonly<Record<string, ValueField>> = {
  '--css': 'css',
  '--title': 'title',
  '--page-width': 'pageWidth',
  '--page-height': 'pageHeight',
  '--margin': 'margin',
  '-o': 'out',
  '--output': 'out',
  '--root': 'root',
  '--pdf-variant': 'pdfVariant',
  '--attachment': 'attachment',
};

interface RenderFlags extends Partial<Record<Exclude<ValueField, 'css' | 'attachment'>, string>> {
  /** Every --css file, in command-line order: all apply, a later one wins by cascade order. */
  css?: string[];
  /** Every --attachment file, in order. */
  attachment?: string[];
  input?: string;
  deterministic?: boolean;
  noTags?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  failOnWarning?: boolean;
}

class ArgsError extends Error {}

/** Parses `argv` (without node and the script) into a command; never throws. */
export function parseArgs(argv: readonly string[], readText: ReadText, readStdin: ReadStdin = noStdin, readBytes: ReadBytes = noBytes): CliCommand {
  const [command, ...rest] = argv;
  if (command === undefined) return { kind: 'error', message: 'missing command; try "quire render page.html"' };
  if (command === '--help' || command === '-h' || command === 'help') return { kind: 'help' };
  if (command === '--version' || command === '-v' || command === '-V') return { kind: 'version' };
  if (command !== 'render') return { kind: 'error', message: `unknown command "${command}"` };
  if (rest.includes('--help') || rest.includes('-h')) return { kind: 'help' };
  try {
    return renderCommand(readFlags(rest), readText, readStdin, readBytes);
  } catch (error) {
    if (error instanceof ArgsError) return { kind: 'error', message: error.message };
    throw error;
  }
}

/** Walks the arguments of `render`: `--flag value`, `--flag=value`, booleans, one input, `--`. */
function readFlags(args: readonly string[]): RenderFlags {
  const flags: RenderFlags = {};
  let onlyPositionals = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (onlyPositionals || !arg.startsWith('-') || arg === '-') {
      setInput(flags, arg);
    } else if (arg === '--') {
      onlyPositionals = true;
    } else if (arg === '--deterministic') {
      flags.deterministic = true;
    } else if (arg === '--no-tags') {
      flags.noTags = true;
    } else if (arg === '--quiet' || arg === '-q') {
      flags.quiet = true;
    } else if (arg === '--verbose') {
      flags.verbose = true;
    } else if (arg === '--fail-on-warning') {
      flags.failOnWarning = true;
    } else {
      const [name, inlineValue] = splitFlag(arg);
      const field = Object.hasOwn(VALUE_FLAGS, name) ? VALUE_FLAGS[name] : undefined;
      if (!field) throw new ArgsError(`unknown option "${name}"`);
      const value = inlineValue ?? args[++i];
      if (value === undefined) throw new ArgsError(`option "${name}" needs a value`);
      if (field === 'css' || field === 'attachment') (flags[field] ??= []).push(value);
      else flags[field] = value;
    }
  }
  return flags;
}

function splitFlag(arg: string): [string, string | undefined] {
  const eq = arg.indexOf('=');
  return eq > 0 && arg.startsWith('--') ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
}

function setInput(flags: RenderFlags, arg: string): void {
  if (flags.input !== undefined) throw new ArgsError(`expected one input file, got "${flags.input}" and "${arg}"`);
  flags.input = arg;
}

/** Builds the request body from the input (a file, or `-` for an HTML document on standard input) and the flags. */
function renderCommand(flags: RenderFlags, readText: ReadText, readStdin: ReadStdin, readBytes: ReadBytes): CliCommand {
  const input = flags.input;
  if (input === undefined) throw new ArgsError('missing input file; try "quire render page.html"');
  const fromStdin = input === STANDARD_STREAM;
  const json = !fromStdin && isJson(input);
  const request = json ? jsonRequest(input, flags, readText) : htmlRequest(fromStdin ? readStandardInput(readStdin) : read(input, readText), flags, readText);
  // Standard input has no name to write beside, so its PDF goes to standard output.
  const outPath = flags.out ?? (fromStdin ? STANDARD_STREAM : defaultOutPath(input));
  if (!fromStdin && path.resolve(outPath) === path.resolve(input)) throw new ArgsError(`output "${outPath}" would overwrite the input`);
  if (flags.root !== undefined && json) throw new ArgsError('--root applies to an HTML file; a JSON request never reads local files');
  if (flags.quiet && flags.verbose) throw new ArgsError('--quiet and --verbose cannot be used together');
  const report = { quiet: flags.quiet ?? false, verbose: flags.verbose ?? false, failOnWarning: flags.failOnWarning ?? false };
  const deterministic = flags.deterministic ?? false;
  const attached = attachments(flags, readBytes);
  const untagged = flags.noTags ? { tagged: false as const } : {};
  if (json) return { kind: 'render', request, outPath, options: { deterministic, ...attached, ...untagged }, report };
  // An HTML file's relative URLs resolve against its folder (standard input's against the
  // working folder); root-relative ones (/fonts/x.css) against the root, which is also the
  // only folder files are read from.
  const folder = path.resolve(fromStdin ? '.' : path.dirname(input));
  const root = path.resolve(flags.root ?? folder);
  const relative = path.relative(root, folder);
  if (relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new ArgsError(`${fromStdin ? 'the working folder (of the input on standard input)' : `the input "${input}"`} is outside --root "${flags.root}"`);
  }
  // file: URLs name paths inside the root (options.fileRoot), so the base is the folder's path there.
  const baseUrl = `file:///${relative === '' ? '' : `${relative.split(path.sep).map(encodeURIComponent).join('/')}/`}`;
  return { kind: 'render', request, outPath, options: { deterministic, baseUrl, fileRoot: root, ...attached, ...untagged }, report };
}

/** `--attachment` files read whole, named by their base name (Factur-X's `factur-x.xml` keeps its name). */
function attachments(flags: RenderFlags, readBytes: ReadBytes): { attachments?: AttachmentOption[] } {
  if (flags.attachment === undefined) return {};
  return {
    attachments: flags.attachment.map((file) => {
      // The media type comes from the name's extension when the render embeds it.
      return { name: path.basename(file), data: readFile(file, readBytes) };
    }),
  };
}

function isJson(file: string): boolean {
  return path.extname(file).toLowerCase() === '.json';
}

/** `page.html` → `page.pdf`, beside the input. */
export function defaultOutPath(input: string): string {
  const ext = path.extname(input);
  return (ext ? input.slice(0, -ext.length) : input) + '.pdf';
}

function htmlRequest(html: string, flags: RenderFlags, readText: ReadText): unknown {
  // The request has one css text: the files one after another keep their cascade order.
  const css = (flags.css ?? []).map((file) => read(file, readText)).join('\n');
  const page = pageFromFlags(flags);
  return {
    type: 'html',
    ...(flags.title !== undefined ? { title: flags.title } : {}),
    data: { html, css },
    ...(page ? { page } : {}),
    ...(flags.pdfVariant !== undefined ? { pdfVariant: flags.pdfVariant } : {}),
  };
}

/** A whole API body; the title and page flags override its fields. */
function jsonRequest(input: string, flags: RenderFlags, readText: ReadText): unknown {
  if (flags.css !== undefined) throw new ArgsError('--css cannot be used with a JSON request; put the CSS in data.css');
  const text = read(input, readText);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ArgsError(`${input} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body; // validation explains
  const record = body as Record<string, unknown>;
  const page = pageFromFlags(flags);
  const basePage = record.page;
  const canMerge = page && (basePage === undefined || isPlainObject(basePage));
  const mergedPage = canMerge ? { ...(basePage as object | undefined), ...page } : basePage;
  return {
    ...record,
    ...(flags.title !== undefined ? { title: flags.title } : {}),
    ...(mergedPage !== undefined ? { page: mergedPage } : {}),
    ...(flags.pdfVariant !== undefined ? { pdfVariant: flags.pdfVariant } : {}),
  };
}

function pageFromFlags(flags: RenderFlags): Record<string, string> | null {
  const page: Record<string, string> = {};
  if (flags.pageWidth !== undefined) page.width = flags.pageWidth;
  if (flags.pageHeight !== undefined) page.height = flags.pageHeight;
  if (flags.margin !== undefined) page.margin = flags.margin;
  return Object.keys(page).length > 0 ? page : null;
}

function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function read(file: string, readText: ReadText): string {
  try {
    return readText(file);
  } catch (error) {
    throw new ArgsError(`cannot read "${file}": ${readFailure(error)}`);
  }
}

function readFile(file: string, readBytes: ReadBytes): Uint8Array {
  try {
    return readBytes(file);
  } catch (error) {
    throw new ArgsError(`cannot read "${file}": ${readFailure(error)}`);
  }
}

function readStandardInput(readStdin: ReadStdin): string {
  try {
    return readStdin();
  } catch (error) {
    throw new ArgsError(`cannot read standard input: ${readFailure(error)}`);
  }
}

function readFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (error as Error).message;
}

/** The reader of a caller that has no files to give as bytes. */
function noBytes(): Uint8Array {
  throw new Error('not available');
}

/** The reader of a caller that has no standard input to give. */
function noStdin(): string {
  throw new Error('not available');
}
