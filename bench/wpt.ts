// `npm run wpt [-- --filter S] [--limit N] [--jobs N] [--json out.json] [--verbose] ...`: the
// conformance runner for the web-platform-tests reftests in ../shared/wpt (see its README for
// how a reftest is judged). Tests run in a pool of worker processes (wpt-pool.ts) with a time
// limit each; a failure of any kind is recorded with its reason and never stops the run.
// Prints pass counts per folder, the total and rate against Chromium's, and failure statistics.

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPrintTest, loadManifest, type ManifestEntry, type TestJob, type TestResult } from './wpt-manifest.js';
import { runPool } from './wpt-pool.js';
import { formatSummary } from './wpt-report.js';

const THIS_DIR = path.dirname(fileURLToPath(import.meta.url));

interface WptArgs {
  readonly filters: readonly string[];
  readonly limit: number | null;
  readonly jobs: number;
  readonly timeoutMs: number;
  readonly json: string | null;
  readonly keep: string | null;
  readonly verbose: boolean;
  readonly wptRoot: string;
}

const USAGE = `Usage: npm run wpt -- [options]
  --filter S     only tests whose path contains S (repeat for several; any matches)
  --limit N      only the first N tests (after filtering)
  --jobs N       worker processes (default 2)
  --timeout S    time limit per test in seconds (default 20)
  --json FILE    write per-test results to FILE
  --keep DIR     save test/reference/difference PNGs of failing tests under DIR
  --verbose      one line per test
  --wpt DIR      the wpt folder (default $QUIRE_WPT, else ../shared/wpt beside the repository)`;

async function main(argv: readonly string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) return void console.log(USAGE);
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    console.error(`wpt: ${args}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const entries = selectTests(loadManifest(args.wptRoot), args);
  const tmpRoot = mkdtempSync(path.join(os.tmpdir(), 'quire-wpt-'));
  // Ctrl-C: the workers get the signal too; what is left for us is the temporary folder.
  process.once('SIGINT', () => {
    rmSync(tmpRoot, { recursive: true, force: true });
    process.exit(130);
  });
  console.log(`Quire WPT reftests · ${args.wptRoot} · ${entries.length} tests · ${args.jobs} workers · ${args.timeoutMs / 1000} s limit`);
  const started = performance.now();
  try {
    const jobs = entries.map((entry, i): TestJob => ({
      entry,
      print: isPrintTest(entry),
      wptRoot: args.wptRoot,
      workDir: path.join(tmpRoot, String(i)),
      keepDir: args.keep,
    }));
    const results = await runPool(jobs, {
      workers: args.jobs,
      timeoutMs: args.timeoutMs,
      workerScript: path.join(THIS_DIR, 'wpt-worker.js'),
      maxOldSpaceMb: 2048,
      onResult: progress(entries.length, args.verbose),
    });
    const wallMs = performance.now() - started;
    console.log(['', ...formatSummary(results, wallMs)].join('\n'));
    if (args.json) writeJson(args.json, results, wallMs);
  } finally {
    rmSync(tmpRoot, { recursive: true, force: true });
  }
}

function parseArgs(argv: readonly string[]): WptArgs | string {
  const filters: string[] = [];
  let limit: number | null = null;
  let jobs = 2;
  let timeoutMs = 20_000;
  let json: string | null = null;
  let keep: string | null = null;
  let verbose = false;
  let wptRoot = process.env.QUIRE_WPT ?? path.resolve(findRepoRoot(THIS_DIR), '../shared/wpt');
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? (arg.split(/=(.*)/s, 2) as [string, string]) : [arg, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    if (flag === '--verbose' || flag === '-v') verbose = true;
    else if (flag === '--filter') filters.push(value() ?? '');
    else if (flag === '--json') json = value() ?? null;
    else if (flag === '--keep') keep = value() ?? null;
    else if (flag === '--wpt') wptRoot = path.resolve(value() ?? '');
    else if (flag === '--limit' || flag === '--jobs' || flag === '--timeout') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) return `${flag} needs a whole number of at least 1`;
      if (flag === '--limit') limit = n;
      else if (flag === '--jobs') jobs = n;
      else timeoutMs = n * 1000;
    } else return `unknown option "${arg}"`;
  }
  if (filters.some((f) => f === '')) return '--filter needs a value';
  if (json === null && argv.includes('--json')) return '--json needs a file name';
  if (keep === null && argv.includes('--keep')) return '--keep needs a folder';
  if (!existsSync(path.join(wptRoot, 'manifest.json'))) return `no manifest.json in ${wptRoot} (use --wpt DIR)`;
  return { filters, limit, jobs, timeoutMs, json, keep: keep && path.resolve(keep), verbose, wptRoot };
}

/** The folder holding package.json: `bench/` from source, `dist/bench/` once compiled. */
function findRepoRoot(start: string): string {
  let dir = start;
  for (let i = 0; i < 5 && !existsSync(path.join(dir, 'package.json')); i++) dir = path.dirname(dir);
  return dir;
}

function selectTests(entries: readonly ManifestEntry[], args: WptArgs): ManifestEntry[] {
  const filtered = args.filters.length === 0 ? [...entries] : entries.filter((e) => args.filters.some((f) => e.test.includes(f)));
  return args.limit === null ? filtered : filtered.slice(0, args.limit);
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
