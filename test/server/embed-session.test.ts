// The embedded builders' server side over HTTP: the builder page (a shell loading the front end
// by relative URLs, the session as JSON, a CSP with the organization's frame-ancestors), its
// static assets, the organization's embed origins (GraphQL updateOrganization), and the session
// API of each builder — the template's fields and document, the packet's signers and sending,
// the workflow's settings and finishing — with every refusal: no session (401), another object
// or builder (404), bad input (422 naming the property), a stale version or a sent packet (409),
// an option that does not allow it (403).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWebRoot } from '../../server/embed/assets.js';
import { newSecret } from '../../server/embed/tokens.js';
import { hashSecret } from '../../server/keys.js';
import { fixturePdf } from '../fill/cast-fixture.js';
import { pageWords, wordsIn } from '../fill/pdf-probe.js';
import { graphql, post, startTestServer, type TestServer } from './helpers.js';

const FILLABLE = Buffer.from(fixturePdf('sample-template-fillable.pdf')); // 2 Letter pages, an AcroForm
const DUMMY = Buffer.from(fixturePdf('node-anvil__test__assets__dummy.pdf')); // 1 A4 page, no form
const BUILDER_JS = 'export const builder = "fake";\n';

let server: TestServer;
let webRoot: string;
let outside: string;

beforeAll(async () => {
  outside = mkdtempSync(path.join(tmpdir(), 'quire-web-'));
  webRoot = path.join(outside, 'web');
  mkdirSync(path.join(webRoot, 'sub'), { recursive: true });
  writeFileSync(path.join(webRoot, 'builder.js'), BUILDER_JS);
  writeFileSync(path.join(webRoot, 'builder.css'), 'body { margin: 0 }\n');
  writeFileSync(path.join(webRoot, 'builder.css.br'), brotliCompressSync('body { margin: 0 }\n'));
  writeFileSync(path.join(webRoot, 'builder.css.gz'), gzipSync('body { margin: 0 }\n'));
  writeFileSync(path.join(webRoot, 'chunk-AB12.js.map'), '{"version":3}');
  writeFileSync(path.join(webRoot, '.hidden.js'), 'hidden');
  writeFileSync(path.join(webRoot, 'notes.exe'), 'MZ');
  writeFileSync(path.join(webRoot, 'sub', 'nested.js'), 'nested');
  writeFileSync(path.join(outside, 'secret.js'), 'secret');
  symlinkSync(path.join(outside, 'secret.js'), path.join(webRoot, 'link.js'));
  server = await startTestServer({}, { webRoot });
});

afterAll(async () => {
  await server.stop();
  rmSync(outside, { recursive: true, force: true });
});

// ---- Helpers ------------------------------------------------------------------------------------

async function ok(query: string, variables: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const { body } = await graphql(server, { query, variables }, { key: server.prodKey });
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}

async function createCast(pdf: Buffer, options: { detectFields?: boolean; allowedAliasIds?: string[] } = {}): Promise<string> {
  const data = await ok('mutation($f: Upload!, $d: Boolean, $a: [String]) { createCast(file: $f, title: "Embedded", detectFields: $d, allowedAliasIds: $a) { eid } }', {
    f: { data: pdf.toString('base64'), filename: 'template.pdf' },
    d: options.detectFields ?? false,
    a: options.allowedAliasIds ?? null,
  });
  return data.createCast.eid;
}

interface Opened { response: Response; html: string; session: string; requestTokenEid: string; data: Record<string, any> }

/** Generates an embed URL for `eid` and loads it once. */
async function open(eid: string, type: string, options?: unknown): Promise<Opened> {
  const data = await ok('mutation($eid: String!, $type: String!, $options: JSON) { generateEmbedURL(eid: $eid, type: $type, options: $options) { url requestTokenEid } }', { eid, type, options: options ?? null });
  const { url, requestTokenEid } = data.generateEmbedURL;
  const response = await fetch(url);
  const html = await response.text();
  const match = /<script type="application\/json" id="quire-embed-session">(.*?)<\/script>/.exec(html);
  const session = match ? (JSON.parse(match[1]!) as Record<string, any>) : {};
  return { response, html, session: session.session, requestTokenEid, data: session };
}

interface Answer { status: number; headers: Headers; body: Record<string, any> }

/** A session API call: JSON (or raw bytes with a content type) with the session header. */
async function call(method: string, pathname: string, session: string | null, body?: unknown, init: { raw?: Uint8Array; type?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (session !== null) headers['x-quire-embed-session'] = session;
  let payload: Uint8Array | string | undefined;
  if (init.raw) {
    headers['content-type'] = init.type ?? 'application/pdf';
    payload = init.raw;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${server.url}/embed/session/${pathname}`, { method, headers, body: payload ?? null });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, any>) : {} };
}

/** The status of a GET of `rawPath` exactly as given (fetch would resolve dot segments first). */
function rawStatus(rawPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${server.url}${rawPath}`, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.path = rawPath;
    request.on('error', reject);
  });
}

/** GET `rawPath` with these headers, without decoding the body (fetch would). */
function rawGet(rawPath: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${server.url}${rawPath}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
}

/** A 422 naming `property` (the first problem), in the session API's shape. */
function expectInvalid(answer: Answer, property: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body).toMatchObject({ name: 'ValidationError', message: expect.any(String), fields: [{ property, message: expect.any(String) }] });
}

const CSP = "default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors";

const UPDATE_ORIGINS = 'mutation($eid: String, $slug: String, $origins: [String!]) { updateOrganization(eid: $eid, organizationSlug: $slug, embedOrigins: $origins) { eid slug embedOrigins } }';

/** A placed field on a Letter or A4 page. */
function placed(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, aliasId: id, name: `Field ${id}`, type: 'shortText', pageNum: 0, rect: { x: 50, y: 100, width: 200, height: 20 }, ...overrides };
}

// ---- The page -----------------------------------------------------------------------------------

describe('the builder page', () => {
  it('is a shell: relative asset URLs, the session as JSON, no inline script, a strict CSP that any origin may frame by default', async () => {
    const eid = await createCast(FILLABLE);
    const page = await open(eid, 'edit-pdf-template');
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.html).toContain('<link rel="stylesheet" href="assets/builder.css">');
    expect(page.html).toContain('<script type="module" src="assets/builder.js"></script>');
    expect(page.html).toMatch(/<div id="app"><p role="status">Loading…<\/p>/);
    expect(page.html).toContain('<title>Embedded</title>');
    // Every script is either loaded from a file or data: nothing inline runs.
    const scripts = [...page.html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    for (const [, attributes, content] of scripts) expect(/ src="assets\/|type="application\/json"/.test(attributes!) && (content === '' || attributes!.includes('application/json'))).toBe(true);
    expect(page.html).not.toMatch(/ on[a-z]+=|nonce/);
    const org = (await server.store.getOrganizationByEid(server.organizationEid))!;
    expect(page.data).toStrictEqual({ session: page.session, embedType: 'edit-pdf-template', objectEid: eid, organizationSlug: org.slug, requestTokenEid: page.requestTokenEid, allowedOrigins: null });
    expect(page.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const headers = page.response.headers;
    expect(headers.get('content-security-policy')).toBe(`${CSP} *`);
    expect(headers.get('x-frame-options')).toBeNull();
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('escapes the title and the session JSON for the page', async () => {
    const eid = await createCast(FILLABLE);
    await ok('mutation($eid: String!) { updateCast(eid: $eid, title: "</script><b>&\\u2028x") { eid } }', { eid });
    const page = await open(eid, 'edit-pdf-template');
    expect(page.html).toContain('<title>&#60;/script&#62;&#60;b&#62;&#38;\u2028x</title>');
    expect(page.html.match(/<\/script>/g)).toHaveLength(2);
  });

  it("frames only in the organization's embed origins once it has them, error pages too; an unknown token's page in any", async () => {
    const org = (await server.store.getOrganizationByEid(server.organizationEid))!;
    const origins = ['https://app.example.com', 'http://localhost:5173'];
    await server.store.setEmbedOrigins(org.id, origins);
    try {
      const eid = await createCast(FILLABLE);
      const page = await open(eid, 'edit-pdf-template');
      expect(page.response.headers.get('content-security-policy')).toBe(`${CSP} https://app.example.com http://localhost:5173`);
      expect(page.data.allowedOrigins).toEqual(origins);
      // Loaded again: the error page, which must reach the parent, so it is framable there too.
      const again = await fetch(page.response.url);
      expect(again.status).toBe(410);
      const csp = again.headers.get('content-security-policy')!;
      expect(csp).toMatch(/script-src 'nonce-[^']+'/);
      expect(csp.endsWith('; frame-ancestors https://app.example.com http://localhost:5173')).toBe(true);
      expect(again.headers.get('x-frame-options')).toBeNull();
      const unknown = await fetch(`${server.url}/embed/edit-pdf-template?token=${newSecret()}`);
      expect(unknown.headers.get('content-security-policy')!.endsWith('; frame-ancestors *')).toBe(true);

      await server.store.setEmbedOrigins(org.id, []);
      const none = await open(eid, 'edit-pdf-template');
      expect(none.response.headers.get('content-security-policy')).toBe(`${CSP} 'none'`);
      expect(none.data.allowedOrigins).toEqual([]);
    } finally {
      await server.store.setEmbedOrigins(org.id, null);
    }
  });
});

describe('GraphQL: the organization’s embed origins', () => {
  it('reads them (null: any), sets them normalised, leaves them when omitted, clears them with null', async () => {
    const read = async () => (await ok('{ currentUser { organizations { embedOrigins } } }')).currentUser.organizations[0].embedOrigins;
    expect(await read()).toBeNull();
    const org = (await server.store.getOrganizationByEid(server.organizationEid))!;
    const set = await ok(UPDATE_ORIGINS, { eid: org.eid, origins: ['HTTPS://App.Example.com:443/', 'http://localhost:3000'] });
    expect(set.updateOrganization).toEqual({ eid: org.eid, slug: org.slug, embedOrigins: ['https://app.example.com', 'http://localhost:3000'] });
    expect(await read()).toEqual(['https://app.example.com', 'http://localhost:3000']);
    expect((await ok('mutation($slug: String) { updateOrganization(organizationSlug: $slug) { embedOrigins } }', { slug: org.slug })).updateOrganization.embedOrigins).toHaveLength(2);
    expect((await ok(UPDATE_ORIGINS, { eid: org.eid, origins: null })).updateOrganization.embedOrigins).toBeNull();
    expect(await read()).toBeNull();
  });

  it("refuses a bad origin, naming it, and another organization's eid as unknown", async () => {
    const org = (await server.store.getOrganizationByEid(server.organizationEid))!;
    for (const [origins, property] of [[['https://a.example', 'https://a.example/path'], 'embedOrigins[1]'], [['javascript:alert(1)'], 'embedOrigins[0]'], [['https://a.example', 'HTTPS://A.EXAMPLE'], 'embedOrigins[1]'], [['https://*.example.com'], 'embedOrigins[0]'], [Array.from({ length: 51 }, (_, i) => `https://h${i}.example`), 'embedOrigins']] as const) {
      const { body } = await graphql(server, { query: UPDATE_ORIGINS, variables: { eid: org.eid, origins } }, { key: server.prodKey });
      expect(body.errors?.[0]).toMatchObject({ name: 'ValidationError', fields: [{ property }] });
    }
    const other = await server.store.createOrganization({ name: 'Someone Else' });
    const { body } = await graphql(server, { query: UPDATE_ORIGINS, variables: { eid: other.eid, origins: ['https://evil.example'] } }, { key: server.prodKey });
    expect(body.errors?.[0]).toMatchObject({ name: 'NotFoundError', status: 404 });
    expect((await server.store.getOrganizationById(other.id))?.embedOrigins).toBeNull();
    const none = await graphql(server, { query: 'mutation { updateOrganization(embedOrigins: []) { eid } }' }, { key: server.prodKey });
    expect(none.body.errors?.[0]).toMatchObject({ name: 'ValidationError', fields: [{ property: 'eid' }] });
    expect((await server.store.getOrganizationById(org.id))?.embedOrigins).toBeNull();
  });
});

// ---- Assets -------------------------------------------------------------------------------------

describe('the builder assets', () => {
  it('serves the files of the front end folder with their types, cached for an hour', async () => {
    const js = await fetch(`${server.url}/embed/assets/builder.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await js.text()).toBe(BUILDER_JS);
    expect((await fetch(`${server.url}/embed/assets/builder.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await fetch(`${server.url}/embed/assets/chunk-AB12.js.map`)).headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('sends the precompressed copy a client takes (brotli first, then gzip), the file itself otherwise', async () => {
    const get = (encoding: string) => rawGet('/embed/assets/builder.css', { 'accept-encoding': encoding });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe('body { margin: 0 }\n');
    const gzip = await get('gzip;q=1.0, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe('body { margin: 0 }\n');
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('body { margin: 0 }\n');
    // A file without copies is sent as it is, whatever the client takes.
    expect((await rawGet('/embed/assets/builder.js', { 'accept-encoding': 'br, gzip' })).body.toString()).toBe(BUILDER_JS);
    // The copies are not assets of their own.
    expect((await fetch(`${server.url}/embed/assets/builder.css.br`)).status).toBe(404);
  });

  it('serves nothing else: missing files, unknown types, dot files, subfolders, links, traversal', async () => {
    for (const name of ['missing.js', 'notes.exe', '.hidden.js', 'sub', 'sub%2Fnested.js', 'link.js', '..%2Fsecret.js', '%2E%2E%2Fsecret.js', 'builder.js%00.css']) {
      const response = await fetch(`${server.url}/embed/assets/${name}`);
      expect(response.status, name).toBe(404);
      expect(await response.json()).toMatchObject({ name: 'NotFoundError' });
    }
    expect((await fetch(`${server.url}/embed/assets/sub/nested.js`)).status).toBe(404);
    // Dot segments as sent, not as a URL parser would resolve them.
    for (const raw of ['/embed/assets/..', '/embed/assets/%2e%2e', '/embed/assets/.', '/embed/assets/%2e%2e%2fsecret.js']) expect(await rawStatus(raw), raw).toBe(404);
  });

  it('are found in dist/web at the package root, from the source and from the build', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    expect(defaultWebRoot()).toBe(path.join(root, 'dist', 'web'));
    expect(defaultWebRoot(path.join(root, 'dist', 'server', 'server', 'embed'))).toBe(path.join(root, 'dist', 'web'));
    expect(() => defaultWebRoot(tmpdir())).toThrow(/no package.json named "quire"/);
  });

  it('take nothing from the anonymous rate limit (a page load fetches several)', async () => {
    const limited = await startTestServer({ rateLimits: { anonymous: 2, intervalMs: 60_000 } }, { webRoot });
    try {
      const assets = await Promise.all(Array.from({ length: 12 }, () => fetch(`${limited.url}/embed/assets/builder.js`)));
      expect(assets.map((response) => response.status)).toEqual(Array(12).fill(200));
      const lookups = [];
      for (let i = 0; i < 3; i++) lookups.push((await fetch(`${limited.url}/embed/session/object`)).status);
      expect(lookups).toEqual([401, 401, 429]);
    } finally {
      await limited.stop();
    }
  });
});

// ---- Sessions -----------------------------------------------------------------------------------

describe('sessions', () => {
  it('are needed (401), live (revoked: 401) and reach their own builder and object only (404)', async () => {
    const castEid = await createCast(FILLABLE);
    const other = await createCast(FILLABLE);
    const template = await open(castEid, 'edit-pdf-template');
    const fields = { fields: [], versionNumber: 1 };
    for (const session of [null, newSecret(), 'not a secret']) {
      expect((await call('GET', 'object', session)).status).toBe(401);
      const answer = await call('POST', 'cast/fields', session, fields);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ name: 'AuthorizationError', message: expect.any(String) });
      expect((await call('POST', 'cast/document', session, undefined, { raw: DUMMY })).status).toBe(401);
      expect((await call('PUT', 'etch-packet', session, {})).status).toBe(401);
      expect((await call('POST', 'weld/finish', session)).status).toBe(401);
    }
    // Another builder's routes: as absent as another object.
    for (const [method, route] of [['PUT', 'etch-packet'], ['POST', 'etch-packet/send'], ['PUT', 'weld'], ['POST', 'weld/finish']]) {
      const answer = await call(method!, route!, template.session, {});
      expect(answer.status, route).toBe(404);
      expect(answer.body.name).toBe('NotFoundError');
    }
    expect((await call('GET', `casts/${other}/pdf`, template.session)).status).toBe(404);
    expect((await call('GET', `casts/${other}`, template.session)).status).toBe(404);

    const revoked = await ok('mutation($t: String!) { expireSessionToken(requestTokenEid: $t) }', { t: template.requestTokenEid });
    expect(revoked.expireSessionToken).toBe(true);
    expect((await call('GET', 'object', template.session)).status).toBe(401);
    expect((await call('POST', 'cast/fields', template.session, fields)).status).toBe(401);
  });
});

describe('the template builder', () => {
  it('reads the template with its organization, page count and page sizes (points)', async () => {
    const eid = await createCast(FILLABLE, { detectFields: true });
    const { session } = await open(eid, 'edit-pdf-template', { mode: 'preset-fields', fields: [{ name: 'Full name', type: 'fullName', aliasId: 'name' }] });
    const answer = await call('GET', 'object', session);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const org = (await server.store.getOrganizationByEid(server.organizationEid))!;
    expect(answer.body).toMatchObject({
      type: 'edit-pdf-template', eid, organizationSlug: org.slug, pageCount: 2,
      pageSizes: [{ width: 612, height: 792 }, { width: 612, height: 792 }],
      options: { mode: 'preset-fields', fields: [{ aliasId: 'name' }] },
      object: { eid, versionNumber: 1, title: 'Embedded', fields: expect.arrayContaining([expect.objectContaining({ acroFieldName: 'Date' })]) },
    });
  });

  it('saves placed fields as a new version, keeping the form fields; an older version number is a conflict', async () => {
    const eid = await createCast(FILLABLE, { detectFields: true });
    const { session } = await open(eid, 'edit-pdf-template');
    const before = (await call('GET', 'object', session)).body.object.fields as { id: string; acroFieldName?: string }[];
    expect(before.length).toBeGreaterThan(0);
    const mine = [placed('sig', { type: 'signature', required: true, pageNum: 1 }), placed('when', { type: 'signatureDate', format: 'MMMM Do YYYY', alignment: 'right', fontSize: 18, fontWeight: 'bold', fontFamily: 'Courier', textColor: '#112233', rect: { x: 611 - 100, y: 791 - 20, width: 101, height: 21 } })];
    const saved = await call('POST', 'cast/fields', session, { fields: mine, versionNumber: 1 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ eid, versionNumber: 2, fields: [...before, ...mine] });
    expect((await call('GET', 'object', session)).body.object).toMatchObject({ versionNumber: 2, fields: [...before, ...mine] });
    const cast = await ok('query($eid: String!) { cast(eid: $eid) { versionNumber fieldInfo } }', { eid });
    expect(cast.cast).toEqual({ versionNumber: 2, fieldInfo: [...before, ...mine] });

    const stale = await call('POST', 'cast/fields', session, { fields: [], versionNumber: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ name: 'ConflictError', message: expect.stringContaining('version 2') });
    // Removing every placed field keeps the form's.
    const cleared = await call('POST', 'cast/fields', session, { fields: [], versionNumber: 2 });
    expect(cleared.body).toEqual({ eid, versionNumber: 3, fields: before });
  });

  it('gives one of two saves from the same version a new version, the other a conflict', async () => {
    const eid = await createCast(DUMMY);
    const { session } = await open(eid, 'edit-pdf-template');
    const saves = await Promise.all(Array.from({ length: 4 }, (_, i) => call('POST', 'cast/fields', session, { fields: [placed(`f${i}`)], versionNumber: 1 })));
    expect(saves.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await server.store.getCastByEid(eid))?.versionNumber).toBe(2);
  });

  it('refuses bad fields with a 422 naming the property', async () => {
    const eid = await createCast(FILLABLE, { detectFields: true, allowedAliasIds: ['name', 'when', 'date'] });
    const { session } = await open(eid, 'edit-pdf-template');
    const save = (fields: unknown, versionNumber: unknown = 1) => call('POST', 'cast/fields', session, { fields, versionNumber });
    const named = (overrides: Record<string, unknown>) => placed('mine', { aliasId: 'name', ...overrides });
    const cases: [unknown, string][] = [
      [[named({ rect: { x: 50, y: 100, width: 0, height: 20 } })], 'fields[0].rect.width'],
      [[named({ rect: { x: 50, y: 100, width: 10, height: -1 } })], 'fields[0].rect.height'],
      [[named({ rect: { x: 600, y: 100, width: 20, height: 20 } })], 'fields[0].rect.x'],
      [[named({ rect: { x: -2, y: 100, width: 20, height: 20 } })], 'fields[0].rect.x'],
      [[named({ rect: { x: 50, y: 780, width: 20, height: 20 } })], 'fields[0].rect.y'],
      [[named({ rect: { x: 50, y: 100, width: 20, height: 'tall' } })], 'fields[0].rect.height'],
      [[named({ rect: { x: 50, y: 100, width: 20 } })], 'fields[0].rect.height'],
      [[named({ rect: { x: 50, y: 100, width: 20, height: 20, z: 1 } })], 'fields[0].rect.z'],
      [[named({ rect: [50, 100, 20, 20] })], 'fields[0].rect'],
      [[named({ pageNum: 2 })], 'fields[0].pageNum'],
      [[named({ pageNum: 0.5 })], 'fields[0].pageNum'],
      [[named({ type: 'bogus' })], 'fields[0].type'],
      [[named({ format: 'YYYY' })], 'fields[0].format'],
      [[named({ fontSize: 0 })], 'fields[0].fontSize'],
      [[named({ textColor: 'red' })], 'fields[0].textColor'],
      [[named({ alignment: 'justify' })], 'fields[0].alignment'],
      [[named({ acroFieldName: 'Date' })], 'fields[0].acroFieldName'],
      [[named({ aliasId: 'notAllowed' })], 'fields[0].aliasId'],
      [[named({ aliasId: '1bad' })], 'fields[0].aliasId'],
      [[placed('x'.repeat(65), { aliasId: 'name' })], 'fields[0].id'],
      [[named({}), named({})], 'fields[1].id'],
      [[placed('date', { aliasId: 'date' })], 'fields[0].id'], // the form field "Date"'s id
      [[{ ...named({}), name: undefined }], 'fields[0].name'],
      [['field'], 'fields[0]'],
      [Array.from({ length: 2001 }, (_, i) => placed(`f${i}`, { aliasId: 'name' })), 'fields'],
      ['all', 'fields'],
    ];
    for (const [fields, property] of cases) expectInvalid(await save(fields), property);
    expectInvalid(await save([], 'one'), 'versionNumber');
    expectInvalid(await call('POST', 'cast/fields', session, { fields: [] }), 'versionNumber');
    expectInvalid(await call('POST', 'cast/fields', session, { fields: [], versionNumber: 1, extra: true }), 'extra');
    expectInvalid(await call('POST', 'cast/fields', session, [1]), '');
    expect((await server.store.getCastByEid(eid))?.versionNumber).toBe(1);
    // 1 pt over the page's edge is allowed (a field drawn flush with it, rounded).
    const edge = await save([named({ rect: { x: -1, y: -1, width: 614, height: 794 } })]);
    expect(edge.status, JSON.stringify(edge.body)).toBe(200);
  });

  it('refuses a save without every required preset field: 422 with missingRequiredFields', async () => {
    const eid = await createCast(DUMMY);
    const presets = [
      { name: 'Full name', type: 'fullName', aliasId: 'name', required: true },
      { name: 'Signature', type: 'signature', aliasId: 'sig', required: true },
      { name: 'Notes', type: 'longText', aliasId: 'notes' },
    ];
    const { session } = await open(eid, 'edit-pdf-template', { mode: 'preset-fields', fields: presets });
    const missing = await call('POST', 'cast/fields', session, { fields: [placed('n1', { aliasId: 'name', type: 'fullName' })], versionNumber: 1 });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ name: 'ValidationError', message: expect.stringContaining('Signature'), fields: [{ property: 'fields', message: expect.any(String) }], missingRequiredFields: ['Signature'] });
    const none = await call('POST', 'cast/fields', session, { fields: [], versionNumber: 1 });
    expect(none.body.missingRequiredFields).toEqual(['Full name', 'Signature']);
    const all = await call('POST', 'cast/fields', session, { fields: [placed('n1', { aliasId: 'name', type: 'fullName' }), placed('s1', { aliasId: 'sig', type: 'signature', rect: { x: 300, y: 100, width: 200, height: 30 } })], versionNumber: 1 });
    expect(all.status).toBe(200);
  });

  it("fills the saved fields with their style: format, size, alignment; a signature stays empty", async () => {
    const eid = await createCast(DUMMY);
    const { session } = await open(eid, 'edit-pdf-template');
    const when = { x: 300, y: 500, width: 250, height: 30 };
    const small = { x: 300, y: 450, width: 250, height: 30 };
    const fields = [
      placed('when', { type: 'signatureDate', format: 'MMMM Do YYYY', fontSize: 18, alignment: 'right', rect: when }),
      placed('plain', { type: 'date', fontSize: 8, rect: small }),
      placed('sig', { type: 'signature', rect: { x: 50, y: 500, width: 200, height: 30 } }),
    ];
    expect((await call('POST', 'cast/fields', session, { fields, versionNumber: 1 })).status).toBe(200);
    const filled = await post(server, `/api/v1/fill/${eid}.pdf`, { data: { when: '2024-03-05', plain: '2024-03-05', sig: 'Jane Signer' } }, { key: server.prodKey });
    expect(filled.status, filled.text().slice(0, 300)).toBe(200);
    const words = pageWords(filled.bytes, 1);
    const inWhen = wordsIn(words, when, 842);
    expect(inWhen.map((w) => w.text).join(' ')).toBe('March 5th 2024');
    const right = Math.max(...inWhen.map((w) => w.xMax));
    expect(right).toBeGreaterThan(when.x + when.width - 6); // right-aligned: it ends at the box's right edge
    expect(Math.min(...inWhen.map((w) => w.xMin))).toBeGreaterThan(when.x + 60);
    const inSmall = wordsIn(words, small, 842);
    expect(inSmall.map((w) => w.text).join(' ')).toBe('03/05/2024');
    expect(Math.min(...inSmall.map((w) => w.xMin))).toBeLessThan(small.x + 6); // left by default
    const height = (list: typeof words) => Math.max(...list.map((w) => w.yMax - w.yMin));
    expect(height(inWhen) / height(inSmall)).toBeCloseTo(18 / 8, 0);
    expect(words.map((w) => w.text)).not.toContain('Signer');
  });

  it('replaces the document only when the options allow it, keeping the fields', async () => {
    const eid = await createCast(FILLABLE);
    const locked = await open(eid, 'edit-pdf-template');
    const refused = await call('POST', 'cast/document', locked.session, undefined, { raw: DUMMY });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ name: 'ForbiddenError', message: expect.stringContaining('showReplaceDocumentAction') });

    const { session } = await open(eid, 'edit-pdf-template', { mode: 'preset-fields', showReplaceDocumentAction: true });
    const mine = [placed('a'), placed('b', { pageNum: 1 })];
    expect((await call('POST', 'cast/fields', session, { fields: mine, versionNumber: 1 })).status).toBe(200);
    const replaced = await call('POST', 'cast/document', session, undefined, { raw: DUMMY });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toEqual({ eid, versionNumber: 3, pageCount: 1, pageSizes: [{ width: 595, height: 842 }] });
    const object = (await call('GET', 'object', session)).body;
    expect(object).toMatchObject({ pageCount: 1, pageSizes: [{ width: 595, height: 842 }], object: { versionNumber: 3, fields: mine } });
    const pdf = await fetch(`${server.url}/embed/session/casts/${eid}/pdf`, { headers: { 'x-quire-embed-session': session } });
    expect(Buffer.from(await pdf.arrayBuffer()).equals(DUMMY)).toBe(true);

    expectInvalid(await call('POST', 'cast/document', session, undefined, { raw: new TextEncoder().encode('not a pdf') }), 'file');
    expectInvalid(await call('POST', 'cast/document', session, undefined, { raw: DUMMY.subarray(0, 400) }), 'file');
    expectInvalid(await call('POST', 'cast/document', session, undefined, { raw: new Uint8Array(0) }), 'file');
    expect((await call('POST', 'cast/document?versionNumber=2', session, undefined, { raw: DUMMY })).status).toBe(409);
    expectInvalid(await call('POST', 'cast/document?versionNumber=x', session, undefined, { raw: DUMMY }), 'versionNumber');
    const octets = await call('POST', 'cast/document?versionNumber=3', session, undefined, { raw: FILLABLE, type: 'application/octet-stream' });
    expect(octets.body).toMatchObject({ versionNumber: 4, pageCount: 2 });
    const json = await call('POST', 'cast/document', session, { pdf: 'x' });
    expect(json.status).toBe(415);
    const text = await call('POST', 'cast/document', session, undefined, { raw: DUMMY, type: 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ name: 'UnsupportedMediaTypeError', message: expect.stringContaining('application/pdf') });
    expect((await server.store.getCastByEid(eid))?.versionNumber).toBe(4);
  });

  it('refuses a replacement PDF larger than the upload limit with 413', async () => {
    const small = await startTestServer({ graphql: { uploads: { maxFileBytes: 4096, maxFiles: 20, maxFieldBytes: 1_048_576 } } }, { webRoot });
    try {
      const org = (await small.store.getOrganizationByEid(small.organizationEid))!;
      const cast = await small.store.createCast({ organizationId: org.id, name: 'c', title: 'c', pdf: DUMMY, fields: [] });
      const { body } = await graphql(small, { query: 'mutation($eid: String!) { generateEmbedURL(eid: $eid, type: "edit-pdf-template", options: { mode: "preset-fields", showReplaceDocumentAction: true }) { url } }', variables: { eid: cast.eid } }, { key: small.prodKey });
      const html = await (await fetch(body.data!.generateEmbedURL.url)).text();
      const session = (JSON.parse(/id="quire-embed-session">(.*?)<\/script>/.exec(html)![1]!) as { session: string }).session;
      const response = await fetch(`${small.url}/embed/session/cast/document`, { method: 'POST', headers: { 'x-quire-embed-session': session, 'content-type': 'application/pdf' }, body: new Uint8Array(8192) });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ name: 'PayloadTooLargeError', message: expect.stringContaining('4096') });
    } finally {
      await small.stop();
    }
  });
});

describe('the packet builder', () => {
  async function createPacket(signers: unknown[] = [{ id: 's1', name: 'Ann Signer', email: 'ann@example.com', fields: [{ fileId: 'nda', fieldId: 'name' }] }]): Promise<string> {
    const castEid = await createCast(FILLABLE);
    const data = await ok('mutation($files: [EtchFile!], $signers: [JSON!]) { createEtchPacket(name: "Offer", isDraft: true, files: $files, signers: $signers) { eid } }', { files: [{ id: 'nda', castEid }], signers });
    return data.createEtchPacket.eid;
  }

  it('reads the packet with its signers in the builder’s shape, and edits its name and signers while a draft', async () => {
    const eid = await createPacket();
    const { session } = await open(eid, 'edit-etch-packet');
    const read = await call('GET', 'object', session);
    expect(read.body).toMatchObject({ type: 'edit-etch-packet', eid, object: { eid, name: 'Offer', status: 'draft', sentAt: null, files: [{ id: 'nda' }], signers: [{ id: 's1', name: 'Ann Signer', email: 'ann@example.com', signerType: 'email', signerOrder: 1, fields: [{ fileId: 'nda', fieldId: 'name' }] }] } });
    expect(read.body.pageSizes).toBeUndefined();
    const annEid = read.body.object.signers[0].eid;

    const signers = [
      { ...read.body.object.signers[0], name: ' Ann Renamed ', signerOrder: 2 },
      { id: 's2', name: 'Bob Second', email: 'bob@example.com', signerOrder: 1, fields: [{ fileId: 'nda', fieldId: 'email' }] },
    ];
    const updated = await call('PUT', 'etch-packet', session, { name: 'Offer v2', signers });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ eid, name: 'Offer v2', status: 'draft', signers: [{ id: 's1', eid: annEid, name: 'Ann Renamed', signerOrder: 2 }, { id: 's2', signerOrder: 1, signerType: 'email' }] });
    expect((await call('GET', 'object', session)).body.object).toEqual(updated.body);
    const packet = await ok('query($eid: String!) { etchPacket(eid: $eid) { name documentGroup { signers { aliasId name routingOrder } } } }', { eid });
    expect(packet.etchPacket).toEqual({ name: 'Offer v2', documentGroup: { signers: [{ aliasId: 's1', name: 'Ann Renamed', routingOrder: 2 }, { aliasId: 's2', name: 'Bob Second', routingOrder: 1 }] } });
    expect((await call('PUT', 'etch-packet', session, {})).body).toEqual(updated.body);
  });

  it('refuses bad names and signers with a 422 naming the property', async () => {
    const eid = await createPacket();
    const { session } = await open(eid, 'edit-etch-packet');
    const signer = (overrides: Record<string, unknown>) => ({ id: 's1', name: 'Ann', email: 'ann@example.com', fields: [{ fileId: 'nda', fieldId: 'name' }], ...overrides });
    const cases: [unknown, string][] = [
      [{ name: '  ' }, 'name'],
      [{ name: 42 }, 'name'],
      [{ signers: 'all' }, 'signers'],
      [{ signers: Array.from({ length: 51 }, (_, i) => signer({ id: `s${i}` })) }, 'signers'],
      [{ signers: [signer({ email: 'not an email' })] }, 'signers[0].email'],
      [{ signers: [signer({ fields: [] })] }, 'signers[0].fields'],
      [{ signers: [signer({ fields: [{ fileId: 'other', fieldId: 'name' }] })] }, 'signers[0].fields[0].fileId'],
      [{ signers: [signer({ fields: [{ fileId: 'nda' }] })] }, 'signers[0].fields[0].fieldId'],
      [{ signers: [signer({}), signer({})] }, 'signers[1].id'],
      [{ signers: [signer({ signerOrder: 0 })] }, 'signers[0].signerOrder'],
      [{ signers: [signer({ phone: '555' })] }, 'signers[0].phone'],
      [{ signers: [signer({ name: undefined })] }, 'signers[0].name'],
      [{ status: 'sent' }, 'status'],
    ];
    for (const [body, property] of cases) expectInvalid(await call('PUT', 'etch-packet', session, body), property);
    expect((await call('GET', 'object', session)).body.object).toMatchObject({ name: 'Offer', signers: [{ name: 'Ann Signer' }] });
  });

  it('sends the draft to its first signer once; then it can be neither sent nor edited', async () => {
    const eid = await createPacket([
      { id: 'late', name: 'Late Signer', email: 'late@example.com', routingOrder: 2, fields: [{ fileId: 'nda', fieldId: 'name' }] },
      { id: 'first', name: 'First Signer', email: 'first@example.com', routingOrder: 1, fields: [{ fileId: 'nda', fieldId: 'email' }] },
    ]);
    const { session } = await open(eid, 'edit-etch-packet');
    const org = (await server.store.getOrganizationByEid(server.organizationEid))!;
    const sent = await call('POST', 'etch-packet/send', session);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ etchPacketEid: eid, organizationSlug: org.slug, status: 'sent', sentTo: { id: 'first', name: 'First Signer', email: 'first@example.com' } });
    const again = await call('POST', 'etch-packet/send', session);
    expect(again.status).toBe(409);
    expect(again.body.name).toBe('ConflictError');
    const edit = await call('PUT', 'etch-packet', session, { name: 'Too late' });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ name: 'ConflictError', message: expect.stringContaining('The packet was sent') });
    const object = (await call('GET', 'object', session)).body.object;
    expect(object).toMatchObject({ name: 'Offer', status: 'sent', sentTo: { id: 'first' }, sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect((await ok('query($eid: String!) { etchPacket(eid: $eid) { status } }', { eid })).etchPacket.status).toBe('sent');
  });

  it('sends once when sends race: exactly one 200', async () => {
    const eid = await createPacket();
    const { session } = await open(eid, 'edit-etch-packet');
    const sends = await Promise.all(Array.from({ length: 6 }, () => call('POST', 'etch-packet/send', session)));
    expect(sends.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it('refuses to send a packet without signers (422), and sends it once it has one', async () => {
    const eid = await createPacket([]);
    const { session } = await open(eid, 'edit-etch-packet');
    expectInvalid(await call('POST', 'etch-packet/send', session), 'signers');
    expect((await call('GET', 'object', session)).body.object.status).toBe('draft');
    await call('PUT', 'etch-packet', session, { signers: [{ id: 's', name: 'S', email: 's@example.com', fields: [{ fileId: 'nda', fieldId: 'x' }] }] });
    expect((await call('POST', 'etch-packet/send', session)).body.sentTo).toEqual({ id: 's', name: 'S', email: 's@example.com' });
  });

  it("reads the templates (fields, pages) and PDFs of the packet's own files only", async () => {
    const eid = await createPacket();
    const { session } = await open(eid, 'edit-etch-packet');
    const castEid = (await call('GET', 'object', session)).body.object.files[0].castEid;
    const template = await call('GET', `casts/${castEid}`, session);
    expect(template.status).toBe(200);
    expect(template.body).toMatchObject({ eid: castEid, versionNumber: 1, fields: expect.any(Array), pageCount: expect.any(Number) });
    expect(template.body.pageSizes).toHaveLength(template.body.pageCount);
    expect((await call('GET', `casts/${await createCast(DUMMY)}`, session)).status).toBe(404);
    expect((await fetch(`${server.url}/embed/session/casts/${castEid}/pdf`, { headers: { 'x-quire-embed-session': session } })).status).toBe(200);
    expect((await fetch(`${server.url}/embed/session/casts/${await createCast(DUMMY)}/pdf`, { headers: { 'x-quire-embed-session': session } })).status).toBe(404);
    expect((await call('POST', 'cast/fields', session, { fields: [], versionNumber: 1 })).status).toBe(404);
    expect((await call('POST', 'cast/document', session, undefined, { raw: DUMMY })).status).toBe(404);
  });
});

describe('the workflow builder', () => {
  async function createWeld(visibility?: string): Promise<string> {
    const castEid = await createCast(DUMMY);
    const org = (await server.store.getOrganizationByEid(server.organizationEid))!;
    const data = await ok('mutation($org: String!, $cast: String, $v: String) { createWeld(organizationEid: $org, name: "Onboarding", castEid: $cast, visibility: $v) { eid } }', { org: org.eid, cast: castEid, v: visibility ?? null });
    return data.createWeld.eid;
  }

  it('edits the name and settings', async () => {
    const eid = await createWeld();
    const { session } = await open(eid, 'edit-workflow');
    const updated = await call('PUT', 'weld', session, { name: 'Onboarding 2', settings: { theme: 'dark', steps: 3, review: true, note: null } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ eid, name: 'Onboarding 2', visibility: 'draft', settings: { theme: 'dark', steps: 3, review: true, note: null }, files: [{ id: 'file0' }] });
    expect((await call('GET', 'object', session)).body.object).toEqual(updated.body);
    expect((await call('PUT', 'weld', session, { settings: { theme: 'light' } })).body.settings).toEqual({ theme: 'light' });
    for (const [body, property] of [[{ settings: { nested: { a: 1 } } }, 'settings.nested'], [{ settings: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) }, 'settings'], [{ settings: [1] }, 'settings'], [{ name: '' }, 'name'], [{ visibility: 'live' }, 'visibility']] as const) {
      expectInvalid(await call('PUT', 'weld', session, body), property);
    }
  });

  it('finishing publishes it: weldCreate when it was a draft when the URL was made, weldEdit after', async () => {
    const eid = await createWeld();
    const org = (await server.store.getOrganizationByEid(server.organizationEid))!;
    const first = await open(eid, 'edit-workflow');
    // Published meanwhile: the URL was made for a draft, so this is still the creation.
    const later = await open(eid, 'edit-weld');
    const created = await call('POST', 'weld/finish', first.session);
    expect(created.body).toEqual({ action: 'weldCreate', weldEid: eid, organizationSlug: org.slug });
    expect((await ok('query($eid: String!) { weld(eid: $eid) { visibility hasBeenPublished } }', { eid })).weld).toEqual({ visibility: 'published', hasBeenPublished: true });
    expect((await call('POST', 'weld/finish', later.session)).body.action).toBe('weldCreate');
    const edited = await call('POST', 'weld/finish', (await open(eid, 'edit-workflow')).session);
    expect(edited.body).toEqual({ action: 'weldEdit', weldEid: eid, organizationSlug: org.slug });
    const live = await createWeld('live');
    expect((await call('POST', 'weld/finish', (await open(live, 'edit-workflow')).session)).body.action).toBe('weldEdit');
  });
});

describe('an object of another organization', () => {
  it('is refused by every session route, as if it were gone', async () => {
    // A token of this organization naming another's Cast (generateEmbedURL never makes one):
    // its session still reaches nothing.
    const org = (await server.store.getOrganizationByEid(server.organizationEid))!;
    const other = await server.store.createOrganization({ name: 'Other Org' });
    const theirs = await server.store.createCast({ organizationId: other.id, name: 't', title: 't', pdf: DUMMY, fields: [] });
    const secret = newSecret();
    const session = newSecret();
    const expiresAt = new Date(Date.now() + 600_000);
    await server.store.createEmbedToken({ organizationId: org.id, secretHash: hashSecret(secret), objectType: 'cast', objectEid: theirs.eid, embedType: 'edit-pdf-template', options: { mode: 'preset-fields', showReplaceDocumentAction: true }, metadata: null, expiresAt });
    expect((await server.store.consumeEmbedToken(hashSecret(secret), { secretHash: hashSecret(session), expiresAt }, new Date())).state).toBe('ok');
    expect((await call('GET', 'object', session)).status).toBe(404);
    expect((await call('POST', 'cast/fields', session, { fields: [], versionNumber: 1 })).status).toBe(404);
    expect((await call('POST', 'cast/document', session, undefined, { raw: DUMMY })).status).toBe(404);
    expect((await call('GET', `casts/${theirs.eid}/pdf`, session)).status).toBe(404);
    expect((await server.store.getCastByEid(theirs.eid))?.versionNumber).toBe(1);
  });
});
