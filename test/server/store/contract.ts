// The store's contract: one suite, run against every backend (sqlite.test.ts, postgres.test.ts).
// `open` returns a store on a fresh, empty, unmigrated database each time it is called.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CastField } from '../../../src/fill/types.js';
import { LIST_LIMIT } from '../../../server/store/kysely-store.js';
import type { Store } from '../../../server/store/types.js';

const FIXTURES = new URL('../../../../shared/examples/anvil/fixtures/', import.meta.url);
export const SAMPLE_PDF = new Uint8Array(readFileSync(new URL('sample-template-fillable.pdf', FIXTURES)));
export const NDA_PDF = new Uint8Array(readFileSync(new URL('test-pdf-nda.pdf', FIXTURES)));

const EID = /^[0-9A-Za-z]{20}$/;

/** Fields with every kind of value the JSON has to carry: nesting, optional keys, unicode, numbers. */
export const FIELDS: readonly CastField[] = [
  { id: 'name', aliasId: 'fullName', name: 'Full name — “quoted” ünïcödé 名前 \u{1F600}', type: 'fullName', pageNum: 0, rect: { x: 72.5, y: 700.25, width: 200, height: 14 }, fontSize: 10, fontFamily: 'Noto Sans', fontWeight: 'bold', textColor: '#1a2b3c', alignment: 'center' },
  { id: 'lines', aliasId: 'notes', name: 'Notes\n"with" \\ backslash', type: 'textPerLine', pageNum: 1, lines: [{ x: 10, y: 20, width: 300, height: 12 }, { x: 10, y: 8, width: 300, height: 12 }] },
  { id: 'ssn', aliasId: 'ssn', name: 'SSN', type: 'textPerLetter', pageNum: 0, rect: { x: 1e-3, y: 0, width: 90, height: 12 }, maxLength: 9 },
  { id: 'choice', aliasId: 'choice', name: 'Choice', type: 'radioGroup', options: [{ id: 'a', name: 'A', pageNum: 0, rect: { x: 1, y: 2, width: 3, height: 4 } }, { id: 'b', exportValue: 'Off' }] },
  { id: 'acro', aliasId: 'agree', name: 'agree', type: 'checkbox', acroFieldName: 'form.agree[0]' },
  { id: 'date', aliasId: 'when', name: 'When', type: 'date', format: 'MMMM Do YYYY' },
];

export function storeContract(name: string, open: () => Promise<Store>): void {
  describe(name, () => {
    const opened: Store[] = [];
    let store: Store;

    /** A store on a fresh database (closed after the test). */
    async function fresh(): Promise<Store> {
      const created = await open();
      opened.push(created);
      return created;
    }

    beforeEach(async () => {
      store = await fresh();
      await store.migrate();
    });

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((each) => each.close()));
    });

    async function org(orgName = 'Acme') {
      return store.createOrganization({ name: orgName });
    }

    async function cast(organizationId: number, pdf: Uint8Array = SAMPLE_PDF, fields: readonly CastField[] = FIELDS) {
      return store.createCast({ organizationId, name: 'w4', title: 'W-4 form', pdf, fields });
    }

    describe('migrations', () => {
      it('migrating again changes nothing and loses nothing', async () => {
        const acme = await org();
        await store.migrate();
        await store.migrate();
        await store.ping();
        expect(await store.countOrganizations()).toBe(1);
        expect(await store.getOrganizationById(acme.id)).toEqual(acme);
      });

      it('several migrate() at once on a fresh database all succeed', async () => {
        const unmigrated = await fresh();
        await Promise.all([unmigrated.migrate(), unmigrated.migrate(), unmigrated.migrate()]);
        await unmigrated.ping();
        expect(await unmigrated.countOrganizations()).toBe(0);
        await unmigrated.createOrganization({ name: 'After the race' });
        expect(await unmigrated.countOrganizations()).toBe(1);
      });

      it('close() is idempotent', async () => {
        const other = await fresh();
        await other.close();
        await other.close();
      });
    });

    describe('organizations', () => {
      it('get a 20-character eid, a slug from the name, and a creation time', async () => {
        const before = Date.now();
        const acme = await org('Ācme Widgets, Inc.');
        expect(acme.eid).toMatch(EID);
        expect(acme.slug).toBe('acme-widgets-inc');
        expect(acme.name).toBe('Ācme Widgets, Inc.');
        expect(acme.encryptionPublicKey).toBeNull();
        expect(acme.createdAt).toBeInstanceOf(Date);
        expect(acme.createdAt.getTime()).toBeGreaterThanOrEqual(before);
        expect(acme.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
        expect(Number.isInteger(acme.id)).toBe(true);
      });

      it('are found by eid and by id, as they were created', async () => {
        const acme = await org();
        expect(await store.getOrganizationByEid(acme.eid)).toEqual(acme);
        expect(await store.getOrganizationById(acme.id)).toEqual(acme);
        expect(await store.getOrganizationByEid('AAAAAAAAAAAAAAAAAAAA')).toBeNull();
        expect(await store.getOrganizationByEid('not an eid')).toBeNull();
        expect(await store.getOrganizationByEid("x' or '1'='1")).toBeNull();
        expect(await store.getOrganizationById(acme.id + 1000)).toBeNull();
        expect(await store.getOrganizationById(-1)).toBeNull();
        expect(await store.getOrganizationById(2 ** 40)).toBeNull();
      });

      it('get unique eids and slugs: -2, -3 … on a name taken before', async () => {
        const orgs = [await org('Acme'), await org('acme'), await org('ACME!'), await org('  acme  ')];
        expect(orgs.map((each) => each.slug)).toEqual(['acme', 'acme-2', 'acme-3', 'acme-4']);
        expect(new Set(orgs.map((each) => each.eid)).size).toBe(4);
        expect(await store.countOrganizations()).toBe(4);
      });

      it('get unique slugs when created at the same time', async () => {
        const orgs = await Promise.all(Array.from({ length: 6 }, () => org('Same Name')));
        const slugs = orgs.map((each) => each.slug).sort();
        expect(new Set(slugs).size).toBe(6);
        for (const slug of slugs) expect(slug).toMatch(/^same-name(-\d+)?$/);
      });

      it('refuse names with a NUL character (PostgreSQL text cannot hold one)', async () => {
        await expect(org('Ac\u0000me')).rejects.toThrow(/NUL/);
        expect(await store.countOrganizations()).toBe(0);
      });

      it('get a slug when the name has no usable characters', async () => {
        const a = await org('株式会社');
        const b = await org('!!!');
        expect(a.slug).toBe('org');
        expect(b.slug).toBe('org-2');
      });

      it('are counted', async () => {
        expect(await store.countOrganizations()).toBe(0);
        await org('One');
        await org('Two');
        expect(await store.countOrganizations()).toBe(2);
      });
    });

    describe('encryption keys', () => {
      it('are none at first, then as set', async () => {
        const acme = await org();
        expect(await store.getEncryptionPrivateKey(acme.id)).toBeNull();
        const publicKeyPem = '-----BEGIN PUBLIC KEY-----\nMIIBIjAN…\n-----END PUBLIC KEY-----\n';
        await store.setEncryptionKeys(acme.id, { publicKeyPem, privateKeySealed: 'v1.sealed.abc' });
        expect(await store.getEncryptionPrivateKey(acme.id)).toBe('v1.sealed.abc');
        expect((await store.getOrganizationById(acme.id))?.encryptionPublicKey).toBe(publicKeyPem);
        expect((await store.getOrganizationByEid(acme.eid))?.encryptionPublicKey).toBe(publicKeyPem);

        await store.setEncryptionKeys(acme.id, { publicKeyPem: 'pem 2', privateKeySealed: 'sealed 2' });
        expect(await store.getEncryptionPrivateKey(acme.id)).toBe('sealed 2');
      });

      it('belong to one organization', async () => {
        const acme = await org('Acme');
        const other = await org('Other');
        await store.setEncryptionKeys(acme.id, { publicKeyPem: 'pem', privateKeySealed: 'sealed' });
        expect(await store.getEncryptionPrivateKey(other.id)).toBeNull();
        expect(await store.getEncryptionPrivateKey(other.id + 1000)).toBeNull();
        await expect(store.setEncryptionKeys(other.id + 1000, { publicKeyPem: 'pem', privateKeySealed: 'sealed' })).rejects.toThrow(/no organization/);
      });
    });

    describe('API keys', () => {
      const hash = (n: number) => n.toString(16).padStart(64, '0');

      it('are found by hash, with their organization', async () => {
        const acme = await org();
        const key = await store.createApiKey({ organizationId: acme.id, mode: 'production', hash: hash(1), prefix: 'qk_live_ab' });
        expect(key).toMatchObject({ organizationId: acme.id, mode: 'production', prefix: 'qk_live_ab', revokedAt: null });
        expect(key.createdAt).toBeInstanceOf(Date);
        expect(key).not.toHaveProperty('hash');

        const found = await store.findApiKeyByHash(hash(1));
        expect(found).toEqual({ key, organization: acme });
        expect(await store.findApiKeyByHash(hash(2))).toBeNull();
        expect(await store.findApiKeyByHash("' or 1=1 --")).toBeNull();
      });

      it('are not found once revoked, and are revoked once', async () => {
        const acme = await org();
        const key = await store.createApiKey({ organizationId: acme.id, mode: 'development', hash: hash(1), prefix: 'qk_test_cd' });
        expect(await store.revokeApiKey(key.id)).toBe(true);
        expect(await store.findApiKeyByHash(hash(1))).toBeNull();
        expect(await store.revokeApiKey(key.id)).toBe(false);
        expect(await store.revokeApiKey(key.id + 1000)).toBe(false);
        const [listed] = await store.listApiKeys(acme.id);
        expect(listed?.revokedAt).toBeInstanceOf(Date);
      });

      it('are listed with their prefix, never their hash', async () => {
        const acme = await org('Acme');
        const other = await org('Other');
        const dev = await store.createApiKey({ organizationId: acme.id, mode: 'development', hash: hash(1), prefix: 'qk_test_1' });
        const live = await store.createApiKey({ organizationId: acme.id, mode: 'production', hash: hash(2), prefix: 'qk_live_2' });
        await store.createApiKey({ organizationId: other.id, mode: 'production', hash: hash(3), prefix: 'qk_live_3' });

        const listed = await store.listApiKeys(acme.id);
        expect(listed).toEqual([live, dev]); // newest first
        for (const key of listed) expect(key).not.toHaveProperty('hash');
        expect(JSON.stringify(listed)).not.toContain(hash(1));
        expect(await store.listApiKeys(other.id + 1000)).toEqual([]);
      });

      it('have unique hashes and a known mode', async () => {
        const acme = await org();
        await store.createApiKey({ organizationId: acme.id, mode: 'production', hash: hash(1), prefix: 'a' });
        await expect(store.createApiKey({ organizationId: acme.id, mode: 'production', hash: hash(1), prefix: 'b' })).rejects.toThrow();
        await expect(store.createApiKey({ organizationId: acme.id, mode: 'staging' as never, hash: hash(2), prefix: 'c' })).rejects.toThrow();
        await expect(store.createApiKey({ organizationId: acme.id + 1000, mode: 'production', hash: hash(3), prefix: 'd' })).rejects.toThrow();
        expect(await store.listApiKeys(acme.id)).toHaveLength(1);
      });

      it(`are listed at most ${LIST_LIMIT} at a time`, async () => {
        const acme = await org();
        for (let n = 0; n <= LIST_LIMIT; n++) {
          await store.createApiKey({ organizationId: acme.id, mode: 'development', hash: hash(n), prefix: `p${n}` });
        }
        const listed = await store.listApiKeys(acme.id);
        expect(listed).toHaveLength(LIST_LIMIT);
        expect(listed[0]?.prefix).toBe(`p${LIST_LIMIT}`);
      });
    });

    describe('casts', () => {
      it('are created at version 1 and found by eid', async () => {
        const acme = await org();
        const before = Date.now();
        const created = await cast(acme.id);
        expect(created).toMatchObject({ organizationId: acme.id, name: 'w4', title: 'W-4 form', isTemplate: true, versionNumber: 1, fields: FIELDS });
        expect(created.eid).toMatch(EID);
        expect(created.createdAt.getTime()).toBeGreaterThanOrEqual(before);
        expect(created.updatedAt).toEqual(created.createdAt);
        expect(await store.getCastByEid(created.eid)).toEqual(created);
        expect(await store.getCastByEid('AAAAAAAAAAAAAAAAAAAA')).toBeNull();
        expect(await store.getCastByEid('nope')).toBeNull();

        const notTemplate = await store.createCast({ organizationId: acme.id, name: 'n', title: 't', pdf: SAMPLE_PDF, fields: [], isTemplate: false });
        expect(notTemplate.isTemplate).toBe(false);
        expect((await store.getCastByEid(notTemplate.eid))?.isTemplate).toBe(false);
        expect(notTemplate.eid).not.toBe(created.eid);
      });

      it('need an organization', async () => {
        const acme = await org();
        await expect(cast(acme.id + 1000)).rejects.toThrow();
        expect(await store.listCasts(acme.id)).toEqual([]);
      });

      it('keep every version: the latest by default, an earlier one by number', async () => {
        const acme = await org();
        const created = await cast(acme.id, SAMPLE_PDF, FIELDS);
        const v2Fields = FIELDS.slice(0, 2);
        const v2 = await store.addCastVersion(created.id, { pdf: NDA_PDF, fields: v2Fields });
        expect(v2).toMatchObject({ id: created.id, eid: created.eid, versionNumber: 2, fields: v2Fields, createdAt: created.createdAt });
        expect(v2.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
        expect(await store.getCastByEid(created.eid)).toEqual(v2);

        const latest = await store.getCastVersion(created.eid);
        expect(latest?.versionNumber).toBe(2);
        expect(latest?.cast).toEqual(v2);
        expect(latest?.fields).toEqual(v2Fields);
        expect(Buffer.from(latest!.pdf).equals(Buffer.from(NDA_PDF))).toBe(true);

        const first = await store.getCastVersion(created.eid, 1);
        expect(first?.versionNumber).toBe(1);
        expect(first?.cast).toEqual(v2); // the Cast as it is now
        expect(first?.fields).toEqual(FIELDS);
        expect(Buffer.from(first!.pdf).equals(Buffer.from(SAMPLE_PDF))).toBe(true);

        expect((await store.getCastVersion(created.eid, 2))?.versionNumber).toBe(2);
        expect(await store.getCastVersion(created.eid, 3)).toBeNull();
        expect(await store.getCastVersion(created.eid, 0)).toBeNull();
        expect(await store.getCastVersion(created.eid, 1.5)).toBeNull();
        expect(await store.getCastVersion('AAAAAAAAAAAAAAAAAAAA')).toBeNull();
        await expect(store.addCastVersion(created.id + 1000, { pdf: SAMPLE_PDF, fields: [] })).rejects.toThrow(/no Cast/);
      });

      it('round-trip PDF bytes exactly', async () => {
        const acme = await org();
        const every = new Uint8Array(512).map((_, i) => (i * 7) % 256); // all 256 values, NULs and backslashes included
        for (const pdf of [SAMPLE_PDF, every, new Uint8Array(0), SAMPLE_PDF.subarray(100, 5000)]) {
          const created = await cast(acme.id, pdf);
          const version = await store.getCastVersion(created.eid);
          expect(version?.pdf).toBeInstanceOf(Uint8Array);
          expect(version?.pdf.byteLength).toBe(pdf.byteLength);
          expect(Buffer.from(version!.pdf).equals(Buffer.from(pdf))).toBe(true);
        }
      });

      it('round-trip fields as JSON', async () => {
        const acme = await org();
        const created = await cast(acme.id, SAMPLE_PDF, FIELDS);
        expect((await store.getCastByEid(created.eid))?.fields).toStrictEqual(JSON.parse(JSON.stringify(FIELDS)));
        expect((await store.getCastVersion(created.eid, 1))?.fields).toEqual(FIELDS);
        const empty = await cast(acme.id, SAMPLE_PDF, []);
        expect((await store.getCastByEid(empty.eid))?.fields).toEqual([]);
      });

      it('get distinct version numbers from concurrent addCastVersion', async () => {
        const acme = await org();
        const created = await cast(acme.id);
        const pdfs = Array.from({ length: 8 }, (_, i) => new Uint8Array([i, i, i]));
        const results = await Promise.all(pdfs.map((pdf, i) => store.addCastVersion(created.id, { pdf, fields: [{ ...FIELDS[0]!, id: `v${i}` }] })));
        const numbers = results.map((result) => result.versionNumber).sort((a, b) => a - b);
        expect(numbers).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
        // Each call's own PDF and fields are stored under the number it was given.
        for (const [i, result] of results.entries()) {
          const version = await store.getCastVersion(created.eid, result.versionNumber);
          expect(Array.from(version!.pdf)).toEqual([i, i, i]);
          expect(version?.fields[0]?.id).toBe(`v${i}`);
        }
        expect((await store.getCastByEid(created.eid))?.versionNumber).toBe(9);
      });

      it("are listed per organization, newest first, with their latest version's fields", async () => {
        const acme = await org('Acme');
        const other = await org('Other');
        const a = await cast(acme.id);
        const b = await cast(acme.id);
        await cast(other.id);
        const b2 = await store.addCastVersion(b.id, { pdf: SAMPLE_PDF, fields: [] });
        expect(await store.listCasts(acme.id)).toEqual([b2, a]);
        expect(await store.listCasts(other.id + 1000)).toEqual([]);
      });
    });
  });
}
