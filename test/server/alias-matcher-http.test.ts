// The alias matching service client against a fake service on loopback: a good answer is
// checked and applied; no answer in time, an error status, garbage, a body too large or the
// wrong shape fall back to the built-in matcher with a warning.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliasMatcherFromEnv, HttpAliasMatcher, type AliasMatcherRequest } from '../../server/alias-matcher-http.js';
import { deterministicAliasMatcher, type MatchableField } from '../../src/fill/alias-match.js';

type Handler = (body: string, res: ServerResponse) => void;

let server: Server;
let url: string;
let handler: Handler = (_body, res) => res.end('{}');
const received: AliasMatcherRequest[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push(JSON.parse(body) as AliasMatcherRequest);
      handler(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/match`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const FIELDS: MatchableField[] = [
  { id: 'f1', aliasId: 'field1', name: 'Name', type: 'fullName', label: 'Name' },
  { id: 'f2', aliasId: 'field2', name: 'Date of birth', type: 'date' },
  { id: 'f3', aliasId: 'field3', name: 'Remarks', type: 'longText' },
];
const ALIASES = { clientName: { type: 'fullName', fontSize: 9 }, dob: { format: 'MMMM Do YYYY' }, notes: {} } as const;

function answer(json: unknown, status = 200): Handler {
  return (_body, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof json === 'string' ? json : JSON.stringify(json));
  };
}

async function fallbackWarning(matcher: HttpAliasMatcher): Promise<string> {
  const result = await matcher.match(FIELDS, ALIASES);
  const builtIn = await deterministicAliasMatcher.match(FIELDS, ALIASES);
  expect(result.matches).toEqual(builtIn.matches);
  expect(result.fields).toEqual(builtIn.fields);
  expect(result.warnings).toHaveLength(1);
  return result.warnings[0]!;
}

describe('HttpAliasMatcher', () => {
  it('POSTs the fields and aliases, and applies the confident matches of existing fields and aliases, one to one', async () => {
    received.length = 0;
    handler = answer({
      matches: [
        { fieldId: 'f1', aliasId: 'clientName', confidence: 0.93 },
        { fieldId: 'f2', aliasId: 'dob', confidence: 0.9 },
        { fieldId: 'f2', aliasId: 'notes', confidence: 0.7 }, // f2 is taken by a more confident match
        { fieldId: 'f3', aliasId: 'dob', confidence: 0.8 }, // and so is dob
        { fieldId: 'f3', aliasId: 'notes', confidence: 0.4 }, // under the threshold
        { fieldId: 'f9', aliasId: 'notes', confidence: 0.99 }, // no such field
        { fieldId: 'f3', aliasId: 'comments', confidence: 0.99 }, // no such alias
      ],
    });
    const result = await new HttpAliasMatcher({ url }).match(FIELDS, ALIASES);
    expect(received).toEqual([
      {
        fields: [
          { id: 'f1', name: 'Name', type: 'fullName' },
          { id: 'f2', name: 'Date of birth', type: 'date' },
          { id: 'f3', name: 'Remarks', type: 'longText' },
        ],
        aliases: ALIASES,
      },
    ]);
    expect(result.warnings).toEqual([]);
    expect(result.matches).toEqual([
      { fieldId: 'f1', aliasId: 'clientName', score: 0.93, explanation: 'matched by the alias matching service (confidence 0.93)' },
      { fieldId: 'f2', aliasId: 'dob', score: 0.9, explanation: 'matched by the alias matching service (confidence 0.9)' },
    ]);
    expect(result.fields.map((f) => [f.aliasId, f.fontSize, f.format])).toEqual([
      ['clientName', 9, undefined],
      ['dob', undefined, 'MMMM Do YYYY'],
      ['field3', undefined, undefined],
    ]);
  });

  it('sends a list of alias ids as a list', async () => {
    received.length = 0;
    handler = answer({ matches: [] });
    const result = await new HttpAliasMatcher({ url }).match(FIELDS, ['dob', 'notes']);
    expect(received[0]!.aliases).toEqual(['dob', 'notes']);
    expect(result).toEqual({ matches: [], fields: FIELDS, warnings: [] }); // no match is an answer, not a failure
  });

  it('falls back when the service does not answer in time', async () => {
    handler = (_body, res) => setTimeout(() => answer({ matches: [] })(_body, res), 2_000).unref();
    const started = Date.now();
    expect(await fallbackWarning(new HttpAliasMatcher({ url, timeoutMs: 200 }))).toBe(
      'the alias matching service failed (no answer within 200 ms); the built-in matcher was used',
    );
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('falls back on an error status', async () => {
    handler = answer({ error: 'overloaded' }, 503);
    expect(await fallbackWarning(new HttpAliasMatcher({ url }))).toBe('the alias matching service failed (it answered HTTP 503); the built-in matcher was used');
  });

  it('falls back on garbage and on the wrong shape', async () => {
    handler = answer('<html>not json</html>');
    expect(await fallbackWarning(new HttpAliasMatcher({ url }))).toMatch(/\(its answer is not JSON\)/);
    handler = answer({ results: [] });
    expect(await fallbackWarning(new HttpAliasMatcher({ url }))).toMatch(/\(its answer has no "matches" array\)/);
    handler = answer({ matches: [{ fieldId: 'f1', aliasId: 'dob', confidence: 1.5 }] });
    expect(await fallbackWarning(new HttpAliasMatcher({ url }))).toMatch(/\(match 0 of its answer is not \{ fieldId, aliasId, confidence from 0 to 1 \}\)/);
    handler = answer({ matches: [{ fieldId: 1, aliasId: 'dob', confidence: 0.9 }] });
    expect(await fallbackWarning(new HttpAliasMatcher({ url }))).toMatch(/match 0 of its answer/);
  });

  it('falls back on an answer larger than the cap, declared or streamed', async () => {
    const big = JSON.stringify({ matches: [], padding: 'x'.repeat(5_000) });
    handler = answer(big);
    expect(await fallbackWarning(new HttpAliasMatcher({ url, maxResponseBytes: 1_000 }))).toMatch(/\(its answer is larger than 1000 bytes\)/);
    handler = (_body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no content-length
      for (let i = 0; i < 5; i++) res.write(big.slice(i * 1_000, (i + 1) * 1_000));
      res.end(big.slice(5_000));
    };
    expect(await fallbackWarning(new HttpAliasMatcher({ url, maxResponseBytes: 1_000 }))).toMatch(/\(its answer is larger than 1000 bytes\)/);
  });

  it('falls back when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await fallbackWarning(new HttpAliasMatcher({ url: `http://127.0.0.1:${port}/` }))).toMatch(/^the alias matching service failed \(.+\); the built-in matcher was used$/);
  });
});

describe('aliasMatcherFromEnv', () => {
  it('is the built-in matcher unless QUIRE_ALIAS_MATCHER_URL is set', () => {
    expect(aliasMatcherFromEnv({})).toBe(deterministicAliasMatcher);
    expect(aliasMatcherFromEnv({ QUIRE_ALIAS_MATCHER_URL: '  ' })).toBe(deterministicAliasMatcher);
    expect(aliasMatcherFromEnv({ QUIRE_ALIAS_MATCHER_URL: url, QUIRE_ALIAS_MATCHER_TIMEOUT_MS: '2500' })).toBeInstanceOf(HttpAliasMatcher);
  });

  it('refuses a URL that is not http(s) and a bad timeout, naming the variable but not the URL', () => {
    expect(() => aliasMatcherFromEnv({ QUIRE_ALIAS_MATCHER_URL: 'ftp://token@example.com/' })).toThrow('QUIRE_ALIAS_MATCHER_URL must be an http: or https: URL');
    expect(() => aliasMatcherFromEnv({ QUIRE_ALIAS_MATCHER_URL: 'not a url' })).toThrow(/QUIRE_ALIAS_MATCHER_URL/);
    expect(() => aliasMatcherFromEnv({ QUIRE_ALIAS_MATCHER_URL: url, QUIRE_ALIAS_MATCHER_TIMEOUT_MS: 'soon' })).toThrow(
      'QUIRE_ALIAS_MATCHER_TIMEOUT_MS must be an integer from 100 to 600000, not "soon"',
    );
  });

  it('uses the configured timeout', async () => {
    handler = (_body, res) => setTimeout(() => answer({ matches: [] })(_body, res), 2_000).unref();
    const matcher = aliasMatcherFromEnv({ QUIRE_ALIAS_MATCHER_URL: url, QUIRE_ALIAS_MATCHER_TIMEOUT_MS: '150' }) as HttpAliasMatcher;
    expect(await fallbackWarning(matcher)).toMatch(/no answer within 150 ms/);
  });
});
