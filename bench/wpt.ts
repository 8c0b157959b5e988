// `npm run wpt [-- --filter S] [--limit N] [--jobs N] [--json out.json] [--verbose] ...`: the
// conformance runner for the web-platform-tests reftests in ../shared/wpt (see its README for
// how a reftest is judged). Tests run in a pool of worker processes (wpt-pool.ts, started by
// wpt-run.ts) with a time limit each; a failure of any kind is recorded with its reason and
// never stops the run. Prints pass counts per folder, the total and rate against Chromium's,
// and failure statistics; with --expected FILE, fails unless exactly FILE's tests fail.

import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compareWithExpected, describeDifferences, displayPath, readExpectedFailures, writeExpectedFailures } from './wpt-expected.js';
import { defaultWptRoot, loadManifest, selectEntries, type ManifestEntry, type Selection, type TestResult } from './wpt-manifest.js';
import { formatSummary } from './wpt-report.js';
import { DEFAULT_JOBS, DEFAULT_TIMEOUT_MS, runReftests } from './wpt-run.js';

interface WptArgs extends Selection {
  readonly jobs: number;
  readonly timeoutMs: number;
  readonly json: string | null;
  readonly keep: string | null;
  /** An expected-failures file to check the results against (or, with `update`, to rewrite). */
  readonly expected: { readonly file: string; readonly update: boolean } | null;
  readonly verbose: boolean;
  readonly wptRoot: string;
}

const USAGE = `Usage: npm run wpt -- [options]
  --suite NAME   only tests of this manifest suite (repeat for several), e.g. css-tables
  --filter S     only tests whose path contains S (repeat for several; any matches)
  --limit N      only the first N tests (after filtering)
  --jobs N       worker processes (default ${DEFAULT_JOBS})
  --timeout S    time limit per test in seconds (default ${DEFAULT_TIMEOUT_MS / 1000})
  --json FILE    write per-test results to FILE
  --keep DIR     save test/reference/difference PNGs of failing tests under DIR
  --expected FILE
                 exit with 1 unless the failing tests are exactly those FILE lists
                 (an expected-failures file: one test path per line)
  --update-expected FILE
                 rewrite FILE with this run's failing tests, printing what changed
  --verbose      one line per test
  --wpt DIR      the wpt folder (default $QUIRE_WPT, else ../shared/wpt beside the repository)`;

async function main(argv: readonly string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) return void console.log(USAGE);
  const args = parseArgs(argv);
  const entries = typeof args === 'string' ? args : select(args);
  if (typeof args === 'string' || typeof entries === 'string') {
    console.error(`wpt: ${typeof args === 'string' ? args : entries}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  // Read before the run, so that an unreadable file stops it at once rather than after it.
  const expected = args.expected && !args.expected.update ? readExpectedFailures(args.expected.file) : null;
  console.log(`Quire WPT reftests · ${args.wptRoot} · ${entries.length} tests · ${args.jobs} workers · ${args.timeoutMs / 1000} s limit`);
  const started = performance.now();
  const results = await runReftests(entries, {
    wptRoot: args.wptRoot,
    jobs: args.jobs,
    timeoutMs: args.timeoutMs,
    keep: args.keep,
    onResult: progress(entries.length, args.verbose),
  });
  const wallMs = performance.now() - started;
  console.log(['', ...formatSummary(results, wallMs)].join('\n'));
  if (args.json) writeJson(args.json, results, wallMs);
  if (args.expected?.update) updateExpected(args.expected.file, results);
  else if (args.expected && expected) checkExpected(args.expected.file, expected, results);
}

function parseArgs(argv: readonly string[]): WptArgs | string {
  const suites: string[] = [];
  const filters: string[] = [];
  let limit: number | null = null;
  let jobs = DEFAULT_JOBS;
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  let json: string | null = null;
  let keep: string | null = null;
  let expected: WptArgs['expected'] = null;
  let verbose = false;
  let wptRoot = defaultWptRoot();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? (arg.split(/=(.*)/s, 2) as [string, string]) : [arg, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    if (flag === '--verbose' || flag === '-v') verbose = true;
    else if (flag === '--suite') suites.push(value() ?? '');
    else if (flag === '--filter') filters.push(value() ?? '');
    else if (flag === '--json') json = value() ?? null;
    else if (flag === '--keep') keep = value() ?? null;
    else if (flag === '--wpt') wptRoot = path.resolve(value() ?? '');
    else if (flag === '--expected' || flag === '--update-expected') {
      const file = value();
      if (!file) return `${flag} needs a file name`;
      if (expected) return 'give --expected or --update-expected, and only once';
      expected = { file: path.resolve(file), update: flag === '--update-expected' };
    } else if (flag === '--limit' || flag === '--jobs' || flag === '--timeout') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) return `${flag} needs a whole number of at least 1`;
      if (flag === '--limit') limit = n;
      else if (flag === '--jobs') jobs = n;
      else timeoutMs = n * 1000;
    } else return `unknown option "${arg}"`;
  }
  if (suites.some((s) => s === '')) return '--suite needs a value';
  if (filters.some((f) => f === '')) return '--filter needs a value';
  if (json === null && argv.includes('--json')) return '--json needs a file name';
  if (keep === null && argv.includes('--keep')) return '--keep needs a folder';
  if (!existsSync(path.join(wptRoot, 'manifest.json'))) return `no manifest.json in ${wptRoot} (use --wpt DIR)`;
  if (expected && !expected.update && !existsSync(expected.file)) return `no file ${expected.file} (--update-expected creates it)`;
  return { suites, filters, limit, jobs, timeoutMs, json, keep: keep && path.resolve(keep), expected, verbose, wptRoot };
}

/** The selected tests, or why there are none (a suite the manifest does not have). */
function select(args: WptArgs): ManifestEntry[] | string {
  try {
    return selectEntries(loadManifest(args.wptRoot), args);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** --expected: prints how the results differ from the file, and fails the run if they do. */
function checkExpected(file: string, expected: ReadonlySet<string>, results: readonly TestResult[]): void {
  const differences = describeDifferences(compareWithExpected(results, expected), file);
  if (differences.length === 0) return void console.log(`\nExactly the tests listed in ${displayPath(file)} failed.`);
  console.log(['', ...differences, '', `If that is intended, rewrite the list with --update-expected ${displayPath(file)}.`].join('\n'));
  process.exitCode = 1;
}

/**
 * --update-expected: rewrites the file, after printing how the results differ from its old list.
 * Not when the harness failed (pdftoppm missing, say): that would list tests the engine passes.
 */
function updateExpected(file: string, results: readonly TestResult[]): void {
  const broken = results.filter((r) => r.kind === 'harness');
  if (broken.length > 0) {
    console.error(`\nwpt: ${displayPath(file)} left as it was: ${broken.length} tests failed in the harness, e.g. ${broken[0]!.test}: ${broken[0]!.reason}`);
    process.exitCode = 1;
    return;
  }
  const old = existsSync(file) ? readExpectedFailures(file) : new Set<string>();
  const comparison = compareWithExpected(results, old);
  const changes = describeDifferences(comparison, file);
  writeExpectedFailures(file, results);
  const failed = comparison.total - comparison.passed;
  console.log(['', ...(changes.length > 0 ? changes : ['No change.']), `Wrote ${failed} expected failures to ${displayPath(file)}.`].join('\n'));
}

/** Per-test lines with --verbose; otherwise a count every 50 tests, so long runs show life. */
function progress(total: number, verbose: boolean): (result: TestResult) => void {
  let done = 0;
  let passed = 0;
  return (result) => {
    done++;
    if (result.kind === 'pass') passed++;
    if (verbose) {
      const status = result.kind === 'pass' ? 'PASS' : 'FAIL';
      const why = result.kind === 'pass' ? '' : `  [${result.kind}] ${result.reason}`;
      console.log(`${status} ${result.test} (${result.ms} ms)${why}`);
    } else if (done % 50 === 0 || done === total) {
      console.log(`  ${done}/${total} done, ${passed} passed`);
    }
  };
}

function writeJson(file: string, results: readonly TestResult[], wallMs: number): void {
  const passed = results.filter((r) => r.kind === 'pass').length;
  const summary = { total: results.length, passed, failed: results.length - passed, wallMs: Math.round(wallMs) };
  writeFileSync(file, `${JSON.stringify({ summary, results }, null, 1)}\n`);
  console.log(`\nPer-test results written to ${file}`);
}

// Last, so that every constant above is initialised before main() reads it.
await main(process.argv.slice(2));
