// POST /graphql (and POST /, rewritten to it in app.ts) on mercurius over graphql-js. Around it:
// multipart uploads, `variables` sent as a JSON string, bounded batches, depth and cost limits,
// and every error in the API's shape with HTTP 200 (authentication and rate limits answer
// before this, as for REST).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ExecutionResult } from 'graphql';
import mercurius from 'mercurius';
import { ValidationError } from '../../src/index.js';
import { aliasMatcherFromEnv } from '../alias-matcher-http.js';
import type { AppDependencies } from '../app.js';
import { assertNesting } from '../json-nesting.js';
import type { GraphQLContext, GraphQLSettings } from './context.js';
import { ApiError, errorBodies, responseBody } from './errors.js';
import { maxCostRule } from './query-cost.js';
import { accountResolvers } from './resolvers/account.js';
import { castResolvers } from './resolvers/casts.js';
import { embedUrlResolvers } from './resolvers/embed-urls.js';
import { etchPacketResolvers } from './resolvers/etch-packets.js';
import { weldResolvers } from './resolvers/welds.js';
import { DateScalar, JSONScalar, uploadScalar } from './scalars.js';
import { typeDefs } from './schema.js';
import { readMultipartOperations } from './uploads.js';

/** Longest query document, in tokens (graphql-js stops parsing past it). */
const MAX_TOKENS = 20_000;

export async function registerGraphQL(app: FastifyInstance, deps: AppDependencies, settings: GraphQLSettings): Promise<void> {
  // Without a matching service the built-in matcher runs in the render pool, beside detection.
  const matcher = process.env.QUIRE_ALIAS_MATCHER_URL ? aliasMatcherFromEnv(process.env) : null;
  // Base64 uploads travel inside the JSON body, so it may be as large as a file in base64.
  const bodyLimit = Math.max(deps.config.jsonLimitBytes, Math.ceil((settings.uploads.maxFileBytes * 4) / 3) + 65_536);
  const logError = (request: FastifyRequest) => (error: unknown) => request.log.error({ err: error }, 'GraphQL resolver failed');

  await app.register(async (scope) => {
    await scope.register(mercurius, {
      schema: typeDefs,
      resolvers: {
        ...mergeResolvers(accountResolvers, castResolvers, etchPacketResolvers, weldResolvers, embedUrlResolvers),
        JSON: JSONScalar,
        Date: DateScalar,
        Upload: uploadScalar(settings.uploads.maxFileBytes),
      } as never,
      path: '/graphql',
      graphiql: false,
      jit: 0,
      allowBatchedQueries: true,
      queryDepth: settings.maxDepth,
      validationRules: [maxCostRule(settings.maxCost)],
      graphql: { parseOptions: { maxTokens: MAX_TOKENS } },
      context: (request: FastifyRequest): GraphQLContext => ({
        caller: request.caller!,
        deps,
        settings,
        inspector: { pool: deps.pool, tenant: String(request.caller!.organization.id), matcher },
        publicBase: publicBaseOf(request, settings.publicUrl),
        log: request.log,
      }),
      errorFormatter: (execution: ExecutionResult, context: unknown) => {
        const request = (context as { reply?: FastifyReply }).reply?.request;
        const log = request ? logError(request) : () => undefined;
        return { statusCode: 200, response: responseBody(execution as never, log) as never };
      },
      errorHandler: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
        const status = (error as { statusCode?: number }).statusCode;
        // A body too large for the route is the one transport error with its own HTTP status.
        if (status === 413) return reply.code(413).send({ errors: [{ message: `The request body is larger than ${bodyLimit} bytes`, status: 413, name: 'PayloadTooLargeError' }] });
        return reply.code(200).send({ errors: errorBodies([error], logError(request)) });
      },
      additionalRouteOptions: {
        bodyLimit,
        preValidation: async (request: FastifyRequest) => {
          if (request.isMultipart()) request.body = await readMultipartOperations(request, settings.uploads);
          request.body = normaliseOperations(request.body, settings.maxBatch);
        },
      },
    } as never);
  });
}

/** One operation or a batch, each with `variables` as an object (clients also send a JSON string). */
function normaliseOperations(body: unknown, maxBatch: number): unknown {
  if (body === undefined || body === null) throw new ApiError(400, 'BadRequestError', 'Send a GraphQL operation: { query, variables, operationName }');
  if (Array.isArray(body)) {
    if (body.length === 0) throw new ApiError(400, 'BadRequestError', 'A batch needs at least one operation');
    if (body.length > maxBatch) throw new ApiError(400, 'BadRequestError', `A batch may hold at most ${maxBatch} operations`);
    return body.map((operation, i) => normaliseOperation(operation, `[${i}]`));
  }
  return normaliseOperation(body, '');
}

function normaliseOperation(operation: unknown, at: string): unknown {
  if (typeof operation !== 'object' || operation === null || Array.isArray(operation)) throw new ApiError(400, 'BadRequestError', `Operation${at} must be an object { query, variables, operationName }`);
  const { variables } = operation as { variables?: unknown };
  let parsed = variables;
  if (typeof variables === 'string') {
    try {
      parsed = variables.trim() === '' ? null : JSON.parse(variables);
    } catch (error) {
      throw new ApiError(400, 'ValidationError', `variables${at} is a string that is not JSON: ${(error as Error).message}`, [{ property: 'variables', message: 'Not valid JSON' }]);
    }
  }
  if (parsed !== undefined && parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed))) {
    throw new ApiError(400, 'ValidationError', `variables${at} must be an object`, [{ property: 'variables', message: 'Expected an object' }]);
  }
  try {
    assertNesting(parsed);
  } catch (error) {
    if (error instanceof ValidationError) throw new ApiError(400, 'ValidationError', error.message, error.fields.map((f) => ({ property: `variables.${f.property}`, message: f.message })));
    throw error;
  }
  return { ...(operation as object), variables: parsed ?? undefined };
}

/** QUIRE_PUBLIC_URL, or the scheme and host this request came to. */
export function publicBaseOf(request: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/** The resolver maps of several files as one: their Query, Mutation and type resolvers side by side. */
function mergeResolvers(...parts: Record<string, Record<string, unknown>>[]): Record<string, Record<string, unknown>> {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const part of parts) {
    for (const [type, fields] of Object.entries(part)) merged[type] = { ...merged[type], ...fields };
  }
  return merged;
}
