// The resource loader: fetches one URL as an image, font or stylesheet, within the kind's time
// limit and the size cap, from http(s) (http.ts), data: (data.ts) or file: inside a root
// (file.ts); checks the media type against the kind; and shares results through a cache and
// through in-flight requests, so that one URL named many times is fetched once.
import type { Agent } from 'undici';
import { ResponseCache, processCache } from './cache.js';
import { acceptsMediaType } from './content-type.js';
import { fetchDataUri } from './data.js';
import { redactUrl, ResourceError, resourceError, type ResourceErrorReason } from './errors.js';
import type { FetchContext, RawResource } from './fetch-context.js';
import { fetchFile } from './file.js';
import { fetchHttp, type HttpClient } from './http.js';
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TIMEOUT_MS,
  type FetchedResource,
  type ResourceKind,
} from './kinds.js';
import { guardedLookup, systemResolver, type HostResolver } from './lookup.js';
import { createAddressPolicy } from './policy.js';

export interface LoaderOptions {
  /** Per-kind time limits for the whole fetch (connect + redirects + body), ms. Defaults: image 2000, font 5000, stylesheet 5000. */
  readonly timeoutMs?: Partial<Record<ResourceKind, number>>;
  /** Size cap per response body, bytes; default 10 * 1024 * 1024 (a body of 10 MB or more fails). */
  readonly maxBytes?: number;
  /** Redirects followed at most; default 5. */
  readonly maxRedirects?: number;
  /** Hosts, IP addresses or CIDR ranges allowed even though private/loopback (`['127.0.0.1']`, `['localhost']`, `['10.0.0.0/8']`). Default none. */
  readonly allowPrivate?: readonly string[];
  /** Folder that `file:` URLs may be read from (nothing outside it, after resolving symlinks); without it, file: URLs are refused. */
  readonly fileRoot?: string | null;
  /** Shared response cache; default: the process-wide one; `null`: no caching. */
  readonly cache?: ResponseCache | null;
  /** How host names are resolved, inside the connection (every address is checked). Default: the system resolver. Tests map names to addresses with it. */
  readonly resolveHost?: HostResolver;
}

export interface ResourceLoader {
  /** Fetches `url` as `kind`; rejects with a ResourceError, never anything else. */
  fetch(url: string, kind: ResourceKind): Promise<FetchedResource>;
}

/** The loader createResourceLoader makes: it holds an HTTP connection pool, closed by `close`. */
export interface NetworkResourceLoader extends ResourceLoader {
  /** Closes the loader's idle connections; fetches after this fail. */
  close(): Promise<void>;
}

interface Settings {
  readonly timeoutMs: Readonly<Record<ResourceKind, number>>;
  readonly maxBytes: number;
  readonly fileRoot: string | null;
  readonly cache: ResponseCache | null;
  /** Cache key scope: the allowPrivate entries, so loaders with other policies share nothing. */
  readonly scope: string;
  readonly http: HttpClient;
}

export function createResourceLoader(options: LoaderOptions = {}): NetworkResourceLoader {
  const policy = createAddressPolicy(options.allowPrivate);
  const connect = { lookup: guardedLookup(policy, options.resolveHost ?? systemResolver) };
  // undici is loaded with the first http(s) fetch, not with the engine: documents without
  // remote resources never pay for it. A loader closed before then makes a closed agent.
  let agent: Promise<Agent> | null = null;
  let closed = false;
  // (Through `default`, the CommonJS exports object, which a bundle's chunk has as well.)
  const agentOf = (): Promise<Agent> => (agent ??= import('undici').then(({ default: undici }) => {
    const made = new undici.Agent({ connect });
    if (closed) void made.close();
    return made;
  }));
  const settings: Settings = {
    timeoutMs: { ...DEFAULT_TIMEOUT_MS, ...options.timeoutMs },
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    fileRoot: options.fileRoot ?? null,
    cache: options.cache === undefined ? processCache : options.cache,
    scope: [...(options.allowPrivate ?? [])].sort().join(' '),
    http: { agent: agentOf, policy, maxRedirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS },
  };
  const inFlight = new Map<string, Promise<FetchedResource>>();
  return {
    fetch(url, kind) {
      if (/^\s*data:/i.test(url)) return fetchOnce(url, kind, settings);
      const key = ResponseCache.key(cacheUrl(url), kind, settings.scope);
      const cached = settings.cache?.get(key);
      // A loader with a smaller size cap than the one that stored the body fetches it anew.
      if (cached && cached.data.byteLength < settings.maxBytes) return Promise.resolve(cached);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const promise = fetchOnce(url, kind, settings).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
    close: async () => {
      closed = true;
      await (await agent)?.close();
    },
  };
}

/** One fetch under the kind's time limit, type-checked, and stored in the cache when allowed. */
async function fetchOnce(url: string, kind: ResourceKind, settings: Settings): Promise<FetchedResource> {
  const timeoutMs = settings.timeoutMs[kind];
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('timeout')), timeoutMs);
  const context: FetchContext = {
    kind,
    maxBytes: settings.maxBytes,
    signal: controller.signal,
    fail: (reason: ResourceErrorReason, detail: string) => resourceError(kind, url, reason, detail),
  };
  try {
    const raw = await fetchRaw(url, settings, context);
    if (!acceptsMediaType(kind, raw.contentType, raw.data, raw.origin)) {
      throw context.fail('content-type', `content type ${raw.contentType === '' ? '(none)' : raw.contentType} is not accepted for ${kind === 'image' ? 'an image' : `a ${kind}`}`);
    }
    const resource: FetchedResource = { url: raw.url, contentType: raw.contentType, ...(raw.charset === undefined ? {} : { charset: raw.charset }), data: raw.data };
    if (raw.lifetimeMs > 0) settings.cache?.set(ResponseCache.key(cacheUrl(url), kind, settings.scope), resource, raw.lifetimeMs);
    return resource;
  } catch (error) {
    if (controller.signal.aborted) throw context.fail('timeout', `timed out after ${timeoutMs} ms`);
    if (error instanceof ResourceError) throw error;
    throw context.fail('network', 'unexpected failure');
  } finally {
    clearTimeout(timer);
  }
}

/** Dispatches on the scheme. */
async function fetchRaw(url: string, settings: Settings, context: FetchContext): Promise<RawResource> {
  if (/^\s*data:/i.test(url)) return fetchDataUri(url, context);
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw context.fail('blocked-scheme', 'not an absolute URL');
  }
  switch (parsed.protocol) {
    case 'http:':
    case 'https:':
      return fetchHttp(parsed, settings.http, context);
    case 'file:':
      return fetchFile(parsed, settings.fileRoot, context);
    default:
      throw context.fail('blocked-scheme', `the ${parsed.protocol} scheme is not allowed`);
  }
}

/** The cache and in-flight key's URL: parsed (so `HTTP://A/x` is `http://a/x`) and without credentials. */
function cacheUrl(url: string): string {
  try {
    return redactUrl(new URL(url.trim()).href);
  } catch {
    return url;
  }
}
