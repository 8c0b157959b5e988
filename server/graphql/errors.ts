// GraphQL errors in the API's shape: HTTP 200, `{ errors: [{ message, status, name, fields? }] }`,
// no `errors` key when there are none, and no `data` when the whole operation failed. Resolvers
// throw ApiError; anything else is a bug, logged and answered as a 500 without its details.
import type { ExecutionResult } from 'graphql';
import { ValidationError } from '../../src/index.js';
import type { FieldProblem } from '../http-errors.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    override readonly name: string,
    message: string,
    readonly fields?: readonly FieldProblem[],
  ) {
    super(message);
  }
}

/** A bad argument: names it (`property`) and says what was wrong. */
export function invalid(property: string, message: string): ApiError {
  return new ApiError(400, 'ValidationError', `${property}: ${message}`, [{ property, message }]);
}

export function notFound(message: string): ApiError {
  return new ApiError(404, 'NotFoundError', message);
}

export interface ApiErrorBody {
  readonly message: string;
  readonly status: number;
  readonly name: string;
  readonly fields?: readonly FieldProblem[];
  readonly path?: readonly (string | number)[];
  readonly locations?: readonly { line: number; column: number }[];
}

/** The GraphQLError parts we read; duck-typed, since mercurius loads graphql-js as CommonJS and we as ESM (two classes). */
interface GraphQLErrorLike extends Error {
  readonly originalError?: unknown;
  readonly path?: readonly (string | number)[];
  readonly locations?: readonly { line: number; column: number }[];
}

function isGraphQLError(error: unknown): error is GraphQLErrorLike {
  return error instanceof Error && 'locations' in error && 'originalError' in error;
}

/** One error as the API shows it; `log` receives errors that are not the caller's fault. */
export function errorBody(error: unknown, log: (error: unknown) => void): ApiErrorBody {
  const graphqlError = isGraphQLError(error) ? error : null;
  // mercurius may wrap a located error once more: the cause is the innermost original.
  let original: unknown = error;
  for (let depth = 0; depth < 8 && isGraphQLError(original) && original.originalError; depth++) original = original.originalError;
  const where = {
    ...(graphqlError?.path ? { path: graphqlError.path } : {}),
    ...(graphqlError?.locations ? { locations: graphqlError.locations } : {}),
  };
  if (original instanceof ApiError) {
    return { message: original.message, status: original.status, name: original.name, ...(original.fields ? { fields: original.fields } : {}), ...where };
  }
  if (original instanceof ValidationError) {
    return { message: original.message, status: 400, name: 'ValidationError', fields: original.fields, ...where };
  }
  // Errors graphql-js raised itself: syntax, validation against the schema, variable coercion.
  if (isGraphQLError(original)) {
    return { message: original.message, status: 400, name: 'ValidationError', ...where };
  }
  // mercurius' own errors (query depth, malformed body) carry a 4xx statusCode.
  const statusCode = (original as { statusCode?: number } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { message: (original as Error).message, status: statusCode, name: 'ValidationError', ...where };
  }
  log(original);
  return { message: 'Something went wrong on our side', status: 500, name: 'InternalServerError', ...where };
}

/** Errors as the API shows them; mercurius gathers validation and depth problems into one error's `errors`, which are listed one by one. */
export function errorBodies(errors: readonly unknown[], log: (error: unknown) => void): ApiErrorBody[] {
  return errors.flatMap((error) => {
    const nested = (error as { errors?: unknown[] }).errors ?? (error as { originalError?: { errors?: unknown[] } }).originalError?.errors;
    return Array.isArray(nested) && nested.length > 0 ? nested : [error];
  }).map((error) => errorBody(error, log));
}

/** The response body of one operation. */
export function responseBody(result: ExecutionResult, log: (error: unknown) => void): Record<string, unknown> {
  const errors = errorBodies(result.errors ?? [], log);
  if (errors.length === 0) return { data: result.data ?? null };
  return wholeOperationFailed(result) ? { errors } : { data: result.data, errors };
}

/** True when there is no data, or every root field came back null with an error. */
function wholeOperationFailed(result: ExecutionResult): boolean {
  if (result.data === null || result.data === undefined) return true;
  const failedRoots = new Set((result.errors ?? []).map((error) => error.path?.[0]).filter((key) => key !== undefined));
  return Object.entries(result.data).every(([key, value]) => value === null && failedRoots.has(key));
}
