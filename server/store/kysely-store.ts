// The Store over kysely: every query is built with kysely (so parameterised) and is the same on
// both backends; the backend files only open the connection, and say how to migrate and close.
import { Migrator, sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { CastField } from '../../src/fill/types.js';
import { StaleVersionError } from './errors.js';
import { isEid, newEid, randomSlugSuffix, slugCandidates, slugify } from './ids.js';
import {
  migrationProvider,
  type ApiKeysTable,
  type CastsTable,
  type EmbedSessionsTable,
  type EmbedTokensTable,
  type EtchPacketsTable,
  type OrganizationsTable,
  type StoreKind,
  type Tables,
  type WeldsTable,
} from './schema.js';
import type {
  ApiKeyRecord,
  CastRecord,
  CastVersion,
  EmbedSessionRecord,
  EmbedTokenConsumption,
  EmbedTokenRecord,
  EtchPacketChanges,
  EtchPacketRecord,
  JsonObject,
  KeyMode,
  Organization,
  Store,
  WeldChanges,
  WeldRecord,
} from './types.js';

/** The most rows any list returns. */
export const LIST_LIMIT = 1000;
/** `slug`, `slug-2` … `slug-100` are tried before a random suffix. */
const SLUG_CANDIDATES = 100;
/** Attempts at inserting an organization or a Weld before giving up (each loses only to a concurrent insert of the same slug). */
const SLUG_ATTEMPTS = 8;
/** Looks at a token that consumeEmbedToken could not use (more than one only when it was created meanwhile). */
const CONSUME_ATTEMPTS = 3;
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
  function castsWithLatestFields(executor: Kysely<Tables> = db) {
    return executor
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
      const row = await insertWithUniqueSlug('organization', slugify(name),
        (candidates) => db.selectFrom('organizations').select('slug').where('slug', 'in', candidates).execute(),
        (slug) => db
          .insertInto('organizations')
          .values({ eid: newEid(), slug, name, encryption_public_key: null, encryption_private_key: null, embed_origins: null, created_at: now() })
          .onConflict((conflict) => conflict.doNothing())
          .returningAll()
          .executeTakeFirst());
      return toOrganization(row);
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

    async setEmbedOrigins(organizationId, origins) {
      const row = await db
        .updateTable('organizations')
        .set({ embed_origins: stringListJson(origins, 'embedOrigins') })
        .where('id', '=', requireId(organizationId))
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new Error(`no organization with id ${organizationId}`);
      return toOrganization(row);
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
          'o.embed_origins',
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

    async createCast({ organizationId, name, title, pdf, fields, isTemplate = true, allowedAliasIds = null }) {
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
            allowed_alias_ids: aliasIdsJson(allowedAliasIds),
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

    async addCastVersion(castId, { pdf, fields, ifVersionNumber }) {
      const fieldsJson = JSON.stringify(fields);
      const at = now();
      return db.transaction().execute(async (trx) => {
        // The increment comes first: it takes the write lock (SQLite) or the row lock
        // (PostgreSQL), so concurrent calls queue here and each gets its own number; with
        // `ifVersionNumber`, a call that queued behind another then matches no row.
        let increment = trx
          .updateTable('casts')
          .set((eb) => ({ latest_version: eb('latest_version', '+', 1), updated_at: at }))
          .where('id', '=', requireId(castId));
        if (ifVersionNumber !== undefined) increment = increment.where('latest_version', '=', ifVersionNumber);
        const cast = await increment.returningAll().executeTakeFirst();
        if (!cast) {
          const found = await trx.selectFrom('casts').select('latest_version').where('id', '=', castId).executeTakeFirst();
          if (found && ifVersionNumber !== undefined) throw new StaleVersionError(ifVersionNumber, found.latest_version);
          throw new Error(`no Cast with id ${castId}`);
        }
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

    async updateCast(castId, { title, name, isTemplate, allowedAliasIds }) {
      const changes: Partial<Pick<Selectable<CastsTable>, 'title' | 'name' | 'is_template' | 'allowed_alias_ids'>> = {};
      if (title !== undefined) changes.title = text(title);
      if (name !== undefined) changes.name = text(name);
      if (isTemplate !== undefined) changes.is_template = isTemplate ? 1 : 0;
      if (allowedAliasIds !== undefined) changes.allowed_alias_ids = aliasIdsJson(allowedAliasIds);
      const at = now();
      return db.transaction().execute(async (trx) => {
        // The update locks the row, so the read below sees the version it left (no
        // addCastVersion can come in between).
        const updated = await trx
          .updateTable('casts')
          .set({ ...changes, updated_at: at })
          .where('id', '=', requireId(castId))
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) throw new Error(`no Cast with id ${castId}`);
        const row = await castsWithLatestFields(trx).where('c.id', '=', castId).executeTakeFirstOrThrow();
        return toCast(row, row.latest_fields);
      });
    },

    async createEtchPacket({ organizationId, name, status, isTest, allowUpdates, document }) {
      const at = now();
      const row = await db
        .insertInto('etch_packets')
        .values({
          eid: newEid(),
          organization_id: requireId(organizationId),
          name: text(name),
          status,
          is_test: isTest ? 1 : 0,
          allow_updates: allowUpdates ? 1 : 0,
          document: jsonObject(document),
          sent_at: status === 'sent' ? at : null,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toEtchPacket(row);
    },

    async getEtchPacketByEid(eid) {
      if (!isEid(eid)) return null;
      const row = await db.selectFrom('etch_packets').selectAll().where('eid', '=', eid).executeTakeFirst();
      return row ? toEtchPacket(row) : null;
    },

    async listEtchPackets(organizationId) {
      if (!isId(organizationId)) return [];
      const rows = await db
        .selectFrom('etch_packets')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .orderBy('id', 'desc')
        .limit(LIST_LIMIT)
        .execute();
      return rows.map(toEtchPacket);
    },

    async updateEtchPacket(id, changes, onlyIf = {}) {
      if (!isId(id)) return null;
      return db.transaction().execute(async (trx) => {
        let lock = trx.updateTable('etch_packets').set({ updated_at: now() }).where('id', '=', id);
        if (onlyIf.status !== undefined) lock = lock.where('status', '=', onlyIf.status);
        const locked = await lock.returningAll().executeTakeFirst();
        if (!locked) return null;
        const change: EtchPacketChanges = typeof changes === 'function' ? changes(toEtchPacket(locked)) : changes;
        const set: Updateable<EtchPacketsTable> = {};
        if (change.name !== undefined) set.name = text(change.name);
        if (change.document !== undefined) set.document = jsonObject(change.document);
        if (change.status !== undefined) set.status = change.status;
        if (change.sentAt !== undefined) set.sent_at = change.sentAt === null ? null : timestamp(change.sentAt);
        if (Object.keys(set).length === 0) return toEtchPacket(locked);
        const row = await trx.updateTable('etch_packets').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        return toEtchPacket(row);
      });
    },

    async createWeld({ organizationId, name, slug: givenSlug, visibility, document }) {
      requireId(organizationId);
      text(name);
      text(visibility);
      const documentJson = jsonObject(document);
      const row = await insertWithUniqueSlug('Weld', slugify(text(givenSlug ?? name), 'weld'),
        (candidates) => db.selectFrom('welds').select('slug').where('organization_id', '=', organizationId).where('slug', 'in', candidates).execute(),
        (slug) => {
          const at = now();
          return db
            .insertInto('welds')
            .values({ eid: newEid(), organization_id: organizationId, name, slug, visibility, document: documentJson, created_at: at, updated_at: at })
            .onConflict((conflict) => conflict.doNothing())
            .returningAll()
            .executeTakeFirst();
        });
      return toWeld(row);
    },

    async getWeldByEid(eid) {
      if (!isEid(eid)) return null;
      const row = await db.selectFrom('welds').selectAll().where('eid', '=', eid).executeTakeFirst();
      return row ? toWeld(row) : null;
    },

    async getWeldBySlug(organizationId, slug) {
      if (!isId(organizationId) || !isText(slug)) return null;
      const row = await db.selectFrom('welds').selectAll().where('organization_id', '=', organizationId).where('slug', '=', slug).executeTakeFirst();
      return row ? toWeld(row) : null;
    },

    async listWelds(organizationId) {
      if (!isId(organizationId)) return [];
      const rows = await db
        .selectFrom('welds')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .orderBy('id', 'desc')
        .limit(LIST_LIMIT)
        .execute();
      return rows.map(toWeld);
    },

    async updateWeld(id, changes) {
      if (!isId(id)) return null;
      return db.transaction().execute(async (trx) => {
        // The first update takes the lock (see updateEtchPacket).
        const locked = await trx.updateTable('welds').set({ updated_at: now() }).where('id', '=', id).returningAll().executeTakeFirst();
        if (!locked) return null;
        const change: WeldChanges = typeof changes === 'function' ? changes(toWeld(locked)) : changes;
        const set: Updateable<WeldsTable> = {};
        if (change.name !== undefined) set.name = text(change.name);
        if (change.visibility !== undefined) set.visibility = text(change.visibility);
        if (change.document !== undefined) set.document = jsonObject(change.document);
        if (Object.keys(set).length === 0) return toWeld(locked);
        const row = await trx.updateTable('welds').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        return toWeld(row);
      });
    },

    async createEmbedToken({ organizationId, secretHash, objectType, objectEid, embedType, options: tokenOptions, metadata, objectState = null, expiresAt }) {
      const row = await db
        .insertInto('embed_tokens')
        .values({
          eid: newEid(),
          organization_id: requireId(organizationId),
          secret_hash: text(secretHash),
          object_type: objectType,
          object_eid: requireEid(objectEid),
          embed_type: text(embedType),
          options: jsonObject(tokenOptions),
          // `undefined` (no metadata) is kept as JSON null.
          metadata: JSON.stringify(metadata ?? null),
          object_state: objectState === null ? null : text(objectState),
          created_at: now(),
          expires_at: timestamp(expiresAt),
          used_at: null,
          revoked_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toEmbedToken(row);
    },

    async consumeEmbedToken(secretHash, session, at) {
      const atText = timestamp(at);
      const sessionHash = text(session.secretHash);
      const sessionExpiresAt = timestamp(session.expiresAt);
      if (!isText(secretHash)) return { state: 'unknown' };
      return db.transaction().execute(async (trx): Promise<EmbedTokenConsumption> => {
        for (let attempt = 0; attempt < CONSUME_ATTEMPTS; attempt++) {
          // The one conditional update decides: on SQLite the transaction holds the write
          // lock (begin immediate); on PostgreSQL a concurrent update of the row waits for
          // this transaction, then re-checks `used_at is null` and matches nothing.
          const used = await trx
            .updateTable('embed_tokens')
            .set({ used_at: atText })
            .where('secret_hash', '=', secretHash)
            .where('used_at', 'is', null)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', atText)
            .returningAll()
            .executeTakeFirst();
          if (used) {
            const sessionRow = await trx
              .insertInto('embed_sessions')
              .values({ token_id: used.id, secret_hash: sessionHash, created_at: atText, expires_at: sessionExpiresAt, revoked_at: null })
              .returningAll()
              .executeTakeFirstOrThrow();
            return { state: 'ok', token: toEmbedToken(used), session: toEmbedSession(sessionRow) };
          }
          const row = await trx.selectFrom('embed_tokens').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();
          if (!row) return { state: 'unknown' };
          const token = toEmbedToken(row);
          if (row.revoked_at !== null) return { state: 'revoked', token };
          if (row.used_at !== null) return { state: 'used', token };
          if (row.expires_at <= atText) return { state: 'expired', token };
          // Usable now, so created (committed) after the update looked (PostgreSQL reads
          // committed rows afresh at each statement): try again.
        }
        throw new Error('could not consume the embed token (it kept changing)');
      });
    },

    async revokeEmbedToken(organizationId, tokenEid, at) {
      const atText = timestamp(at);
      if (!isId(organizationId) || !isEid(tokenEid)) return false;
      return db.transaction().execute(async (trx) => {
        const token = await trx
          .updateTable('embed_tokens')
          .set({ revoked_at: atText })
          .where('organization_id', '=', organizationId)
          .where('eid', '=', tokenEid)
          .where('revoked_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!token) return false;
        // A consumeEmbedToken that got the token first has committed its session by now (it
        // held the row), and one that comes after finds the token revoked.
        await trx.updateTable('embed_sessions').set({ revoked_at: atText }).where('token_id', '=', token.id).where('revoked_at', 'is', null).execute();
        return true;
      });
    },

    async findEmbedSession(secretHash, at) {
      const atText = timestamp(at);
      if (!isText(secretHash)) return null;
      const row = await db
        .selectFrom('embed_sessions as s')
        .innerJoin('embed_tokens as t', 't.id', 's.token_id')
        .selectAll('t')
        .select([
          's.id as s_id',
          's.token_id as s_token_id',
          's.created_at as s_created_at',
          's.expires_at as s_expires_at',
          's.revoked_at as s_revoked_at',
        ])
        .where('s.secret_hash', '=', secretHash)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', atText)
        .where('t.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      return {
        session: toEmbedSession({
          id: row.s_id,
          token_id: row.s_token_id,
          created_at: row.s_created_at,
          expires_at: row.s_expires_at,
          revoked_at: row.s_revoked_at,
        }),
        token: toEmbedToken(row),
      };
    },
  };
}

/**
 * Inserts a row under the first free slug of `base`, `base-2` … `base-100` (then a random
 * suffix). `insert` inserts with ON CONFLICT DO NOTHING: when another instance took the slug
 * meanwhile it returns nothing, and the free slugs are looked up again.
 */
async function insertWithUniqueSlug<Row>(
  what: string,
  base: string,
  taken: (candidates: string[]) => Promise<{ slug: string }[]>,
  insert: (slug: string) => Promise<Row | undefined>,
): Promise<Row> {
  const candidates = slugCandidates(base, SLUG_CANDIDATES);
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const used = new Set((await taken(candidates)).map((row) => row.slug));
    const row = await insert(candidates.find((candidate) => !used.has(candidate)) ?? `${base}-${randomSlugSuffix()}`);
    if (row) return row;
  }
  throw new Error(`could not choose a unique slug for the ${what} "${base}"`);
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

function requireEid(value: string): string {
  if (!isEid(value)) throw new RangeError(`not an eid: ${JSON.stringify(value)}`);
  return value;
}

/** Whether `text()` would take it: what a lookup checks before querying (a NUL never matches). */
function isText(value: string): boolean {
  return typeof value === 'string' && !value.includes('\u0000');
}

/** PostgreSQL text cannot hold U+0000 (SQLite's can): refused on both, so both behave alike. */
function text(value: string): string {
  if (!isText(value)) throw new RangeError('text with a NUL character cannot be stored');
  return value;
}

/**
 * A given time as the store writes times. Years outside 0000–9999 are refused: their ISO form
 * (`+010000-…`) would not sort as time does, and the store compares times as text.
 */
function timestamp(date: Date): string {
  const time = date instanceof Date ? date.getTime() : Number.NaN;
  if (Number.isNaN(time)) throw new RangeError('not a valid Date');
  const iso = date.toISOString();
  if (iso.length !== 24) throw new RangeError(`a time out of range: ${iso}`);
  return iso;
}

/** JSON text of an object (JSON escapes U+0000, so the text never holds a NUL). */
function jsonObject(value: JsonObject): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('not a JSON object');
  return JSON.stringify(value);
}

function aliasIdsJson(aliasIds: readonly string[] | null): string | null {
  return stringListJson(aliasIds, 'allowedAliasIds');
}

function stringListJson(list: readonly string[] | null, what: string): string | null {
  if (list === null) return null;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) throw new TypeError(`${what} must be an array of strings or null`);
  return JSON.stringify(list);
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
    embedOrigins: row.embed_origins === null ? null : (JSON.parse(row.embed_origins) as string[]),
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
    allowedAliasIds: row.allowed_alias_ids === null ? null : (JSON.parse(row.allowed_alias_ids) as string[]),
    versionNumber: row.latest_version,
    fields: parseFields(fieldsJson),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toEtchPacket(row: Selectable<EtchPacketsTable>): EtchPacketRecord {
  return {
    id: row.id,
    eid: row.eid,
    organizationId: row.organization_id,
    name: row.name,
    status: row.status,
    isTest: row.is_test === 1,
    allowUpdates: row.allow_updates === 1,
    document: JSON.parse(row.document) as JsonObject,
    sentAt: row.sent_at === null ? null : new Date(row.sent_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toWeld(row: Selectable<WeldsTable>): WeldRecord {
  return {
    id: row.id,
    eid: row.eid,
    organizationId: row.organization_id,
    name: row.name,
    slug: row.slug,
    visibility: row.visibility,
    document: JSON.parse(row.document) as JsonObject,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** Never the secret hash. */
function toEmbedToken(row: Selectable<EmbedTokensTable>): EmbedTokenRecord {
  return {
    id: row.id,
    eid: row.eid,
    organizationId: row.organization_id,
    objectType: row.object_type,
    objectEid: row.object_eid,
    embedType: row.embed_type,
    options: JSON.parse(row.options) as JsonObject,
    metadata: JSON.parse(row.metadata) as unknown,
    objectState: row.object_state,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    usedAt: row.used_at === null ? null : new Date(row.used_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  };
}

function toEmbedSession(row: Omit<Selectable<EmbedSessionsTable>, 'secret_hash'>): EmbedSessionRecord {
  return {
    id: row.id,
    tokenId: row.token_id,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  };
}
