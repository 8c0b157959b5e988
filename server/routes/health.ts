// GET /healthz: the process serves and its store answers (for load balancers and orchestrators).
import type { FastifyInstance } from 'fastify';
import type { AppDependencies } from '../app.js';

export function registerHealthRoute(app: FastifyInstance, deps: AppDependencies): void {
  app.get('/healthz', async (_request, reply) => {
    try {
      await deps.store.ping();
      return { status: 'ok', store: deps.store.kind, queued: deps.pool.queueSize };
    } catch {
      return reply.code(503).send({ status: 'unavailable', store: deps.store.kind });
    }
  });
}
