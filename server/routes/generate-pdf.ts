// POST /api/v1/generate-pdf (spec pdf-generation.md §2, §4): a body in either mode, JSON or
// multipart, `data` possibly encrypted to the organization's key; answered with the PDF bytes.
import type { FastifyInstance } from 'fastify';
import { ValidationError, validateRequest } from '../../src/index.js';
import type { AppDependencies, Caller } from '../app.js';
import { decryptFromClient, DecryptionError, openSecret } from '../encryption.js';
import { sendError, sendValidationError } from '../http-errors.js';
import { jobSettings } from '../job-settings.js';
import { assertNesting } from '../json-nesting.js';
import { acceptsPdf, replyWithJob } from '../render-outcome.js';
import { BodyError, readBody } from '../request-body.js';

export function registerGeneratePdfRoute(app: FastifyInstance, deps: AppDependencies): void {
  app.post('/api/v1/generate-pdf', async (request, reply) => {
    const caller = request.caller!;
    if (!acceptsPdf(request.headers.accept)) return sendError(reply, 406, 'NotAcceptableError', 'This endpoint answers with application/pdf; send Accept: application/pdf or */*');
    let body: unknown;
    try {
      body = await readBody(request, deps.config.multipartLimitBytes);
      body = await decryptData(body, caller, deps);
    } catch (error) {
      if (error instanceof BodyError) return sendError(reply, error.status, error.status === 413 ? 'PayloadTooLargeError' : 'BadRequestError', error.message);
      if (error instanceof ValidationError) return sendValidationError(reply, error.fields);
      throw error;
    }
    // Validated here as well as in the worker: a bad body is answered without waiting for a thread.
    try {
      validateRequest(body);
    } catch (error) {
      if (error instanceof ValidationError) return sendValidationError(reply, error.fields);
      throw error;
    }
    return replyWithJob(reply, deps.pool, { kind: 'render', body, settings: jobSettings(deps.config, caller) }, String(caller.organization.id));
  });
}

/**
 * Spec §4.2: a string `data` is encrypted to the organization's public key; it becomes the
 * JSON it holds. Anything else passes unchanged.
 */
async function decryptData(body: unknown, caller: Caller, deps: AppDependencies): Promise<unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const data = (body as Record<string, unknown>).data;
  if (typeof data !== 'string') return body;
  const sealed = await deps.store.getEncryptionPrivateKey(caller.organization.id);
  if (sealed === null) {
    throw new ValidationError([{ property: 'data', message: 'Expected an object or an array; a string is encrypted data, and this organization has no encryption key (create one with `quire admin set-encryption-key`)' }]);
  }
  let text: string;
  try {
    text = decryptFromClient(openSecret(deps.masterKey, sealed), data);
  } catch (error) {
    if (error instanceof DecryptionError) throw new ValidationError([{ property: 'data', message: `Encrypted data: ${error.message}` }]);
    throw error;
  }
  let decrypted: unknown;
  try {
    decrypted = JSON.parse(text);
  } catch {
    throw new ValidationError([{ property: 'data', message: 'Encrypted data: the decrypted text is not JSON' }]);
  }
  const result = { ...(body as Record<string, unknown>), data: decrypted };
  assertNesting(result);
  return result;
}
