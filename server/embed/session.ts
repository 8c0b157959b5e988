// The builder's session (header X-Quire-Embed-Session): the token it was opened with, and the
// one object that token names, still in the token's organization. Every session route starts
// here; a missing, expired or revoked session is a 401, an object that is gone (or of another
// type than the route's) a 404.
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../graphql/errors.js';
import { hashSecret } from '../keys.js';
import type { CastRecord, EmbedObjectType, EmbedTokenRecord, EtchPacketRecord, Store, WeldRecord } from '../store/types.js';
import { isSecret, SESSION_HEADER } from './tokens.js';

/** The record each object type is. */
export interface SessionRecords {
  readonly cast: CastRecord;
  readonly etchPacket: EtchPacketRecord;
  readonly weld: WeldRecord;
}

export type SessionObject = { [T in EmbedObjectType]: { readonly type: T; readonly record: SessionRecords[T] } }[EmbedObjectType];

/** The token of the request's live session, or null. */
export async function sessionToken(store: Store, request: FastifyRequest): Promise<EmbedTokenRecord | null> {
  const secret = request.headers[SESSION_HEADER];
  if (!isSecret(secret)) return null;
  const found = await store.findEmbedSession(hashSecret(secret), new Date());
  return found?.token ?? null;
}

/** The token's object, if it still exists in the token's organization. */
export async function sessionObject(store: Store, token: EmbedTokenRecord): Promise<SessionObject | null> {
  const owned = <T extends { organizationId: number }>(found: T | null): T | null => (found && found.organizationId === token.organizationId ? found : null);
  switch (token.objectType) {
    case 'cast': {
      const record = owned(await store.getCastByEid(token.objectEid));
      return record && { type: 'cast', record };
    }
    case 'etchPacket': {
      const record = owned(await store.getEtchPacketByEid(token.objectEid));
      return record && { type: 'etchPacket', record };
    }
    case 'weld': {
      const record = owned(await store.getWeldByEid(token.objectEid));
      return record && { type: 'weld', record };
    }
  }
}

export interface OpenSession<T extends EmbedObjectType> {
  readonly token: EmbedTokenRecord;
  readonly record: SessionRecords[T];
}

/** The live session and its object; throws a 401 or 404 ApiError. `type`: the object must be one of these. */
export async function requireSession(store: Store, request: FastifyRequest): Promise<{ readonly token: EmbedTokenRecord; readonly object: SessionObject }>;
export async function requireSession<T extends EmbedObjectType>(store: Store, request: FastifyRequest, type: T): Promise<OpenSession<T>>;
export async function requireSession(store: Store, request: FastifyRequest, type?: EmbedObjectType) {
  const token = await sessionToken(store, request);
  if (!token) throw new ApiError(401, 'AuthorizationError', 'No live embed session: open a new embed URL');
  // Another builder's route is as absent as a missing object: the session reaches its own only.
  if (type !== undefined && token.objectType !== type) throw new ApiError(404, 'NotFoundError', `This session edits no ${OBJECT_NAMES[type]}`);
  const object = await sessionObject(store, token);
  if (!object) throw new ApiError(404, 'NotFoundError', 'The embedded object no longer exists');
  return type === undefined ? { token, object } : { token, record: object.record };
}

const OBJECT_NAMES: Readonly<Record<EmbedObjectType, string>> = { cast: 'PDF template', etchPacket: 'e-signature packet', weld: 'workflow' };

/** The Casts the session may read: the template itself, or the packet's or workflow's files. */
export function sessionCastEids(object: SessionObject): string[] {
  if (object.type === 'cast') return [object.record.eid];
  const files = (object.record.document.files ?? []) as { castEid?: unknown }[];
  return files.flatMap((file) => (typeof file.castEid === 'string' ? [file.castEid] : []));
}

/** The slug of the session's organization (the builders' events carry it). */
export async function organizationSlug(store: Store, token: EmbedTokenRecord): Promise<string> {
  return (await store.getOrganizationById(token.organizationId))?.slug ?? '';
}
