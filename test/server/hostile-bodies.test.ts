// Bodies that are the caller's mistake get a 4xx that says what was wrong, never a 500:
// multipart without a boundary or cut short, JSON nested thousands deep (which would overflow
// the stack of whatever walks it), and a JSON body that starts with a byte-order mark, which is
// simply accepted.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin.js';
import { fixturePdf } from '../fill/cast-fixture.js';
import { isPdf, post, startTestServer, type TestServer } from './helpers.js';

let server: TestServer;
let castEid: string;

beforeAll(async () => {
  server = await startTestServer();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'quire-cast-')), 'template.pdf');
  writeFileSync(file, fixturePdf('sample-template-fillable.pdf'));
  let out = '';
  const status = await runAdmin(['create-cast', '--org', server.organizationEid, file], { stdout: (t) => void (out += t), stderr: () => undefined }, { QUIRE_DATA_DIR: server.dataDir });
  expect(status).toBe(0);
  castEid = (JSON.parse(out) as { eid: string }).eid;
});
afterAll(async () => {
  await server.stop();
});

/** `{"a":{"a":…{"a":1}…}}`, `depth` objects deep. */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const MULTIPART_BODY = ['--XYZ', 'Content-Disposition: form-data; name="type"', '', 'html', '--XYZ', 'Content-Disposition: form-data; name="data"', '', '{"html":"<p>Hi</p>"}', '--XYZ--', ''].join('\r\n');

describe('malformed bodies are 400s', () => {
  it('multipart/form-data without a boundary', async () => {
    const res = await post(server, '/api/v1/generate-pdf', undefined, { key: server.prodKey, headers: { 'content-type': 'multipart/form-data' }, raw: MULTIPART_BODY });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ name: 'BadRequestError', message: expect.stringContaining('multipart') });
  });

  it('multipart/form-data cut short, in a part or between parts', async () => {
    for (const cut of [MULTIPART_BODY.length - 12, MULTIPART_BODY.indexOf('html') + 2, 20]) {
      const res = await post(server, '/api/v1/generate-pdf', undefined, { key: server.prodKey, headers: { 'content-type': 'multipart/form-data; boundary=XYZ' }, raw: MULTIPART_BODY.slice(0, cut) });
      expect(res.status, `cut at ${cut}`).toBe(400);
      expect(res.json()).toMatchObject({ name: 'BadRequestError' });
    }
  });

  it('a well-formed multipart body still renders', async () => {
    const res = await post(server, '/api/v1/generate-pdf', undefined, { key: server.prodKey, headers: { 'content-type': 'multipart/form-data; boundary=XYZ' }, raw: MULTIPART_BODY });
    expect(res.status).toBe(200);
    expect(isPdf(res.bytes)).toBe(true);
  });

  it('JSON nested 5,000 deep: a ValidationError naming where, for generate-pdf and fill', async () => {
    const render = await post(server, '/api/v1/generate-pdf', undefined, { key: server.prodKey, raw: `{"type":"html","data":${nested(5000)}}` });
    expect(render.status).toBe(400);
    expect(render.json()).toMatchObject({ name: 'ValidationError', fields: [{ property: expect.stringMatching(/^data\.a\.a/), message: expect.stringContaining('Nested more than') }] });
    const fill = await post(server, `/api/v1/fill/${castEid}.pdf`, undefined, { key: server.prodKey, raw: `{"data":${nested(5000)}}` });
    expect(fill.status).toBe(400);
    expect(fill.json()).toMatchObject({ name: 'ValidationError' });
    // Arrays too, and in a multipart part.
    const form = new FormData();
    form.append('data', `${'['.repeat(6000)}${']'.repeat(6000)}`);
    const multipart = await post(server, `/api/v1/fill/${castEid}.pdf`, undefined, { key: server.prodKey, raw: form });
    expect(multipart.status).toBe(400);
    expect(multipart.json()).toMatchObject({ name: 'ValidationError' });
  });

  it('nesting a real payload uses is accepted', async () => {
    const res = await post(server, `/api/v1/fill/${castEid}.pdf`, undefined, { key: server.prodKey, raw: `{"data":{"x":${nested(20)}}}` });
    expect(res.status).toBe(200);
  });
});

describe('a path that is not valid percent-encoding', () => {
  it('is a 400 with our error body', async () => {
    const res = await post(server, '/api/v1/fill/%E0%A4%A.pdf', { data: {} }, { key: server.prodKey });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ name: 'BadRequestError', message: expect.stringContaining('path') });
  });
});

describe('headers the HTTP parser refuses', () => {
  it('too large: 431 with our error body', async () => {
    const res = await post(server, '/api/v1/generate-pdf', { type: 'html', data: { html: '<p>x</p>' } }, { key: server.prodKey, headers: { 'x-padding': 'a'.repeat(40_000) } });
    expect(res.status).toBe(431);
    expect(res.json()).toEqual({ name: 'RequestHeaderFieldsTooLargeError', message: expect.any(String) });
  });
});

describe('a byte-order mark', () => {
  it('before a JSON body is ignored', async () => {
    const res = await post(server, '/api/v1/generate-pdf', undefined, { key: server.prodKey, raw: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ type: 'html', data: { html: '<p>BOM</p>' } }))]) });
    expect(res.status).toBe(200);
    expect(isPdf(res.bytes)).toBe(true);
  });
});
