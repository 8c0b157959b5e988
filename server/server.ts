// Starting and stopping the whole server: store, worker pool, HTTP. Used by `main.ts` and by
// the HTTP tests, which start the real thing on loopback.
import type { FastifyInstance } from 'fastify';
import { createApp } from './app.js';
import type { ServerConfig } from './config.js';
import { loadMasterKey } from './master-key.js';
import { RenderPool } from './render-pool.js';
import { openStore } from './store/index.js';
import type { Store } from './store/types.js';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly store: Store;
  readonly pool: RenderPool;
  readonly masterKey: Uint8Array;
  /** The base URL it listens on, e.g. http://127.0.0.1:3000. */
  readonly url: string;
  /** Stops taking requests, lets in-flight ones finish, then stops the workers and the store. */
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig, options: { logger?: boolean; logStream?: NodeJS.WritableStream; env?: NodeJS.ProcessEnv; webRoot?: string } = {}): Promise<RunningServer> {
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const masterKey = loadMasterKey(config.dataDir, options.env);
  const pool = new RenderPool(config.workers);
  const app = await createApp({
    config, store, pool, masterKey,
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await Promise.allSettled([pool.close(), store.close()]);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  let closing: Promise<void> | null = null;
  return {
    app, store, pool, masterKey,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () => (closing ??= (async () => {
      await app.close();
      await pool.close();
      await store.close();
    })()),
  };
}
