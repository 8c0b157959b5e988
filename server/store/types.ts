// The store: organizations, their API keys (hashed) and encryption keys, and Casts (PDF
// templates with their bytes and field definitions, versioned). One interface, two backends:
// embedded SQLite (libsql, the default) and PostgreSQL (pg, chosen by DATABASE_URL), with the
// same schema and migrations.
import type { CastField } from '../../src/fill/types.js';

export type KeyMode = 'development' | 'production';

export interface Organization {
  readonly id: number;
  /** Public identifier, 20 characters [0-9A-Za-z]. */
  readonly eid: string;
  /** URL-safe, unique, from the name. */
  readonly slug: string;
  readonly name: string;
  /** PEM (SPKI) of the organization's RSA key for encrypted `data`, or null. */
  readonly encryptionPublicKey: string | null;
  /** The origins (`https://app.example.com`) that may frame the embedded builders and receive their events; null for any origin. */
  readonly embedOrigins: readonly string[] | null;
  readonly createdAt: Date;
}

export interface ApiKeyRecord {
  readonly id: number;
  readonly organizationId: number;
  readonly mode: KeyMode;
  /** The first characters of the key, to tell keys apart in listings (never the whole key). */
  readonly prefix: string;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
}

export interface CastRecord {
  readonly id: number;
  readonly eid: string;
  readonly organizationId: number;
  readonly name: string;
  readonly title: string;
  readonly isTemplate: boolean;
  /** The aliasIds a builder may give fields (createCast's `allowedAliasIds`), or null for any. */
  readonly allowedAliasIds: readonly string[] | null;
  /** The latest version's number (1 for a new Cast). */
  readonly versionNumber: number;
  readonly fields: readonly CastField[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A Cast at one version, with its PDF. */
export interface CastVersion {
  readonly cast: CastRecord;
  readonly versionNumber: number;
  readonly fields: readonly CastField[];
  readonly pdf: Uint8Array;
}

/** JSON the store keeps as given (the GraphQL layer defines and checks its shape). */
export type JsonObject = { readonly [key: string]: unknown };

export type EtchPacketStatus = 'draft' | 'sent';

/** An e-signature packet (createEtchPacket): its columns, and the rest of the create payload as `document`. */
export interface EtchPacketRecord {
  readonly id: number;
  readonly eid: string;
  readonly organizationId: number;
  readonly name: string;
  readonly status: EtchPacketStatus;
  readonly isTest: boolean;
  readonly allowUpdates: boolean;
  /** Files (each naming a Cast by eid), signers, fill data per file, options. */
  readonly document: JsonObject;
  /** When it left draft (null while a draft). */
  readonly sentAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What updateEtchPacket may change; what is absent stays. */
export interface EtchPacketChanges {
  readonly name?: string;
  readonly document?: JsonObject;
  readonly status?: EtchPacketStatus;
  readonly sentAt?: Date | null;
}

/** A workflow (createWeld). `slug` is unique within its organization. */
export interface WeldRecord {
  readonly id: number;
  readonly eid: string;
  readonly organizationId: number;
  readonly name: string;
  readonly slug: string;
  /** `draft` until published; other values as given. */
  readonly visibility: string;
  /** Files (each naming a Cast by eid) and configuration. */
  readonly document: JsonObject;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What updateWeld may change; what is absent stays. */
export interface WeldChanges {
  readonly name?: string;
  readonly visibility?: string;
  readonly document?: JsonObject;
}

/** What an embed URL opens: one object of one organization. */
export type EmbedObjectType = 'cast' | 'etchPacket' | 'weld';

/** A one-time embed token (generateEmbedURL). Only its SHA-256 hash is stored. */
export interface EmbedTokenRecord {
  readonly id: number;
  /** The requestTokenEid. */
  readonly eid: string;
  readonly organizationId: number;
  readonly objectType: EmbedObjectType;
  readonly objectEid: string;
  /** The `type` asked for (`edit-pdf-template`, `edit-etch-packet`, `edit-workflow`). */
  readonly embedType: string;
  readonly options: JsonObject;
  readonly metadata: unknown;
  /** The object's state when the URL was made: a Weld's visibility, a packet's status; null when not recorded. */
  readonly objectState: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
  readonly revokedAt: Date | null;
}

/** The session a token's one load opened: it reaches the token's object only, until it expires or is revoked. */
export interface EmbedSessionRecord {
  readonly id: number;
  readonly tokenId: number;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
}

/** The outcome of loading an embed URL: a new session, or why not. */
export type EmbedTokenConsumption =
  | { readonly state: 'ok'; readonly token: EmbedTokenRecord; readonly session: EmbedSessionRecord }
  | { readonly state: 'expired' | 'used' | 'revoked'; readonly token: EmbedTokenRecord }
  | { readonly state: 'unknown' };

export interface Store {
  /** Which backend: for logs and /healthz. */
  readonly kind: 'sqlite' | 'postgres';
  /** Creates or upgrades the schema (idempotent; safe when several instances start together). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** A trivial query, for health checks. */
  ping(): Promise<void>;

  createOrganization(input: { readonly name: string }): Promise<Organization>;
  getOrganizationByEid(eid: string): Promise<Organization | null>;
  getOrganizationById(id: number): Promise<Organization | null>;
  countOrganizations(): Promise<number>;
  /** Stores the RSA key pair (the private key as given: the server encrypts it before). */
  setEncryptionKeys(organizationId: number, keys: { readonly publicKeyPem: string; readonly privateKeySealed: string }): Promise<void>;
  /** The sealed private key, or null when the organization has none. */
  getEncryptionPrivateKey(organizationId: number): Promise<string | null>;
  /** Sets the origins that may embed the builders (checked by the caller; null for any). */
  setEmbedOrigins(organizationId: number, origins: readonly string[] | null): Promise<Organization>;

  /** Stores a key by its SHA-256 hash (hex); the key itself is never stored. */
  createApiKey(input: { readonly organizationId: number; readonly mode: KeyMode; readonly hash: string; readonly prefix: string }): Promise<ApiKeyRecord>;
  /** The live (not revoked) key with this hash, with its organization. */
  findApiKeyByHash(hash: string): Promise<{ readonly key: ApiKeyRecord; readonly organization: Organization } | null>;
  listApiKeys(organizationId: number): Promise<ApiKeyRecord[]>;
  revokeApiKey(id: number): Promise<boolean>;

  /** A new Cast at version 1 (a template unless `isTemplate` is false). */
  createCast(input: { readonly organizationId: number; readonly name: string; readonly title: string; readonly pdf: Uint8Array; readonly fields: readonly CastField[]; readonly isTemplate?: boolean; readonly allowedAliasIds?: readonly string[] | null }): Promise<CastRecord>;
  /**
   * Adds a version (new PDF and/or fields); returns the Cast with the new version number.
   * `ifVersionNumber`: only when the Cast is still at that version, else a StaleVersionError
   * (decided atomically: of two concurrent calls with the same number, one adds a version).
   */
  addCastVersion(castId: number, input: { readonly pdf: Uint8Array; readonly fields: readonly CastField[]; readonly ifVersionNumber?: number }): Promise<CastRecord>;
  getCastByEid(eid: string): Promise<CastRecord | null>;
  /** The Cast at `versionNumber` (default latest); null when the Cast or that version does not exist. */
  getCastVersion(eid: string, versionNumber?: number): Promise<CastVersion | null>;
  listCasts(organizationId: number): Promise<CastRecord[]>;

  /** Sets the title and/or template flag (not versioned). */
  updateCast(castId: number, input: { readonly title?: string; readonly name?: string; readonly isTemplate?: boolean; readonly allowedAliasIds?: readonly string[] | null }): Promise<CastRecord>;

  createEtchPacket(input: { readonly organizationId: number; readonly name: string; readonly status: EtchPacketStatus; readonly isTest: boolean; readonly allowUpdates: boolean; readonly document: JsonObject }): Promise<EtchPacketRecord>;
  getEtchPacketByEid(eid: string): Promise<EtchPacketRecord | null>;
  /** Newest first, at most LIST_LIMIT. */
  listEtchPackets(organizationId: number): Promise<EtchPacketRecord[]>;
  /**
   * Changes a packet in one transaction. `changes` may be a function of the packet as it is
   * then: it runs with the row locked, so concurrent updates queue and each sees the one
   * before (an error it throws changes nothing). `onlyIf.status`: a packet in another status
   * is left as it is (one conditional UPDATE decides, also across instances). Null when no
   * packet has this id (and status).
   */
  updateEtchPacket(
    id: number,
    changes: EtchPacketChanges | ((current: EtchPacketRecord) => EtchPacketChanges),
    onlyIf?: { readonly status?: EtchPacketStatus },
  ): Promise<EtchPacketRecord | null>;

  /** A new Weld; the slug (given, or from the name) gets a `-N` suffix when the organization already has it. */
  createWeld(input: { readonly organizationId: number; readonly name: string; readonly slug?: string; readonly visibility: string; readonly document: JsonObject }): Promise<WeldRecord>;
  getWeldByEid(eid: string): Promise<WeldRecord | null>;
  getWeldBySlug(organizationId: number, slug: string): Promise<WeldRecord | null>;
  /** Newest first, at most LIST_LIMIT. */
  listWelds(organizationId: number): Promise<WeldRecord[]>;
  /** Changes a Weld in one transaction, as updateEtchPacket; null when no Weld has this id. */
  updateWeld(id: number, changes: WeldChanges | ((current: WeldRecord) => WeldChanges)): Promise<WeldRecord | null>;

  /** Stores a token by the SHA-256 hash (hex) of its secret; the secret itself is never stored. */
  createEmbedToken(input: {
    readonly organizationId: number;
    readonly secretHash: string;
    readonly objectType: EmbedObjectType;
    readonly objectEid: string;
    readonly embedType: string;
    readonly options: JsonObject;
    readonly metadata: unknown;
    readonly objectState?: string | null;
    readonly expiresAt: Date;
  }): Promise<EmbedTokenRecord>;
  /**
   * Uses the token with this secret hash, atomically: of any number of concurrent calls (on
   * any number of instances sharing the database) exactly one gets `ok`, with a new session
   * stored under `sessionHash`; the others `used`. An expired, revoked or unknown token opens
   * nothing.
   */
  consumeEmbedToken(secretHash: string, session: { readonly secretHash: string; readonly expiresAt: Date }, at: Date): Promise<EmbedTokenConsumption>;
  /** Revokes the organization's token with this eid and every session it opened; false when there is none (or it was revoked already). */
  revokeEmbedToken(organizationId: number, tokenEid: string, at: Date): Promise<boolean>;
  /** The live (not expired, not revoked) session with this secret hash, with its token. */
  findEmbedSession(secretHash: string, at: Date): Promise<{ readonly session: EmbedSessionRecord; readonly token: EmbedTokenRecord } | null>;
}
