// POST /api/v1/fill/{castEid}.pdf (spec embedded-builders.md §4.6): fills one of the caller's
// templates with `{ data: { aliasId: value } }` (plus `title`, `fontSize`, `textColor`) and
// answers with the PDF. `?versionNumber=N` fills that version of the template.
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../../src/index.js';
import type { AppDependencies } from '../app.js';
import { sendError, sendValidationError } from '../http-errors.js';
import { jobSettings } from '../job-settings.js';
import { acceptsPdf, replyWithJob } from '../render-outcome.js';
import { BodyError, readBody } from '../request-body.js';

export function registerFillRoute(app: FastifyInstance, deps: AppDependencies): void {
  app.post<{ Params: { file: string }; Querystring: { versionNumber?: string } }>('/api/v1/fill/:file', async (request, reply) => {
    const caller = request.caller!;
    const match = /^([0-9A-Za-z_-]{1,64})\.pdf$/.exec(request.params.file);
    if (!match) return sendError(reply, 404, 'NotFoundError', 'Expected /api/v1/fill/{castEid}.pdf');
    if (!acceptsPdf(request.headers.accept)) return sendError(reply, 406, 'NotAcceptableError', 'This endpoint answers with application/pdf; send Accept: application/pdf or */*');
    const version = parseVersion(request.query.versionNumber);
    if (version === 'invalid') return sendValidationError(reply, [{ property: 'versionNumber', message: `Expected a positive integer (or -1 for the latest), received "${request.query.versionNumber}"` }]);
    let payload: unknown;
    try {
      payload = await readBody(request, deps.config.multipartLimitBytes);
    } catch (error) {
      if (error instanceof BodyError) return sendError(reply, error.status, error.status === 413 ? 'PayloadTooLargeError' : 'BadRequestError', error.message);
      if (error instanceof ValidationError) return sendValidationError(reply, error.fields);
      throw error;
    }
    if (payload === undefined) return sendValidationError(reply, [{ property: 'data', message: 'Required' }]);
    const castEid = match[1]!;
    const found = await deps.store.getCastVersion(castEid, version ?? undefined);
    // Another organization's template is as absent as a missing one.
    if (!found || found.cast.organizationId !== caller.organization.id) {
      const which = version === null ? '' : ` at version ${version}`;
      return sendError(reply, 404, 'NotFoundError', `No PDF template ${castEid}${which}`);
    }
    return replyWithJob(reply, deps.pool, { kind: 'fill', template: found.pdf, fields: found.fields, payload, settings: jobSettings(deps.config, caller) }, String(caller.organization.id));
  });
}

/** A version number; the official clients' -1 (latest) and -2 (latest published) mean the latest. */
function parseVersion(text: string | undefined): number | null | 'invalid' {
  if (text === undefined || text === '' || text === '-1' || text === '-2') return null;
  return /^[1-9][0-9]{0,8}$/.test(text) ? Number(text) : 'invalid';
}
