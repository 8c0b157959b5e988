// The PostgreSQL store (for several server instances sharing one database): kysely's
// PostgresDialect over a pg Pool. Tables go in the connection's current schema (the first of
// its search_path, `public` by default); PDFs are bytea.
//
// Migrations run on a separate short-lived connection without the statement timeout: kysely's
// Migrator holds a session advisory lock while it migrates, and an instance that starts while
// another migrates waits on that lock (longer, perhaps, than any ordinary query may take).
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { createKyselyStore, migrateToLatest } from './kysely-store.js';
import type { Tables } from './schema.js';
import type { Store } from './types.js';

export interface PostgresStoreOptions {
  /** postgres://user:password@host:port/database (pg's connection string, query parameters included). */
  readonly url: string;
  /** Connections in the pool (default 10). */
  readonly poolSize?: number;
  /** Longest a query may run, in ms (default 30 s). */
  readonly statementTimeoutMs?: number;
  /** Errors of idle pooled connections (e.g. the server restarted); the pool drops the connection either way. */
  readonly onPoolError?: (error: Error) => void;
}

/** Opens a pool (connecting lazily). Does not migrate: call `migrate()` (openStore does). */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    application_name: 'quire',
  });
  // Without a listener, an idle connection's error would be an uncaught exception.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });

  async function migrate(): Promise<void> {
    const migrationPool = new pg.Pool({ connectionString: options.url, max: 2, connectionTimeoutMillis: 10_000, application_name: 'quire-migrate' });
    migrationPool.on('error', () => {}); // the migration's own query reports any failure
    const migrationDb = new Kysely<any>({ dialect: new PostgresDialect({ pool: migrationPool }) });
    try {
      // Kysely's bookkeeping tables go in the same schema as ours (it would otherwise look for
      // them in every schema of the database and might find another schema's).
      const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(migrationDb);
      const schema = rows[0]?.schema;
      if (!schema) throw new Error('the PostgreSQL connection has no current schema (check search_path)');
      await migrateToLatest(migrationDb, 'postgres', schema);
    } finally {
      await migrationDb.destroy();
    }
  }

  return createKyselyStore({ kind: 'postgres', db, migrate });
}
