// `http:` and `https:` through one undici Agent per loader. Redirects are followed here, by hand,
// so that every hop is checked like the first URL (target.ts) and connected through the guarded
// lookup (lookup.ts); an https → http downgrade is therefore allowed only to a public address.
// The body is streamed and dropped as soon as it reaches the size cap.
import type { Readable } from 'node:stream';
import type { Agent, Dispatcher } from 'undici';
import { BodyTooLargeError, decodeContent, readCapped, UnsupportedEncodingError } from './body.js';
import { charsetField, mediaTypeEssence } from './content-type.js';
import { tooLargeDetail } from './errors.js';
import type { FetchContext, RawResource } from './fetch-context.js';
import { freshnessLifetimeMs, type ResponseHeaders } from './freshness.js';
import { ACCEPT } from './kinds.js';
import { BlockedAddressError } from './lookup.js';
import type { AddressPolicy } from './policy.js';
import { checkHttpTarget, withoutCredentials } from './target.js';

/** RFC 9110 §15.4: the redirects that carry a Location to follow (300, 304 and 305 do not). */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export interface HttpClient {
  /** The loader's connection pool, made on first use. */
  readonly agent: () => Promise<Agent>;
  readonly policy: AddressPolicy;
  readonly maxRedirects: number;
}

export async function fetchHttp(url: URL, client: HttpClient, context: FetchContext): Promise<RawResource> {
  let current = withoutCredentials(url);
  checkHttpTarget(current, client.policy, context);
  for (let redirects = 0; ; redirects++) {
    const response = await send(current, client.agent, context);
    if (!REDIRECT_STATUSES.has(response.statusCode)) return readResponse(current, response, context);
    discard(response.body);
    if (redirects >= client.maxRedirects) {
      throw context.fail('too-many-redirects', `more than ${client.maxRedirects} redirects`);
    }
    current = nextHop(current, response, context);
    checkHttpTarget(current, client.policy, context, `a redirect to ${current.href}`);
  }
}

/** One GET; connection errors become the loader's errors (the timeout is mapped by the loader). */
async function send(url: URL, agent: () => Promise<Agent>, context: FetchContext): Promise<Dispatcher.ResponseData> {
  try {
    return await (await agent()).request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { accept: ACCEPT[context.kind], 'accept-encoding': 'identity', 'user-agent': 'Quire' },
      signal: context.signal,
    });
  } catch (error) {
    if (context.signal.aborted) throw error;
    if (error instanceof BlockedAddressError) {
      throw context.fail('blocked-address', error.message);
    }
    throw context.fail('network', describeNetworkError(error));
  }
}

/** The resolved Location of a redirect response, without credentials. */
function nextHop(from: URL, response: Dispatcher.ResponseData, context: FetchContext): URL {
  const location = first(response.headers['location']);
  if (!location) throw context.fail('http-status', `status ${response.statusCode} without a Location`);
  try {
    return withoutCredentials(new URL(location, from));
  } catch {
    throw context.fail('network', `status ${response.statusCode} with an invalid Location`);
  }
}

async function readResponse(url: URL, response: Dispatcher.ResponseData, context: FetchContext): Promise<RawResource> {
  const { statusCode: status, headers } = response;
  if (status < 200 || status >= 300) {
    discard(response.body);
    throw context.fail(status === 404 ? 'not-found' : 'http-status', `HTTP status ${status}`);
  }
  const declaredLength = Number(first(headers['content-length']) ?? NaN);
  if (declaredLength >= context.maxBytes) {
    discard(response.body);
    throw context.fail('too-large', tooLargeDetail(context.maxBytes));
  }
  const data = await readBody(response.body, first(headers['content-encoding']) ?? '', context);
  return {
    url: url.href,
    contentType: mediaTypeEssence(headers['content-type']),
    ...charsetField(headers['content-type']),
    data,
    origin: 'http',
    // Only a plain 200 is reused; anything else (203, 204, 206…) is fetched again.
    lifetimeMs: status === 200 ? freshnessLifetimeMs(headers as ResponseHeaders, Date.now()) : 0,
  };
}

async function readBody(body: Readable, encoding: string, context: FetchContext): Promise<Uint8Array> {
  try {
    return await readCapped(decodeContent(body, encoding), context.maxBytes);
  } catch (error) {
    discard(body);
    if (context.signal.aborted) throw error;
    if (error instanceof BodyTooLargeError) throw context.fail('too-large', tooLargeDetail(context.maxBytes));
    if (error instanceof UnsupportedEncodingError) throw context.fail('network', error.message);
    throw context.fail('network', `the body could not be read (${describeNetworkError(error)})`);
  }
}

/** `connect ECONNREFUSED 1.2.3.4:80` and the like: the code, or the message when there is none. */
function describeNetworkError(error: unknown): string {
  const err = error as { code?: unknown; message?: unknown; cause?: unknown } | null;
  if (err && typeof err.code === 'string' && err.code !== 'UND_ERR_SOCKET') return err.code;
  if (err?.cause) return describeNetworkError(err.cause);
  return typeof err?.message === 'string' ? err.message : 'network error';
}

/** Drops a body we do not read. undici reports destroying an unfinished body as an error event: swallow it. */
function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
