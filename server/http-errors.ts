// The JSON error bodies of the API (spec pdf-generation.md §7): `{ name, fields }` for a bad
// request body, `{ name, message }` for everything else. Never an empty `errors` array, and
// never `name`/`message` keys on a success body (the official clients read those as errors).
import type { FastifyReply } from 'fastify';

export interface FieldProblem {
  readonly property: string;
  readonly message: string;
}

/** The REST endpoints' 400; the embed session routes answer 422 with a `message` and, when a route has them, more keys. */
export function sendValidationError(reply: FastifyReply, fields: readonly FieldProblem[], options: { readonly status?: number; readonly message?: string; readonly extra?: Readonly<Record<string, unknown>> } = {}): FastifyReply {
  return reply.code(options.status ?? 400).type('application/json').send({
    name: 'ValidationError',
    ...(options.message !== undefined ? { message: options.message } : {}),
    fields: fields.map((f) => ({ message: f.message, property: f.property })),
    ...options.extra,
  });
}

export function sendError(reply: FastifyReply, status: number, name: string, message: string): FastifyReply {
  return reply.code(status).type('application/json').send({ name, message });
}
