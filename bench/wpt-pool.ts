// The parent side of the WPT runner's worker pool: N forked worker processes (wpt-worker.ts),
// each running one test at a time. A test past its time limit has its worker killed and
// replaced; a worker that dies (a crash, running out of memory) fails only the test it had.
// Either way the run goes on and every test gets exactly one result.

import { fork, type ChildProcess } from 'node:child_process';
import { mentionsAhem, type ResultKind, type TestJob, type TestResult } from './wpt-manifest.js';
import type { FromWorker, ToWorker } from './wpt-worker.js';

export interface PoolOptions {
  readonly workers: number;
  readonly timeoutMs: number;
  /** wpt-worker.js, or wpt-worker.ts when `execArgv` loads tsx (wpt-run.ts picks). */
  readonly workerScript: string;
  /** Node options for the workers besides the heap limit. */
  readonly execArgv: readonly string[];
  /** The workers' environment. */
  readonly env: NodeJS.ProcessEnv;
  /** Heap limit per worker: a runaway test should die alone, not take the machine with it. */
  readonly maxOldSpaceMb: number;
  readonly onResult: (result: TestResult) => void;
}

interface Slot {
  child: ChildProcess | null;
  current: { readonly id: number; readonly job: TestJob; readonly timer: NodeJS.Timeout; readonly started: number } | null;
  /** The end of the worker's stderr: what a crash said before it died. */
  stderrTail: string;
  ready: boolean;
}

/** Workers that die before saying ready this many times in a row mean a broken setup: stop. */
const MAX_FAILED_STARTS = 3;

const STDERR_TAIL_CHARS = 2000;

/** Runs every job and resolves with the results in job order. */
export function runPool(jobs: readonly TestJob[], options: PoolOptions): Promise<TestResult[]> {
  const results: (TestResult | undefined)[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  let failedStarts = 0;
  return new Promise((resolve) => {
    if (jobs.length === 0) return resolve([]);
    const finish = (slot: Slot, id: number, result: TestResult) => {
      if (slot.current?.id !== id || results[id]) return; // a late answer for a test already judged
      clearTimeout(slot.current.timer);
      slot.current = null;
      results[id] = result;
      done++;
      options.onResult(result);
      if (done === jobs.length) resolve(results as TestResult[]);
    };
    const dispatch = (slot: Slot) => {
      if (next >= jobs.length) {
        slot.child?.disconnect(); // no more work: let the worker exit
        return;
      }
      const id = next++;
      const job = jobs[id]!;
      const timer = setTimeout(() => {
        finish(slot, id, failure(job, 'timeout', `no result within ${options.timeoutMs / 1000} s`, options.timeoutMs));
        slot.child?.kill('SIGKILL'); // the exit handler starts a replacement
      }, options.timeoutMs);
      slot.current = { id, job, timer, started: performance.now() };
      slot.child!.send({ id, job } satisfies ToWorker);
    };
    const failRemaining = (why: string) => {
      while (next < jobs.length) {
        const id = next++;
        results[id] = failure(jobs[id]!, 'crash', why, 0);
        done++;
        options.onResult(results[id]!);
      }
      if (done === jobs.length) resolve(results as TestResult[]);
    };
    const start = (slot: Slot) => {
      const child = fork(options.workerScript, [], {
        execArgv: [...options.execArgv, `--max-old-space-size=${options.maxOldSpaceMb}`],
        env: options.env,
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
      slot.child = child;
      slot.stderrTail = '';
      slot.ready = false;
      child.stderr?.on('data', (chunk: Buffer) => {
        slot.stderrTail = (slot.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
      });
      child.on('message', (message: FromWorker) => {
        if ('ready' in message) {
          slot.ready = true;
          failedStarts = 0;
          dispatch(slot);
        } else {
          finish(slot, message.id, message.result);
          dispatch(slot);
        }
      });
      child.on('exit', (code, signal) => {
        if (slot.child !== child) return;
        slot.child = null;
        const current = slot.current;
        if (current) {
          const why = `worker died (${signal ?? `exit code ${code}`})${lastLine(slot.stderrTail)}`;
          finish(slot, current.id, failure(current.job, 'crash', why, performance.now() - current.started));
        }
        if (!slot.ready && ++failedStarts >= MAX_FAILED_STARTS) return failRemaining(`workers cannot start${lastLine(slot.stderrTail)}`);
        if (next < jobs.length) start(slot);
      });
    };
    const slots = Array.from({ length: Math.min(options.workers, jobs.length) }, (): Slot => ({ child: null, current: null, stderrTail: '', ready: false }));
    for (const slot of slots) start(slot);
  });
}

/** The record of a test that never got a result from its worker. */
function failure(job: TestJob, kind: ResultKind, reason: string, ms: number): TestResult {
  return {
    test: job.entry.test,
    suite: job.entry.suite,
    print: job.print,
    kind,
    reason,
    ms: Math.round(ms),
    renderMs: 0,
    usesAhem: mentionsAhem(job.entry, job.wptRoot),
    warnings: [],
    problems: [],
    refs: [],
    pageCounts: [],
  };
}

/** The most telling line of a crashed worker's stderr (V8 prints "FATAL ERROR: ..." on OOM). */
function lastLine(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  const fatal = lines.find((l) => l.includes('FATAL ERROR'));
  const line = fatal ?? lines.at(-1);
  return line ? `: ${line.slice(0, 200)}` : '';
}
