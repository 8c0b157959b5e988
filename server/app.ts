// The HTTP server (fastify): body parsing, authentication, rate limits and error bodies around
// the routes. Rendering happens in the worker pool; this layer only moves bytes.
import multipart from '@fastify/multipart';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ServerConfig } from './config.js';
import { sendError, sendValidationError } from './http-errors.js';
import { hashSecret, keyCandidates } from './keys.js';
import { RateLimiter } from './rate-limit.js';
import type { RenderPool } from './render-pool.js';
import { registerGraphQL } from './graphql/plugin.js';
import { registerEmbedRoutes } from './routes/embed.js';
import { EMBED_ASSETS_ROUTE, registerEmbedAssetRoutes } from './routes/embed-assets.js';
import { registerEmbedSessionCastRoutes } from './routes/embed-session-cast.js';
import { registerEmbedSessionPacketRoutes } from './routes/embed-session-packet.js';
import { registerEmbedSessionWeldRoutes } from './routes/embed-session-weld.js';
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
  /** The builders' built front end (default: dist/web at the package root). */
  readonly webRoot?: string;
  /** `false` for no log (tests); otherwise pino writes to `logStream`, or stdout. */
  readonly logger?: boolean;
  readonly logStream?: NodeJS.WritableStream;
}

export async function createApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const { connections } = config;
  const app = Fastify({
    logger: deps.logger === false ? false : {
      level: config.logLevel,
      redact: ['req.headers.authorization'],
      serializers: { req: requestForLog },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: config.jsonLimitBytes,
    // Clients with a trailing slash in their base URL send `//api/v1/...`.
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true },
    trustProxy: false,
    // Clients that treat the GraphQL host's root as the endpoint post to `/`.
    rewriteUrl: (req) => (req.method === 'POST' && /^\/(?:\?|$)/.test(req.url ?? '') ? `/graphql${(req.url ?? '/').slice(1)}` : req.url ?? '/'),
    // Slow clients are dropped once their headers, or their whole request, take too long to
    // arrive (Node checks every `connectionsCheckingInterval`); these clocks stop when the
    // request has arrived, so a long render is not cut by them.
    requestTimeout: connections.requestTimeoutMs,
    keepAliveTimeout: connections.keepAliveTimeoutMs,
    http: { headersTimeout: Math.min(connections.headersTimeoutMs, connections.requestTimeoutMs), connectionsCheckingInterval: Math.min(1000, connections.headersTimeoutMs) },
    // Requests Node's parser refuses (headers too large, too slow, malformed): our error body.
    clientErrorHandler: answerClientError,
    // A path the router cannot decode (`%E0%A4%A`) or a parameter too long: our error body.
    frameworkErrors: (error, _request, reply) => {
      void sendError(reply, 400, 'BadRequestError', `The request's path is not valid: ${error.message}`);
    },
  });
  app.server.maxConnections = connections.max;
  limitConnectionsPerAddress(app.server, connections.perAddress);
  app.decorateRequest('caller', null);

  // JSON with an empty body allowed: it is an empty request, which validation answers.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    // A byte-order mark is no part of the JSON (RFC 8259 §8.1 lets a parser ignore it).
    const body = String(text).replace(/^\uFEFF/, '');
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
    // The builders' static files take no token either: one builder load fetches several of
    // them besides its page and API calls, and the anonymous limit (20 per second per address
    // by default, shared by every iframe behind one office's address) is for token and
    // session lookups, which reach the store; a file from disk costs next to nothing.
    if (request.routeOptions.url === EMBED_ASSETS_ROUTE) return;
    // Embed pages are opened by a browser with the URL's one-time token, never with an API key
    // (so a path under /embed/ that no route serves is a 404, not a request for a key).
    const embed = (request.routeOptions.url ?? request.url).startsWith('/embed/');
    if (!embed) await authenticate(request, deps.store);
    const decision = request.caller
      ? limiter.take(`key:${request.caller.key.id}`, config.rateLimits[request.caller.key.mode])
      : limiter.take(`ip:${request.ip}`, config.rateLimits.anonymous);
    reply.header('X-RateLimit-Limit', decision.limit);
    reply.header('X-RateLimit-Remaining', decision.remaining);
    reply.header('X-RateLimit-Interval-Ms', decision.intervalMs);
    if (!decision.allowed) {
      reply.header('Retry-After', decision.retryAfterSeconds);
      return sendApiError(request, reply, 429, 'RateLimitError', `Too many requests: at most ${decision.limit} per ${decision.intervalMs} ms`);
    }
    if (!request.caller && !embed) return sendApiError(request, reply, 401, 'AuthorizationError', authorizationProblem(request));
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
  await registerGraphQL(app, deps, config.graphql);
  registerEmbedRoutes(app, deps);
  registerEmbedAssetRoutes(app, deps);
  registerEmbedSessionCastRoutes(app, deps);
  registerEmbedSessionPacketRoutes(app, deps);
  registerEmbedSessionWeldRoutes(app, deps);
  return app;
}

/** An error before the route runs: in GraphQL's shape on the GraphQL endpoint, else REST's. */
function sendApiError(request: FastifyRequest, reply: FastifyReply, status: number, name: string, message: string): FastifyReply {
  if (request.routeOptions.url === '/graphql') return reply.code(status).type('application/json').send({ errors: [{ message, status, name }] });
  return sendError(reply, status, name, message);
}

/** A request as logged: the path without its query string, which may hold secrets (`?key=…`). */
function requestForLog(request: FastifyRequest): Record<string, unknown> {
  const url = request.url ?? '';
  const query = url.indexOf('?');
  return {
    method: request.method,
    url: query < 0 ? url : `${url.slice(0, query)}?[redacted]`,
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** The answer to a request the HTTP parser refused, in the API's error format, then the connection closes. */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, name, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'RequestTimeoutError', 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'RequestHeaderFieldsTooLargeError', 'The request headers are too large']
        : [400, 'BadRequestError', 'The request is not valid HTTP'];
  const body = JSON.stringify({ name, message });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}

/** Closes a new connection from an address that already holds `limit` of them. */
function limitConnectionsPerAddress(server: Server, limit: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limit) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** Sets `request.caller` from the Authorization header, if it names a live key. */
async function authenticate(request: FastifyRequest, store: Store): Promise<void> {
  for (const candidate of keyCandidates(request.headers.authorization)) {
    const found = await store.findApiKeyByHash(hashSecret(candidate));
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

