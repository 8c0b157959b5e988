// The embed URLs (embedded-builders.md §3, §5, §7). GET /embed/<type>?token=… uses the token
// once: valid → the builder page, holding a session that reaches that one object; expired,
// used, revoked or unknown → an error page that posts `embeddedError` to the parent. The
// session (header X-Quire-Embed-Session) reads its object, and its templates' fields and PDFs, here;
// the builders' changes are in embed-session-*.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDependencies } from '../app.js';
import { castView, objectTitle, objectView } from '../embed/object-views.js';
import { builderPage, embedErrorPage, type EmbedPage, type EmbedErrorType } from '../embed/pages.js';
import { castPageSizes } from '../embed/page-sizes.js';
import { requireSession, sessionCastEids, sessionObject } from '../embed/session.js';
import { sessionInspector } from '../embed/session-inspector.js';
import { sessionRoute } from '../embed/session-reply.js';
import { EMBED_TYPES, isSecret, newSecret } from '../embed/tokens.js';
import { ApiError } from '../graphql/errors.js';
import { hashSecret } from '../keys.js';
import { sendError } from '../http-errors.js';
import type { CastVersion, Store } from '../store/types.js';

const STATE_ERRORS: Readonly<Record<'expired' | 'used' | 'revoked' | 'unknown', EmbedErrorType>> = {
  expired: 'tokenExpired',
  used: 'tokenUsed',
  revoked: 'tokenInvalid',
  unknown: 'tokenInvalid',
};

export function registerEmbedRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const { store } = deps;
  const { sessionSeconds } = deps.config.graphql.embed;

  app.get<{ Params: { type: string }; Querystring: { token?: string } }>('/embed/:type', async (request, reply) => {
    const kind = EMBED_TYPES[request.params.type];
    if (!kind || kind.canonical !== request.params.type) return sendError(reply, 404, 'NotFoundError', `No builder ${request.params.type.slice(0, 64)}`);
    const secret = request.query.token;
    if (!isSecret(secret)) return sendPage(reply, 404, embedErrorPage('tokenInvalid', null));
    const sessionSecret = newSecret();
    const now = new Date();
    const outcome = await store.consumeEmbedToken(hashSecret(secret), { secretHash: hashSecret(sessionSecret), expiresAt: new Date(now.getTime() + sessionSeconds * 1000) }, now);
    if (outcome.state === 'unknown') return sendPage(reply, 404, embedErrorPage('tokenInvalid', null));
    const { token } = outcome;
    const organization = await store.getOrganizationById(token.organizationId);
    const origins = organization?.embedOrigins ?? null;
    if (outcome.state !== 'ok') {
      const errorType = STATE_ERRORS[outcome.state];
      return sendPage(reply, errorType === 'tokenInvalid' ? 404 : 410, embedErrorPage(errorType, token.eid, origins));
    }
    const object = token.embedType === kind.canonical ? await sessionObject(store, token) : null;
    if (!object) return sendPage(reply, 404, embedErrorPage('tokenInvalid', token.eid, origins));
    return sendPage(reply, 200, builderPage(objectTitle(object), {
      session: sessionSecret,
      embedType: token.embedType,
      objectEid: token.objectEid,
      organizationSlug: organization?.slug ?? '',
      requestTokenEid: token.eid,
      allowedOrigins: origins,
    }));
  });

  /** The session's one object as the builder reads it; a template's pages too. */
  app.get('/embed/session/object', sessionRoute(async (request) => {
    const { token, object } = await requireSession(store, request);
    const organization = await store.getOrganizationById(token.organizationId);
    const pages = object.type === 'cast' ? await templatePages(deps, token.organizationId, object.record.eid) : {};
    return { type: token.embedType, eid: token.objectEid, organizationSlug: organization?.slug ?? '', options: token.options, metadata: token.metadata, object: objectView(object), ...pages };
  }));

  /** A template of the session (its object, or one of the packet's or workflow's files): its fields and pages. */
  app.get<{ Params: { eid: string } }>('/embed/session/casts/:eid', sessionRoute<{ Params: { eid: string } }>(async (request) => {
    const version = await sessionCast(store, request, request.params.eid);
    return { ...castView(version.cast), ...(await templatePages(deps, version.cast.organizationId, version.cast.eid)) };
  }));

  /** That template's PDF. */
  app.get<{ Params: { eid: string } }>('/embed/session/casts/:eid/pdf', sessionRoute<{ Params: { eid: string } }>(async (request, reply) => {
    const version = await sessionCast(store, request, request.params.eid);
    return reply.type('application/pdf').send(Buffer.from(version.pdf));
  }));
}

/** The latest version of Cast `eid` when the request's session may read it; a 404 otherwise. */
async function sessionCast(store: Store, request: FastifyRequest, eid: string): Promise<CastVersion> {
  const { token, object } = await requireSession(store, request);
  const missing = new ApiError(404, 'NotFoundError', `No PDF template ${eid.slice(0, 64)} in this session`);
  if (!sessionCastEids(object).includes(eid)) throw missing;
  const version = await store.getCastVersion(eid);
  if (!version || version.cast.organizationId !== token.organizationId) throw missing;
  return version;
}

/** The template's page count and sizes (points), at its latest version. */
async function templatePages(deps: AppDependencies, organizationId: number, castEid: string): Promise<{ pageCount: number; pageSizes: readonly { width: number; height: number }[] }> {
  const version = await deps.store.getCastVersion(castEid);
  if (!version) throw new ApiError(404, 'NotFoundError', 'The embedded object no longer exists');
  const pageSizes = await castPageSizes(sessionInspector(deps, organizationId), castEid, version.versionNumber, version.pdf);
  return { pageCount: pageSizes.length, pageSizes };
}

function sendPage(reply: FastifyReply, status: number, page: EmbedPage): FastifyReply {
  return reply
    .code(status)
    .header('Content-Security-Policy', page.csp)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Content-Type-Options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(page.html);
}
