// The store on PostgreSQL, when QUIRE_TEST_DATABASE_URL names a database to test in (.ci/run
// starts a throwaway cluster and sets it). Without it these tests are reported as skipped.
// Every store opened here gets its own new schema (search_path set through the URL), and the
// schemas are dropped at the end, so runs never see each other's rows.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../server/store/index.js';
import { openPostgresStore } from '../../../server/store/postgres.js';
import { SAMPLE_PDF, storeContract } from './contract.js';
import { consumeSharedTokenInProcesses, openStoreInProcesses } from './processes.js';

const url = process.env.QUIRE_TEST_DATABASE_URL;

describe.runIf(url)('PostgreSQL', () => {
  const admin = new pg.Client({ connectionString: url });
  const schemas: string[] = [];

  beforeAll(async () => {
    await admin.connect();
  });

  afterAll(async () => {
    for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  /** A URL for a new, empty schema of the test database. */
  async function freshSchemaUrl(): Promise<string> {
    const schema = `quire_test_${randomBytes(6).toString('hex')}`;
    await admin.query(`create schema ${schema}`);
    schemas.push(schema);
    const scoped = new URL(url!);
    scoped.searchParams.set('options', `-c search_path=${schema}`);
    return scoped.toString();
  }

  storeContract('contract', async () => openPostgresStore({ url: await freshSchemaUrl() }), {
    openPair: async () => {
      const scoped = await freshSchemaUrl();
      return [await openPostgresStore({ url: scoped }), await openPostgresStore({ url: scoped })];
    },
  });

  it('is what openStore opens with a postgres:// or postgresql:// URL', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-store-pg-'));
    try {
      for (const scheme of ['postgres:', 'postgresql:']) {
        const scoped = new URL(await freshSchemaUrl());
        scoped.protocol = scheme;
        const store = await openStore({ databaseUrl: scoped.toString(), dataDir });
        try {
          expect(store.kind).toBe('postgres');
          await store.ping();
          expect(await store.countOrganizations()).toBe(0); // migrated by openStore
        } finally {
          await store.close();
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('stores PDFs as bytea and timestamps as ISO text', async () => {
    const scoped = await freshSchemaUrl();
    const store = await openStore({ databaseUrl: scoped, dataDir: '' });
    try {
      const acme = await store.createOrganization({ name: 'Acme' });
      const cast = await store.createCast({ organizationId: acme.id, name: 'n', title: 't', pdf: SAMPLE_PDF, fields: [] });
      const schema = schemas.at(-1)!;
      const { rows } = await admin.query<{ pdf: Buffer; type: string; created_at: string }>(
        `select v.pdf, pg_typeof(v.pdf)::text as type, v.created_at from ${schema}.cast_versions v where v.cast_id = $1`,
        [cast.id],
      );
      expect(rows[0]?.type).toBe('bytea');
      expect(rows[0]?.pdf.equals(Buffer.from(SAMPLE_PDF))).toBe(true);
      expect(rows[0]?.created_at).toBe(cast.createdAt.toISOString());
    } finally {
      await store.close();
    }
  });

  it('lets two stores (separate pools) migrate one new schema at once', async () => {
    const scoped = await freshSchemaUrl();
    const stores = await Promise.all([openPostgresStore({ url: scoped }), openPostgresStore({ url: scoped })]);
    try {
      await Promise.all(stores.map((store) => store.migrate()));
      await stores[0]!.createOrganization({ name: 'Acme' });
      expect(await stores[1]!.countOrganizations()).toBe(1);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('lets several processes start on one new schema at once', async () => {
    const scoped = await freshSchemaUrl();
    const slugs = await openStoreInProcesses(4, { dataDir: '', databaseUrl: scoped });
    expect(slugs.sort()).toEqual(['racer', 'racer-2', 'racer-3', 'racer-4']);
  });

  it('gives exactly one ok to 20 consumers of one embed token in 4 processes', async () => {
    const scoped = await freshSchemaUrl();
    const store = await openStore({ databaseUrl: scoped, dataDir: '' });
    try {
      const states = await consumeSharedTokenInProcesses(store, { dataDir: '', databaseUrl: scoped });
      expect(states).toHaveLength(20);
      expect(states.filter((state) => state === 'ok')).toHaveLength(1);
      expect(states.filter((state) => state === 'used')).toHaveLength(19);
    } finally {
      await store.close();
    }
  });
});
