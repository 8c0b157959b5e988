// Renders run in a pool of worker threads (piscina), so one large document never blocks the
// event loop or other requests. Each job has a time limit (the thread is terminated when it
// passes) and a heap limit (a thread that runs out of memory dies alone); a full queue is
// refused at once, so the server answers 503 instead of slowing everyone down.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { WorkerJob, WorkerResult } from './worker-protocol.js';

export interface PoolOptions {
  readonly threads: number;
  readonly maxQueue: number;
  readonly timeoutMs: number;
  readonly memoryMb: number;
}

/** Why a job did not produce a result. */
export class PoolError extends Error {
  constructor(readonly reason: 'busy' | 'timeout' | 'memory' | 'crashed' | 'closed', message: string) {
    super(message);
    this.name = 'PoolError';
  }
}

export class RenderPool {
  private readonly piscina: Piscina<WorkerJob, WorkerResult>;
  private closed = false;
  /** Jobs running or waiting. Counted here: piscina's own maxQueue lets jobs with an AbortSignal past it (they wait in its skip queue). */
  private inFlight = 0;

  constructor(private readonly options: PoolOptions) {
    const { filename, execArgv } = workerEntry();
    this.piscina = new Piscina({
      filename,
      execArgv,
      minThreads: options.threads,
      maxThreads: options.threads,
      // A thread's heap: a render that needs more ends alone, with ERR_WORKER_OUT_OF_MEMORY.
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.ceil(options.memoryMb / 8)) },
      idleTimeout: 60_000,
    });
  }

  /** Jobs waiting for a thread. */
  get queueSize(): number {
    return Math.max(0, this.inFlight - this.options.threads);
  }

  /** Runs a job within the time limit; rejects with PoolError when it cannot finish. */
  async run(job: WorkerJob): Promise<WorkerResult> {
    if (this.closed) throw new PoolError('closed', 'the server is shutting down');
    if (this.inFlight >= this.options.threads + this.options.maxQueue) throw new PoolError('busy', 'every renderer is busy and the queue is full');
    // The time limit runs from submission: time spent waiting for a thread counts.
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    this.inFlight++;
    try {
      return await this.piscina.run(job, { signal });
    } catch (error) {
      throw this.explain(error, signal);
    } finally {
      this.inFlight--;
    }
  }

  /** Lets running and queued jobs finish, then stops the threads. */
  async close(): Promise<void> {
    this.closed = true;
    await this.piscina.close();
  }

  private explain(error: unknown, signal: AbortSignal): PoolError {
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: string } | null)?.code;
    if (signal.aborted) return new PoolError('timeout', `the document took longer than ${this.options.timeoutMs / 1000} s to render`);
    if (code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory/i.test(message)) return new PoolError('memory', `the document needed more than ${this.options.memoryMb} MB to render`);
    return new PoolError('crashed', `the renderer stopped: ${message}`);
  }
}

/**
 * The worker's file: the compiled `render-worker.js` beside this module, or, when running
 * from the TypeScript sources (tests, `tsx`), the `.ts` file loaded through tsx.
 */
function workerEntry(): { filename: string; execArgv: string[] } {
  const js = fileURLToPath(new URL('./render-worker.js', import.meta.url));
  if (existsSync(js)) return { filename: js, execArgv: [] };
  return { filename: fileURLToPath(new URL('./render-worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
}
