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

  /** Stores a key by its SHA-256 hash (hex); the key itself is never stored. */
  createApiKey(input: { readonly organizationId: number; readonly mode: KeyMode; readonly hash: string; readonly prefix: string }): Promise<ApiKeyRecord>;
  /** The live (not revoked) key with this hash, with its organization. */
  findApiKeyByHash(hash: string): Promise<{ readonly key: ApiKeyRecord; readonly organization: Organization } | null>;
  listApiKeys(organizationId: number): Promise<ApiKeyRecord[]>;
  revokeApiKey(id: number): Promise<boolean>;

  /** A new Cast at version 1 (a template unless `isTemplate` is false). */
  createCast(input: { readonly organizationId: number; readonly name: string; readonly title: string; readonly pdf: Uint8Array; readonly fields: readonly CastField[]; readonly isTemplate?: boolean }): Promise<CastRecord>;
  /** Adds a version (new PDF and/or fields); returns the Cast with the new version number. */
  addCastVersion(castId: number, input: { readonly pdf: Uint8Array; readonly fields: readonly CastField[] }): Promise<CastRecord>;
  getCastByEid(eid: string): Promise<CastRecord | null>;
  /** The Cast at `versionNumber` (default latest); null when the Cast or that version does not exist. */
  getCastVersion(eid: string, versionNumber?: number): Promise<CastVersion | null>;
  listCasts(organizationId: number): Promise<CastRecord[]>;
}
