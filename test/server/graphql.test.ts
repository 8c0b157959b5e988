// The GraphQL endpoint over HTTP on loopback: transport (both paths, uploads in both multipart
// key styles and base64, batches, variables as a string), errors in the API's shape, limits on
// hostile queries, every operation with good and bad input, and other organizations refused.
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../server/bootstrap.js';
import { basic, graphql, startTestServer, type GraphQLBody, type TestServer } from './helpers.js';

const FIXTURES = '../shared/examples/anvil/fixtures/';
const SAMPLE = readFileSync(`${FIXTURES}sample-template-fillable.pdf`);
const NDA = readFileSync(`${FIXTURES}test-pdf-nda.pdf`);

const CREATE_CAST = `mutation CreateCast($file: Upload!, $title: String, $detectFields: Boolean, $allowedAliasIds: [String]) {
  createCast(file: $file, title: $title, detectFields: $detectFields, allowedAliasIds: $allowedAliasIds) { eid name title isTemplate allowedAliasIds fieldInfo versionNumber }
}`;

let server: TestServer;
let otherKey: string;
beforeAll(async () => {
  server = await startTestServer();
  const other = await server.store.createOrganization({ name: 'Other Org' });
  otherKey = await issueApiKey(server.store, other.id, 'production');
});
afterAll(async () => {
  await server.stop();
});

const ask = (query: string, variables: Record<string, unknown> = {}, key: string | null = server.prodKey) => graphql(server, { query, variables }, { key });

/** A multipart GraphQL request: `files` maps part names to [bytes, filename, paths]. */
async function multipart(operations: unknown, files: Record<string, [Uint8Array, string, string[]]>, key = server.prodKey): Promise<{ status: number; body: GraphQLBody }> {
  const form = new FormData();
  form.append('operations', JSON.stringify(operations));
  form.append('map', JSON.stringify(Object.fromEntries(Object.entries(files).map(([name, [, , paths]]) => [name, paths]))));
  for (const [name, [bytes, filename]] of Object.entries(files)) form.append(name, new Blob([bytes], { type: 'application/pdf' }), filename);
  const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { authorization: basic(key) }, body: form });
  return { status: response.status, body: (await response.json()) as GraphQLBody };
}

function base64(bytes: Uint8Array, filename = 'upload.pdf') {
  return { data: Buffer.from(bytes).toString('base64'), filename, mimetype: 'application/pdf' };
}

async function createCast(variables: Record<string, unknown> = {}, key = server.prodKey): Promise<Record<string, any>> {
  const { body } = await graphql(server, { query: CREATE_CAST, variables: { file: base64(SAMPLE, 'sample.pdf'), detectFields: true, ...variables } }, { key });
  expect(body.errors).toBeUndefined();
  return body.data!.createCast;
}

describe('the endpoint', () => {
  it('answers on /graphql and on /, with rate-limit headers, and no errors key on success', async () => {
    for (const path of ['/graphql', '/']) {
      const { status, headers, body } = await graphql(server, { query: '{ currentUser { eid organizations { eid slug } } }' }, { key: server.prodKey, path });
      expect(status).toBe(200);
      expect(headers.get('content-type')).toMatch(/^application\/json/);
      expect(headers.get('x-ratelimit-limit')).toBeTruthy();
      expect(body).not.toHaveProperty('errors');
      expect(body.data!.currentUser.organizations[0].eid).toBe(server.organizationEid);
    }
  });

  it('takes the key as Basic or Bearer, and answers a missing or bad key with 401 in GraphQL shape', async () => {
    const bearer = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${Buffer.from(server.prodKey).toString('base64')}` },
      body: JSON.stringify({ query: '{ currentUser { eid } }' }),
    });
    expect(bearer.status).toBe(200);
    for (const key of [null, 'not-a-key']) {
      const { status, body } = await ask('{ currentUser { eid } }', {}, key);
      expect(status).toBe(401);
      expect(body.data).toBeUndefined();
      expect(body.errors).toEqual([expect.objectContaining({ status: 401, name: 'AuthorizationError' })]);
    }
  });

  it('offers introspection', async () => {
    const { body } = await ask('{ __schema { mutationType { fields { name } } } }');
    const names = body.data!.__schema.mutationType.fields.map((f: { name: string }) => f.name);
    expect(names).toEqual(expect.arrayContaining(['createCast', 'createEtchPacket', 'createWeld', 'generateEmbedURL', 'expireSessionToken']));
  });

  it('accepts variables as a JSON string, and names a string that is not JSON', async () => {
    const cast = await createCast();
    const good = await graphql(server, { query: 'query($eid: String!) { cast(eid: $eid) { eid } }', variables: JSON.stringify({ eid: cast.eid }) }, { key: server.prodKey });
    expect(good.body.data!.cast.eid).toBe(cast.eid);
    const bad = await graphql(server, { query: '{ currentUser { eid } }', variables: '{not json' }, { key: server.prodKey });
    expect(bad.status).toBe(200);
    expect(bad.body.errors![0]).toMatchObject({ status: 400, name: 'ValidationError', fields: [{ property: 'variables' }] });
  });

  it('runs batches of operations, each with its own result', async () => {
    const cast = await createCast();
    const { status, body } = await graphql(server, [
      { query: 'query($eid: String!) { cast(eid: $eid) { eid } }', variables: { eid: cast.eid } },
      { query: '{ cast(eid: "AAAAAAAAAAAAAAAAAAAA") { eid } }' },
    ], { key: server.prodKey });
    expect(status).toBe(200);
    const [first, second] = body as unknown as GraphQLBody[];
    expect(first!.data!.cast.eid).toBe(cast.eid);
    expect(first).not.toHaveProperty('errors');
    expect(second).not.toHaveProperty('data');
    expect(second!.errors![0]).toMatchObject({ status: 404, name: 'NotFoundError' });
  });

  it('reports syntax and schema errors as ValidationError, without data', async () => {
    for (const query of ['{ currentUser { eid ', '{ nope }', '{ cast(eid: 1) { eid } }']) {
      const { status, body } = await ask(query);
      expect(status).toBe(200);
      expect(body).not.toHaveProperty('data');
      expect(body.errors![0]).toMatchObject({ status: 400, name: 'ValidationError' });
    }
  });
});

describe('hostile queries', () => {
  it('refuses queries nested too deep, asking for too many fields, or too many in a batch', async () => {
    const deep = `{ currentUser { ${'organizations { casts { organization { '.repeat(5)}eid${' } } }'.repeat(5)} } }`;
    expect((await ask(deep)).body.errors![0]!.status).toBe(400);

    const wide = `{ ${Array.from({ length: 1200 }, (_, i) => `a${i}: currentUser { eid }`).join(' ')} }`;
    const { body } = await ask(wide);
    expect(body.errors![0]).toMatchObject({ status: 400, name: 'ValidationError' });
    expect(body.errors![0]!.message).toMatch(/more than \d+ fields/);

    // Fragments that double at every level: a billion fields if expanded naively.
    const levels = 30;
    const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on User { ${i === levels - 1 ? 'eid' : `a: organizations { ...O${i} } b: organizations { ...O${i} }`} }`).join('\n')
      + '\n' + Array.from({ length: levels - 1 }, (_, i) => `fragment O${i} on Organization { casts { organization { name } } }`).join('\n');
    const bomb = await ask(`{ currentUser { ...F0 } }\n${fragments}`);
    expect(bomb.status).toBe(200);
    expect(bomb.body.errors).toBeDefined();

    const batch = await graphql(server, Array.from({ length: 50 }, () => ({ query: '{ currentUser { eid } }' })), { key: server.prodKey });
    expect((batch.body as GraphQLBody).errors![0]!.message).toMatch(/at most \d+ operations/);
  });

  it('refuses variables nested deeper than 64 levels, naming the path', async () => {
    let metadata: unknown = 1;
    for (let i = 0; i < 100; i++) metadata = { m: metadata };
    const { body } = await ask('mutation($m: JSON) { generateEmbedURL(eid: "x", type: "edit-pdf-template", metadata: $m) { url } }', { m: metadata });
    expect(body.errors![0]).toMatchObject({ status: 400, name: 'ValidationError' });
    expect(body.errors![0]!.fields![0]!.property).toMatch(/^variables\.m\.m/);
  });

  it('answers malformed multipart requests with errors, never a 5xx', async () => {
    const cases: { operations?: string; map?: string; files?: [string, string][] }[] = [
      { operations: '{nope', map: '{}' },
      { operations: JSON.stringify({ query: CREATE_CAST, variables: { file: null } }), map: '[]' },
      { operations: JSON.stringify({ query: CREATE_CAST, variables: { file: null } }), map: JSON.stringify({ 1: ['variables.__proto__.x'] }), files: [['1', 'x']] },
      { operations: JSON.stringify({ query: CREATE_CAST, variables: { file: null } }), map: JSON.stringify({ 1: ['variables.missing.deep'] }), files: [['1', 'x']] },
      { operations: JSON.stringify({ query: CREATE_CAST, variables: { file: null } }), map: JSON.stringify({ 1: ['variables.file'] }) },
      { map: JSON.stringify({ 1: ['variables.file'] }), files: [['1', 'x']] },
    ];
    for (const { operations, map, files = [] } of cases) {
      const form = new FormData();
      if (map !== undefined && operations === undefined) form.append('map', map);
      if (operations !== undefined) form.append('operations', operations);
      if (map !== undefined && operations !== undefined) form.append('map', map);
      for (const [name, content] of files) form.append(name, new Blob([content]), 'f.pdf');
      const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { authorization: basic(server.prodKey) }, body: form });
      expect(response.status).toBeLessThan(500);
      const body = (await response.json()) as GraphQLBody;
      expect(body.errors![0]!.status).toBeGreaterThanOrEqual(400);
      expect(body.errors![0]!.status).toBeLessThan(500);
    }
  });

  it('bounds uploads in size and in number', async () => {
    const small = await startTestServer({ graphql: { uploads: { maxFileBytes: 4096, maxFiles: 2, maxFieldBytes: 65_536 } } });
    try {
      const operations = { query: CREATE_CAST, variables: { file: null } };
      const form = new FormData();
      form.append('operations', JSON.stringify(operations));
      form.append('map', JSON.stringify({ 0: ['variables.file'] }));
      form.append('0', new Blob([SAMPLE]), 'big.pdf');
      const big = await fetch(`${small.url}/graphql`, { method: 'POST', headers: { authorization: basic(small.prodKey) }, body: form });
      expect(((await big.json()) as GraphQLBody).errors![0]).toMatchObject({ status: 413, name: 'PayloadTooLargeError' });

      const many = new FormData();
      many.append('operations', JSON.stringify(operations));
      many.append('map', JSON.stringify({ 0: ['variables.file'] }));
      for (let i = 0; i < 5; i++) many.append(String(i), new Blob(['%PDF-']), 'x.pdf');
      const tooMany = await fetch(`${small.url}/graphql`, { method: 'POST', headers: { authorization: basic(small.prodKey) }, body: many });
      expect(((await tooMany.json()) as GraphQLBody).errors![0]).toMatchObject({ status: 413 });

      const base64Big = await graphql(small, { query: CREATE_CAST, variables: { file: base64(SAMPLE) } }, { key: small.prodKey });
      expect(base64Big.body.errors![0]).toMatchObject({ status: 413 });
    } finally {
      await small.stop();
    }
  });
});

describe('createCast', () => {
  it('stores a multipart upload (part "1", a full Windows path as the filename) with its form fields', async () => {
    const { body } = await multipart({ query: CREATE_CAST, variables: { file: null, title: 'Sample', detectFields: true, allowedAliasIds: ['name', 'email'] } }, { 1: [SAMPLE, 'C:\\Users\\me\\Documents\\sample.pdf', ['variables.file']] });
    expect(body.errors).toBeUndefined();
    const cast = body.data!.createCast;
    expect(cast).toMatchObject({ name: 'Sample', title: 'Sample', isTemplate: true, allowedAliasIds: ['name', 'email'], versionNumber: 1 });
    expect(cast.fieldInfo.length).toBeGreaterThan(3);
    expect(cast.fieldInfo[0]).toMatchObject({ aliasId: expect.any(String), type: expect.any(String), pageNum: 0 });
  });

  it('takes part names from 0, batched operations with a file each, and a Unix path as the filename', async () => {
    const operations = [
      { query: CREATE_CAST, variables: { file: null } },
      { query: CREATE_CAST, variables: { file: null, title: 'Second' } },
    ];
    const { body } = await multipart(operations, { 0: [SAMPLE, '/home/me/first.pdf', ['0.variables.file']], 1: [NDA, '/tmp/x/nda.pdf', ['1.variables.file']] });
    const [first, second] = body as unknown as GraphQLBody[];
    expect(first!.data!.createCast).toMatchObject({ name: 'first', fieldInfo: [] });
    expect(second!.data!.createCast).toMatchObject({ name: 'Second' });
  });

  it('takes a base64 upload in the variables and in the query itself', async () => {
    const viaVariables = await createCast({ title: 'B64' });
    expect(viaVariables.title).toBe('B64');
    const literal = Buffer.from(SAMPLE).toString('base64');
    const { body } = await ask(`mutation { createCast(file: { data: "${literal}", filename: "inline.pdf", mimetype: "application/pdf" }) { eid name } }`);
    expect(body.data!.createCast.name).toBe('inline');
  });

  it('refuses a file that is not a PDF, encrypted or damaged, and stores nothing', async () => {
    const before = (await ask('{ currentUser { organizations { casts { eid } } } }')).body.data!.currentUser.organizations[0].casts.length;
    const damaged = Buffer.concat([SAMPLE.subarray(0, 400)]);
    for (const [bytes, pattern] of [[Buffer.from('hello, world'), /not a PDF/i], [damaged, /damaged|cannot|could not/i]] as const) {
      const { body } = await ask(CREATE_CAST, { file: base64(bytes) });
      expect(body).not.toHaveProperty('data');
      expect(body.errors![0]).toMatchObject({ status: 400, name: 'ValidationError', fields: [{ property: 'file' }] });
      expect(body.errors![0]!.message).toMatch(pattern);
    }
    const bad = await ask(CREATE_CAST, { file: { data: '***', filename: 'x.pdf' } });
    expect(bad.body.errors![0]).toMatchObject({ status: 400, name: 'ValidationError' });
    const after = (await ask('{ currentUser { organizations { casts { eid } } } }')).body.data!.currentUser.organizations[0].casts.length;
    expect(after).toBe(before);
  });

  it('detectBoxesAdvanced finds blanks on a PDF without a form; aliasIds maps them, overrides applied, weak matches left alone', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const lines = ['Full name: ______________________', 'E-mail address: ______________________', 'Date of birth: ______________', 'Favourite colour: ______________'];
    lines.forEach((line, i) => page.drawText(line, { x: 72, y: 700 - i * 40, size: 12, font }));
    const pdf = await doc.save();
    const { body } = await ask('mutation($file: Upload!, $aliasIds: JSON) { createCast(file: $file, detectBoxesAdvanced: true, aliasIds: $aliasIds) { fieldInfo } }', {
      file: base64(pdf, 'form.pdf'),
      aliasIds: { clientName: { description: 'the full name of the client' }, clientEmail: { description: 'email' }, dob: { description: 'date of birth', type: 'date', format: 'MMMM Do YYYY' }, taxId: { description: 'tax identification number' } },
    });
    expect(body.errors).toBeUndefined();
    const fields = body.data!.createCast.fieldInfo as { aliasId: string; type: string; format?: string; pageNum: number }[];
    expect(fields).toHaveLength(4);
    const byAlias = Object.fromEntries(fields.map((f) => [f.aliasId, f]));
    expect(byAlias.clientName).toMatchObject({ pageNum: 0 });
    expect(byAlias.clientEmail).toMatchObject({ type: 'email' });
    expect(byAlias.dob).toMatchObject({ type: 'date', format: 'MMMM Do YYYY' });
    expect(byAlias.taxId).toBeUndefined();
    const bad = await ask('mutation($file: Upload!) { createCast(file: $file, aliasIds: 7) { eid } }', { file: base64(pdf) });
    expect(bad.body.errors![0]).toMatchObject({ status: 400, fields: [{ property: 'aliasIds' }] });
  });

  it('a new version with updateCast keeps the placed fields; cast(versionNumber) reads either', async () => {
    const cast = await createCast();
    const { body } = await ask('mutation($eid: String!, $file: Upload) { updateCast(eid: $eid, file: $file, title: "v2") { eid title versionNumber fieldInfo } }', { eid: cast.eid, file: base64(NDA) });
    expect(body.data!.updateCast).toMatchObject({ eid: cast.eid, title: 'v2', versionNumber: 2 });
    expect(body.data!.updateCast.fieldInfo).toEqual(cast.fieldInfo);
    const read = await ask('query($eid: String!) { v1: cast(eid: $eid, versionNumber: 1) { versionNumber } latest: cast(eid: $eid, versionNumber: -1) { versionNumber versions { versionNumber } } }', { eid: cast.eid });
    expect(read.body.data).toEqual({ v1: { versionNumber: 1 }, latest: { versionNumber: 2, versions: [{ versionNumber: 1 }, { versionNumber: 2 }] } });
  });
});

describe('createEtchPacket and etchPacket', () => {
  const CREATE = `mutation($files: [EtchFile!], $signers: [JSON!], $data: JSON, $isDraft: Boolean, $name: String) {
    createEtchPacket(name: $name, files: $files, signers: $signers, data: $data, isDraft: $isDraft, isTest: true) {
      eid name status isTest payload documentGroup { status files signers { eid aliasId name email routingOrder signActionType } }
    }
  }`;

  it('stores files by castEid and by upload, signers, and the fill data with signer names and emails filled in', async () => {
    const cast = await createCast();
    const { body } = await ask(CREATE, {
      name: 'HR docs',
      isDraft: true,
      files: [
        { id: 'template', castEid: cast.eid },
        { id: 'nda', title: 'NDA', base64File: base64(NDA, 'nda.pdf'), fields: [{ id: 'recipientName', type: 'fullName', pageNum: 0, rect: { x: 1, y: 2, width: 100, height: 12 } }, { id: 'recipientEmail', type: 'email', pageNum: 0, rect: { x: 1, y: 20, width: 100, height: 12 } }] },
      ],
      signers: [{ id: 'employee', name: 'Sally Employee', email: 'sally@example.com', fields: [{ fileId: 'nda', fieldId: 'recipientName' }, { fileId: 'nda', fieldId: 'recipientEmail' }, { fileId: 'nda', fieldId: 'noSuchField' }] }],
      data: { payloads: { template: { data: { unknownField: 'kept' } } } },
    });
    expect(body.errors).toBeUndefined();
    const packet = body.data!.createEtchPacket;
    expect(packet).toMatchObject({ name: 'HR docs', status: 'draft', isTest: true });
    expect(packet.payload).toEqual({ template: { data: { unknownField: 'kept' } }, nda: { data: { recipientName: 'Sally Employee', recipientEmail: 'sally@example.com' } } });
    expect(packet.documentGroup.files.map((f: { id: string }) => f.id)).toEqual(['template', 'nda']);
    expect(packet.documentGroup.signers).toEqual([expect.objectContaining({ aliasId: 'employee', name: 'Sally Employee', email: 'sally@example.com', routingOrder: 1, signActionType: 'email' })]);

    const read = await ask('query($eid: String!) { etchPacket(eid: $eid) { eid status documentGroup { signers { name } } } }', { eid: packet.eid });
    expect(read.body.data!.etchPacket).toEqual({ eid: packet.eid, status: 'draft', documentGroup: { signers: [{ name: 'Sally Employee' }] } });
  });

  it('is sent unless isDraft is true', async () => {
    const cast = await createCast();
    const { body } = await ask(CREATE, { files: [{ id: 'f', castEid: cast.eid }], signers: [{ id: 's', name: 'S', email: 's@example.com', fields: [{ fileId: 'f', fieldId: 'x' }] }] });
    expect(body.data!.createEtchPacket.status).toBe('sent');
  });

  it('refuses a signer attached to no fields, a bad email, an unknown castEid and a file that is not a PDF, naming each', async () => {
    const cast = await createCast();
    const signer = { id: 's', name: 'S', email: 's@example.com', fields: [{ fileId: 'f', fieldId: 'x' }] };
    const cases: [Record<string, unknown>, string][] = [
      [{ files: [{ id: 'f', castEid: cast.eid }], signers: [{ ...signer, fields: [] }] }, 'signers[0].fields'],
      [{ files: [{ id: 'f', castEid: cast.eid }], signers: [{ ...signer, email: 'nope' }] }, 'signers[0].email'],
      [{ files: [{ id: 'f', castEid: 'AAAAAAAAAAAAAAAAAAAA' }], signers: [signer] }, 'files[0].castEid'],
      [{ files: [{ id: 'f', file: base64(Buffer.from('not a pdf')) }], signers: [signer] }, 'files[0].file'],
      [{ files: [{ id: 'f', castEid: cast.eid }, { id: 'f', castEid: cast.eid }], signers: [signer] }, 'files[1].id'],
      [{ files: [], signers: [signer] }, 'files'],
    ];
    for (const [variables, property] of cases) {
      const { body } = await ask(CREATE, variables);
      expect(body, property).not.toHaveProperty('data');
      expect(body.errors![0]!.fields![0]!.property).toBe(property);
    }
  });
});

describe('createWeld and weld', () => {
  it('stores a workflow over a template and an upload; weld reads it by eid and by slug', async () => {
    const cast = await createCast();
    const { body } = await ask('mutation($org: String!, $files: [WeldFile]) { createWeld(organizationEid: $org, name: "New hire", files: $files) { eid slug name visibility files casts { eid } } }', {
      org: server.organizationEid,
      files: [{ id: 'w4', castEid: cast.eid }, { id: 'nda', file: base64(NDA, 'nda.pdf') }],
    });
    expect(body.errors).toBeUndefined();
    const weld = body.data!.createWeld;
    expect(weld).toMatchObject({ name: 'New hire', visibility: 'draft' });
    expect(weld.slug).toMatch(/^new-hire(-\d+)?$/);
    expect(weld.casts).toHaveLength(2);
    const bySlug = await ask('query($slug: String) { weld(slug: $slug) { eid forges { eid } } }', { slug: weld.slug });
    expect(bySlug.body.data!.weld).toEqual({ eid: weld.eid, forges: [] });
  });

  it("refuses another organization's eid as missing", async () => {
    const { body } = await ask('mutation($org: String!) { createWeld(organizationEid: $org, name: "x") { eid } }', { org: 'AAAAAAAAAAAAAAAAAAAA' });
    expect(body.errors![0]).toMatchObject({ status: 404 });
  });
});

describe('generateEmbedURL and expireSessionToken', () => {
  const GENERATE = 'mutation($eid: String!, $type: String!, $validForSeconds: Int, $validUntil: String, $options: JSON, $metadata: JSON) { generateEmbedURL(eid: $eid, type: $type, validForSeconds: $validForSeconds, validUntil: $validUntil, options: $options, metadata: $metadata) { url requestTokenEid } }';

  it('gives a one-time URL for each kind of object', async () => {
    const cast = await createCast();
    const packet = (await ask('mutation($f: [EtchFile!], $s: [JSON!]) { createEtchPacket(files: $f, signers: $s, isDraft: true) { eid } }', { f: [{ id: 'f', castEid: cast.eid }], s: [{ id: 's', name: 'S', email: 's@example.com', fields: [{ fileId: 'f', fieldId: 'x' }] }] })).body.data!.createEtchPacket;
    const weld = (await ask('mutation($org: String!) { createWeld(organizationEid: $org, name: "W") { eid } }', { org: server.organizationEid })).body.data!.createWeld;
    for (const [eid, type, path] of [[cast.eid, 'edit-pdf-template', 'edit-pdf-template'], [packet.eid, 'edit-etch-packet', 'edit-etch-packet'], [weld.eid, 'edit-workflow', 'edit-workflow'], [weld.eid, 'edit-weld', 'edit-workflow']]) {
      const { body } = await ask(GENERATE, { eid, type, validUntil: new Date(Date.now() + 60_000).toISOString() });
      expect(body.errors).toBeUndefined();
      const { url, requestTokenEid } = body.data!.generateEmbedURL;
      expect(url).toMatch(new RegExp(`^${server.url}/embed/${path}\\?token=[A-Za-z0-9_-]{43}$`));
      expect(requestTokenEid).toMatch(/^[0-9A-Za-z]{20}$/);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(eid);
    }
  });

  it('validates type, lifetime and options, naming the bad one', async () => {
    const cast = await createCast();
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'edit-everything' }, 'type'],
      [{ type: 'edit-pdf-template', validForSeconds: 0 }, 'validForSeconds'],
      [{ type: 'edit-pdf-template', validForSeconds: 10 ** 9 }, 'validForSeconds'],
      [{ type: 'edit-pdf-template', validUntil: '2001-01-01T00:00:00Z' }, 'validUntil'],
      [{ type: 'edit-pdf-template', validUntil: 'tomorrow' }, 'validUntil'],
      [{ type: 'edit-pdf-template', options: { mode: 'free-for-all' } }, 'options.mode'],
      [{ type: 'edit-pdf-template', options: { mode: 'preset-fields', showPageTitleBar: 'no' } }, 'options.showPageTitleBar'],
      [{ type: 'edit-pdf-template', options: { mode: 'preset-fields', colour: 'red' } }, 'options.colour'],
      [{ type: 'edit-pdf-template', options: { mode: 'preset-fields', fields: [{ name: 'N', type: 'fullName' }] } }, 'options.fields[0].aliasId'],
      [{ type: 'edit-pdf-template', options: { mode: 'preset-fields', fields: [{ name: 'N', type: 'telepathy', aliasId: 'n' }] } }, 'options.fields[0].type'],
      [{ type: 'edit-pdf-template', options: { mode: 'preset-fields', fields: [{ name: 'N', type: 'shortText', aliasId: 'n', textColor: 'red' }] } }, 'options.fields[0].textColor'],
    ];
    for (const [variables, property] of cases) {
      const { body } = await ask(GENERATE, { eid: cast.eid, ...variables });
      expect(body.errors?.[0]?.fields?.[0]?.property, JSON.stringify(variables)).toBe(property);
    }
    const example = JSON.parse(readFileSync('../shared/examples/anvil/graphql/api-usage-examples__javascript__embed-pdf-template-builder.operations.json', 'utf8'))[1].variables;
    const { body } = await ask(GENERATE, { ...example, eid: cast.eid });
    expect(body.errors).toBeUndefined();
  });

  it("refuses another organization's object with the message of a missing one, and a packet that was sent", async () => {
    const cast = await createCast();
    const missing = await ask(GENERATE, { eid: 'AAAAAAAAAAAAAAAAAAAA', type: 'edit-pdf-template' });
    const foreign = await ask(GENERATE, { eid: cast.eid, type: 'edit-pdf-template' }, otherKey);
    expect(foreign.body.errors![0]!.status).toBe(404);
    expect(foreign.body.errors![0]!.message.replace(cast.eid, 'X')).toBe(missing.body.errors![0]!.message.replace('AAAAAAAAAAAAAAAAAAAA', 'X'));
    const sent = (await ask('mutation($f: [EtchFile!], $s: [JSON!]) { createEtchPacket(files: $f, signers: $s) { eid } }', { f: [{ id: 'f', castEid: cast.eid }], s: [{ id: 's', name: 'S', email: 's@example.com', fields: [{ fileId: 'f', fieldId: 'x' }] }] })).body.data!.createEtchPacket;
    const refused = await ask(GENERATE, { eid: sent.eid, type: 'edit-etch-packet' });
    expect(refused.body.errors![0]!.message).toMatch(/draft/);
    const otherRead = await ask('query($eid: String!) { cast(eid: $eid) { eid } }', { eid: cast.eid }, otherKey);
    expect(otherRead.body.errors![0]).toMatchObject({ status: 404 });
  });

  it('builds URLs on QUIRE_PUBLIC_URL, path prefix included', async () => {
    const proxied = await startTestServer({ graphql: { publicUrl: 'https://docs.example.com/quire' } });
    try {
      const { body } = await graphql(proxied, { query: CREATE_CAST, variables: { file: base64(SAMPLE) } }, { key: proxied.prodKey });
      const eid = body.data!.createCast.eid;
      const url = (await graphql(proxied, { query: GENERATE, variables: { eid, type: 'edit-pdf-template' } }, { key: proxied.prodKey })).body.data!.generateEmbedURL.url;
      expect(url).toMatch(/^https:\/\/docs\.example\.com\/quire\/embed\/edit-pdf-template\?token=/);
    } finally {
      await proxied.stop();
    }
  });

  it('expireSessionToken revokes once; the organization that made it is the only one that can', async () => {
    const cast = await createCast();
    const { requestTokenEid } = (await ask(GENERATE, { eid: cast.eid, type: 'edit-pdf-template' })).body.data!.generateEmbedURL;
    const EXPIRE = 'mutation($t: String!) { expireSessionToken(requestTokenEid: $t) }';
    expect((await ask(EXPIRE, { t: requestTokenEid }, otherKey)).body.data!.expireSessionToken).toBe(false);
    expect((await ask(EXPIRE, { t: requestTokenEid })).body.data!.expireSessionToken).toBe(true);
    expect((await ask(EXPIRE, { t: requestTokenEid })).body.data!.expireSessionToken).toBe(false);
    expect((await ask(EXPIRE, { t: 'AAAAAAAAAAAAAAAAAAAA' })).body.data!.expireSessionToken).toBe(false);
  });
});

describe('workflow operations this server has nothing for', () => {
  it('forgeSubmit, removeWeldData and generateEtchSignURL answer clear errors', async () => {
    const forge = await ask('mutation { forgeSubmit(forgeEid: "f", payload: {}) { eid } }');
    expect(forge.body.errors![0]).toMatchObject({ status: 404, name: 'NotFoundError' });
    const sign = await ask('mutation { generateEtchSignURL(signerEid: "s", clientUserId: "u") }');
    expect(sign.body.errors![0]).toMatchObject({ status: 501 });
  });
});

it('the fixture PDFs used here are PDFs', async () => {
  expect((await PDFDocument.load(SAMPLE)).getPageCount()).toBeGreaterThan(0);
});
