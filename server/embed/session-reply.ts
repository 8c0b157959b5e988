// How the session routes answer: JSON that is never cached, and every refusal as
// `{ name, message }` with its status — a bad input as 422 `{ name: 'ValidationError',
// message, fields: [{ property, message }] }` (the builder shows the message, and marks the
// property), never a 5xx.
import type { FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import { ApiError } from '../graphql/errors.js';
import { sendError, sendValidationError, type FieldProblem } from '../http-errors.js';

/** A ValidationError with more keys for the body (the template's missing required fields). */
export class DetailedValidationError extends ApiError {
  constructor(message: string, fields: readonly FieldProblem[], readonly details: Readonly<Record<string, unknown>>) {
    super(422, 'ValidationError', message, fields);
  }
}

export function conflict(message: string): ApiError {
  return new ApiError(409, 'ConflictError', message);
}

/** Wraps a session route: its result is the JSON answer; an ApiError it throws is the refusal. */
export function sessionRoute<R extends RouteGenericInterface>(handler: (request: FastifyRequest<R>, reply: FastifyReply) => Promise<unknown>) {
  return async (request: FastifyRequest<R>, reply: FastifyReply): Promise<unknown> => {
    reply.header('Cache-Control', 'no-store');
    try {
      return await handler(request, reply);
    } catch (error) {
      if (error instanceof ApiError) return sendSessionError(reply, error);
      throw error;
    }
  };
}

export function sendSessionError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.name === 'ValidationError') {
    const extra = error instanceof DetailedValidationError ? error.details : undefined;
    return sendValidationError(reply, error.fields ?? [], { status: 422, message: error.message, ...(extra ? { extra } : {}) });
  }
  if (error.status === 503) reply.header('Retry-After', 1);
  return sendError(reply, error.status, error.name, error.message);
}
