// The embedded store: SQLite through libsql, one file `<dataDir>/quire.db` (WAL, foreign keys
// on, a busy timeout), or an in-memory database for tests (`dataDir: null`).
//
// Kysely's SqliteDialect keeps one connection per process and queues users on it, so in one
// process queries and transactions never overlap. Across processes (two server instances on
// one data directory, or two starting together) SQLite's file locks arbitrate; two things
// here make that safe:
//   - every transaction is `begin immediate`: it takes the write lock when it starts (waiting
//     up to the busy timeout), so a transaction never fails halfway when it first writes;
//   - migrations run in such a transaction (SQLite has transactional DDL; kysely's adapter
//     says it has not, and takes no lock), so a second process waits, then finds the
//     migrations done.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import {
  CompiledQuery,
  Kysely,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import { createKyselyStore, migrateToLatest } from './kysely-store.js';
import type { Tables } from './schema.js';
import type { Store } from './types.js';

export const SQLITE_FILE_NAME = 'quire.db';
/** How long a statement waits for another process's write lock before failing with SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 10_000;

export interface SqliteStoreOptions {
  /** The directory for `quire.db` (created, with parents, when missing); null for an in-memory database. */
  readonly dataDir: string | null;
}

/** Opens (and, on disk, creates) the database. Does not migrate: call `migrate()` (openStore does). */
export async function openSqliteStore({ dataDir }: SqliteStoreOptions): Promise<Store> {
  let database: Database.Database;
  if (dataDir === null) {
    database = new Database(':memory:');
  } else {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    database = new Database(path.join(dataDir, SQLITE_FILE_NAME));
  }
  try {
    database.exec(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    database.exec('pragma foreign_keys = on');
    if (dataDir !== null) await enableWal(database);
  } catch (error) {
    database.close();
    throw error;
  }

  const db = new Kysely<Tables>({ dialect: new QuireSqliteDialect({ database: kyselyDatabase(database) }) });
  return createKyselyStore({ kind: 'sqlite', db, migrate: () => migrateToLatest(db, 'sqlite') });
}

/**
 * Switches the file to WAL (a lasting property of the file). The switch needs the file to
 * itself for a moment and, unlike other statements, fails at once with SQLITE_BUSY rather than
 * waiting when another process is using a new file: so it is retried until the busy timeout.
 */
async function enableWal(database: Database.Database): Promise<void> {
  const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      database.exec('pragma journal_mode = wal');
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
    }
  }
}

/**
 * libsql as kysely's SqliteDatabase. libsql aborts the process (a Rust panic) when given a
 * boolean parameter, so booleans are bound as 1/0, like better-sqlite3 would refuse them.
 */
function kyselyDatabase(database: Database.Database): SqliteDatabase {
  const bindable = (parameters: ReadonlyArray<unknown>): unknown[] =>
    parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value));
  return {
    close: () => database.close(),
    prepare(sql) {
      const statement = database.prepare(sql);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(bindable(parameters)),
        run: (parameters) => statement.run(bindable(parameters)),
        iterate: (parameters) => statement.iterate(bindable(parameters)),
      };
    },
  };
}

class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class TransactionalDdlAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class QuireSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlAdapter();
  }
}
