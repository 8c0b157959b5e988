// POST /api/v1/generate-pdf over real HTTP on loopback, against the real server, its worker
// pool and its embedded store: every status the API promises, both body encodings, encrypted
// data, and the development watermark.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import encryption from '@anvilco/encryption';
import { generateEncryptionKeyPair, sealSecret } from '../../server/encryption.js';
import { pageWords } from '../fill/pdf-probe.js';
import { NS, readXmp } from '../pdf/archival-helpers.js';
import { poppler, writeTemp } from '../pdf/helpers.js';
import { basic, isPdf, post, startTestServer, type TestServer } from './helpers.js';

const EXAMPLES = path.resolve('../shared/examples/anvil/generate-pdf');
const example = (file: string) => JSON.parse(readFileSync(path.join(EXAMPLES, file), 'utf8')) as Record<string, unknown>;
const pdfText = (bytes: Uint8Array) => poppler('pdftotext', [writeTemp('server.pdf', bytes), '-']).stdout;
const HELLO = { type: 'html', data: { html: '<p>Hello server</p>' } };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('generate-pdf: success', () => {
  it('renders every example payload as it is (HTML and Markdown), answering raw PDF bytes', async () => {
    const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const file of files) {
      const res = await post(server, '/api/v1/generate-pdf', example(file), { key: server.prodKey, headers: { accept: 'application/pdf' } });
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(isPdf(res.bytes), file).toBe(true);
      expect(Number(res.headers.get('content-length'))).toBe(res.bytes.byteLength);
    }
  });

  it('takes the invoice template with its CSS and renders its text', async () => {
    const body = JSON.parse(readFileSync(path.join(EXAMPLES, 'html-pdf-invoice-template/payload.json'), 'utf8'));
    const res = await post(server, '/api/v1/generate-pdf', body, { key: server.prodKey, headers: { accept: '*/*' } });
    expect(res.status).toBe(200);
    expect(pdfText(res.bytes)).toMatch(/Invoice/i);
  });

  it('watermarks development keys\' output on every page, not production keys\'', async () => {
    const long = { type: 'html', data: { html: '<p>one</p><p style="break-before: page">two</p>' } };
    const dev = await post(server, '/api/v1/generate-pdf', long, { key: server.devKey });
    const prod = await post(server, '/api/v1/generate-pdf', long, { key: server.prodKey });
    expect(dev.status).toBe(200);
    // Poppler reads diagonal text in pieces: the big words, left to right, spell it.
    const watermark = (pdf: Uint8Array, page: number) => pageWords(pdf, page).filter((w) => w.yMax - w.yMin > 20).sort((a, b) => a.xMin - b.xMin).map((w) => w.text).join('');
    expect(watermark(dev.bytes, 1)).toBe('DEVELOPMENT');
    expect(watermark(dev.bytes, 2)).toBe('DEVELOPMENT');
    expect(watermark(prod.bytes, 1)).toBe('');
    expect(pdfText(prod.bytes)).toContain('one');
  });

  it('normalises duplicate slashes (a base URL with a trailing slash)', async () => {
    const res = await post(server, '//api/v1/generate-pdf', HELLO, { key: server.prodKey });
    expect(res.status).toBe(200);
    expect(isPdf(res.bytes)).toBe(true);
  });

  it('accepts multipart/form-data, each top-level field a part, beyond the 1 MB JSON limit', async () => {
    const filler = `<p>${'x'.repeat(100)}</p>`.repeat(12_000);
    const form = new FormData();
    form.append('type', 'html');
    form.append('title', 'Multipart');
    form.append('data', JSON.stringify({ html: `<h1>Big multipart</h1>${filler}` }));
    form.append('page', JSON.stringify({ margin: '20mm' }));
    const res = await post(server, '/api/v1/generate-pdf', undefined, { key: server.prodKey, raw: form });
    expect(res.status, res.text().slice(0, 200)).toBe(200);
    expect(poppler('pdftotext', ['-l', '1', writeTemp('mp1.pdf', res.bytes), '-']).stdout).toContain('Big multipart');
    expect(poppler('pdfinfo', [writeTemp('mp.pdf', res.bytes)]).stdout).toMatch(/Title:\s+Multipart/);
  }, 60_000);

  it('takes a multipart field sent as a file part (a Markdown data array as JSON)', async () => {
    const form = new FormData();
    form.append('title', 'File part');
    form.append('data', new Blob([JSON.stringify([{ label: 'From a file part', content: 'It *works*' }])], { type: 'application/json' }), 'data.json');
    form.append('includeTimestamp', 'false');
    const res = await post(server, '/api/v1/generate-pdf', undefined, { key: server.prodKey, raw: form });
    expect(res.status, res.text().slice(0, 200)).toBe(200);
    const text = pdfText(res.bytes);
    expect(text).toContain('From a file part');
    expect(text).not.toContain('Generated');
  });

  it('decrypts data encrypted with the organization\'s public key by the official encryption package', async () => {
    const keys = generateEncryptionKeyPair();
    const org = (await server.store.getOrganizationByEid(server.organizationEid))!;
    await server.store.setEncryptionKeys(org.id, { publicKeyPem: keys.publicKeyPem, privateKeySealed: sealSecret(server.masterKey, keys.privateKeyPem) });
    const data = encryption.encryptRSA(keys.publicKeyPem, JSON.stringify([{ label: 'Secret', content: 'Decrypted **content**' }]));
    const res = await post(server, '/api/v1/generate-pdf', { title: 'Encrypted', data }, { key: server.prodKey });
    expect(res.status, res.text().slice(0, 300)).toBe(200);
    expect(pdfText(res.bytes)).toContain('Decrypted content');
    // Tampered ciphertext: a validation error on data, not a crash.
    const bad = await post(server, '/api/v1/generate-pdf', { data: `${data.slice(0, -4)}abcd` }, { key: server.prodKey });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ name: 'ValidationError', fields: [{ property: 'data' }] });
  });
});

describe('generate-pdf: the pdfVariant extension field', () => {
  it('renders PDF/A-3b on request, declared in the XMP', async () => {
    const res = await post(server, '/api/v1/generate-pdf', { ...HELLO, title: 'Archived', pdfVariant: 'pdf/a-3b' }, { key: server.prodKey });
    expect(res.status).toBe(200);
    const xmp = await readXmp(res.bytes);
    expect(xmp.value(NS.pdfaid, 'part')).toBe('3');
    expect(xmp.value(NS.dc, 'title')).toBe('Archived');
  });

  it('watermarks a development key\'s PDF/A in an embedded font, on every page', async () => {
    const long = { type: 'html', pdfVariant: 'pdf/a-2b', data: { html: '<p>one</p><p style="break-before: page">two</p>' } };
    const dev = await post(server, '/api/v1/generate-pdf', long, { key: server.devKey });
    expect(dev.status).toBe(200);
    const watermark = (pdf: Uint8Array, page: number) => pageWords(pdf, page).filter((w) => w.yMax - w.yMin > 20).sort((a, b) => a.xMin - b.xMin).map((w) => w.text).join('');
    expect(watermark(dev.bytes, 1)).toBe('DEVELOPMENT');
    expect(watermark(dev.bytes, 2)).toBe('DEVELOPMENT');
    expect(poppler('pdffonts', [writeTemp('dev-pdfa.pdf', dev.bytes)]).stdout).not.toMatch(/Helvetica/);
  });

  it('answers an unknown variant with a 400 ValidationError naming the field', async () => {
    const res = await post(server, '/api/v1/generate-pdf', { ...HELLO, pdfVariant: 'pdf/a-1b' }, { key: server.prodKey });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({ name: 'ValidationError', fields: [{ property: 'pdfVariant', message: "Invalid enum value. Expected 'pdf/a-2b' | 'pdf/a-3b' | 'pdf/ua-1', received 'pdf/a-1b'" }] });
  });

  it('answers a document that cannot comply with a 400 naming why (pdf/ua-1 without a title)', async () => {
    const res = await post(server, '/api/v1/generate-pdf', { ...HELLO, pdfVariant: 'pdf/ua-1' }, { key: server.prodKey });
    expect(res.status).toBe(400);
    expect((res.json().fields as { property: string }[]).map((f) => f.property)).toContain('title');
  });
});

describe('generate-pdf: errors', () => {
  it('answers an empty body with 400 and data Required', async () => {
    const res = await post(server, '/api/v1/generate-pdf', undefined, { key: server.prodKey });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({ name: 'ValidationError', fields: [{ message: 'Required', property: 'data' }] });
  });

  it('names each bad property, with no errors array and no success keys', async () => {
    const res = await post(server, '/api/v1/generate-pdf', { data: [{ content: 'x', fontSize: 99 }], textColor: 'red' }, { key: server.prodKey });
    expect(res.status).toBe(400);
    const body = res.json();
    expect(body.name).toBe('ValidationError');
    expect(body).not.toHaveProperty('errors');
    expect((body.fields as { property: string }[]).map((f) => f.property)).toEqual(['data[0].fontSize', 'textColor']);
  });

  it('answers invalid JSON with a 400 ValidationError', async () => {
    const res = await post(server, '/api/v1/generate-pdf', undefined, { key: server.prodKey, raw: '{"data": [' });
    expect(res.status).toBe(400);
    expect(res.json().name).toBe('ValidationError');
  });

  it('answers a JSON body over 1,048,576 bytes with 413', async () => {
    const html = 'x'.repeat(1_048_576);
    const res = await post(server, '/api/v1/generate-pdf', { type: 'html', data: { html } }, { key: server.prodKey });
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({ name: 'PayloadTooLargeError' });
  });

  it('answers 401 AuthorizationError without a key or with a wrong one', async () => {
    const none = await post(server, '/api/v1/generate-pdf', HELLO, { key: null });
    expect(none.status).toBe(401);
    expect(none.json()).toEqual({ name: 'AuthorizationError', message: expect.stringContaining('Basic') });
    const wrong = await post(server, '/api/v1/generate-pdf', HELLO, { key: 'not-a-real-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.json().name).toBe('AuthorizationError');
  });

  it('takes the key as Basic user name, as a base64 Bearer token, and as a raw Bearer token', async () => {
    const forms = [basic(server.prodKey), `Bearer ${Buffer.from(server.prodKey).toString('base64')}`, `Bearer ${server.prodKey}`];
    for (const authorization of forms) {
      const res = await post(server, '/api/v1/generate-pdf', HELLO, { headers: { authorization } });
      expect(res.status, authorization).toBe(200);
    }
  });

  it('answers 406 to a client that does not accept PDF', async () => {
    const res = await post(server, '/api/v1/generate-pdf', HELLO, { key: server.prodKey, headers: { accept: 'application/json' } });
    expect(res.status).toBe(406);
    expect(res.json().name).toBe('NotAcceptableError');
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await post(server, '/api/v1/nothing-here', HELLO, { key: server.prodKey });
    expect(res.status).toBe(404);
    expect(res.json().name).toBe('NotFoundError');
  });
});

describe('health', () => {
  it('GET /healthz answers without a key', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', store: 'sqlite' });
  });

  it('answers probes that add a query string, a trailing slash or a doubled slash, still without a key', async () => {
    for (const pathname of ['/healthz?probe=1', '/healthz/', '//healthz']) {
      const res = await fetch(`${server.url}${pathname}`);
      expect(res.status, pathname).toBe(200);
    }
  });
});
