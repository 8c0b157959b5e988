// A worker's outcome as an HTTP reply: the PDF bytes, or the JSON error with its status.
import type { FastifyReply } from 'fastify';
import { sendError, sendValidationError } from './http-errors.js';
import { PoolError, type RenderPool } from './render-pool.js';
import type { WorkerJob } from './worker-protocol.js';

/**
 * Runs `job` in the pool for the caller's organization (the unit of fairness) and replies with
 * the PDF or the error. A caller that hangs up stops waiting for a thread, or stops its render.
 */
export async function replyWithJob(reply: FastifyReply, pool: RenderPool, job: WorkerJob, tenant: string): Promise<FastifyReply> {
  const hangUp = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) hangUp.abort();
  };
  reply.raw.once('close', onClose);
  let result;
  try {
    result = await pool.run(job, { tenant, signal: hangUp.signal });
  } catch (error) {
    if (!(error instanceof PoolError)) throw error;
    switch (error.reason) {
      case 'busy':
      case 'closed':
      case 'aborted':
        reply.header('Retry-After', 1);
        return sendError(reply, 503, 'ServiceUnavailableError', `The server is busy: ${error.message}; retry shortly`);
      case 'waited':
        reply.header('Retry-After', 5);
        return sendError(reply, 503, 'ServiceUnavailableError', `The server is busy: ${error.message}; retry in a few seconds`);
      case 'timeout':
      case 'memory':
        return sendError(reply, 422, 'RenderLimitError', `The document could not be rendered: ${error.message}`);
      case 'crashed':
        reply.log.error({ err: error }, 'renderer crashed');
        return sendError(reply, 500, 'RenderError', 'The renderer stopped unexpectedly');
    }
  } finally {
    reply.raw.off('close', onClose);
  }
  if (result.ok) {
    reply.log.info({ pages: result.pageCount, bytes: result.pdf.byteLength, warnings: result.warnings.length }, 'rendered');
    return reply.code(200).type('application/pdf').header('Content-Length', result.pdf.byteLength).send(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
  }
  const { error } = result;
  if (error.name === 'ValidationError') return sendValidationError(reply, error.fields);
  if (error.name === 'FillError') return sendError(reply, 422, 'FillError', error.message);
  reply.log.error({ message: error.message }, 'render failed');
  return sendError(reply, 500, 'RenderError', 'The document could not be rendered');
}

/** Spec §4.1: the client should accept `application/pdf` (or `*\/*`); a client that accepts neither gets 406. */
export function acceptsPdf(accept: string | undefined): boolean {
  if (!accept || accept.trim() === '') return true;
  return accept.split(',').some((part) => {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) return false;
    return type === 'application/pdf' || type === 'application/*' || type === '*/*';
  });
}
