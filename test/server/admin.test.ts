// `quire admin`: JSON on stdout, the same store the server uses, and clear failures.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import encryption from '@anvilco/encryption';
import { runAdmin } from '../../server/admin.js';
import { decryptFromClient, openSecret } from '../../server/encryption.js';
import { hashSecret } from '../../server/keys.js';
import { loadMasterKey } from '../../server/master-key.js';
import { openStore } from '../../server/store/index.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'quire-admin-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function admin(...args: string[]): Promise<{ status: number; out: string; err: string; json: () => any }> {
  let out = '';
  let err = '';
  const status = await runAdmin(args, { stdout: (t) => void (out += t), stderr: (t) => void (err += t) }, { QUIRE_DATA_DIR: dataDir });
  return { status, out, err, json: () => JSON.parse(out) };
}

describe('quire admin', () => {
  it('create-org, create-key, list-keys and revoke-key; keys are stored only as hashes', async () => {
    const org = (await admin('create-org', '--name', 'Acme Corp')).json();
    expect(org).toEqual({ eid: expect.stringMatching(/^[0-9A-Za-z]{20}$/), slug: 'acme-corp' });
    const dev = (await admin('create-key', '--org', org.eid, '--dev')).json();
    const prod = (await admin('create-key', '--org', org.eid, '--prod')).json();
    expect(dev.key).toMatch(/^[0-9A-Za-z]{32}$/);
    const listed = (await admin('list-keys', '--org', org.eid)).json();
    expect(listed.map((k: { mode: string }) => k.mode).sort()).toEqual(['development', 'production']);
    expect(JSON.stringify(listed)).not.toContain(dev.key);
    expect(listed.map((k: { prefix: string }) => k.prefix)).toContain(prod.key.slice(0, 6));

    const store = await openStore({ dataDir });
    try {
      expect((await store.findApiKeyByHash(hashSecret(prod.key)))?.organization.eid).toBe(org.eid);
      const id = listed.find((k: { prefix: string }) => k.prefix === prod.key.slice(0, 6)).id;
      expect((await admin('revoke-key', '--org', org.eid, '--id', String(id))).json()).toEqual({ revoked: true });
      expect(await store.findApiKeyByHash(hashSecret(prod.key))).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('set-encryption-key prints a public key whose ciphertexts the stored (sealed) private key opens', async () => {
    const org = (await admin('create-org', '--name', 'Crypto')).json();
    const { publicKey } = (await admin('set-encryption-key', '--org', org.eid)).json();
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const store = await openStore({ dataDir });
    try {
      const sealed = (await store.getEncryptionPrivateKey((await store.getOrganizationByEid(org.eid))!.id))!;
      expect(sealed).not.toContain('PRIVATE KEY');
      const privateKey = openSecret(loadMasterKey(dataDir, {}), sealed);
      expect(decryptFromClient(privateKey, encryption.encryptRSA(publicKey, 'round trip'))).toBe('round trip');
    } finally {
      await store.close();
    }
  });

  it('embed-origins shows, sets (normalised) and clears the origins that may embed the builders', async () => {
    const org = (await admin('create-org', '--name', 'Embedder')).json();
    expect((await admin('embed-origins', '--org', org.eid)).json()).toEqual({ embedOrigins: null });
    const set = await admin('embed-origins', '--org', org.eid, '--set', 'HTTPS://App.Example.com:443/', 'http://localhost:3000', '--set', 'https://b.example');
    expect(set.status).toBe(0);
    expect(set.json()).toEqual({ embedOrigins: ['https://app.example.com', 'https://b.example', 'http://localhost:3000'] });
    expect((await admin('embed-origins', '--org', org.eid)).json().embedOrigins).toHaveLength(3);
    expect((await admin('embed-origins', '--org', org.eid, '--any')).json()).toEqual({ embedOrigins: null });

    const bad = await admin('embed-origins', '--org', org.eid, '--set', 'https://a.example', '--set', 'https://a.example/path');
    expect(bad.status).toBe(2);
    expect(bad.err).toContain('--set[1]');
    expect((await admin('embed-origins', '--org', org.eid, '--set', 'https://a.example', '--any')).status).toBe(2);
    expect((await admin('embed-origins', '--org', org.eid, 'https://a.example')).status).toBe(2);
    expect((await admin('embed-origins', '--org', 'nope')).status).toBe(1);
    expect((await admin('embed-origins', '--org', org.eid)).json()).toEqual({ embedOrigins: null });
  });

  it('fails clearly: unknown command and missing flags (status 2), unknown organization (status 1)', async () => {
    const unknown = await admin('frobnicate');
    expect(unknown.status).toBe(2);
    expect(unknown.err).toContain('unknown command "frobnicate"');
    const missing = await admin('create-key', '--org', 'x');
    expect(missing.status).toBe(2);
    expect(missing.err).toContain('--dev and --prod');
    const noOrg = await admin('create-key', '--org', 'nope', '--dev');
    expect(noOrg.status).toBe(1);
    expect(noOrg.err).toContain('no organization nope');
    const noFile = await admin('create-cast', '--org', (await admin('create-org', '--name', 'A')).json().eid);
    expect(noFile.status).toBe(2);
  });

  it('create-cast finds blanks with --detect-boxes and matches --alias-ids, as createCast does; refuses a file that is not a PDF', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.drawText('Full name: ______________________', { x: 72, y: 700, size: 12, font });
    page.drawText('Email: ______________________', { x: 72, y: 660, size: 12, font });
    const pdfPath = path.join(dataDir, 'blank-form.pdf');
    writeFileSync(pdfPath, await doc.save());
    const aliasPath = path.join(dataDir, 'aliases.json');
    writeFileSync(aliasPath, JSON.stringify({ customerName: { description: 'full name' }, customerEmail: { description: 'email' } }));
    const org = (await admin('create-org', '--name', 'Forms')).json();
    const created = await admin('create-cast', '--org', org.eid, pdfPath, '--detect-boxes', '--alias-ids', aliasPath);
    expect(created.status).toBe(0);
    expect(created.json().fields.map((f: { aliasId: string }) => f.aliasId).sort()).toEqual(['customerEmail', 'customerName']);
    const plain = await admin('create-cast', '--org', org.eid, pdfPath);
    expect(plain.json().fields).toEqual([]);
    const notPdf = path.join(dataDir, 'note.pdf');
    writeFileSync(notPdf, 'just text');
    const refused = await admin('create-cast', '--org', org.eid, notPdf);
    expect(refused.status).toBe(1);
    expect(refused.err).toMatch(/not a PDF/);
  });
});
