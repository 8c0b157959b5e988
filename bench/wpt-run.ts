// Runs a selection of WPT reftests through the worker pool (wpt-pool.ts) in a temporary folder
// that is removed afterwards: the part of a run that `npm run wpt` (wpt.ts) and the conformance
// tests (test/wpt/*.test.ts, through expected-failures-suite.ts) share.

import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isPrintTest, type ManifestEntry, type TestJob, type TestResult } from './wpt-manifest.js';
import { runPool } from './wpt-pool.js';

/** Two workers keep both cores of the project's machine busy. */
export const DEFAULT_JOBS = 2;
export const DEFAULT_TIMEOUT_MS = 20_000;

/** Heap limit per worker: a runaway test should die alone, not take the machine with it. */
const MAX_OLD_SPACE_MB = 2048;

export interface RunOptions {
  readonly wptRoot: string;
  readonly jobs: number;
  readonly timeoutMs: number;
  /** Where to save PNGs of failing tests, or null. */
  readonly keep: string | null;
  readonly onResult: (result: TestResult) => void;
}

/** Runs the entries and resolves with their results, in the same order. */
export async function runReftests(entries: readonly ManifestEntry[], options: RunOptions): Promise<TestResult[]> {
  const tmpRoot = mkdtempSync(path.join(os.tmpdir(), 'quire-wpt-'));
  const removeTmp = (): void => rmSync(tmpRoot, { recursive: true, force: true });
  // Ctrl-C: the workers get the signal too; what is left for us is the temporary folder.
  const onSigint = (): void => {
    removeTmp();
    process.exit(130);
  };
  process.once('SIGINT', onSigint);
  try {
    const jobs = entries.map((entry, i): TestJob => ({
      entry,
      print: isPrintTest(entry),
      wptRoot: options.wptRoot,
      workDir: path.join(tmpRoot, String(i)),
      keepDir: options.keep,
    }));
    return await runPool(jobs, {
      workers: options.jobs,
      timeoutMs: options.timeoutMs,
      maxOldSpaceMb: MAX_OLD_SPACE_MB,
      onResult: options.onResult,
      ...workerCommand(),
    });
  } finally {
    process.off('SIGINT', onSigint);
    removeTmp();
  }
}

/**
 * How to start a worker. Compiled (`npm run wpt` runs dist/), the wpt-worker.js beside this
 * file; from source (vitest, `node --import tsx`), wpt-worker.ts through tsx's loader, so that
 * no build is needed. tsx is resolved from here rather than from the working directory. Its
 * transform cache is off: it saves ~0.3 s a worker start but leaves files in the system's
 * temporary folder.
 */
function workerCommand(): { workerScript: string; execArgv: string[]; env: NodeJS.ProcessEnv } {
  const self = fileURLToPath(import.meta.url);
  const dir = path.dirname(self);
  if (self.endsWith('.js')) return { workerScript: path.join(dir, 'wpt-worker.js'), execArgv: [], env: process.env };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { workerScript: path.join(dir, 'wpt-worker.ts'), execArgv: ['--import', tsx], env: { ...process.env, TSX_DISABLE_CACHE: '1' } };
}
