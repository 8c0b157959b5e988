// Embed URLs over HTTP: each token state (valid, used, expired, revoked, unknown) with the page
// and the `embeddedError` event it answers with, two concurrent loads of one URL (exactly one
// wins) on SQLite and, when QUIRE_TEST_DATABASE_URL is set, on PostgreSQL with two server
// instances sharing the database; and the session, which reaches its one object only.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSecret } from '../../server/embed/tokens.js';
import { hashSecret } from '../../server/keys.js';
import { graphql, startTestServer, type TestServer } from './helpers.js';

const SAMPLE = readFileSync('../shared/examples/anvil/fixtures/sample-template-fillable.pdf');
const GENERATE = 'mutation($eid: String!, $type: String!) { generateEmbedURL(eid: $eid, type: $type, validForSeconds: 600, metadata: { user: "u1" }) { url requestTokenEid } }';

async function createCast(server: TestServer): Promise<string> {
  const { body } = await graphql(server, { query: 'mutation($f: Upload!) { createCast(file: $f, title: "Embedded") { eid } }', variables: { f: { data: SAMPLE.toString('base64'), filename: 's.pdf' } } }, { key: server.prodKey });
  return body.data!.createCast.eid;
}

async function embedUrl(server: TestServer, eid: string): Promise<{ url: string; requestTokenEid: string }> {
  const { body } = await graphql(server, { query: GENERATE, variables: { eid, type: 'edit-pdf-template' } }, { key: server.prodKey });
  expect(body.errors).toBeUndefined();
  return body.data!.generateEmbedURL;
}

/** The `embeddedError` event an error page posts to its parent, parsed from its script. */
function postedEvent(html: string): Record<string, unknown> | null {
  const match = /postMessage\((\{.*?\}), '\*'\)/.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}

function sessionOf(html: string): string {
  const match = /<script type="application\/json" id="quire-embed-session">(.*?)<\/script>/.exec(html);
  return (JSON.parse(match![1]!) as { session: string }).session;
}

function tokenStates(name: string, open: () => Promise<[TestServer, TestServer]>) {
  describe(name, () => {
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      [a, b] = await open();
    });
    afterAll(async () => {
      await a.stop();
      if (b !== a) await b.stop();
    });

    it('valid → the builder page, once; then tokenUsed', async () => {
      const eid = await createCast(a);
      const { url, requestTokenEid } = await embedUrl(a, eid);
      const first = await fetch(url);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-store');
      expect(first.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
      const html = await first.text();
      expect(html).toContain(eid);
      expect(postedEvent(html)).toBeNull(); // the builder posts its own events; nothing else
      const again = await fetch(url.replace(a.url, b.url));
      expect(again.status).toBe(410);
      expect(postedEvent(await again.text())).toEqual({ action: 'embeddedError', errorType: 'tokenUsed', error: 'Token used', message: expect.any(String), requestTokenEid });
    });

    it('expired → tokenExpired; revoked → tokenInvalid; unknown or malformed → tokenInvalid', async () => {
      const eid = await createCast(a);
      const organization = (await a.store.getOrganizationByEid(a.organizationEid))!;
      const secret = newSecret();
      const expired = await a.store.createEmbedToken({ organizationId: organization.id, secretHash: hashSecret(secret), objectType: 'cast', objectEid: eid, embedType: 'edit-pdf-template', options: {}, metadata: null, expiresAt: new Date(Date.now() - 1000) });
      const expiredPage = await fetch(`${a.url}/embed/edit-pdf-template?token=${secret}`);
      expect(postedEvent(await expiredPage.text())).toMatchObject({ errorType: 'tokenExpired', requestTokenEid: expired.eid });

      const { url, requestTokenEid } = await embedUrl(a, eid);
      const revoked = await graphql(b, { query: 'mutation($t: String!) { expireSessionToken(requestTokenEid: $t) }', variables: { t: requestTokenEid } }, { key: b.prodKey });
      expect(revoked.body.data!.expireSessionToken).toBe(true);
      expect(postedEvent(await (await fetch(url)).text())).toMatchObject({ errorType: 'tokenInvalid', requestTokenEid });

      for (const token of [newSecret(), 'short', '', '<script>']) {
        const page = await fetch(`${a.url}/embed/edit-pdf-template?token=${encodeURIComponent(token)}`);
        expect(page.status).toBe(404);
        expect(postedEvent(await page.text())).toMatchObject({ errorType: 'tokenInvalid', requestTokenEid: null });
      }
    });

    it('two loads of one URL at once (on two instances when there are two): exactly one opens the builder', async () => {
      const eid = await createCast(a);
      for (let round = 0; round < 3; round++) {
        const { url } = await embedUrl(a, eid);
        const loads = await Promise.all(Array.from({ length: 8 }, (_, i) => fetch(i % 2 === 0 ? url : url.replace(a.url, b.url))));
        expect(loads.map((response) => response.status).sort()).toEqual([200, 410, 410, 410, 410, 410, 410, 410]);
      }
    });

    it('revoking the token ends the session it opened', async () => {
      const eid = await createCast(a);
      const { url, requestTokenEid } = await embedUrl(a, eid);
      const session = sessionOf(await (await fetch(url)).text());
      const read = () => fetch(`${b.url}/embed/session/object`, { headers: { 'x-quire-embed-session': session } });
      expect((await read()).status).toBe(200);
      await graphql(a, { query: 'mutation($t: String!) { expireSessionToken(requestTokenEid: $t) }', variables: { t: requestTokenEid } }, { key: a.prodKey });
      expect((await read()).status).toBe(401);
    });
  });
}

tokenStates('token states on SQLite', async () => {
  const server = await startTestServer();
  return [server, server];
});

const pgUrl = process.env.QUIRE_TEST_DATABASE_URL;
describe.runIf(pgUrl)('on PostgreSQL', () => {
  const schema = `quire_embed_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  afterAll(async () => {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });
  tokenStates('token states with two server instances on one database', async () => {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(pgUrl!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const first = await startTestServer({ databaseUrl: url.toString() });
    const second = await startTestServer({ databaseUrl: url.toString() });
    // Both instances serve the first one's organization and keys (one database).
    return [first, { ...second, prodKey: first.prodKey, devKey: first.devKey, organizationEid: first.organizationEid }];
  });
});

describe('the session', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('reads its object, options and metadata, and its PDF, and no other template', async () => {
    const eid = await createCast(server);
    const other = await createCast(server);
    const { url } = await embedUrl(server, eid);
    const session = sessionOf(await (await fetch(url)).text());
    const headers = { 'x-quire-embed-session': session };
    const object = (await (await fetch(`${server.url}/embed/session/object`, { headers })).json()) as Record<string, any>;
    expect(object).toMatchObject({ type: 'edit-pdf-template', eid, metadata: { user: 'u1' }, object: { eid, title: 'Embedded' } });
    const pdf = await fetch(`${server.url}/embed/session/casts/${eid}/pdf`, { headers });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await fetch(`${server.url}/embed/session/casts/${other}/pdf`, { headers })).status).toBe(404);
    expect((await fetch(`${server.url}/embed/session/object`)).status).toBe(401);
    expect((await fetch(`${server.url}/embed/session/object`, { headers: { 'x-quire-embed-session': newSecret() } })).status).toBe(401);
    // The session is no API key: the API refuses it.
    const api = await graphql(server, { query: '{ currentUser { eid } }' }, { key: session });
    expect(api.status).toBe(401);
  });
});
