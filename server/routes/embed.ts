// The embed URLs (embedded-builders.md §3, §5, §7). GET /embed/<type>?token=… uses the token
// once: valid → the builder page, holding a session that reaches that one object; expired,
// used, revoked or unknown → an error page that posts `embeddedError` to the parent. The
// session (header X-Quire-Embed-Session) reads its object, and the PDFs of its templates, and
// nothing else.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDependencies } from '../app.js';
import { builderPage, embedErrorPage, type EmbedPage, type EmbedErrorType } from '../embed/pages.js';
import { EMBED_TYPES, SESSION_HEADER, isSecret, newSecret } from '../embed/tokens.js';
import { hashSecret } from '../keys.js';
import { sendError } from '../http-errors.js';
import type { EmbedTokenRecord, Store } from '../store/types.js';

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
    if (outcome.state !== 'ok') {
      const errorType = STATE_ERRORS[outcome.state];
      return sendPage(reply, errorType === 'tokenInvalid' ? 404 : 410, embedErrorPage(errorType, outcome.state === 'unknown' ? null : outcome.token.eid));
    }
    const { token } = outcome;
    const object = token.embedType === kind.canonical ? await embeddedObject(store, token) : null;
    if (!object) return sendPage(reply, 404, embedErrorPage('tokenInvalid', token.eid));
    const organization = await store.getOrganizationById(token.organizationId);
    return sendPage(reply, 200, builderPage({
      embedType: token.embedType,
      objectKind: object.kind,
      objectEid: token.objectEid,
      objectTitle: object.title,
      organizationSlug: organization?.slug ?? '',
      sessionSecret,
      requestTokenEid: token.eid,
    }));
  });

  /** The session's one object, as the builder reads it. */
  app.get('/embed/session/object', async (request, reply) => {
    const token = await sessionToken(store, request);
    if (!token) return sendError(reply, 401, 'AuthorizationError', 'No live embed session: open a new embed URL');
    const object = await embeddedObject(store, token);
    if (!object) return sendError(reply, 404, 'NotFoundError', 'The embedded object no longer exists');
    reply.header('Cache-Control', 'no-store');
    return { type: token.embedType, eid: token.objectEid, options: token.options, metadata: token.metadata, object: object.data };
  });

  /** A template's PDF, when it is the session's object or one of its files. */
  app.get<{ Params: { eid: string } }>('/embed/session/casts/:eid/pdf', async (request, reply) => {
    const token = await sessionToken(store, request);
    if (!token) return sendError(reply, 401, 'AuthorizationError', 'No live embed session: open a new embed URL');
    const object = await embeddedObject(store, token);
    if (!object || !object.castEids.includes(request.params.eid)) return sendError(reply, 404, 'NotFoundError', `No PDF template ${request.params.eid.slice(0, 64)} in this session`);
    const version = await store.getCastVersion(request.params.eid);
    if (!version || version.cast.organizationId !== token.organizationId) return sendError(reply, 404, 'NotFoundError', `No PDF template ${request.params.eid.slice(0, 64)} in this session`);
    return reply.header('Cache-Control', 'no-store').type('application/pdf').send(Buffer.from(version.pdf));
  });
}

async function sessionToken(store: Store, request: FastifyRequest): Promise<EmbedTokenRecord | null> {
  const secret = request.headers[SESSION_HEADER];
  if (!isSecret(secret)) return null;
  const found = await store.findEmbedSession(hashSecret(secret), new Date());
  return found?.token ?? null;
}

interface EmbeddedObject {
  readonly kind: string;
  readonly title: string;
  readonly data: Record<string, unknown>;
  /** The Casts the session may read: the template itself, or the packet's or workflow's files. */
  readonly castEids: readonly string[];
}

/** The token's object, if it still exists in the token's organization. */
async function embeddedObject(store: Store, token: EmbedTokenRecord): Promise<EmbeddedObject | null> {
  const owned = <T extends { organizationId: number }>(found: T | null): T | null => (found && found.organizationId === token.organizationId ? found : null);
  if (token.objectType === 'cast') {
    const cast = owned(await store.getCastByEid(token.objectEid));
    if (!cast) return null;
    return { kind: 'PDF template', title: cast.title || cast.name, castEids: [cast.eid], data: { eid: cast.eid, name: cast.name, title: cast.title, versionNumber: cast.versionNumber, fields: cast.fields, allowedAliasIds: cast.allowedAliasIds } };
  }
  if (token.objectType === 'etchPacket') {
    const packet = owned(await store.getEtchPacketByEid(token.objectEid));
    if (!packet) return null;
    const files = (packet.document.files ?? []) as { castEid?: string }[];
    return { kind: 'E-signature packet', title: packet.name, castEids: files.flatMap((file) => (file.castEid ? [file.castEid] : [])), data: { eid: packet.eid, name: packet.name, status: packet.status, isTest: packet.isTest, ...packet.document } };
  }
  const weld = owned(await store.getWeldByEid(token.objectEid));
  if (!weld) return null;
  const files = (weld.document.files ?? []) as { castEid?: string }[];
  return { kind: 'Workflow', title: weld.name, castEids: files.flatMap((file) => (file.castEid ? [file.castEid] : [])), data: { eid: weld.eid, name: weld.name, slug: weld.slug, visibility: weld.visibility, ...weld.document } };
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
