// POST /api/v1/fill/{castEid}.pdf over HTTP: templates made with the admin CLI from the
// example fixtures, filled with the example payloads as they are; versions, other
// organizations' templates, validation errors and the development watermark.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin.js';
import { examplePayload, FILL_EXAMPLES, fixturePdf, placedCast, redPng } from '../fill/cast-fixture.js';
import { pageWords } from '../fill/pdf-probe.js';
import { poppler, writeTemp } from '../pdf/helpers.js';
import { send, startFixtureServer, type Fixture } from '../resources/net/fixture-server.js';
import { isPdf, post, startTestServer, type TestServer } from './helpers.js';

let server: TestServer;
let images: Fixture;
let acroCast: string;
let placedCastEid: string;

/** `quire admin <args>` against the test server's store; returns the parsed JSON it printed. */
async function admin(args: string[]): Promise<Record<string, unknown>> {
  let out = '';
  let err = '';
  const status = await runAdmin(args, { stdout: (t) => void (out += t), stderr: (t) => void (err += t) }, { QUIRE_DATA_DIR: server.dataDir });
  if (status !== 0) throw new Error(`quire admin ${args.join(' ')} → ${status}: ${err}`);
  return JSON.parse(out) as Record<string, unknown>;
}

function fixtureFile(name: Parameters<typeof fixturePdf>[0]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'quire-cast-')), name);
  writeFileSync(file, fixturePdf(name));
  return file;
}

const text = (pdf: Uint8Array) => poppler('pdftotext', [writeTemp('fill.pdf', pdf), '-']).stdout;

beforeAll(async () => {
  images = await startFixtureServer({ '/kitten.png': send('image/png', await redPng()) });
  server = await startTestServer({ allowPrivate: ['127.0.0.1'] });
  acroCast = (await admin(['create-cast', '--org', server.organizationEid, fixtureFile('sample-template-fillable.pdf')])).eid as string;
  const fields = path.join(mkdtempSync(path.join(tmpdir(), 'quire-fields-')), 'fields.json');
  writeFileSync(fields, JSON.stringify(placedCast(1)));
  placedCastEid = (await admin(['create-cast', '--org', server.organizationEid, fixtureFile('test-pdf-nda.pdf'), '--fields', fields, '--title', 'NDA'])).eid as string;
});
afterAll(async () => {
  await server.stop();
  await images.close();
});

describe('fill', () => {
  it('fills the fillable sample with every example payload as it is; its AcroForm fields became fields by name', async () => {
    for (const file of FILL_EXAMPLES) {
      const res = await post(server, `/api/v1/fill/${acroCast}.pdf`, examplePayload(file), { key: server.prodKey });
      expect(res.status, `${file}: ${res.text().slice(0, 200)}`).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(isPdf(res.bytes)).toBe(true);
      const filled = text(res.bytes);
      if (file === 'node-anvil__README__fill-payload.json') expect(filled).not.toContain('Hello World');
      else expect(filled).toMatch(/HELLOO|Robin W Smith/);
    }
  });

  it('fills placed fields of every type, fetching the image through the loader', async () => {
    const payload = examplePayload('api-usage-examples__javascript__fill-pdf.json');
    const body = { ...payload, data: { ...payload.data, image: images.url('/kitten.png') } };
    const res = await post(server, `/api/v1/fill/${placedCastEid}.pdf`, body, { key: server.prodKey });
    expect(res.status, res.text().slice(0, 300)).toBe(200);
    const page2 = poppler('pdftotext', ['-f', '2', '-l', '2', writeTemp('placed.pdf', res.bytes), '-']).stdout;
    for (const expected of ['HELLOOW', 'Robin W Smith', '(555) 444-3333', '456-45-4567', '89-7654321', '$123.45', '12,345.67', '50.3%', 'July 8th 2022']) {
      expect(page2, expected).toContain(expected);
    }
    expect(images.hits('/kitten.png')).toBe(1);
    expect(poppler('pdftotext', ['-l', '1', writeTemp('t.pdf', res.bytes), '-']).stdout).not.toBe('');
    expect(poppler('pdfinfo', [writeTemp('title.pdf', res.bytes)]).stdout).toMatch(/Title:\s+My PDF Title/);
  });

  it('accepts ?versionNumber: 1 fills the first version after a second exists; -1 is the latest', async () => {
    const cast = (await server.store.getCastByEid(placedCastEid))!;
    await server.store.addCastVersion(cast.id, { pdf: fixturePdf('node-anvil__test__assets__dummy.pdf'), fields: placedCast(0) });
    const body = { data: { shortText: 'Versioned' } };
    const v1 = await post(server, `/api/v1/fill/${placedCastEid}.pdf?versionNumber=1`, body, { key: server.prodKey });
    const latest = await post(server, `/api/v1/fill/${placedCastEid}.pdf?versionNumber=-1`, body, { key: server.prodKey });
    expect(v1.status).toBe(200);
    expect(latest.status).toBe(200);
    const pages = (pdf: Uint8Array) => Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', [writeTemp('v.pdf', pdf)]).stdout)![1]);
    expect(pages(v1.bytes)).toBe(2); // the NDA
    expect(pages(latest.bytes)).toBe(1); // dummy.pdf
    const missing = await post(server, `/api/v1/fill/${placedCastEid}.pdf?versionNumber=9`, body, { key: server.prodKey });
    expect(missing.status).toBe(404);
    const bad = await post(server, `/api/v1/fill/${placedCastEid}.pdf?versionNumber=abc`, body, { key: server.prodKey });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ name: 'ValidationError', fields: [{ property: 'versionNumber' }] });
  });

  it('fills a form the engine generated: its HTML form fields became the template\'s fields (create-cast with detection)', async () => {
    const html = '<form><p>Name <input name="full name" value="Ada"></p><p><input type="checkbox" name="agree"> Agree</p><p><textarea name="notes"></textarea></p></form>';
    const generated = await post(server, '/api/v1/generate-pdf', { type: 'html', data: { html } }, { key: server.prodKey });
    expect(generated.status).toBe(200);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'quire-form-')), 'form.pdf');
    writeFileSync(file, generated.bytes);
    const cast = (await admin(['create-cast', '--org', server.organizationEid, file])).eid as string;
    const res = await post(server, `/api/v1/fill/${cast}.pdf`, { data: { fullName: 'Grace Hopper', agree: true, notes: 'Filled through the API' } }, { key: server.prodKey });
    expect(res.status, res.text().slice(0, 200)).toBe(200);
    const filled = text(res.bytes);
    expect(filled).toContain('Grace Hopper');
    expect(filled).toContain('Filled through the API');
    expect(filled).not.toContain('Ada');
  });

  it('answers 404 for an unknown template and for another organization\'s', async () => {
    const unknown = await post(server, '/api/v1/fill/doesNotExist123.pdf', { data: {} }, { key: server.prodKey });
    expect(unknown.status).toBe(404);
    expect(unknown.json().name).toBe('NotFoundError');
    const other = await admin(['create-org', '--name', 'Other Org']);
    const otherKey = (await admin(['create-key', '--org', other.eid as string, '--prod'])).key as string;
    const foreign = await post(server, `/api/v1/fill/${acroCast}.pdf`, { data: {} }, { key: otherKey });
    expect(foreign.status).toBe(404);
  });

  it('names bad payload properties in a ValidationError', async () => {
    const empty = await post(server, `/api/v1/fill/${acroCast}.pdf`, undefined, { key: server.prodKey });
    expect(empty.status).toBe(400);
    expect(empty.json()).toEqual({ name: 'ValidationError', fields: [{ message: 'Required', property: 'data' }] });
    const bad = await post(server, `/api/v1/fill/${placedCastEid}.pdf`, { data: { checkbox: 'perhaps' }, textColor: 'blue' }, { key: server.prodKey });
    expect(bad.status).toBe(400);
    const properties = (bad.json().fields as { property: string }[]).map((f) => f.property).sort();
    expect(properties).toEqual(['data.checkbox', 'textColor']);
  });

  it('watermarks a development key\'s fill', async () => {
    const res = await post(server, `/api/v1/fill/${acroCast}.pdf`, { data: { shortText: 'Dev' } }, { key: server.devKey });
    expect(res.status).toBe(200);
    const big = pageWords(res.bytes, 1).filter((w) => w.yMax - w.yMin > 20).sort((a, b) => a.xMin - b.xMin).map((w) => w.text).join('');
    expect(big).toBe('DEVELOPMENT');
  });
});
