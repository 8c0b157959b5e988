// The Store over kysely: every query is built with kysely (so parameterised) and is the same on
// both backends; the backend files only open the connection, and say how to migrate and close.
import { Migrator, sql, type Kysely, type Selectable } from 'kysely';
import type { CastField } from '../../src/fill/types.js';
import { isEid, newEid, randomSlugSuffix, slugCandidates, slugify } from './ids.js';
import { migrationProvider, type StoreKind, type Tables, type OrganizationsTable, type ApiKeysTable, type CastsTable } from './schema.js';
import type { ApiKeyRecord, CastRecord, CastVersion, KeyMode, Organization, Store } from './types.js';

/** The most rows any list returns. */
export const LIST_LIMIT = 1000;
/** `slug`, `slug-2` … `slug-100` are tried before a random suffix. */
const SLUG_CANDIDATES = 100;
/** Attempts at inserting an organization before giving up (each loses only to a concurrent insert of the same slug). */
const SLUG_ATTEMPTS = 8;
/** Ids are 32-bit integers on PostgreSQL; anything else cannot name a row. */
const MAX_ID = 2_147_483_647;

export interface KyselyStoreOptions {
  readonly kind: StoreKind;
  readonly db: Kysely<Tables>;
  /** Runs `migrateToLatest` (the backend decides on which connection, and with which schema). */
  readonly migrate: () => Promise<void>;
  /** Called after the kysely instance is destroyed. */
  readonly onClose?: () => Promise<void>;
}

/** Runs the in-code migrations to the latest with kysely's Migrator; throws on failure. */
export async function migrateToLatest(db: Kysely<any>, kind: StoreKind, migrationTableSchema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(kind), ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error');
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`store migration failed${failed ? ` (${failed.migrationName})` : ''}: ${cause.message}`, { cause });
  }
}

export function createKyselyStore(options: KyselyStoreOptions): Store {
  const { db, kind } = options;
  let closed = false;

  async function getOrganization(column: 'id' | 'eid', value: number | string): Promise<Organization | null> {
    const row = await db.selectFrom('organizations').selectAll().where(column, '=', value).executeTakeFirst();
    return row ? toOrganization(row) : null;
  }

  /** Casts joined with their latest version's fields (`l`), for every read of a Cast. */
  function castsWithLatestFields() {
    return db
      .selectFrom('casts as c')
      .innerJoin('cast_versions as l', (join) => join.onRef('l.cast_id', '=', 'c.id').onRef('l.version_number', '=', 'c.latest_version'))
      .selectAll('c')
      .select('l.fields as latest_fields');
  }

  return {
    kind,

    migrate: () => options.migrate(),

    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await options.onClose?.();
    },

    async ping() {
      await sql`select 1`.execute(db);
    },

    async createOrganization({ name }) {
      text(name);
      const base = slugify(name);
      const candidates = slugCandidates(base, SLUG_CANDIDATES);
      for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
        const taken = new Set(
          (await db.selectFrom('organizations').select('slug').where('slug', 'in', candidates).execute()).map((row) => row.slug),
        );
        const slug = candidates.find((candidate) => !taken.has(candidate)) ?? `${base}-${randomSlugSuffix()}`;
        // On a conflict (another instance took this slug, or — never in practice — this eid)
        // nothing is inserted and nothing returned: look again.
        const row = await db
          .insertInto('organizations')
          .values({ eid: newEid(), slug, name, encryption_public_key: null, encryption_private_key: null, created_at: now() })
          .onConflict((conflict) => conflict.doNothing())
          .returningAll()
          .executeTakeFirst();
        if (row) return toOrganization(row);
      }
      throw new Error(`could not choose a unique slug for the organization "${base}"`);
    },

    getOrganizationByEid: (eid) => (isEid(eid) ? getOrganization('eid', eid) : Promise.resolve(null)),

    getOrganizationById: (id) => (isId(id) ? getOrganization('id', id) : Promise.resolve(null)),

    async countOrganizations() {
      const row = await db.selectFrom('organizations').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
      return Number(row.count); // a bigint, as text, on PostgreSQL
    },

    async setEncryptionKeys(organizationId, { publicKeyPem, privateKeySealed }) {
      const result = await db
        .updateTable('organizations')
        .set({ encryption_public_key: text(publicKeyPem), encryption_private_key: text(privateKeySealed) })
        .where('id', '=', requireId(organizationId))
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw new Error(`no organization with id ${organizationId}`);
    },

    async getEncryptionPrivateKey(organizationId) {
      if (!isId(organizationId)) return null;
      const row = await db.selectFrom('organizations').select('encryption_private_key').where('id', '=', organizationId).executeTakeFirst();
      return row?.encryption_private_key ?? null;
    },

    async createApiKey({ organizationId, mode, hash, prefix }) {
      const row = await db
        .insertInto('api_keys')
        .values({ organization_id: requireId(organizationId), mode, hash: text(hash), prefix: text(prefix), created_at: now(), revoked_at: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toApiKey(row);
    },

    async findApiKeyByHash(hash) {
      const row = await db
        .selectFrom('api_keys as k')
        .innerJoin('organizations as o', 'o.id', 'k.organization_id')
        .select([
          'k.id as key_id',
          'k.organization_id as key_organization_id',
          'k.mode as key_mode',
          'k.prefix as key_prefix',
          'k.created_at as key_created_at',
          'k.revoked_at as key_revoked_at',
          'o.id',
          'o.eid',
          'o.slug',
          'o.name',
          'o.encryption_public_key',
          'o.created_at',
        ])
        .where('k.hash', '=', hash)
        .where('k.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      return {
        key: toApiKey({
          id: row.key_id,
          organization_id: row.key_organization_id,
          mode: row.key_mode,
          prefix: row.key_prefix,
          created_at: row.key_created_at,
          revoked_at: row.key_revoked_at,
        }),
        organization: toOrganization(row),
      };
    },

    async listApiKeys(organizationId) {
      if (!isId(organizationId)) return [];
      const rows = await db
        .selectFrom('api_keys')
        .select(['id', 'organization_id', 'mode', 'prefix', 'created_at', 'revoked_at']) // never the hash
        .where('organization_id', '=', organizationId)
        .orderBy('id', 'desc')
        .limit(LIST_LIMIT)
        .execute();
      return rows.map(toApiKey);
    },

    async revokeApiKey(id) {
      if (!isId(id)) return false;
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: now() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async createCast({ organizationId, name, title, pdf, fields, isTemplate = true }) {
      const fieldsJson = JSON.stringify(fields);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const cast = await trx
          .insertInto('casts')
          .values({
            eid: newEid(),
            organization_id: requireId(organizationId),
            name: text(name),
            title: text(title),
            is_template: isTemplate ? 1 : 0,
            latest_version: 1,
            created_at: at,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('cast_versions')
          .values({ cast_id: cast.id, version_number: 1, pdf: toBuffer(pdf), fields: fieldsJson, created_at: at })
          .execute();
        return toCast(cast, fieldsJson);
      });
    },

    async addCastVersion(castId, { pdf, fields }) {
      const fieldsJson = JSON.stringify(fields);
      const at = now();
      return db.transaction().execute(async (trx) => {
        // The increment comes first: it takes the write lock (SQLite) or the row lock
        // (PostgreSQL), so concurrent calls queue here and each gets its own number.
        const cast = await trx
          .updateTable('casts')
          .set((eb) => ({ latest_version: eb('latest_version', '+', 1), updated_at: at }))
          .where('id', '=', requireId(castId))
          .returningAll()
          .executeTakeFirst();
        if (!cast) throw new Error(`no Cast with id ${castId}`);
        await trx
          .insertInto('cast_versions')
          .values({ cast_id: cast.id, version_number: cast.latest_version, pdf: toBuffer(pdf), fields: fieldsJson, created_at: at })
          .execute();
        return toCast(cast, fieldsJson);
      });
    },

    async getCastByEid(eid) {
      if (!isEid(eid)) return null;
      const row = await castsWithLatestFields()
        .where('c.eid', '=', eid)
        .executeTakeFirst();
      return row ? toCast(row, row.latest_fields) : null;
    },

    async getCastVersion(eid, versionNumber) {
      if (!isEid(eid)) return null;
      if (versionNumber !== undefined && !isId(versionNumber)) return null;
      const row = await castsWithLatestFields()
        .innerJoin('cast_versions as v', (join) => {
          const onCast = join.onRef('v.cast_id', '=', 'c.id');
          return versionNumber === undefined ? onCast.onRef('v.version_number', '=', 'c.latest_version') : onCast.on('v.version_number', '=', versionNumber);
        })
        .select(['v.version_number as v_version_number', 'v.fields as v_fields', 'v.pdf as v_pdf'])
        .where('c.eid', '=', eid)
        .executeTakeFirst();
      if (!row) return null;
      const cast = toCast(row, row.latest_fields);
      return {
        cast,
        versionNumber: row.v_version_number,
        // The latest version (the usual case) is the one whose fields were just parsed.
        fields: row.v_version_number === row.latest_version ? cast.fields : parseFields(row.v_fields),
        pdf: toBytes(row.v_pdf),
      } satisfies CastVersion;
    },

    async listCasts(organizationId) {
      if (!isId(organizationId)) return [];
      const rows = await castsWithLatestFields()
        .where('c.organization_id', '=', organizationId)
        .orderBy('c.id', 'desc')
        .limit(LIST_LIMIT)
        .execute();
      return rows.map((row) => toCast(row, row.latest_fields));
    },
  };
}

function now(): string {
  return new Date().toISOString();
}

function isId(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_ID;
}

function requireId(value: number): number {
  if (!isId(value)) throw new RangeError(`not a row id: ${value}`);
  return value;
}

/** PostgreSQL text cannot hold U+0000 (SQLite's can): refused on both, so both behave alike. */
function text(value: string): string {
  if (value.includes('\u0000')) throw new RangeError('text with a NUL character cannot be stored');
  return value;
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** pg gives a Buffer, libsql an ArrayBuffer: both become a plain Uint8Array view (no copy). */
function toBytes(value: Uint8Array | ArrayBuffer): Uint8Array {
  return value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
}

function parseFields(json: string): CastField[] {
  return JSON.parse(json) as CastField[];
}

type OrganizationRow = Omit<Selectable<OrganizationsTable>, 'encryption_private_key'>;

function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    eid: row.eid,
    slug: row.slug,
    name: row.name,
    encryptionPublicKey: row.encryption_public_key,
    createdAt: new Date(row.created_at),
  };
}

function toApiKey(row: Omit<Selectable<ApiKeysTable>, 'hash'>): ApiKeyRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    mode: row.mode as KeyMode,
    prefix: row.prefix,
    createdAt: new Date(row.created_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  };
}

function toCast(row: Selectable<CastsTable>, fieldsJson: string): CastRecord {
  return {
    id: row.id,
    eid: row.eid,
    organizationId: row.organization_id,
    name: row.name,
    title: row.title,
    isTemplate: row.is_template === 1,
    versionNumber: row.latest_version,
    fields: parseFields(fieldsJson),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
