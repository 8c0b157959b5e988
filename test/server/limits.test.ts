// The server's limits over HTTP: rate limits per key (429 with Retry-After and the X-RateLimit
// headers the official clients read), a full render queue (503 with Retry-After), a render
// over its time limit (a JSON error, and the server keeps serving), and a worker over its
// memory limit (the pool survives).
import { afterEach, describe, expect, it } from 'vitest';
import { RenderPool } from '../../server/render-pool.js';
import { isPdf, post, startTestServer, type TestServer } from './helpers.js';

const HELLO = { type: 'html', data: { html: '<p>Hello</p>' } };
/** A document that takes a worker well over a second. */
const HEAVY = { type: 'html', data: { html: `<table>${'<tr><td>cell one</td><td>cell two</td><td>cell three</td></tr>'.repeat(6000)}</table>` } };

let server: TestServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

describe('rate limits', () => {
  it('sends the limit headers on every response and 429 with an integer Retry-After over the limit', async () => {
    server = await startTestServer({ rateLimits: { development: 2, production: 5, intervalMs: 1000 } });
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof post>> | null = null;
    for (let i = 0; i < 4; i++) {
      const res = await post(server, '/api/v1/generate-pdf', HELLO, { key: server.devKey });
      statuses.push(res.status);
      expect(res.headers.get('x-ratelimit-limit')).toBe('2');
      expect(res.headers.get('x-ratelimit-interval-ms')).toBe('1000');
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
    server = await startTestServer({ workers: { threads: 1, maxQueue: 1 } });
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
    // leaves room for that, and the 36,000-row table takes several times longer.
    server = await startTestServer({ workers: { threads: 1, timeoutMs: 2000 } });
    const rows = HEAVY.data.html.replace(/<\/?table>/g, '').repeat(6);
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

  it('a worker over its memory limit fails alone; the pool still renders', async () => {
    const pool = new RenderPool({ threads: 1, maxQueue: 4, timeoutMs: 30_000, memoryMb: 64 });
    try {
      await expect(pool.run({ kind: 'probe', exhaustMemory: true })).rejects.toMatchObject({ reason: 'memory' });
      const after = await pool.run({ kind: 'probe', spinMs: 1 });
      expect(after.ok).toBe(true);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('shuts down gracefully: a render in flight when close() is called still gets its PDF', async () => {
    const s = await startTestServer({ workers: { threads: 1 } });
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
