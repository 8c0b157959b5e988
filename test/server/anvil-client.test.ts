// The official Node client (@anvilco/anvil), unchanged, with only its baseURL pointed at us:
// generatePDF with the example HTML and Markdown payloads, fillPDF, and the errors it sees.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AnvilPackage from '@anvilco/anvil';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin.js';
import { examplePayload, fixturePdf } from '../fill/cast-fixture.js';
import { poppler, writeTemp } from '../pdf/helpers.js';
import { isPdf, startTestServer, type TestServer } from './helpers.js';

// The package is CommonJS with a `default` export (and, at runtime, the class itself).
const Anvil = ((AnvilPackage as unknown as { default?: unknown }).default ?? AnvilPackage) as typeof AnvilPackage.default;

const EXAMPLES = path.resolve('../shared/examples/anvil/generate-pdf');
const example = (file: string) => JSON.parse(readFileSync(path.join(EXAMPLES, file), 'utf8')) as Record<string, unknown>;

let server: TestServer;
let castEid: string;
beforeAll(async () => {
  server = await startTestServer({ rateLimits: { development: 2, production: 40 } });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'quire-anvil-')), 'template.pdf');
  writeFileSync(file, fixturePdf('sample-template-fillable.pdf'));
  let out = '';
  const status = await runAdmin(['create-cast', '--org', server.organizationEid, file], { stdout: (t) => void (out += t), stderr: () => {} }, { QUIRE_DATA_DIR: server.dataDir });
  expect(status).toBe(0);
  castEid = (JSON.parse(out) as { eid: string }).eid;
});
afterAll(async () => {
  await server.stop();
});

describe('the official @anvilco/anvil client', () => {
  it('generatePDF: the HTML example payload and the invoice template come back as PDF buffers', async () => {
    const client = new Anvil({ apiKey: server.prodKey, baseURL: server.url });
    for (const body of [example('node-anvil__example__generate-html-to-pdf.json'), JSON.parse(readFileSync(path.join(EXAMPLES, 'html-pdf-invoice-template/payload.json'), 'utf8'))]) {
      const { statusCode, data, errors } = await client.generatePDF(body);
      expect(errors).toBeUndefined();
      expect(statusCode).toBe(200);
      expect(Buffer.isBuffer(data)).toBe(true);
      expect(isPdf(data as Buffer)).toBe(true);
    }
  });

  it('generatePDF: the Markdown example payload (no type: markdown by default)', async () => {
    const client = new Anvil({ apiKey: server.prodKey, baseURL: server.url });
    const { statusCode, data } = await client.generatePDF(example('node-anvil__example__generate-markdown-pdf.json'));
    expect(statusCode).toBe(200);
    const text = poppler('pdftotext', [writeTemp('anvil-md.pdf', data as Buffer), '-']).stdout;
    expect(text).toContain('Sally Jones');
    expect(text).toContain('10x Medium Sized Widgets in dark blue');
  });

  it('a base URL with a trailing slash works (the client then sends //api/...)', async () => {
    const client = new Anvil({ apiKey: server.prodKey, baseURL: `${server.url}/` });
    const { statusCode } = await client.generatePDF(example('node-anvil__example__generate-html-to-pdf.json'));
    expect(statusCode).toBe(200);
  });

  it('the accessToken form (Bearer base64) authenticates too', async () => {
    const client = new Anvil({ accessToken: server.prodKey, baseURL: server.url });
    const { statusCode } = await client.generatePDF(example('node-anvil__example__generate-html-to-pdf.json'));
    expect(statusCode).toBe(200);
  });

  it('sees a validation error as errors, with no data', async () => {
    const client = new Anvil({ apiKey: server.prodKey, baseURL: server.url });
    const { statusCode, data, errors } = await client.generatePDF({ title: 'No data' });
    expect(statusCode).toBe(400);
    expect(data).toBeUndefined();
    expect(errors).toEqual([{ name: 'ValidationError', fields: [{ message: 'Required', property: 'data' }] }]);
    const font = await client.generatePDF({ fontFamily: 'Comic Sansy', data: [{ content: 'x' }] });
    expect(font.statusCode).toBe(400);
    expect(JSON.stringify(font.errors)).toContain('Comic Sansy');
  });

  it('sees a bad key as a 401 AuthorizationError', async () => {
    const client = new Anvil({ apiKey: 'wrong-key', baseURL: server.url });
    const { statusCode, errors } = await client.generatePDF(example('node-anvil__example__generate-html-to-pdf.json'));
    expect(statusCode).toBe(401);
    expect(errors?.[0]).toMatchObject({ name: 'AuthorizationError' });
  });

  it('fillPDF: fills a template made from the fillable fixture, with and without versionNumber', async () => {
    const client = new Anvil({ apiKey: server.prodKey, baseURL: server.url });
    const { statusCode, data } = await client.fillPDF(castEid, examplePayload('api-usage-examples__javascript__fill-pdf.json'));
    expect(statusCode).toBe(200);
    expect(poppler('pdftotext', [writeTemp('anvil-fill.pdf', data as Buffer), '-']).stdout).toContain('HELLOOW');
    const versioned = await client.fillPDF(castEid, { data: { shortText: 'v1' } }, { versionNumber: 1 });
    expect(versioned.statusCode).toBe(200);
    const missing = await client.fillPDF('noSuchTemplate0000', { data: {} });
    expect(missing.statusCode).toBe(404);
    expect(missing.errors?.[0]).toMatchObject({ name: 'NotFoundError' });
  });

  it('learns our rate limit from the headers and paces itself: a development key (2/s) gets every request through', async () => {
    const client = new Anvil({ apiKey: server.devKey, baseURL: server.url });
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 5 }, () => client.generatePDF({ type: 'html', data: { html: '<p>paced</p>' } })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // 5 requests at 2 per second take at least a second and a half.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect((client as unknown as { limitTokens: number }).limitTokens).toBe(2);
  }, 60_000);
});
