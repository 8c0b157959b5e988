// Renders run in worker threads, so one large document never blocks the event loop or other
// requests. The pool is ours rather than piscina's because its rules are about callers, not
// threads:
// - Fair: jobs queue per organization (fair-queue.ts), and one organization runs at most
//   `perOrganization` jobs at once, so a caller with slow documents waits behind itself.
// - A job's time limit starts when a worker takes it; waiting has its own bound, after which
//   the caller is told to retry (503), not that its document failed. A caller that hangs up
//   leaves the queue.
// - A job that passes the time limit fails, and its render is cancelled (it stops at its next
//   page); a thread that does not stop within a second, or passes its heap limit, is ended
//   alone, and its replacement starts at once, ahead of need, so the next job does not pay for
//   the start-up.
// - A thread is recycled after a job that left its heap large, or after many jobs, so what a
//   big document made the process hold is given back. Its successor starts first, and the old
//   thread serves until the successor is ready, so recycling leaves no gap.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FairQueue } from './fair-queue.js';
import type { FromWorker, ToWorker, WorkerJob, WorkerResult } from './worker-protocol.js';

/**
 * A thread's young generation by default, MB. What survives a scavenge is promoted, and V8 lets
 * the old generation grow in proportion: measured on the report (98 pages) in a thread
 * rendering it 40 times (`npm run bench:memory`), young 64 MB held a peak of 332–443 MB, 32 MB
 * 305–350 MB, 16 MB 287–323 MB, for 10–20% more time per render than 64 MB.
 */
export const DEFAULT_YOUNG_GENERATION_MB = 16;

export interface PoolOptions {
  readonly threads: number;
  /** Jobs waiting for a thread, in all; past it a job is refused at once. */
  readonly maxQueue: number;
  /** A job's time limit once a thread has taken it, ms. */
  readonly timeoutMs: number;
  /** Heap limit of each thread, MB. */
  readonly memoryMb: number;
  /** Young generation of each thread, MB (DEFAULT_YOUNG_GENERATION_MB): smaller holds less memory, larger renders faster. */
  readonly youngGenerationMb?: number;
  /** How long a job may wait for a thread, ms. */
  readonly queueTimeoutMs: number;
  /** Jobs one organization may run at once. */
  readonly perOrganization: number;
  /** A thread whose heap is larger than this after a job is replaced, MB. */
  readonly recycleHeapMb: number;
  /** A thread is replaced after this many jobs. */
  readonly recycleAfterJobs: number;
}

export interface RunOptions {
  /** Whose job it is: the unit of fairness. */
  readonly tenant?: string;
  /** Aborted when the caller went away: a queued job leaves the queue; a running one is cancelled. */
  readonly signal?: AbortSignal;
}

/** Why a job did not produce a result. */
export class PoolError extends Error {
  constructor(readonly reason: 'busy' | 'waited' | 'timeout' | 'memory' | 'crashed' | 'closed' | 'aborted', message: string) {
    super(message);
    this.name = 'PoolError';
  }
}

interface Pending {
  readonly job: WorkerJob;
  readonly tenant: string;
  readonly resolve: (result: WorkerResult) => void;
  readonly reject: (error: PoolError) => void;
  readonly signal: AbortSignal | undefined;
  onAbort: (() => void) | null;
  queueTimer: NodeJS.Timeout | null;
}

interface Thread {
  readonly worker: Worker;
  ready: boolean;
  jobs: number;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
  /** Set when the pool ended it on purpose; its exit is then no crash. */
  ending: PoolError | 'recycled' | null;
  /** To be recycled: it serves on until `successor` is ready, then ends when idle. */
  successor: Thread | null;
}

/** Threads that fail to start are restarted after this delay, doubling up to the maximum. */
const RESTART_DELAY_MS = 250;
const MAX_RESTART_DELAY_MS = 30_000;
/** How long a thread whose job passed its time limit has to stop it before it is ended. */
const CANCEL_GRACE_MS = 1000;
const DEFAULT_TENANT = '';

export class RenderPool {
  private readonly threads = new Set<Thread>();
  private readonly queue: FairQueue<Pending>;
  private closed = false;
  private drained: (() => void) | null = null;
  private restartDelay = RESTART_DELAY_MS;
  private restartTimer: NodeJS.Timeout | null = null;
  private readyWaiters: (() => void)[] = [];
  /** Threads ended so far, to be replaced (recycled, timed out, out of memory, crashed, or their caller hung up). */
  replaced = 0;

  constructor(private readonly options: PoolOptions) {
    this.queue = new FairQueue({
      runningPerTenant: Math.max(1, options.perOrganization),
      waiting: options.maxQueue,
      // One organization may fill at most half the queue, so others can still get in line.
      waitingPerTenant: Math.max(1, Math.ceil(options.maxQueue / 2)),
    });
    for (let i = 0; i < options.threads; i++) this.spawn();
  }

  /** Jobs waiting for a thread. */
  get queueSize(): number {
    return this.queue.size;
  }

  /** Threads alive: `threads`, plus those being recycled until their successor is ready. */
  get size(): number {
    return this.threads.size;
  }

  /** Jobs running on a thread. */
  get running(): number {
    return this.busyCount();
  }

  /** Runs a job; rejects with PoolError when it cannot finish. */
  run(job: WorkerJob, options: RunOptions = {}): Promise<WorkerResult> {
    if (this.closed) return Promise.reject(new PoolError('closed', 'the server is shutting down'));
    const tenant = options.tenant ?? DEFAULT_TENANT;
    if (options.signal?.aborted) return Promise.reject(new PoolError('aborted', 'the caller went away'));
    return new Promise<WorkerResult>((resolve, reject) => {
      const pending: Pending = { job, tenant, resolve, reject, signal: options.signal, onAbort: null, queueTimer: null };
      const idle = this.queue.mayStartNow(tenant) ? this.idleThread() : null;
      if (idle) {
        this.queue.startNow(tenant);
        this.watchAbort(pending);
        this.start(idle, pending);
        return;
      }
      const refusal = this.queue.refusal(tenant);
      if (refusal) {
        reject(new PoolError('busy', refusal === 'full' ? 'every renderer is busy and the queue is full' : 'this organization has as many documents waiting as it may'));
        return;
      }
      this.queue.push(tenant, pending);
      pending.queueTimer = setTimeout(() => {
        if (!this.queue.remove(tenant, pending)) return;
        this.settle(pending);
        reject(new PoolError('waited', `no renderer was free within ${this.options.queueTimeoutMs / 1000} s`));
      }, this.options.queueTimeoutMs);
      this.watchAbort(pending);
      this.dispatch();
    });
  }

  /** Resolves once every thread has started (tests; a server may take jobs before). */
  whenReady(): Promise<void> {
    if (this.allReady()) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** Lets running and queued jobs finish, then stops the threads. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.queue.size > 0 || this.busyCount() > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    if (this.restartTimer) clearTimeout(this.restartTimer);
    await Promise.all([...this.threads].map((thread) => {
      thread.ending = 'recycled';
      return thread.worker.terminate();
    }));
    this.threads.clear();
  }

  private spawn(): Thread {
    const entry = workerEntry();
    const memoryMb = this.options.memoryMb;
    const worker = new Worker(entry.code, {
      eval: entry.eval,
      // A thread's heap: a render that needs more ends alone, with ERR_WORKER_OUT_OF_MEMORY.
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(this.options.youngGenerationMb ?? DEFAULT_YOUNG_GENERATION_MB, Math.ceil(memoryMb / 8)) },
    });
    const thread: Thread = { worker, ready: false, jobs: 0, current: null, timer: null, ending: null, successor: null };
    this.threads.add(thread);
    worker.on('message', (message: FromWorker) => this.onMessage(thread, message));
    worker.on('error', (error: Error & { code?: string }) => {
      if (thread.ending) return;
      this.replaced++;
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory/i.test(error.message);
      thread.ending = memory
        ? new PoolError('memory', `the document needed more than ${memoryMb} MB to render`)
        : new PoolError('crashed', `the renderer stopped: ${error.message}`);
    });
    worker.on('exit', () => this.onExit(thread));
    return thread;
  }

  private onMessage(thread: Thread, message: FromWorker): void {
    if (message.type === 'ready') {
      thread.ready = true;
      this.restartDelay = RESTART_DELAY_MS;
      if (this.allReady()) for (const resolve of this.readyWaiters.splice(0)) resolve();
      this.retireIdle();
      this.dispatch();
      return;
    }
    const pending = thread.current;
    if (!pending || thread.ending) return;
    this.finish(thread);
    pending.resolve(message.result);
    thread.jobs++;
    if (!thread.successor && !this.closed && (message.heapBytes > this.options.recycleHeapMb * 1024 * 1024 || thread.jobs >= this.options.recycleAfterJobs)) {
      // Recycled without a gap: the successor starts now, and this thread serves until it is ready.
      this.replaced++;
      thread.successor = this.spawn();
    }
    this.retireIdle();
    this.dispatch();
  }

  /** Ends the idle threads being recycled whose successor is ready (or gone). */
  private retireIdle(): void {
    for (const thread of this.threads) {
      const successor = thread.successor;
      if (!successor || thread.current || thread.ending) continue;
      if (successor.ready || !this.threads.has(successor)) {
        thread.ending = 'recycled';
        void thread.worker.terminate();
      }
    }
  }

  private onExit(thread: Thread): void {
    this.threads.delete(thread);
    const pending = thread.current;
    if (pending) {
      this.finish(thread);
      pending.reject(thread.ending instanceof PoolError ? thread.ending : new PoolError('crashed', 'the renderer stopped unexpectedly'));
    }
    // While closing, a thread is replaced only if queued jobs still need it.
    if (this.closed && this.queue.size === 0) {
      this.checkDrained();
      return;
    }
    if (thread.successor) {
      // Its successor was started when it was marked for recycling.
      this.dispatch();
      return;
    }
    if (!thread.ending) this.replaced++;
    if (thread.ready) {
      this.spawn();
    } else {
      // Died while starting: try again later rather than in a tight loop.
      const delay = this.restartDelay;
      this.restartDelay = Math.min(MAX_RESTART_DELAY_MS, this.restartDelay * 2);
      this.restartTimer = setTimeout(() => {
        this.restartTimer = null;
        if (!this.closed || this.queue.size > 0) this.spawn();
      }, delay);
      this.restartTimer.unref();
    }
    this.dispatch();
  }

  /** Ends a thread (its job, if any, fails with `reason`); a replacement starts when it has exited. */
  private end(thread: Thread, reason: PoolError | 'recycled'): void {
    if (thread.ending) return;
    thread.ending = reason;
    this.replaced++;
    void thread.worker.terminate();
  }

  private start(thread: Thread, pending: Pending): void {
    thread.current = pending;
    thread.timer = setTimeout(() => this.timeOut(thread, pending), this.options.timeoutMs);
    const message: ToWorker = { type: 'job', job: pending.job };
    try {
      thread.worker.postMessage(message);
    } catch (error) {
      // A job that cannot be cloned (the routes bound nesting, so this is a bug): it fails alone.
      this.finish(thread);
      pending.reject(new PoolError('crashed', `the job could not be sent to a renderer: ${(error as Error).message}`));
    }
  }

  /**
   * A job past its time limit fails at once; its thread is asked to stop it (a render stops at
   * its next page) and keeps serving if it does within CANCEL_GRACE_MS, and is ended otherwise
   * (a job stuck in one long page, or in synchronous work that cannot hear the cancel).
   */
  private timeOut(thread: Thread, pending: Pending): void {
    const error = new PoolError('timeout', `the document took longer than ${this.options.timeoutMs / 1000} s to render`);
    pending.reject(error);
    thread.worker.postMessage({ type: 'cancel' } satisfies ToWorker);
    thread.timer = setTimeout(() => this.end(thread, error), CANCEL_GRACE_MS);
  }

  /** The thread's job is over (for whatever reason): its tenant's slot and timers are freed. */
  private finish(thread: Thread): void {
    const pending = thread.current!;
    thread.current = null;
    if (thread.timer) clearTimeout(thread.timer);
    thread.timer = null;
    this.settle(pending);
    this.queue.finished(pending.tenant);
    this.checkDrained();
  }

  private settle(pending: Pending): void {
    if (pending.queueTimer) clearTimeout(pending.queueTimer);
    pending.queueTimer = null;
    if (pending.onAbort) pending.signal?.removeEventListener('abort', pending.onAbort);
    pending.onAbort = null;
  }

  private watchAbort(pending: Pending): void {
    if (!pending.signal) return;
    pending.onAbort = () => {
      if (this.queue.remove(pending.tenant, pending)) {
        this.settle(pending);
        pending.reject(new PoolError('aborted', 'the caller went away'));
        this.checkDrained();
        return;
      }
      // A running job is cancelled: a render stops at its next page, and the thread takes the
      // next job when it answers. It is not ended: ending a thread in the middle of native work
      // (zlib) can abort the whole process on Node 20, so threads are ended only past the time
      // or memory limit.
      const thread = [...this.threads].find((t) => t.current === pending);
      if (!thread) return;
      thread.worker.postMessage({ type: 'cancel' } satisfies ToWorker);
      pending.reject(new PoolError('aborted', 'the caller went away'));
    };
    pending.signal.addEventListener('abort', pending.onAbort, { once: true });
  }

  /** Starts queued jobs on idle threads, in fair order. */
  private dispatch(): void {
    for (let thread = this.idleThread(); thread; thread = this.idleThread()) {
      const next = this.queue.next();
      if (!next) return;
      if (next.item.queueTimer) clearTimeout(next.item.queueTimer);
      next.item.queueTimer = null;
      this.start(thread, next.item);
    }
  }

  /** An idle thread, one not being recycled first. */
  private idleThread(): Thread | null {
    let retiring: Thread | null = null;
    for (const thread of this.threads) {
      if (!thread.ready || thread.current || thread.ending) continue;
      if (!thread.successor) return thread;
      retiring ??= thread;
    }
    return retiring;
  }

  private allReady(): boolean {
    if (this.threads.size < this.options.threads) return false;
    for (const thread of this.threads) if (!thread.ready) return false;
    return true;
  }

  private busyCount(): number {
    let busy = 0;
    for (const thread of this.threads) if (thread.current) busy++;
    return busy;
  }

  private checkDrained(): void {
    if (this.drained && this.queue.size === 0 && this.busyCount() === 0) {
      const resolve = this.drained;
      this.drained = null;
      resolve();
    }
  }
}

/**
 * How to start a thread: the compiled `render-worker.js` beside this module, or, when running
 * from the TypeScript sources (tests, `tsx`), a small script that registers tsx in the thread
 * and then imports `render-worker.ts` (a thread does not inherit the parent's loader hooks).
 */
function workerEntry(): { code: string; eval: boolean } {
  const js = new URL('./render-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return { code: fileURLToPath(js), eval: false };
  // tsx's ESM API (its CommonJS twin cannot register hooks), found through its package.json.
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const ts = new URL('./render-worker.ts', import.meta.url).href;
  return { code: `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(ts)}); })`, eval: true };
}
