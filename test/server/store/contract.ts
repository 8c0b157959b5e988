// The store's contract: one suite, run against every backend (sqlite.test.ts, postgres.test.ts).
// `open` returns a store on a fresh, empty, unmigrated database each time it is called;
// `openPair` (where the backend allows two stores in one process on one database) returns two
// stores on one fresh database, for what must hold across instances.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CastField } from '../../../src/fill/types.js';
import { LIST_LIMIT } from '../../../server/store/kysely-store.js';
import type { EmbedObjectType, EmbedTokenConsumption, JsonObject, Store } from '../../../server/store/types.js';

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

/** A JSON document with what the text has to carry: nesting, unicode, escapes, numbers, null. */
export const DOCUMENT: JsonObject = {
  files: [{ id: 'w4', castEid: 'AAAAAAAAAAAAAAAAAAAA' }, { id: 'nda', castEid: 'BBBBBBBBBBBBBBBBBBBB', title: 'NDA — “ünïcödé” 名前 \u{1F600}' }],
  signers: [{ name: 'Zoë \\ "Q"', email: 'zoe@example.com', fields: [{ fileId: 'w4', fieldId: 'name' }], routingOrder: 1 }],
  data: { payloads: { w4: { data: { name: 'Line\nbreak\ttab \u0000 nul', amount: 12.5, nothing: null, yes: true } } } },
  options: {},
};

/** A SHA-256 hex, as the server stores for secrets. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export interface StoreContractOptions {
  /** Two (unmigrated) stores on one fresh database. */
  readonly openPair?: () => Promise<readonly [Store, Store]>;
}

export function storeContract(name: string, open: () => Promise<Store>, options: StoreContractOptions = {}): void {
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

    describe('casts: allowedAliasIds and updateCast', () => {
      const ALIAS_IDS = ['fullName', 'notes', 'ünïcödé 名前 \u{1F600}', 'quote"back\\slash', 'nul\u0000', ''];

      it('keep allowedAliasIds as given (null when not given)', async () => {
        const acme = await org();
        const plain = await cast(acme.id);
        expect(plain.allowedAliasIds).toBeNull();
        expect((await store.getCastByEid(plain.eid))?.allowedAliasIds).toBeNull();

        const limited = await store.createCast({ organizationId: acme.id, name: 'n', title: 't', pdf: SAMPLE_PDF, fields: FIELDS, allowedAliasIds: ALIAS_IDS });
        expect(limited.allowedAliasIds).toEqual(ALIAS_IDS);
        expect((await store.getCastByEid(limited.eid))?.allowedAliasIds).toEqual(ALIAS_IDS);
        expect((await store.getCastVersion(limited.eid))?.cast.allowedAliasIds).toEqual(ALIAS_IDS);
        expect((await store.listCasts(acme.id)).map((each) => each.allowedAliasIds)).toEqual([ALIAS_IDS, null]);

        const none = await store.createCast({ organizationId: acme.id, name: 'n', title: 't', pdf: SAMPLE_PDF, fields: [], allowedAliasIds: [] });
        expect((await store.getCastByEid(none.eid))?.allowedAliasIds).toEqual([]);
        const explicitNull = await store.createCast({ organizationId: acme.id, name: 'n', title: 't', pdf: SAMPLE_PDF, fields: [], allowedAliasIds: null });
        expect((await store.getCastByEid(explicitNull.eid))?.allowedAliasIds).toBeNull();
        // Kept through a new version.
        expect((await store.addCastVersion(limited.id, { pdf: NDA_PDF, fields: [] })).allowedAliasIds).toEqual(ALIAS_IDS);
      });

      it('updateCast changes what it is given, keeps the rest, and bumps updatedAt', async () => {
        const acme = await org();
        const created = await cast(acme.id);
        const v2 = await store.addCastVersion(created.id, { pdf: NDA_PDF, fields: FIELDS.slice(0, 1) });
        await new Promise((resolve) => setTimeout(resolve, 5));

        const titled = await store.updateCast(created.id, { title: 'Nouveau « titre » \u{1F600}' });
        expect(titled).toMatchObject({ ...v2, title: 'Nouveau « titre » \u{1F600}', updatedAt: titled.updatedAt });
        expect(titled.updatedAt.getTime()).toBeGreaterThan(v2.updatedAt.getTime());
        expect(titled.createdAt).toEqual(created.createdAt);
        expect(await store.getCastByEid(created.eid)).toEqual(titled);

        const all = await store.updateCast(created.id, { name: 'renamed', isTemplate: false, allowedAliasIds: ALIAS_IDS });
        expect(all).toMatchObject({ title: titled.title, name: 'renamed', isTemplate: false, allowedAliasIds: ALIAS_IDS, versionNumber: 2, fields: FIELDS.slice(0, 1) });
        expect(await store.getCastByEid(created.eid)).toEqual(all);

        const cleared = await store.updateCast(created.id, { allowedAliasIds: null, isTemplate: true });
        expect(cleared).toMatchObject({ name: 'renamed', isTemplate: true, allowedAliasIds: null });
        const untouched = await store.updateCast(created.id, {});
        expect(untouched).toEqual({ ...cleared, updatedAt: untouched.updatedAt });
        expect(await store.getCastByEid(created.eid)).toEqual(untouched);
        // The PDF versions are not touched.
        expect(Buffer.from((await store.getCastVersion(created.eid, 1))!.pdf).equals(Buffer.from(SAMPLE_PDF))).toBe(true);
      });

      it('updateCast throws on an unknown Cast or NUL text', async () => {
        const acme = await org();
        const created = await cast(acme.id);
        await expect(store.updateCast(created.id + 1000, { title: 'x' })).rejects.toThrow(/no Cast/);
        await expect(store.updateCast(-1, { title: 'x' })).rejects.toThrow();
        await expect(store.updateCast(created.id, { title: 'a\u0000b' })).rejects.toThrow(/NUL/);
        expect(await store.getCastByEid(created.eid)).toEqual(created);
      });
    });

    describe('etch packets', () => {
      async function packet(organizationId: number, overrides: Partial<Parameters<Store['createEtchPacket']>[0]> = {}) {
        return store.createEtchPacket({ organizationId, name: 'Packet', status: 'draft', isTest: true, allowUpdates: false, document: DOCUMENT, ...overrides });
      }

      it('round-trip their columns and document', async () => {
        const acme = await org();
        const before = Date.now();
        const created = await packet(acme.id, { name: 'Offer — ünïcödé \u{1F600}' });
        expect(created).toMatchObject({ organizationId: acme.id, name: 'Offer — ünïcödé \u{1F600}', status: 'draft', isTest: true, allowUpdates: false });
        expect(created.document).toStrictEqual(JSON.parse(JSON.stringify(DOCUMENT)));
        expect(created.eid).toMatch(EID);
        expect(created.createdAt.getTime()).toBeGreaterThanOrEqual(before);
        expect(created.updatedAt).toEqual(created.createdAt);
        expect(await store.getEtchPacketByEid(created.eid)).toEqual(created);

        const sent = await packet(acme.id, { status: 'sent', isTest: false, allowUpdates: true, document: {} });
        expect(await store.getEtchPacketByEid(sent.eid)).toMatchObject({ status: 'sent', isTest: false, allowUpdates: true, document: {} });
      });

      it('are not found by unknown or malformed eids', async () => {
        const acme = await org();
        await packet(acme.id);
        expect(await store.getEtchPacketByEid('AAAAAAAAAAAAAAAAAAAA')).toBeNull();
        expect(await store.getEtchPacketByEid('nope')).toBeNull();
        expect(await store.getEtchPacketByEid("x' or '1'='1")).toBeNull();
        expect(await store.getEtchPacketByEid('AAAAAAAAAAAAAAAAAAA\u0000')).toBeNull();
      });

      it('need an organization and a known status', async () => {
        const acme = await org();
        await expect(packet(acme.id + 1000)).rejects.toThrow();
        await expect(packet(acme.id, { status: 'signed' as never })).rejects.toThrow();
        await expect(packet(acme.id, { name: 'a\u0000' })).rejects.toThrow(/NUL/);
        expect(await store.listEtchPackets(acme.id)).toEqual([]);
      });

      it('are listed per organization, newest first', async () => {
        const acme = await org('Acme');
        const other = await org('Other');
        const a = await packet(acme.id, { name: 'a' });
        const theirs = await packet(other.id, { name: 'theirs' });
        const b = await packet(acme.id, { name: 'b' });
        expect(await store.listEtchPackets(acme.id)).toEqual([b, a]);
        expect(await store.listEtchPackets(other.id)).toEqual([theirs]);
        expect(await store.listEtchPackets(other.id + 1000)).toEqual([]);
        expect(await store.listEtchPackets(-1)).toEqual([]);
      });
    });

    describe('welds', () => {
      async function weld(organizationId: number, weldName = 'Onboarding', slug?: string) {
        return store.createWeld({ organizationId, name: weldName, visibility: 'draft', document: DOCUMENT, ...(slug === undefined ? {} : { slug }) });
      }

      it('round-trip, and are found by eid and by slug within their organization', async () => {
        const acme = await org('Acme');
        const other = await org('Other');
        const before = Date.now();
        const created = await weld(acme.id, 'Éxpense Réport — 2024!');
        expect(created).toMatchObject({ organizationId: acme.id, name: 'Éxpense Réport — 2024!', slug: 'expense-report-2024', visibility: 'draft' });
        expect(created.document).toStrictEqual(JSON.parse(JSON.stringify(DOCUMENT)));
        expect(created.eid).toMatch(EID);
        expect(created.createdAt.getTime()).toBeGreaterThanOrEqual(before);
        expect(created.updatedAt).toEqual(created.createdAt);
        expect(await store.getWeldByEid(created.eid)).toEqual(created);
        expect(await store.getWeldBySlug(acme.id, 'expense-report-2024')).toEqual(created);
        expect(await store.getWeldBySlug(other.id, 'expense-report-2024')).toBeNull();
        expect(await store.getWeldBySlug(acme.id, 'expense-report')).toBeNull();
        expect(await store.getWeldBySlug(acme.id, 'a\u0000')).toBeNull();
        expect(await store.getWeldBySlug(-1, 'expense-report-2024')).toBeNull();
        expect(await store.getWeldByEid('AAAAAAAAAAAAAAAAAAAA')).toBeNull();
        expect(await store.getWeldByEid('nope')).toBeNull();
        expect(await store.getWeldByEid("x' or '1'='1")).toBeNull();
      });

      it('get unique slugs per organization: -2, -3 …, a given slug included', async () => {
        const acme = await org('Acme');
        const other = await org('Other');
        const welds = [await weld(acme.id, 'Hire'), await weld(acme.id, 'hire'), await weld(acme.id, 'HIRE!'), await weld(acme.id, 'x', 'hire')];
        expect(welds.map((each) => each.slug)).toEqual(['hire', 'hire-2', 'hire-3', 'hire-4']);
        expect((await weld(other.id, 'Hire')).slug).toBe('hire');
        expect((await weld(acme.id, 'Anything', 'my-flow')).slug).toBe('my-flow');
        expect((await weld(acme.id, 'Anything', 'My Flow')).slug).toBe('my-flow-2');
        expect((await weld(acme.id, '株式会社')).slug).toBe('weld');
        expect((await weld(acme.id, '!!!')).slug).toBe('weld-2');
        expect((await weld(acme.id, 'Org')).slug).toBe('org');
        await expect(weld(acme.id, 'a\u0000')).rejects.toThrow(/NUL/);
        await expect(weld(acme.id + 1000, 'Orphan')).rejects.toThrow();
      });

      it('get unique slugs when created at the same time', async () => {
        const acme = await org();
        const welds = await Promise.all(Array.from({ length: 8 }, () => weld(acme.id, 'Same Name')));
        const slugs = welds.map((each) => each.slug);
        expect(new Set(slugs).size).toBe(8);
        for (const slug of slugs) expect(slug).toMatch(/^same-name(-\d+)?$/);
        expect(await store.listWelds(acme.id)).toHaveLength(8);
      });

      it('are listed per organization, newest first', async () => {
        const acme = await org('Acme');
        const other = await org('Other');
        const a = await weld(acme.id, 'a');
        const theirs = await weld(other.id, 'theirs');
        const b = await weld(acme.id, 'b');
        expect(await store.listWelds(acme.id)).toEqual([b, a]);
        expect(await store.listWelds(other.id)).toEqual([theirs]);
        expect(await store.listWelds(other.id + 1000)).toEqual([]);
      });
    });

    describe('embed tokens', () => {
      const HOUR = 3_600_000;
      const at = new Date('2030-06-01T12:00:00.000Z');
      const later = (ms: number) => new Date(at.getTime() + ms);
      const OBJECT_EID = 'CCCCCCCCCCCCCCCCCCCC';
      let sessions = 0;
      /** A new session (unique secret hash) expiring in an hour. */
      const newSession = () => ({ secretHash: sha256(`session ${++sessions}`), expiresAt: later(HOUR) });

      async function token(
        organizationId: number,
        { secret = 'secret', expiresAt = later(HOUR), objectType = 'cast' as EmbedObjectType, metadata = null as unknown, options: tokenOptions = { mode: 'edit' } as JsonObject } = {},
      ) {
        return store.createEmbedToken({ organizationId, secretHash: sha256(secret), objectType, objectEid: OBJECT_EID, embedType: 'edit-pdf-template', options: tokenOptions, metadata, expiresAt });
      }

      it('are stored with their options and metadata, never the secret hash', async () => {
        const acme = await org();
        const before = Date.now();
        const metadata = { user: 'Zoë 名前 \u{1F600}', nested: [1, 2.5, null, { nul: '\u0000' }] };
        const created = await token(acme.id, { metadata, options: { locale: 'fr-CA', readOnly: ['a'] } });
        expect(created).toMatchObject({
          organizationId: acme.id,
          objectType: 'cast',
          objectEid: OBJECT_EID,
          embedType: 'edit-pdf-template',
          options: { locale: 'fr-CA', readOnly: ['a'] },
          metadata,
          expiresAt: later(HOUR),
          usedAt: null,
          revokedAt: null,
        });
        expect(created.eid).toMatch(EID);
        expect(created.createdAt.getTime()).toBeGreaterThanOrEqual(before);
        expect(JSON.stringify(created)).not.toContain(sha256('secret'));

        const result = await store.consumeEmbedToken(sha256('secret'), newSession(), at);
        expect(result.state).toBe('ok');
        if (result.state !== 'ok') return;
        expect(result.token).toEqual({ ...created, usedAt: at });
        for (const [n, value] of [null, undefined, 'text', 42, [1, 'two']].entries()) {
          const other = await token(acme.id, { secret: `m${n}`, metadata: value, objectType: 'weld' });
          expect(other.metadata).toEqual(value ?? null);
          const consumed = await store.consumeEmbedToken(sha256(`m${n}`), newSession(), at);
          expect(consumed.state === 'ok' && consumed.token.metadata).toEqual(value ?? null);
        }
      });

      it('refuse unknown object types, unknown organizations, repeated secrets, malformed object eids', async () => {
        const acme = await org();
        await token(acme.id);
        await expect(token(acme.id, { secret: 'other', objectType: 'organization' as never })).rejects.toThrow();
        await expect(token(acme.id + 1000, { secret: 'other' })).rejects.toThrow();
        await expect(token(acme.id)).rejects.toThrow();
        await expect(
          store.createEmbedToken({ organizationId: acme.id, secretHash: sha256('x'), objectType: 'cast', objectEid: 'nope', embedType: 't', options: {}, metadata: null, expiresAt: later(HOUR) }),
        ).rejects.toThrow();
        await expect(token(acme.id, { secret: 'bad date', expiresAt: new Date(Number.NaN) })).rejects.toThrow();
      });

      it('open one session: ok once, then used', async () => {
        const acme = await org();
        const created = await token(acme.id, { objectType: 'etchPacket' });
        const session = newSession();
        const first = await store.consumeEmbedToken(sha256('secret'), session, at);
        expect(first.state).toBe('ok');
        if (first.state !== 'ok') return;
        expect(first.token).toEqual({ ...created, usedAt: at });
        expect(first.session).toMatchObject({ tokenId: created.id, createdAt: at, expiresAt: session.expiresAt, revokedAt: null });
        expect(JSON.stringify(first)).not.toContain(session.secretHash);
        expect(await store.findEmbedSession(session.secretHash, at)).toEqual({ session: first.session, token: first.token });

        const second = await store.consumeEmbedToken(sha256('secret'), newSession(), later(1000));
        expect(second).toEqual({ state: 'used', token: first.token });
      });

      it('are expired at their expiry time', async () => {
        const acme = await org();
        const created = await token(acme.id, { expiresAt: at });
        expect(await store.consumeEmbedToken(sha256('secret'), newSession(), at)).toEqual({ state: 'expired', token: created });
        expect(await store.consumeEmbedToken(sha256('secret'), newSession(), later(HOUR))).toEqual({ state: 'expired', token: created });
        expect((await store.consumeEmbedToken(sha256('secret'), newSession(), later(-1))).state).toBe('ok');
      });

      it('are unknown when no token has the hash', async () => {
        const acme = await org();
        await token(acme.id);
        expect(await store.consumeEmbedToken(sha256('other'), newSession(), at)).toEqual({ state: 'unknown' });
        expect(await store.consumeEmbedToken('', newSession(), at)).toEqual({ state: 'unknown' });
        expect(await store.consumeEmbedToken("' or 1=1 --", newSession(), at)).toEqual({ state: 'unknown' });
        expect(await store.consumeEmbedToken('a\u0000', newSession(), at)).toEqual({ state: 'unknown' });
      });

      it('are revoked once, by their organization only; revoked wins over used and expired', async () => {
        const acme = await org('Acme');
        const other = await org('Other');
        const created = await token(acme.id);
        expect(await store.revokeEmbedToken(other.id, created.eid, at)).toBe(false);
        expect(await store.revokeEmbedToken(acme.id, 'AAAAAAAAAAAAAAAAAAAA', at)).toBe(false);
        expect(await store.revokeEmbedToken(acme.id, 'nope', at)).toBe(false);
        expect(await store.revokeEmbedToken(-1, created.eid, at)).toBe(false);
        expect(await store.revokeEmbedToken(acme.id, created.eid, at)).toBe(true);
        expect(await store.revokeEmbedToken(acme.id, created.eid, later(1))).toBe(false);
        expect(await store.consumeEmbedToken(sha256('secret'), newSession(), at)).toEqual({ state: 'revoked', token: { ...created, revokedAt: at } });
        // Revoked after being used, and expired too: still revoked.
        const used = await token(acme.id, { secret: 'used' });
        expect((await store.consumeEmbedToken(sha256('used'), newSession(), at)).state).toBe('ok');
        expect(await store.revokeEmbedToken(acme.id, used.eid, later(1))).toBe(true);
        expect(await store.consumeEmbedToken(sha256('used'), newSession(), later(2 * HOUR))).toEqual({ state: 'revoked', token: { ...used, usedAt: at, revokedAt: later(1) } });
      });

      it('are used rather than expired once used', async () => {
        const acme = await org();
        const created = await token(acme.id);
        expect((await store.consumeEmbedToken(sha256('secret'), newSession(), at)).state).toBe('ok');
        expect(await store.consumeEmbedToken(sha256('secret'), newSession(), later(2 * HOUR))).toEqual({ state: 'used', token: { ...created, usedAt: at } });
      });

      it('stay unused when the session cannot be stored', async () => {
        const acme = await org();
        await token(acme.id, { secret: 'first' });
        await token(acme.id, { secret: 'second' });
        const session = newSession();
        expect((await store.consumeEmbedToken(sha256('first'), session, at)).state).toBe('ok');
        await expect(store.consumeEmbedToken(sha256('second'), session, at)).rejects.toThrow(); // the session hash is taken
        await expect(store.consumeEmbedToken(sha256('second'), { ...session, secretHash: 'a\u0000' }, at)).rejects.toThrow(/NUL/);
        expect((await store.consumeEmbedToken(sha256('second'), newSession(), at)).state).toBe('ok');
      });

      it('give exactly one ok to 20 concurrent consumers', async () => {
        const acme = await org();
        const created = await token(acme.id);
        const starts = Array.from({ length: 20 }, newSession);
        const results = await Promise.all(starts.map((session) => store.consumeEmbedToken(sha256('secret'), session, at)));
        expect(results.filter((result) => result.state === 'ok')).toHaveLength(1);
        expect(results.filter((result) => result.state === 'used')).toHaveLength(19);
        const winner = starts[results.findIndex((result) => result.state === 'ok')]!;
        const found = await Promise.all(starts.map((session) => store.findEmbedSession(session.secretHash, at)));
        expect(found.filter((each) => each !== null)).toEqual([{ session: expect.objectContaining({ tokenId: created.id }), token: { ...created, usedAt: at } }]);
        expect(await store.findEmbedSession(winner.secretHash, at)).not.toBeNull();
      });

      it('sessions end when they expire and when their token is revoked', async () => {
        const acme = await org();
        const created = await token(acme.id);
        const session = newSession();
        const consumed = await store.consumeEmbedToken(sha256('secret'), session, at);
        expect(consumed.state).toBe('ok');
        expect((await store.findEmbedSession(session.secretHash, later(HOUR - 1)))?.token.id).toBe(created.id);
        expect(await store.findEmbedSession(session.secretHash, later(HOUR))).toBeNull();
        expect(await store.findEmbedSession(session.secretHash, later(2 * HOUR))).toBeNull();
        expect(await store.findEmbedSession(sha256('nothing'), at)).toBeNull();
        expect(await store.findEmbedSession(sha256('secret'), at)).toBeNull(); // the token's hash opens no session
        expect(await store.findEmbedSession('a\u0000', at)).toBeNull();

        expect(await store.findEmbedSession(session.secretHash, at)).not.toBeNull();
        expect(await store.revokeEmbedToken(acme.id, created.eid, later(1))).toBe(true);
        expect(await store.findEmbedSession(session.secretHash, at)).toBeNull();
        expect(await store.findEmbedSession(session.secretHash, later(2))).toBeNull();
      });

      it("revoking one token leaves other tokens' sessions alone", async () => {
        const acme = await org();
        const one = await token(acme.id, { secret: 'one' });
        await token(acme.id, { secret: 'two' });
        const [s1, s2] = [newSession(), newSession()];
        expect((await store.consumeEmbedToken(sha256('one'), s1, at)).state).toBe('ok');
        expect((await store.consumeEmbedToken(sha256('two'), s2, at)).state).toBe('ok');
        expect(await store.revokeEmbedToken(acme.id, one.eid, at)).toBe(true);
        expect(await store.findEmbedSession(s1.secretHash, at)).toBeNull();
        expect(await store.findEmbedSession(s2.secretHash, at)).not.toBeNull();
      });
    });

    const { openPair } = options;
    if (openPair) {
      describe('two stores on one database', () => {
        async function pair(): Promise<readonly [Store, Store]> {
          const stores = await openPair!();
          opened.push(...stores);
          await Promise.all(stores.map((each) => each.migrate()));
          return stores;
        }

        it('give exactly one ok to 20 concurrent consumers across both', async () => {
          const [a, b] = await pair();
          const acme = await a.createOrganization({ name: 'Acme' });
          const expiresAt = new Date(Date.now() + 3_600_000);
          await a.createEmbedToken({ organizationId: acme.id, secretHash: sha256('shared'), objectType: 'cast', objectEid: 'CCCCCCCCCCCCCCCCCCCC', embedType: 't', options: {}, metadata: null, expiresAt });
          const results: EmbedTokenConsumption[] = await Promise.all(
            Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).consumeEmbedToken(sha256('shared'), { secretHash: sha256(`pair ${i}`), expiresAt }, new Date())),
          );
          expect(results.filter((result) => result.state === 'ok')).toHaveLength(1);
          expect(results.filter((result) => result.state === 'used')).toHaveLength(19);
        });

        it('give unique Weld slugs to concurrent createWeld across both', async () => {
          const [a, b] = await pair();
          const acme = await a.createOrganization({ name: 'Acme' });
          const welds = await Promise.all(
            Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).createWeld({ organizationId: acme.id, name: 'Same', visibility: 'draft', document: {} })),
          );
          expect(new Set(welds.map((each) => each.slug)).size).toBe(8);
        });

        it('see a revocation made through the other', async () => {
          const [a, b] = await pair();
          const acme = await a.createOrganization({ name: 'Acme' });
          const expiresAt = new Date(Date.now() + 3_600_000);
          const created = await a.createEmbedToken({ organizationId: acme.id, secretHash: sha256('t'), objectType: 'weld', objectEid: 'CCCCCCCCCCCCCCCCCCCC', embedType: 't', options: {}, metadata: null, expiresAt });
          const session = { secretHash: sha256('s'), expiresAt };
          expect((await a.consumeEmbedToken(sha256('t'), session, new Date())).state).toBe('ok');
          expect(await b.findEmbedSession(session.secretHash, new Date())).not.toBeNull();
          expect(await b.revokeEmbedToken(acme.id, created.eid, new Date())).toBe(true);
          expect(await a.findEmbedSession(session.secretHash, new Date())).toBeNull();
        });
      });
    }
  });
}
