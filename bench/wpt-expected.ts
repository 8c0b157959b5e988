// Expected failures: one plain text file per tracked selection of WPT reftests (such as
// test/wpt/expected-failures/tables.txt) listing the tests that fail today, one path per line,
// sorted, after a comment header. A run must fail exactly the listed tests, so that the file
// stays exact and a test that starts or stops passing shows up in its diff when it is rewritten.
// Shared by `npm run wpt -- --expected FILE` / `--update-expected FILE` and test/wpt/*.test.ts.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestResult } from './wpt-manifest.js';

/** How a run's results differ from an expected-failures list. */
export interface ExpectedComparison {
  readonly passed: number;
  readonly total: number;
  /** Failed, and not listed. */
  readonly newlyFailing: readonly TestResult[];
  /** Listed, and passed. */
  readonly newlyPassing: readonly string[];
  /** Listed, and not in this run: gone from the manifest, or the run took another selection. */
  readonly notRun: readonly string[];
}

/** For a new file; an existing file's own header is kept when it is rewritten. */
const DEFAULT_HEADER = [
  '# WPT reftests expected to fail, one test path per line, sorted. A run compared with this file',
  '# fails when a test fails that is not listed here, or a listed test passes. Rewrite it with',
  '# `npm run wpt -- <selection> --update-expected FILE` and review the diff.',
];

/** The tests an expected-failures file lists. Throws, naming the file, when it is missing. */
export function readExpectedFailures(file: string): Set<string> {
  if (!existsSync(file)) throw new Error(`no expected-failures file ${file} (create it with --update-expected)`);
  return new Set(parseLines(readFileSync(file, 'utf8')).tests);
}

/** Rewrites `file` with the run's failing tests under the file's header (a default one for a new file). */
export function writeExpectedFailures(file: string, results: readonly TestResult[]): void {
  const header = existsSync(file) ? parseLines(readFileSync(file, 'utf8')).header : [];
  const failing = results.filter((r) => r.kind !== 'pass').map((r) => r.test);
  mkdirSync(path.dirname(file), { recursive: true });
  // Code-unit order, not the locale's, so that every machine writes the same file.
  writeFileSync(file, [...(header.length > 0 ? header : DEFAULT_HEADER), '', ...[...new Set(failing)].sort(), ''].join('\n'));
}

/** The leading `#` lines, and every other non-blank line as a test path. */
function parseLines(text: string): { header: string[]; tests: string[] } {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const headerEnd = lines.findIndex((l) => !l.startsWith('#'));
  const header = headerEnd < 0 ? lines : lines.slice(0, headerEnd);
  const tests = lines.filter((l) => l !== '' && !l.startsWith('#'));
  return { header, tests };
}

/** Sorts the run's results against the list: the run matches it when all three lists are empty. */
export function compareWithExpected(results: readonly TestResult[], expected: ReadonlySet<string>): ExpectedComparison {
  const run = new Set(results.map((r) => r.test));
  return {
    passed: results.filter((r) => r.kind === 'pass').length,
    total: results.length,
    newlyFailing: results.filter((r) => r.kind !== 'pass' && !expected.has(r.test)),
    newlyPassing: results.filter((r) => r.kind === 'pass' && expected.has(r.test)).map((r) => r.test),
    notRun: [...expected].filter((test) => !run.has(test)).sort(),
  };
}

/** What differs from the file, as lines for people; empty when the run matches it. */
export function describeDifferences(comparison: ExpectedComparison, file: string): string[] {
  const name = displayPath(file);
  const section = (title: string, items: readonly string[]): string[] =>
    items.length === 0 ? [] : [`${title} (${items.length}):`, ...items.map((item) => `  ${item}`)];
  return [
    ...section(`Newly failing, not listed in ${name}`, comparison.newlyFailing.map((r) => `${r.test}  [${r.kind}] ${r.reason}`)),
    ...section(`Newly passing, listed in ${name}`, comparison.newlyPassing),
    ...section(`Listed in ${name}, not in this run`, comparison.notRun),
  ];
}

/** A file's path relative to the working directory when it lies inside it, else as given. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}
