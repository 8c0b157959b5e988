// The objects the browser tests embed, made as a customer's server makes them: through GraphQL
// with the API key (createCast, createEtchPacket, createWeld, generateEmbedURL).
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { graphql, type TestServer } from '../server/helpers.js';

export const SAMPLE_PDF = readFileSync('../shared/examples/anvil/fixtures/sample-template-fillable.pdf');
export const NDA_PDF = readFileSync('../shared/examples/anvil/fixtures/test-pdf-nda.pdf');

export function base64File(bytes: Uint8Array, filename: string) {
  return { data: Buffer.from(bytes).toString('base64'), filename, mimetype: 'application/pdf' };
}

async function ask(server: TestServer, query: string, variables: Record<string, unknown>): Promise<Record<string, any>> {
  const { body } = await graphql(server, { query, variables }, { key: server.prodKey });
  expect(body.errors).toBeUndefined();
  return body.data!;
}

/** A template of `pdf`; with `detectFields`, the PDF's form fields become its fields. */
export async function createCast(server: TestServer, pdf: Uint8Array = SAMPLE_PDF, title = 'Employment form', detectFields = false): Promise<string> {
  const data = await ask(server, 'mutation($f: Upload!, $t: String, $d: Boolean) { createCast(file: $f, title: $t, isTemplate: true, detectFields: $d) { eid } }', { f: base64File(pdf, 'form.pdf'), t: title, d: detectFields });
  return data.createCast.eid;
}

export async function createPacket(server: TestServer, castEid: string): Promise<string> {
  const data = await ask(server, 'mutation($f: [EtchFile!], $s: [JSON!]) { createEtchPacket(name: "Offer letter", files: $f, signers: $s, isDraft: true, isTest: true) { eid } }', {
    f: [{ id: 'offer', castEid }],
    s: [{ id: 'employee', name: 'Sally Employee', email: 'sally@example.com', fields: [{ fileId: 'offer', fieldId: 'name' }] }],
  });
  return data.createEtchPacket.eid;
}

export async function createWeld(server: TestServer, castEid: string, visibility: 'draft' | 'published' = 'draft'): Promise<string> {
  const data = await ask(server, 'mutation($org: String!, $files: [WeldFile], $v: String) { createWeld(organizationEid: $org, name: "New hire", visibility: $v, files: $files) { eid } }', {
    org: server.organizationEid,
    files: [{ id: 'w4', castEid }],
    v: visibility,
  });
  return data.createWeld.eid;
}

export async function embedUrl(server: TestServer, eid: string, type: string, options?: Record<string, unknown>, validForSeconds = 600): Promise<{ url: string; requestTokenEid: string }> {
  const data = await ask(server, 'mutation($eid: String!, $type: String!, $options: JSON, $s: Int) { generateEmbedURL(eid: $eid, type: $type, options: $options, validForSeconds: $s, metadata: { userId: "u-1" }) { url requestTokenEid } }', { eid, type, options, s: validForSeconds });
  return data.generateEmbedURL;
}

export async function expireToken(server: TestServer, requestTokenEid: string): Promise<boolean> {
  const data = await ask(server, 'mutation($t: String!) { expireSessionToken(requestTokenEid: $t) }', { t: requestTokenEid });
  return data.expireSessionToken;
}
