// The server's configuration, from environment variables (listed in the README). Every value
// has a default, so `npm start` needs no configuration.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { GraphQLSettings } from './graphql/context.js';
import { DEFAULT_YOUNG_GENERATION_MB } from './render-pool.js';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** The embedded store and its files; created on first start. */
  readonly dataDir: string;
  /** PostgreSQL instead of the embedded store when set. */
  readonly databaseUrl: string | null;
  /** Requests per interval and key: production and development keys, and per client address without a key. */
  readonly rateLimits: { readonly production: number; readonly development: number; readonly anonymous: number; readonly intervalMs: number };
  readonly workers: {
    /** Worker threads rendering documents (default: the number of cores). */
    readonly threads: number;
    /** Renders waiting for a thread before the server answers 503. */
    readonly maxQueue: number;
    /** A render or fill that takes longer ends with an error, ms. */
    readonly timeoutMs: number;
    /** Heap limit of each worker thread, MB. */
    readonly memoryMb: number;
    /** Young generation of each worker thread, MB: smaller holds less memory between collections, larger renders faster. */
    readonly youngGenerationMb: number;
    /** How long a render may wait for a thread before the server answers 503, ms. */
    readonly queueTimeoutMs: number;
    /** Renders one organization may run at once (default: half the threads, at least one). */
    readonly perOrganization: number;
    /** A thread whose heap is larger than this after a job is replaced, MB. */
    readonly recycleHeapMb: number;
    /** A thread is replaced after this many jobs. */
    readonly recycleAfterJobs: number;
  };
  /** Slow or idle clients: how long a request's headers, and the whole request, may take to arrive, and connections at most. */
  readonly connections: {
    readonly headersTimeoutMs: number;
    readonly requestTimeoutMs: number;
    readonly keepAliveTimeoutMs: number;
    readonly max: number;
    readonly perAddress: number;
  };
  /** Largest JSON body, bytes (spec §8: 1 MB). */
  readonly jsonLimitBytes: number;
  /** Largest multipart body, bytes. */
  readonly multipartLimitBytes: number;
  /** GraphQL: uploads, embed URL lifetimes, the public base URL, query limits. */
  readonly graphql: GraphQLSettings;
  /** Hosts or CIDR ranges the renderer may fetch although private (tests); none by default. */
  readonly allowPrivate: readonly string[];
  /** pino level. */
  readonly logLevel: string;
  /** Renders with fixed dates (tests): same request, same bytes. */
  readonly deterministic: boolean;
}

/** Reads the configuration from `env`; a bad value is an Error naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const cores = Math.max(1, availableParallelism());
  const threads = integer(env, 'QUIRE_WORKERS', cores, 1, 256);
  const maxConnections = integer(env, 'QUIRE_MAX_CONNECTIONS', 1024, 1, 1_000_000);
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.QUIRE_DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    rateLimits: {
      production: integer(env, 'QUIRE_RATE_LIMIT_PRODUCTION', 40, 1, 1_000_000),
      development: integer(env, 'QUIRE_RATE_LIMIT_DEVELOPMENT', 2, 1, 1_000_000),
      anonymous: integer(env, 'QUIRE_RATE_LIMIT_ANONYMOUS', 20, 1, 1_000_000),
      intervalMs: integer(env, 'QUIRE_RATE_LIMIT_INTERVAL_MS', 1000, 1, 3_600_000),
    },
    workers: {
      threads,
      maxQueue: integer(env, 'QUIRE_QUEUE', threads * 16, 0, 100_000),
      timeoutMs: integer(env, 'QUIRE_RENDER_TIMEOUT_MS', 30_000, 100, 600_000),
      memoryMb: integer(env, 'QUIRE_RENDER_MEMORY_MB', 1024, 64, 65_536),
      youngGenerationMb: integer(env, 'QUIRE_RENDER_YOUNG_MB', DEFAULT_YOUNG_GENERATION_MB, 1, 1024),
      queueTimeoutMs: integer(env, 'QUIRE_QUEUE_TIMEOUT_MS', 20_000, 100, 600_000),
      perOrganization: integer(env, 'QUIRE_WORKERS_PER_ORGANIZATION', Math.ceil(threads / 2), 1, 256),
      // 192: the engine with pdf.js loaded (template inspection, createCast) holds about 140 MB.
      recycleHeapMb: integer(env, 'QUIRE_RECYCLE_HEAP_MB', 192, 16, 65_536),
      recycleAfterJobs: integer(env, 'QUIRE_RECYCLE_AFTER_JOBS', 500, 1, 1_000_000),
    },
    connections: {
      headersTimeoutMs: integer(env, 'QUIRE_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
      requestTimeoutMs: integer(env, 'QUIRE_REQUEST_TIMEOUT_MS', 20_000, 100, 3_600_000),
      keepAliveTimeoutMs: integer(env, 'QUIRE_KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
      max: maxConnections,
      perAddress: integer(env, 'QUIRE_MAX_CONNECTIONS_PER_ADDRESS', Math.min(64, maxConnections), 1, 1_000_000),
    },
    jsonLimitBytes: 1_048_576,
    multipartLimitBytes: integer(env, 'QUIRE_MULTIPART_LIMIT_BYTES', 50 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    graphql: {
      uploads: {
        maxFileBytes: integer(env, 'QUIRE_UPLOAD_LIMIT_BYTES', 25 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
        maxFiles: integer(env, 'QUIRE_UPLOAD_MAX_FILES', 20, 1, 1000),
        maxFieldBytes: 1_048_576,
      },
      embed: {
        defaultSeconds: integer(env, 'QUIRE_EMBED_DEFAULT_SECONDS', 900, 1, 31_536_000),
        maxSeconds: integer(env, 'QUIRE_EMBED_MAX_SECONDS', 7 * 24 * 3600, 1, 31_536_000),
        sessionSeconds: integer(env, 'QUIRE_EMBED_SESSION_SECONDS', 12 * 3600, 60, 31_536_000),
      },
      publicUrl: publicUrl(env),
      maxCost: integer(env, 'QUIRE_GRAPHQL_MAX_FIELDS', 1000, 10, 1_000_000),
      maxDepth: integer(env, 'QUIRE_GRAPHQL_MAX_DEPTH', 12, 2, 100),
      maxBatch: integer(env, 'QUIRE_GRAPHQL_MAX_BATCH', 20, 1, 1000),
    },
    allowPrivate: (env.QUIRE_ALLOW_PRIVATE ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    logLevel: env.LOG_LEVEL ?? 'info',
    deterministic: env.QUIRE_DETERMINISTIC === '1',
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}, not "${text}"`);
  return value;
}

/** QUIRE_PUBLIC_URL: an absolute http(s) URL, perhaps with a path prefix; null when unset. */
function publicUrl(env: NodeJS.ProcessEnv): string | null {
  const text = env.QUIRE_PUBLIC_URL?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`QUIRE_PUBLIC_URL must be an absolute URL such as https://docs.example.com/quire, not "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`QUIRE_PUBLIC_URL must be an http or https URL, not "${text}"`);
  if (url.search || url.hash) throw new Error(`QUIRE_PUBLIC_URL must have no query or fragment, not "${text}"`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
