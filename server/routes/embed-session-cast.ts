// The template builder's changes (edit-pdf-template sessions): its placed fields saved as a new
// version of the Cast, and, when the embed URL's options allow it, the PDF replaced with the
// fields kept (embedded-builders.md §4.1 showReplaceDocumentAction).
//
// The builder edits placed fields only: the template's AcroForm fields (acroFieldName) are kept
// as they are, whatever the body says, and their ids are reserved. Every save names the version
// it was made from (`versionNumber`): if another save came first, it is refused with 409 rather
// than silently undoing that one.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_FIELDS } from '../../src/fill/limits.js';
import type { CastField } from '../../src/fill/types.js';
import type { AppDependencies } from '../app.js';
import { checkTemplateBytes } from '../cast-creation.js';
import { bodyObject, checkKeys, requireKeys } from '../embed/field-checks.js';
import { presetFieldsOf } from '../embed/options.js';
import { castPageSizes, rememberPageSizes } from '../embed/page-sizes.js';
import { checkPlacedFields, missingRequiredFields } from '../embed/placed-fields.js';
import { requireSession, type OpenSession } from '../embed/session.js';
import { sessionInspector } from '../embed/session-inspector.js';
import { conflict, DetailedValidationError, sendSessionError, sessionRoute } from '../embed/session-reply.js';
import { ApiError, invalid } from '../graphql/errors.js';
import { sendError } from '../http-errors.js';
import { StaleVersionError } from '../store/errors.js';
import type { CastRecord, Store } from '../store/types.js';

const PDF_TYPES = ['application/pdf', 'application/octet-stream'];

export function registerEmbedSessionCastRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const { store } = deps;

  /** `{ fields, versionNumber }` → a new version with these placed fields: `{ eid, versionNumber, fields }`. */
  app.post('/embed/session/cast/fields', sessionRoute(async (request) => {
    const { token, record: cast } = await requireSession(store, request, 'cast');
    const body = bodyObject(request.body, '{ fields, versionNumber }');
    requireKeys(body, ['fields', 'versionNumber'], '');
    checkKeys(body, { fields: () => undefined, versionNumber: checkVersionNumber }, '');
    const versionNumber = body.versionNumber as number;
    if (versionNumber !== cast.versionNumber) throw stale(versionNumber, cast.versionNumber);
    const version = await store.getCastVersion(cast.eid, versionNumber);
    if (!version) throw new ApiError(404, 'NotFoundError', 'The embedded object no longer exists');
    const formFields = version.fields.filter((field) => field.acroFieldName !== undefined);
    const pageSizes = await castPageSizes(sessionInspector(deps, token.organizationId), cast.eid, versionNumber, version.pdf);
    const placed = checkPlacedFields(body.fields, {
      pageSizes,
      allowedAliasIds: cast.allowedAliasIds,
      takenIds: new Set(formFields.map((field) => field.id)),
      maxFields: MAX_FIELDS - formFields.length,
    });
    const fields = [...formFields, ...placed];
    const missing = missingRequiredFields(presetFieldsOf(token.options), fields);
    if (missing.length > 0) {
      const message = `The template needs at least one of each required field: ${missing.join(', ')}`;
      throw new DetailedValidationError(message, [{ property: 'fields', message }], { missingRequiredFields: missing });
    }
    const saved = await addVersion(store, cast, { pdf: version.pdf, fields, ifVersionNumber: versionNumber });
    rememberPageSizes(cast.eid, saved.versionNumber, pageSizes);
    return { eid: saved.eid, versionNumber: saved.versionNumber, fields: saved.fields };
  }));

  // The replacement PDF is the raw body; it is read only once the session may replace it.
  void app.register(async (scope) => {
    const maxBytes = deps.config.graphql.uploads.maxFileBytes;
    const sessions = new WeakMap<FastifyRequest, OpenSession<'cast'>>();
    scope.addContentTypeParser(PDF_TYPES, { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
      if (error.statusCode === 413) return sendError(reply, 413, 'PayloadTooLargeError', `The PDF is larger than ${maxBytes} bytes`);
      if (error.statusCode === 415) return sendError(reply, 415, 'UnsupportedMediaTypeError', 'Send the PDF as the body, with Content-Type: application/pdf');
      throw error; // the app's handler answers the rest
    });

    /** A PDF (`?versionNumber=N`: the version it replaces) → a new version with the fields kept: `{ eid, versionNumber, pageCount, pageSizes }`. */
    scope.post<{ Querystring: { versionNumber?: string } }>('/embed/session/cast/document', {
      bodyLimit: maxBytes,
      onRequest: async (request, reply) => {
        try {
          const session = await requireSession(store, request, 'cast');
          if (session.token.options.showReplaceDocumentAction !== true) throw new ApiError(403, 'ForbiddenError', 'This embed URL does not allow replacing the document (options.showReplaceDocumentAction)');
          sessions.set(request, session);
        } catch (error) {
          if (error instanceof ApiError) return refuse(reply, error);
          throw error;
        }
        return undefined;
      },
    }, sessionRoute<{ Querystring: { versionNumber?: string } }>(async (request) => {
      const { token, record: cast } = sessions.get(request)!;
      const pdf = request.body;
      if (!Buffer.isBuffer(pdf)) throw new ApiError(415, 'UnsupportedMediaTypeError', 'Send the PDF as the body, with Content-Type: application/pdf');
      if (pdf.byteLength === 0) throw invalid('file', 'Required: the PDF as the body');
      const versionNumber = request.query.versionNumber === undefined ? cast.versionNumber : parseVersionNumber(request.query.versionNumber);
      if (versionNumber !== cast.versionNumber) throw stale(versionNumber, cast.versionNumber);
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      const { pageSizes } = await checkTemplateBytes(sessionInspector(deps, token.organizationId), bytes, 'file');
      const saved = await addVersion(store, cast, { pdf: bytes, fields: cast.fields, ifVersionNumber: versionNumber });
      rememberPageSizes(cast.eid, saved.versionNumber, pageSizes);
      return { eid: saved.eid, versionNumber: saved.versionNumber, pageCount: pageSizes.length, pageSizes };
    }));
  });
}

async function addVersion(store: Store, cast: CastRecord, input: { pdf: Uint8Array; fields: readonly CastField[]; ifVersionNumber: number }): Promise<CastRecord> {
  try {
    return await store.addCastVersion(cast.id, input);
  } catch (error) {
    if (error instanceof StaleVersionError) throw stale(error.expected, error.current);
    throw error;
  }
}

function stale(given: number, current: number): ApiError {
  return conflict(`The template is at version ${current}, not ${given}: it was saved elsewhere since you opened it; reload to see those changes`);
}

function checkVersionNumber(value: unknown, property: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw invalid(property, `Expected the version you edited (a whole number from 1), received ${JSON.stringify(value)?.slice(0, 40)}`);
}

function parseVersionNumber(text: string): number {
  if (!/^[1-9][0-9]{0,8}$/.test(text)) throw invalid('versionNumber', `Expected the version you edited (a whole number from 1), received "${text.slice(0, 40)}"`);
  return Number(text);
}

function refuse(reply: FastifyReply, error: ApiError): FastifyReply {
  reply.header('Cache-Control', 'no-store');
  return sendSessionError(reply, error);
}
