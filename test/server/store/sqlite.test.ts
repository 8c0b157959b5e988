// The store on SQLite (libsql): the contract in memory and on disk, and what only a file has —
// the directory made on first start, data kept across restarts, several processes at once.
// (Two stores on one file within one process are not tested: libsql waits for another
// connection's lock synchronously, blocking the event loop that would release it.)
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../server/store/index.js';
import { openSqliteStore, SQLITE_FILE_NAME } from '../../../server/store/sqlite.js';
import { FIELDS, SAMPLE_PDF, storeContract } from './contract.js';
import { consumeSharedTokenInProcesses, openStoreInProcesses } from './processes.js';

const root = mkdtempSync(path.join(tmpdir(), 'quire-store-'));
let directories = 0;
/** A data directory that does not exist yet (with a parent that does not either). */
const newDataDir = () => path.join(root, `run-${++directories}`, 'data');

afterAll(() => rmSync(root, { recursive: true, force: true }));

storeContract('SQLite in memory', () => openSqliteStore({ dataDir: null }));
storeContract('SQLite on disk', () => openSqliteStore({ dataDir: newDataDir() }));

describe('SQLite on disk', () => {
  it('creates the data directory on first start, and keeps data across restarts', async () => {
    const dataDir = newDataDir();
    expect(existsSync(dataDir)).toBe(false);

    const first = await openStore({ dataDir });
    expect(first.kind).toBe('sqlite');
    expect(existsSync(path.join(dataDir, SQLITE_FILE_NAME))).toBe(true);
    const acme = await first.createOrganization({ name: 'Acme' });
    await first.setEncryptionKeys(acme.id, { publicKeyPem: 'pem', privateKeySealed: 'sealed' });
    const key = await first.createApiKey({ organizationId: acme.id, mode: 'production', hash: 'f'.repeat(64), prefix: 'qk_live_f' });
    const cast = await first.createCast({ organizationId: acme.id, name: 'w4', title: 'W-4', pdf: SAMPLE_PDF, fields: FIELDS });
    expect(existsSync(path.join(dataDir, `${SQLITE_FILE_NAME}-wal`))).toBe(true); // WAL mode
    await first.close();

    const second = await openStore({ dataDir });
    try {
      expect(await second.getOrganizationByEid(acme.eid)).toEqual({ ...acme, encryptionPublicKey: 'pem' });
      expect(await second.getEncryptionPrivateKey(acme.id)).toBe('sealed');
      expect(await second.findApiKeyByHash('f'.repeat(64))).toEqual({ key, organization: { ...acme, encryptionPublicKey: 'pem' } });
      const version = await second.getCastVersion(cast.eid);
      expect(version?.cast).toEqual(cast);
      expect(Buffer.from(version!.pdf).equals(Buffer.from(SAMPLE_PDF))).toBe(true);
      // A later organization does not reuse the name's slug.
      expect((await second.createOrganization({ name: 'Acme' })).slug).toBe('acme-2');
    } finally {
      await second.close();
    }
  });

  it('enforces foreign keys', async () => {
    const store = await openStore({ dataDir: newDataDir() });
    try {
      await expect(store.createApiKey({ organizationId: 999, mode: 'production', hash: 'a', prefix: 'a' })).rejects.toThrow(/FOREIGN KEY/);
    } finally {
      await store.close();
    }
  });

  it('is what openStore opens without a database URL', async () => {
    for (const databaseUrl of [undefined, null, '', '  ']) {
      const store = await openStore({ dataDir: newDataDir(), databaseUrl });
      expect(store.kind).toBe('sqlite');
      await store.close();
    }
    await expect(openStore({ dataDir: newDataDir(), databaseUrl: 'mysql://localhost/quire' })).rejects.toThrow(/postgres/);
  });

  it('lets several processes start on one new data directory at once', async () => {
    const dataDir = newDataDir();
    const slugs = await openStoreInProcesses(4, { dataDir });
    expect(slugs.sort()).toEqual(['racer', 'racer-2', 'racer-3', 'racer-4']);
    const store = await openStore({ dataDir });
    expect(await store.countOrganizations()).toBe(4);
    await store.close();
  });

  it('gives exactly one ok to 20 consumers of one embed token in 4 processes', async () => {
    const dataDir = newDataDir();
    const store = await openStore({ dataDir });
    try {
      const states = await consumeSharedTokenInProcesses(store, { dataDir });
      expect(states).toHaveLength(20);
      expect(states.filter((state) => state === 'ok')).toHaveLength(1);
      expect(states.filter((state) => state === 'used')).toHaveLength(19);
    } finally {
      await store.close();
    }
  });
});
