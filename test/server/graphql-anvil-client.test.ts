// The official Node client (@anvilco/anvil), unchanged, against POST /graphql: the example
// documents and variables real clients send (../shared/examples/anvil/graphql/ and etch/), with
// uploads made by Anvil.prepareGraphQLFile (the GraphQL multipart request spec), and what the
// client hands back — `{ statusCode, data, errors }`, where `data` is the whole response body
// `{ data: { … } }` and `errors` the body's `errors` (then with no `data`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AnvilPackage from '@anvilco/anvil';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.js';

// The package is CommonJS with a `default` export (and, at runtime, the class itself).
const Anvil = ((AnvilPackage as unknown as { default?: unknown }).default ?? AnvilPackage) as typeof AnvilPackage.default;
type AnvilClient = InstanceType<typeof Anvil>;

const EXAMPLES = path.join(import.meta.dirname, '../../../shared/examples/anvil');
const FIXTURES = path.join(EXAMPLES, 'fixtures');
const fixture = (name: string) => path.join(FIXTURES, name);

interface CapturedOperation { method: string; query: string; variables: Record<string, unknown> }
const operations = (file: string) => JSON.parse(readFileSync(path.join(EXAMPLES, 'graphql', file), 'utf8')) as CapturedOperation[];
const EMBED_TEMPLATE_BUILDER = operations('api-usage-examples__javascript__embed-pdf-template-builder.operations.json');
const MAKE_GRAPHQL_REQUEST = operations('api-usage-examples__javascript__make-graphql-request.operations.json');
const CREATE_CAST = EMBED_TEMPLATE_BUILDER[0]!;
const GENERATE_EMBED_URL = EMBED_TEMPLATE_BUILDER[1]!;
const CURRENT_USER = MAKE_GRAPHQL_REQUEST[0]!;
const WELD = MAKE_GRAPHQL_REQUEST[1]!;

/** The create-etch-packet example's variables, a fresh copy each time. */
const etchPacketVariables = () => JSON.parse(readFileSync(path.join(EXAMPLES, 'etch/node-anvil__example__create-etch-packet.variables.json'), 'utf8')) as Record<string, unknown> & { files: Record<string, unknown>[]; signers: Record<string, unknown>[] };

/** Each `{ "__upload__": true, path, options }` placeholder as the client's upload of that fixture. */
function withUploads(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withUploads);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (record.__upload__ === true) return Anvil.prepareGraphQLFile(fixture(record.path as string), (record.options as object | null) ?? undefined);
  return Object.fromEntries(Object.entries(record).map(([key, each]) => [key, withUploads(each)]));
}

const CREATE_WELD = /* GraphQL */ `
  mutation CreateWeld($organizationEid: String!, $name: String, $files: [WeldFile]) {
    createWeld(organizationEid: $organizationEid, name: $name, files: $files) { eid name files }
  }`;

let server: TestServer;
let client: AnvilClient;
/** A Cast of sample-template-fillable.pdf with its form fields, made through the client. */
let templateEid: string;

/** The example's createCast with `file` (and detectFields: true); returns the response's createCast. */
async function createCast(file: unknown, variables: Record<string, unknown> = {}) {
  const { statusCode, data, errors } = await client.requestGraphQL({ query: CREATE_CAST.query, variables: { ...CREATE_CAST.variables, detectFields: true, ...variables, file } }, { dataType: 'json' });
  expect(errors).toBeUndefined();
  expect(statusCode).toBe(200);
  return (data as { data: { createCast: { eid: string; name: string; title: string; isTemplate: boolean } } }).data.createCast;
}

beforeAll(async () => {
  server = await startTestServer();
  client = new Anvil({ apiKey: server.prodKey, baseURL: server.url });
  templateEid = (await createCast(Anvil.prepareGraphQLFile(fixture('sample-template-fillable.pdf')), { title: 'W-4 stand-in' })).eid;
}, 60_000);
afterAll(async () => {
  await server?.stop();
}, 60_000);

describe('the official @anvilco/anvil client on GraphQL', () => {
  it('createCast with uploads from a path and from a Buffer, then a one-time embed URL for the template builder', async () => {
    // A path: the client reads the file and sends it under its own name.
    const fromPath = await createCast(Anvil.prepareGraphQLFile(fixture('sample-template-fillable.pdf')));
    expect(fromPath).toEqual({ eid: expect.stringMatching(/^\w{10,}$/), name: 'Test Upload', title: 'Test Upload', isTemplate: true });
    // A Buffer, with the filename and mimetype of the example's options.
    const options = (CREATE_CAST.variables.file as { options: { filename: string; mimetype: string } }).options;
    expect(options).toEqual({ filename: 'Test Embedded Upload.pdf', mimetype: 'application/pdf' });
    const fromBuffer = await createCast(Anvil.prepareGraphQLFile(readFileSync(fixture('test-pdf-nda.pdf')), options), { title: null });
    expect(fromBuffer).toEqual({ eid: expect.stringMatching(/^\w{10,}$/), name: 'Test Embedded Upload', title: 'Test Embedded Upload', isTemplate: true });
    expect(fromBuffer.eid).not.toBe(fromPath.eid);

    // detectFields: true turned the fillable PDF's form fields into the Cast's fields.
    const read = await client.requestGraphQL({ query: 'query Cast($eid: String!) { cast(eid: $eid) { eid versionNumber fieldInfo } }', variables: { eid: fromPath.eid } }, { dataType: 'json' });
    expect(read.errors).toBeUndefined();
    const cast = (read.data as { data: { cast: { eid: string; versionNumber: number; fieldInfo: { aliasId: string; type: string }[] } } }).data.cast;
    expect(cast.eid).toBe(fromPath.eid);
    expect(cast.versionNumber).toBe(1);
    expect(cast.fieldInfo.length).toBeGreaterThan(0);

    const embed = await client.requestGraphQL({ query: GENERATE_EMBED_URL.query, variables: { ...GENERATE_EMBED_URL.variables, eid: fromPath.eid } }, { dataType: 'json' });
    expect(embed.errors).toBeUndefined();
    expect(embed.statusCode).toBe(200);
    const { url, requestTokenEid } = (embed.data as { data: { generateEmbedURL: { url: string; requestTokenEid: string } } }).data.generateEmbedURL;
    expect(Object.keys((embed.data as { data: Record<string, unknown> }).data)).toEqual(['generateEmbedURL']);
    expect(url).toMatch(new RegExp(`^${server.url.replace(/\./g, '\\.')}/embed/edit-pdf-template\\?token=[A-Za-z0-9_-]{43}$`));
    expect(requestTokenEid).toMatch(/^\w{10,}$/);

    // The URL opens once: the builder page, then an error page that tells the parent why.
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await first.text();
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('Test Upload');
    expect(page).toContain(fromPath.eid);
    const second = await fetch(url);
    expect(second.status).toBe(410);
    expect(second.headers.get('content-type')).toMatch(/^text\/html/);
    const error = await second.text();
    const script = /<script nonce="[^"]+">([^<]*)<\/script>/.exec(error)?.[1] ?? '';
    expect(script).toContain('window.parent.postMessage(');
    const message = JSON.parse(/postMessage\((\{.*\}), '\*'\)/.exec(script)?.[1] ?? 'null') as Record<string, unknown>;
    expect(message).toMatchObject({ action: 'embeddedError', errorType: 'tokenUsed', requestTokenEid });
  });

  it('createEtchPacket (the default response query) with the create-etch-packet example, as a draft; getEtchPacket reads it back', async () => {
    const variables = withUploads({ ...etchPacketVariables(), isDraft: true }) as ReturnType<typeof etchPacketVariables>;
    variables.files[0]!.castEid = templateEid;
    const { statusCode, data, errors } = await client.createEtchPacket({ variables });
    expect(errors).toBeUndefined();
    expect(statusCode).toBe(200);
    const packet = (data as { data: { createEtchPacket: Record<string, unknown> & { eid: string; documentGroup: { eid: string; files: Record<string, unknown>[] } } } }).data.createEtchPacket;
    expect(packet).toMatchObject({
      eid: expect.stringMatching(/^\w{10,}$/),
      name: 'HR Docs - Sally Employee',
      status: 'draft',
      isTest: true,
      allowUpdates: false,
      numberRemainingSigners: 2,
      detailsURL: null,
      webhookURL: null,
      completedAt: null,
      archivedAt: null,
    });
    expect(new Date(packet.createdAt as string).getTime()).toBeGreaterThan(0);
    const group = packet.documentGroup;
    expect(group.eid).toMatch(/^\w{10,}$/);
    expect(group).toMatchObject({ status: 'draft' });
    expect(group.files).toEqual([
      { id: 'templatePdfIrsW4', title: 'W-4 stand-in', filename: 'W-4 stand-in.pdf', castEid: templateEid, type: 'pdf' },
      { id: 'fileUploadNDA', title: 'Demo NDA', filename: 'test-pdf-nda.pdf', castEid: expect.stringMatching(/^\w{10,}$/), type: 'pdf' },
    ]);
    expect(group.files[1]!.castEid).not.toBe(templateEid);
    const signers = [
      { eid: expect.stringMatching(/^\w{10,}$/), aliasId: 'employee', routingOrder: 1, name: 'Sally Employee', email: 'employee@example.com', status: 'draft', signActionType: 'email' },
      { eid: expect.stringMatching(/^\w{10,}$/), aliasId: 'employer', routingOrder: 2, name: 'Bill AcmeManager', email: 'employer@example.com', status: 'draft', signActionType: 'email' },
    ];
    expect((group as unknown as { signers: unknown[] }).signers).toEqual(signers);

    const read = await client.getEtchPacket({ variables: { eid: packet.eid } });
    expect(read.errors).toBeUndefined();
    expect(read.statusCode).toBe(200);
    const again = (read.data as { data: { etchPacket: Record<string, unknown> & { documentGroup: Record<string, unknown> } } }).data.etchPacket;
    expect(again).toMatchObject({
      id: expect.any(Number), eid: packet.eid, name: packet.name, status: 'draft', isTest: true, numberRemainingSigners: 2,
      webhookURL: null, detailsURL: packet.detailsURL, completedAt: null, archivedAt: null, createdAt: packet.createdAt, updatedAt: packet.updatedAt,
    });
    expect(again.documentGroup).toEqual({
      id: again.id, eid: group.eid, status: 'draft', files: group.files,
      signers: signers.map((signer, i) => ({ id: i + 1, ...signer, eid: (group as unknown as { signers: { eid: string }[] }).signers[i]!.eid })),
    });

    // A response query of the caller's own: the fill data is kept per file as given.
    const withPayload = await client.getEtchPacket({ variables: { eid: packet.eid }, responseQuery: '{ eid containsFillData payload }' });
    expect(withPayload.errors).toBeUndefined();
    expect(withPayload.data).toEqual({ data: { etchPacket: { eid: packet.eid, containsFillData: true, payload: (etchPacketVariables().data as { payloads: unknown }).payloads } } });

    // A draft packet opens in the packet builder.
    const embed = await client.requestGraphQL({ query: GENERATE_EMBED_URL.query, variables: { eid: packet.eid, type: 'edit-etch-packet' } }, { dataType: 'json' });
    expect(embed.errors).toBeUndefined();
    expect((embed.data as { data: { generateEmbedURL: { url: string } } }).data.generateEmbedURL.url).toContain('/embed/edit-etch-packet?token=');
  });

  it('createEtchPacket with a signer attached to no fields: errors naming the signer\'s fields, and no data', async () => {
    const variables = withUploads({ ...etchPacketVariables(), isDraft: true }) as ReturnType<typeof etchPacketVariables>;
    variables.files[0]!.castEid = templateEid;
    variables.signers[1]!.fields = [];
    const { statusCode, data, errors } = await client.createEtchPacket({ variables });
    expect(statusCode).toBe(200);
    expect(data).toBeUndefined();
    expect(errors).toEqual([{
      message: 'signers[1].fields: A signer must be attached to at least one field: [{ fileId, fieldId }]',
      status: 400,
      name: 'ValidationError',
      fields: [{ property: 'signers[1].fields', message: 'A signer must be attached to at least one field: [{ fileId, fieldId }]' }],
      path: ['createEtchPacket'],
      locations: [{ line: expect.any(Number), column: expect.any(Number) }],
    }]);
  });

  it('createEtchPacket with isDraft: false is sent, and cannot be opened in the packet builder', async () => {
    const variables = withUploads(etchPacketVariables()) as ReturnType<typeof etchPacketVariables>;
    expect(variables.isDraft).toBe(false);
    variables.files[0]!.castEid = templateEid;
    const created = await client.createEtchPacket({ variables });
    expect(created.errors).toBeUndefined();
    const packet = (created.data as { data: { createEtchPacket: { eid: string; status: string; documentGroup: { status: string; signers: { status: string }[] } } } }).data.createEtchPacket;
    expect(packet.status).toBe('sent');
    expect(packet.documentGroup.status).toBe('sent');
    expect(packet.documentGroup.signers.map((signer) => signer.status)).toEqual(['sent', 'sent']);

    const embed = await client.requestGraphQL({ query: GENERATE_EMBED_URL.query, variables: { eid: packet.eid, type: 'edit-etch-packet', validForSeconds: 600 } }, { dataType: 'json' });
    expect(embed.statusCode).toBe(200);
    expect(embed.data).toBeUndefined();
    expect(embed.errors).toEqual([{
      message: `EtchPacket ${packet.eid} has been sent: only a draft packet (isDraft: true) can be edited in the builder`,
      status: 400,
      name: 'ValidationError',
      fields: [{ property: 'eid', message: 'The packet is not a draft' }],
      path: ['generateEmbedURL'],
      locations: [{ line: expect.any(Number), column: expect.any(Number) }],
    }]);
  });

  it('the make-graphql-request example: currentUser, and weld for a Weld made with createWeld', async () => {
    const created = await client.requestGraphQL({ query: CREATE_WELD, variables: { organizationEid: server.organizationEid, name: 'W-4 workflow', files: [{ id: 'w4', castEid: templateEid }] } }, { dataType: 'json' });
    expect(created.errors).toBeUndefined();
    const weld = (created.data as { data: { createWeld: { eid: string; name: string; files: unknown[] } } }).data.createWeld;
    expect(weld).toEqual({ eid: expect.stringMatching(/^\w{10,}$/), name: 'W-4 workflow', files: [{ id: 'w4', title: 'W-4 stand-in', castEid: templateEid, filename: 'W-4 stand-in.pdf' }] });

    const me = await client.requestGraphQL({ query: CURRENT_USER.query, variables: CURRENT_USER.variables }, { dataType: 'json' });
    expect(me.errors).toBeUndefined();
    expect(me.statusCode).toBe(200);
    const user = (me.data as { data: { currentUser: { eid: string; name: string; organizations: { eid: string; slug: string; name: string; casts: { eid: string; name: string }[]; welds: { eid: string; name: string }[] }[] } } }).data.currentUser;
    expect(user.eid).toBe(server.organizationEid);
    expect(user.name).toBe('Test Org API');
    expect(user.organizations).toHaveLength(1);
    const [organization] = user.organizations;
    expect(organization).toMatchObject({ eid: server.organizationEid, name: 'Test Org', slug: expect.any(String) });
    expect(organization!.casts).toContainEqual({ eid: templateEid, name: 'W-4 stand-in' });
    expect(organization!.welds).toContainEqual({ eid: weld.eid, name: 'W-4 workflow' });

    const read = await client.requestGraphQL({ query: WELD.query, variables: { ...WELD.variables, eid: weld.eid } }, { dataType: 'json' });
    expect(read.errors).toBeUndefined();
    expect(read.data).toEqual({ data: { weld: { eid: weld.eid, name: 'W-4 workflow', forges: [] } } });

    const missing = await client.requestGraphQL({ query: WELD.query, variables: WELD.variables }, { dataType: 'json' });
    expect(missing.data).toBeUndefined();
    expect(missing.errors).toEqual([{ message: 'No Weld WELD_EID_STUB', status: 404, name: 'NotFoundError', path: ['weld'], locations: [{ line: expect.any(Number), column: expect.any(Number) }] }]);
  });

  it('an invalid key: errors with statusCode 401 and no data, for JSON and for multipart requests', async () => {
    const stranger = new Anvil({ apiKey: 'not-a-key', baseURL: server.url });
    const expected = [{ message: expect.any(String), status: 401, name: 'AuthorizationError' }];
    const json = await stranger.requestGraphQL({ query: CURRENT_USER.query, variables: CURRENT_USER.variables }, { dataType: 'json' });
    expect(json).toEqual({ statusCode: 401, errors: expected, data: undefined });
    const upload = await stranger.requestGraphQL({ query: CREATE_CAST.query, variables: { ...CREATE_CAST.variables, file: Anvil.prepareGraphQLFile(fixture('test-pdf-nda.pdf')) } }, { dataType: 'json' });
    expect(upload).toEqual({ statusCode: 401, errors: expected, data: undefined });
    const packet = await stranger.createEtchPacket({ variables: { files: [{ id: 'a', castEid: templateEid }] } });
    expect(packet).toEqual({ statusCode: 401, errors: expected, data: undefined });
  });
});
