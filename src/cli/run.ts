// Runs one `quire` command: parse the arguments, validate the request early, render, write
// the PDF, and turn every failure into a message and an exit status (never a stack trace).

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ValidationError } from '../request/errors.js';
import { normalizeRequest } from '../request/validate.js';
import type { StageTimings } from '../stage-clock.js';
import { parseArgs, type CliCommand } from './args.js';
import { pages, ProgressLine } from './progress.js';
import { USAGE } from './usage.js';
import { packageVersion } from './version.js';

/** The outside world of the CLI, injectable for tests. */
export interface CliIo {
  readonly stdout: (text: string | Uint8Array) => void;
  readonly stderr: (text: string) => void;
  readonly readText: (file: string) => string;
  /** All of standard input (`quire render -`). */
  readonly readStdin: () => string;
  /** A file's bytes (`--attachment`); absent: such files cannot be read. */
  readonly readBytes?: (file: string) => Uint8Array;
  readonly writeFile: (file: string, bytes: Uint8Array) => void;
  /** Standard error is a terminal: a long render shows its progress there. */
  readonly stderrIsTty?: boolean;
  /** A clock in ms (the progress line's pace, --verbose's load time). */
  readonly now?: () => number;
}

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
/** `--fail-on-warning` and the render warned: the PDF is not written. */
export const EXIT_WARNINGS = 3;

/** The real terminal and file system. */
export const nodeIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readText: (file) => readFileSync(file, 'utf8'),
  readStdin: () => readFileSync(process.stdin.fd, 'utf8'),
  readBytes: (file) => readFileSync(file),
  writeFile: (file, bytes) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  },
  stderrIsTty: process.stderr.isTTY === true,
  now: () => performance.now(),
};

/** Runs the command line `argv` (without node and the script) and returns the exit status. */
export async function runCli(argv: readonly string[], io: CliIo = nodeIo): Promise<number> {
  const command = parseArgs(argv, io.readText, io.readStdin, io.readBytes);
  switch (command.kind) {
    case 'help':
      io.stdout(USAGE);
      return EXIT_OK;
    case 'version':
      io.stdout(`${packageVersion()}\n`);
      return EXIT_OK;
    case 'error':
      io.stderr(`quire: ${command.message}\nRun "quire --help" for usage.\n`);
      return EXIT_USAGE;
    case 'render':
      return render(command, io);
  }
}

async function render(command: Extract<CliCommand, { kind: 'render' }>, io: CliIo): Promise<number> {
  const { report } = command;
  const now = io.now ?? (() => performance.now());
  const progress = io.stderrIsTty && !report.quiet ? new ProgressLine(io.stderr, now) : null;
  try {
    // Validate first, so that a bad request fails at once; the pipeline (fonts, parsers) is
    // loaded only when there is something to render, which keeps --help and errors instant.
    normalizeRequest(command.request);
    const loading = now();
    const { renderUnchecked } = await import('../render.js');
    const loadMs = now() - loading;
    const result = await renderUnchecked(command.request, progress ? { ...command.options, onProgress: (p) => progress.update(p) } : command.options);
    progress?.clear();
    if (!report.quiet) for (const warning of result.warnings) io.stderr(`warning: ${warning}\n`);
    if (report.verbose) io.stderr(describeTimings(loadMs, result.timings));
    if (report.failOnWarning && result.warnings.length > 0) {
      const count = result.warnings.length === 1 ? '1 warning' : `${result.warnings.length} warnings`;
      io.stderr(`quire: ${count}, so no PDF was written (--fail-on-warning)\n`);
      return EXIT_WARNINGS;
    }
    if (command.outPath === '-') {
      io.stdout(result.pdf);
    } else {
      io.writeFile(command.outPath, result.pdf);
      io.stdout(`wrote ${command.outPath} (${pages(result.pageCount)})\n`);
    }
    return EXIT_OK;
  } catch (error) {
    progress?.clear();
    io.stderr(describeFailure(error));
    return EXIT_FAILED;
  }
}

/** --verbose: the engine's load time, then each stage's, in ms. */
function describeTimings(loadMs: number, timings: StageTimings): string {
  const rows: [string, number][] = [['load', loadMs], ...Object.entries(timings)];
  rows.push(['total', rows.reduce((sum, [, ms]) => sum + ms, 0)]);
  return `quire: time per stage\n${rows.map(([stage, ms]) => `  ${stage.padEnd(10)}${ms.toFixed(1).padStart(9)} ms\n`).join('')}`;
}

/** A ValidationError lists each `property: message`; anything else prints its message. */
function describeFailure(error: unknown): string {
  if (error instanceof ValidationError) {
    const lines = error.fields.map((f) => `  ${f.property || '(request body)'}: ${f.message}`);
    return `quire: invalid request\n${lines.join('\n')}\n`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `quire: render failed: ${message}\n`;
}
