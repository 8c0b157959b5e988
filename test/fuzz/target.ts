// The server under fuzz: the real server on loopback in a child process (server-process.ts),
// with a short render time limit, two templates of the calling organization and an encryption
// key, beside a loopback canary that no render may reach. The process is watched: when it
// dies (a native crash ends the whole process, threads and all) the crash is recorded with
// its exit status and the end of its stderr, and the fuzzer can start a new one and go on.
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startFixtureServer, type Fixture } from '../resources/net/fixture-server.js';
import type { FuzzTarget } from './case.js';
import type { Keys } from './send.js';
import type { ChildMessage, ParentMessage, ServerProcessOptions } from './server-protocol.js';

/** The server's error log lines (pino JSON), in order, across restarts. */
export class LogBuffer {
  readonly lines: string[] = [];

  /** The lines written since `mark` (a length of `lines` taken earlier). */
  since(mark: number): string[] {
    return this.lines.slice(mark);
  }
}

export interface ServerCrash {
  /** When the process was seen to exit (performance.now()). */
  readonly at: number;
  readonly code: number | null;
  readonly signal: string | null;
  /** The end of its stderr (a native crash prints its stack there). */
  readonly stderr: string;
}

export interface FuzzServerOptions {
  /** Render and fill time limit, ms (short, so that pathological documents end as 422 quickly). */
  readonly timeoutMs?: number;
  readonly threads?: number;
  /** A thread whose heap is larger after a job is replaced, MB (default: the server's). */
  readonly recycleHeapMb?: number;
}

const STDERR_KEPT = 16_384;
const START_TIMEOUT_MS = 120_000;

export class FuzzServer {
  readonly log = new LogBuffer();
  readonly crashes: ServerCrash[] = [];
  private child: ChildProcess | null = null;
  private current: { keys: Keys; target: FuzzTarget } | null = null;
  private stopping = false;

  private constructor(readonly canary: Fixture, private readonly options: ServerProcessOptions) {}

  static async start(options: FuzzServerOptions = {}): Promise<FuzzServer> {
    const canary = await startFixtureServer({});
    const server = new FuzzServer(canary, { threads: options.threads ?? 2, timeoutMs: options.timeoutMs ?? 5_000, ...(options.recycleHeapMb === undefined ? {} : { recycleHeapMb: options.recycleHeapMb }) });
    try {
      await server.spawn();
    } catch (error) {
      await canary.close();
      throw error;
    }
    return server;
  }

  /** The base URL and keys of the server now running. */
  keys(): Keys {
    if (!this.current) throw new Error('the fuzz server is not running');
    return this.current.keys;
  }

  /** What cases for the server now running need (its templates change when it is restarted). */
  target(): FuzzTarget {
    if (!this.current) throw new Error('the fuzz server is not running');
    return this.current.target;
  }

  alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts a new server process after a crash (a new store: new keys and templates). */
  async restart(): Promise<void> {
    if (this.alive()) return;
    await this.spawn();
  }

  /** Threads the running server's pool has replaced (timed out, out of memory, recycled, hung up on). */
  async threadsReplaced(): Promise<number | null> {
    const child = this.child;
    if (!child || !this.alive()) return null;
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(null), 5_000);
      const onMessage = (message: ChildMessage) => {
        if (message.type === 'stats') done(message.threadsReplaced);
      };
      const done = (value: number | null) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(value);
      };
      child.on('message', onMessage);
      child.send({ type: 'stats' } satisfies ParentMessage);
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (child && this.alive()) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' } satisfies ParentMessage);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await this.canary.close();
  }

  private spawn(): Promise<void> {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const child = fork(path.join(import.meta.dirname, 'server-process.ts'), [JSON.stringify(this.options)], {
      execArgv: ['--import', tsx],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child = child;
    this.current = null;
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`the fuzz server did not start within ${START_TIMEOUT_MS / 1000} s:\n${stderr}`));
      }, START_TIMEOUT_MS);
      child.on('message', (message: ChildMessage) => {
        if (message.type === 'log') this.log.lines.push(message.line);
        if (message.type === 'ready') {
          clearTimeout(timer);
          this.current = {
            keys: { url: message.url, prodKey: message.prodKey, devKey: message.devKey },
            target: { canary: this.canary.url('').replace(/\/$/, ''), casts: message.casts, publicKeyPem: message.publicKeyPem },
          };
          resolve();
        }
      });
      let exitedAt = 0;
      child.once('exit', () => {
        exitedAt = performance.now();
      });
      // 'close' comes after the stderr has all been read. A clean exit after stop() is no crash.
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        if (!this.current) reject(new Error(`the fuzz server exited while starting (${code ?? signal}):\n${stderr}`));
        else if (!this.stopping) this.crashes.push({ at: exitedAt || performance.now(), code, signal, stderr });
      });
    });
  }
}
