// What the fuzzer and its server's process (server-process.ts) say to each other over IPC.

export interface ServerProcessOptions {
  readonly threads: number;
  /** Render and fill time limit, ms. */
  readonly timeoutMs: number;
  /** A thread whose heap is larger after a job is replaced, MB (default: the server's). */
  readonly recycleHeapMb?: number;
}

export type ParentMessage = { readonly type: 'stats' } | { readonly type: 'stop' };

export type ChildMessage =
  | { readonly type: 'ready'; readonly url: string; readonly prodKey: string; readonly devKey: string; readonly casts: { readonly acro: string; readonly placed: string }; readonly publicKeyPem: string }
  /** One line of the server's error log (pino JSON). */
  | { readonly type: 'log'; readonly line: string }
  | { readonly type: 'stats'; readonly threadsReplaced: number };
