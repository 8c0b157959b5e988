// The HTTP server (fastify): body parsing, authentication, rate limits and error bodies around
// the routes. Rendering happens in the worker pool; this layer only moves bytes.
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ServerConfig } from './config.js';
import { sendError, sendValidationError } from './http-errors.js';
import { hashApiKey, keyCandidates } from './keys.js';
import { RateLimiter } from './rate-limit.js';
import type { RenderPool } from './render-pool.js';
import { registerFillRoute } from './routes/fill.js';
import { registerGeneratePdfRoute } from './routes/generate-pdf.js';
import { registerHealthRoute } from './routes/health.js';
import type { ApiKeyRecord, Organization, Store } from './store/types.js';

/** Who made a request, once authenticated. */
export interface Caller {
  readonly key: ApiKeyRecord;
  readonly organization: Organization;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export interface AppDependencies {
  readonly config: ServerConfig;
  readonly store: Store;
  readonly pool: RenderPool;
  readonly masterKey: Uint8Array;
  /** A pino logger or `false` (tests). */
  readonly logger?: boolean | object;
}

export async function createApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: config.jsonLimitBytes,
    // Clients with a trailing slash in their base URL send `//api/v1/...`.
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true },
    trustProxy: false,
    // Renders may take their full time limit; the socket must outlive them.
    requestTimeout: config.workers.timeoutMs + 30_000,
  });
  app.decorateRequest('caller', null);

  // JSON with an empty body allowed: it is an empty request, which validation answers.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    const body = String(text);
    if (body.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body));
    } catch (error) {
      const parseError = new Error(`The body is not valid JSON: ${(error as Error).message}`) as Error & { statusCode: number; invalidJson: true };
      parseError.statusCode = 400;
      parseError.invalidJson = true;
      done(parseError, undefined);
    }
  });
  await app.register(multipart, { limits: { fileSize: config.multipartLimitBytes, fieldSize: config.multipartLimitBytes } });

  // While closing, answers in flight close their connection, so that close() does not wait
  // for keep-alive connections to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('Connection', 'close');
    return payload;
  });

  const limiter = new RateLimiter(config.rateLimits.intervalMs);
  app.addHook('onRequest', async (request, reply) => {
    // By the matched route, so that `/healthz?probe=1` and `/healthz/` are health checks too.
    if (request.routeOptions.url === '/healthz') return;
    await authenticate(request, deps.store);
    const decision = request.caller
      ? limiter.take(`key:${request.caller.key.id}`, config.rateLimits[request.caller.key.mode])
      : limiter.take(`ip:${request.ip}`, config.rateLimits.anonymous);
    reply.header('X-RateLimit-Limit', decision.limit);
    reply.header('X-RateLimit-Remaining', decision.remaining);
    reply.header('X-RateLimit-Interval-Ms', decision.intervalMs);
    if (!decision.allowed) {
      reply.header('Retry-After', decision.retryAfterSeconds);
      return sendError(reply, 429, 'RateLimitError', `Too many requests: at most ${decision.limit} per ${decision.intervalMs} ms`);
    }
    if (!request.caller) return sendError(reply, 401, 'AuthorizationError', authorizationProblem(request));
    return undefined;
  });

  app.setErrorHandler((error: Error & { statusCode?: number; invalidJson?: boolean; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (error.invalidJson) return sendValidationError(reply, [{ property: '', message: error.message }]);
    if (status === 413) {
      return sendError(reply, 413, 'PayloadTooLargeError', `The request body is too large: JSON bodies may have at most ${config.jsonLimitBytes} bytes; send larger payloads as multipart/form-data`);
    }
    if (status === 415) return sendError(reply, 415, 'UnsupportedMediaTypeError', 'Send the body as application/json or multipart/form-data');
    if (status >= 400 && status < 500) return sendError(reply, status, 'BadRequestError', error.message);
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'InternalServerError', 'Something went wrong on our side');
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, 'NotFoundError', `No route ${request.method} ${request.url.split('?')[0]}`));

  registerHealthRoute(app, deps);
  registerGeneratePdfRoute(app, deps);
  registerFillRoute(app, deps);
  return app;
}

/** Sets `request.caller` from the Authorization header, if it names a live key. */
async function authenticate(request: FastifyRequest, store: Store): Promise<void> {
  for (const candidate of keyCandidates(request.headers.authorization)) {
    const found = await store.findApiKeyByHash(hashApiKey(candidate));
    if (found) {
      request.caller = found;
      return;
    }
  }
}

function authorizationProblem(request: FastifyRequest): string {
  if (!request.headers.authorization) return 'Authentication required: send your API key as the user name of HTTP Basic authentication, with an empty password';
  return 'The API key is not valid';
}

