// The real server on loopback, with an embedded store in a temporary directory, for HTTP tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { issueApiKey } from '../../server/bootstrap.js';
import { loadConfig, type ServerConfig } from '../../server/config.js';
import { startServer, type RunningServer } from '../../server/server.js';

export interface TestServer extends RunningServer {
  readonly devKey: string;
  readonly prodKey: string;
  readonly organizationEid: string;
  readonly dataDir: string;
  stop(): Promise<void>;
}

type Overrides = Partial<Omit<ServerConfig, 'workers' | 'rateLimits' | 'connections' | 'graphql'>> & {
  graphql?: Partial<ServerConfig['graphql']>;
  workers?: Partial<ServerConfig['workers']>;
  rateLimits?: Partial<ServerConfig['rateLimits']>;
  connections?: Partial<ServerConfig['connections']>;
};

/** `logStream`: the server logs there (pino, at `overrides.logLevel`) instead of not at all; `webRoot`: the builders' front end files. */
export async function startTestServer(overrides: Overrides = {}, options: { logStream?: NodeJS.WritableStream; webRoot?: string } = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-server-'));
  const base = loadConfig({ QUIRE_DATA_DIR: dataDir });
  const config: ServerConfig = {
    ...base,
    port: 0,
    host: '127.0.0.1',
    deterministic: true,
    ...overrides,
    workers: { ...base.workers, threads: 2, perOrganization: 2, ...overrides.workers },
    connections: { ...base.connections, ...overrides.connections },
    graphql: { ...base.graphql, ...overrides.graphql },
    rateLimits: { ...base.rateLimits, production: 1000, development: 1000, anonymous: 1000, ...overrides.rateLimits },
  };
  const server = await startServer(config, {
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
    env: {},
  });
  const org = await server.store.createOrganization({ name: 'Test Org' });
  const devKey = await issueApiKey(server.store, org.id, 'development');
  const prodKey = await issueApiKey(server.store, org.id, 'production');
  return {
    ...server,
    devKey,
    prodKey,
    organizationEid: org.eid,
    dataDir,
    stop: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POST a GraphQL operation (or a batch) as JSON with the key; the parsed body and the status. */
export async function graphql(server: { url: string }, body: unknown, init: { key?: string | null; path?: string } = {}): Promise<{ status: number; headers: Headers; body: GraphQLBody }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.key) headers.authorization = basic(init.key);
  const response = await fetch(`${server.url}${init.path ?? '/graphql'}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as GraphQLBody };
}

export interface GraphQLBody {
  data?: Record<string, any> | null;
  errors?: { message: string; status: number; name: string; fields?: { property: string; message: string }[]; path?: (string | number)[] }[];
}

export function basic(key: string): string {
  return `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
}

/** POST JSON (or raw text) with the key; returns status, headers and the body as bytes. */
export async function post(server: { url: string }, pathname: string, body: unknown, init: { key?: string | null; headers?: Record<string, string>; raw?: string | Uint8Array | FormData } = {}) {
  const headers: Record<string, string> = { ...(init.raw instanceof FormData ? {} : { 'content-type': 'application/json' }), ...init.headers };
  if (init.key) headers.authorization = basic(init.key);
  const response = await fetch(`${server.url}${pathname}`, { method: 'POST', headers, body: init.raw ?? (body === undefined ? '' : JSON.stringify(body)) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = () => Buffer.from(bytes).toString('utf8');
  return { status: response.status, headers: response.headers, bytes, json: () => JSON.parse(text()) as Record<string, unknown>, text };
}

export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/** Waits (bounded, polling) until `check` holds; throws naming `what` when it does not. */
export async function until(check: () => boolean, what: string, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
