// Opens the store the configuration asks for — PostgreSQL when a database URL is set, else
// SQLite in the data directory — migrated to the latest schema.
import { openPostgresStore } from './postgres.js';
import { openSqliteStore } from './sqlite.js';
import type { Store } from './types.js';

export type * from './types.js';
export { openPostgresStore, type PostgresStoreOptions } from './postgres.js';
export { openSqliteStore, type SqliteStoreOptions, SQLITE_FILE_NAME } from './sqlite.js';
export { LIST_LIMIT } from './kysely-store.js';

export interface StoreConfig {
  /** postgres:// or postgresql:// URL (DATABASE_URL); empty or null for SQLite. */
  readonly databaseUrl?: string | null;
  /** Where SQLite keeps `quire.db` when there is no database URL. */
  readonly dataDir: string;
}

export async function openStore(config: StoreConfig): Promise<Store> {
  const url = config.databaseUrl?.trim();
  let store: Store;
  if (url) {
    if (!/^postgres(ql)?:\/\//i.test(url)) {
      throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
    }
    store = await openPostgresStore({ url });
  } else {
    store = await openSqliteStore({ dataDir: config.dataDir });
  }
  try {
    await store.migrate();
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  return store;
}
