// The server's limits over HTTP: rate limits per key (429 with Retry-After and the X-RateLimit
// headers the official clients read), a full render queue (503 with Retry-After), a render
// over its time limit (a JSON error, and the server keeps serving), and a worker over its
// memory limit (the pool survives).
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../server/bootstrap.js';
import { basic, isPdf, post, startTestServer, until, type TestServer } from './helpers.js';

const HELLO = { type: 'html', data: { html: '<p>Hello</p>' } };
const ROW = '<tr><td>cell one</td><td>cell two</td><td>cell three</td></tr>';
/**
 * A document that takes a worker over a second even warm on a fast machine (72,000 cells; the
 * tests below need it to outlast a queue timeout and a small render), so its body (1.6 MB)
 * needs a JSON limit above the default 1 MB.
 */
const HEAVY = { type: 'html', data: { html: `<table>${ROW.repeat(24_000)}</table>` } };
const HEAVY_JSON_LIMIT = 4 * 1024 * 1024;

let server: TestServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

describe('rate limits', () => {
  it('sends the limit headers on every response and 429 with an integer Retry-After over the limit', async () => {
    // An interval far longer than the test, so that no slow render lets the bucket refill.
    server = await startTestServer({ rateLimits: { development: 2, production: 5, intervalMs: 600_000 } });
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof post>> | null = null;
    for (let i = 0; i < 4; i++) {
      const res = await post(server, '/api/v1/generate-pdf', HELLO, { key: server.devKey });
      statuses.push(res.status);
      expect(res.headers.get('x-ratelimit-limit')).toBe('2');
      expect(res.headers.get('x-ratelimit-interval-ms')).toBe('600000');
      expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
      if (res.status === 429) limited = res;
    }
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses).toContain(429);
    expect(limited!.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    expect(limited!.json()).toMatchObject({ name: 'RateLimitError' });
    // Another key has its own bucket, with the production limit.
    const prod = await post(server, '/api/v1/generate-pdf', HELLO, { key: server.prodKey });
    expect(prod.status).toBe(200);
    expect(prod.headers.get('x-ratelimit-limit')).toBe('5');
    // Requests without a key are limited too, and still carry the headers.
    const anonymous = await post(server, '/api/v1/generate-pdf', HELLO, { key: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('x-ratelimit-limit')).not.toBeNull();
  });
});

describe('the worker pool', () => {
  it('answers 503 with Retry-After when every renderer is busy and the queue is full', async () => {
    server = await startTestServer({ jsonLimitBytes: HEAVY_JSON_LIMIT, workers: { threads: 1, maxQueue: 1 } });
    const s = server;
    const results = await Promise.all(Array.from({ length: 5 }, () => post(s, '/api/v1/generate-pdf', HEAVY, { key: s.prodKey })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((code) => code === 200).length).toBeGreaterThanOrEqual(1);
    const busy = results.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(busy[0]!.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    expect(busy[0]!.json()).toMatchObject({ name: 'ServiceUnavailableError' });
  }, 60_000);

  it('ends a render over its time limit with a JSON error, and keeps serving', async () => {
    // The limit counts from submission, so a replacement thread's start-up counts too: 2 s
    // leaves room for that, and the 54,000-row table takes several times longer, even warm.
    server = await startTestServer({ workers: { threads: 1, timeoutMs: 2000 } });
    const rows = ROW.repeat(54_000);
    const form = new FormData();
    form.append('type', 'html');
    form.append('data', JSON.stringify({ html: `<table>${rows}</table>` }));
    const slow = await post(server, '/api/v1/generate-pdf', undefined, { key: server.prodKey, raw: form });
    expect(slow.status).toBe(422);
    expect(slow.json()).toEqual({ name: 'RenderLimitError', message: expect.stringContaining('longer than 2 s') });
    const next = await post(server, '/api/v1/generate-pdf', HELLO, { key: server.prodKey });
    expect(next.status).toBe(200);
    expect(isPdf(next.bytes)).toBe(true);
  }, 60_000);

  it('shuts down gracefully: a render in flight when close() is called still gets its PDF', async () => {
    const s = await startTestServer({ jsonLimitBytes: HEAVY_JSON_LIMIT, workers: { threads: 1 } });
    const inFlight = post(s, '/api/v1/generate-pdf', HEAVY, { key: s.prodKey });
    // Let the request reach its worker before the server starts closing.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const closed = s.stop();
    const res = await inFlight;
    await closed;
    expect(res.status).toBe(200);
    expect(isPdf(res.bytes)).toBe(true);
    // Closed: new connections are refused.
    await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
  }, 60_000);
});

/** A production key of a second organization. */
async function otherOrganizationKey(s: TestServer): Promise<string> {
  const org = await s.store.createOrganization({ name: 'Other Org' });
  return issueApiKey(s.store, org.id, 'production');
}

describe('fairness between organizations', () => {
  it('two slow documents from one organization do not hold up another’s small one', async () => {
    server = await startTestServer({ jsonLimitBytes: HEAVY_JSON_LIMIT, workers: { threads: 2, perOrganization: 1 } });
    const s = server;
    await s.pool.whenReady();
    const otherKey = await otherOrganizationKey(s);
    const finished: string[] = [];
    const track = (label: string, request: Promise<Awaited<ReturnType<typeof post>>>) => request.then((res) => {
      finished.push(label);
      return res;
    });
    const slow = [track('a1', post(s, '/api/v1/generate-pdf', HEAVY, { key: s.prodKey })), track('a2', post(s, '/api/v1/generate-pdf', HEAVY, { key: s.prodKey }))];
    // One of A's documents renders, the other waits behind it (A's cap is one thread)…
    await until(() => s.pool.queueSize === 1, 'the second slow document is queued');
    // …so B's request takes the other thread at once.
    const small = await track('b', post(s, '/api/v1/generate-pdf', HELLO, { key: otherKey }));
    expect(small.status).toBe(200);
    expect(finished).toEqual(['b']);
    const results = await Promise.all(slow);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
  }, 120_000);

  it('answers 503 with Retry-After when a request waited too long for a thread', async () => {
    server = await startTestServer({ jsonLimitBytes: HEAVY_JSON_LIMIT, workers: { threads: 1, perOrganization: 1, queueTimeoutMs: 300 } });
    const s = server;
    await s.pool.whenReady();
    const otherKey = await otherOrganizationKey(s);
    let slowDone = false;
    const slow = post(s, '/api/v1/generate-pdf', HEAVY, { key: s.prodKey }).then((res) => {
      slowDone = true;
      return res;
    });
    await until(() => s.pool.running === 1, 'the slow document is rendering');
    const waited = await post(s, '/api/v1/generate-pdf', HELLO, { key: otherKey });
    expect(slowDone).toBe(false);
    expect(waited.status).toBe(503);
    expect(waited.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    expect(waited.json()).toMatchObject({ name: 'ServiceUnavailableError', message: expect.stringContaining('no renderer was free') });
    expect((await slow).status).toBe(200);
  }, 120_000);
});

describe('slow and greedy clients', () => {
  const CONNECTIONS = { headersTimeoutMs: 1000, requestTimeoutMs: 2000, keepAliveTimeoutMs: 1000, max: 1000, perAddress: 8 };

  /** A raw connection to the server; resolves when the server closes it, with the bytes it sent. */
  function rawConnection(url: string): { socket: Socket; closed: Promise<string> } {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk: Buffer) => void (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
    return { socket, closed };
  }

  /** Writes `text` one byte per 100 ms until the socket closes (at most `limitMs`). */
  function dribble(socket: Socket, text: string, limitMs: number): void {
    let i = 0;
    const started = Date.now();
    const timer = setInterval(() => {
      if (socket.destroyed || Date.now() - started > limitMs) {
        clearInterval(timer);
        socket.destroy();
        return;
      }
      socket.write(text[i++ % text.length]!);
    }, 100);
  }

  it('drops a client whose headers, or body, arrive a byte at a time, long before the render time limit', async () => {
    server = await startTestServer({ connections: CONNECTIONS });
    const headers = rawConnection(server.url);
    dribble(headers.socket, `POST /api/v1/generate-pdf HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(500)}`, 60_000);
    const body = rawConnection(server.url);
    body.socket.write(`POST /api/v1/generate-pdf HTTP/1.1\r\nHost: x\r\nAuthorization: ${basic(server.prodKey)}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`);
    dribble(body.socket, '{"data":[', 60_000);
    const started = Date.now();
    const answers = await Promise.all([headers.closed, body.closed]);
    // Closed by the server, well within the 30 s default render limit (and far from the 60 s the client would go on).
    expect(Date.now() - started).toBeLessThan(20_000);
    for (const answer of answers) expect(answer === '' || answer.startsWith('HTTP/1.1 408'), answer).toBe(true);
    const ok = await post(server, '/api/v1/generate-pdf', HELLO, { key: server.prodKey });
    expect(ok.status).toBe(200);
  }, 60_000);

  it('caps the connections one address may hold open', async () => {
    server = await startTestServer({ connections: CONNECTIONS });
    const held = Array.from({ length: CONNECTIONS.perAddress }, () => rawConnection(server!.url));
    await Promise.all(held.map(({ socket }) => new Promise((resolve) => socket.once('connect', resolve))));
    // One more from the same address is closed at once, before it can send anything.
    const extra = rawConnection(server.url);
    expect(await extra.closed).toBe('');
    for (const { socket } of held) socket.destroy();
    await Promise.all(held.map(({ closed }) => closed));
    // Once the server has seen them close, the address may connect again.
    let status = 0;
    for (let attempt = 0; attempt < 100 && status !== 200; attempt++) {
      status = await post(server, '/api/v1/generate-pdf', HELLO, { key: server.prodKey }).then((res) => res.status, () => 0);
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(200);
  }, 60_000);
});
