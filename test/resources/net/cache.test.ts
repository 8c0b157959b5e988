// The response cache: freshness from headers, LRU eviction by size, and the loader's use of it
// (max-age reuse, no-store, eviction) and of in-flight sharing, against the fixture server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createResourceLoader,
  DEFAULT_FRESHNESS_MS,
  freshnessLifetimeMs,
  ResponseCache,
  type FetchedResource,
  type LoaderOptions,
  type NetworkResourceLoader,
} from '../../../src/resources/net/index.js';
import { encodePng } from '../../helpers/images.js';
import { send, startFixtureServer, type Fixture } from './fixture-server.js';

const resource = (url: string, size: number): FetchedResource => ({ url, contentType: 'image/png', data: new Uint8Array(size) });

describe('freshnessLifetimeMs', () => {
  const now = Date.parse('2024-05-01T12:00:00Z');

  it('reads max-age, and refuses no-store whatever else is said', () => {
    expect(freshnessLifetimeMs({ 'cache-control': 'public, max-age=60' }, now)).toBe(60_000);
    expect(freshnessLifetimeMs({ 'cache-control': 'MAX-AGE="120"' }, now)).toBe(120_000);
    expect(freshnessLifetimeMs({ 'cache-control': 'no-store, max-age=60' }, now)).toBe(0);
    expect(freshnessLifetimeMs({ 'cache-control': 'max-age=0' }, now)).toBe(0);
    expect(freshnessLifetimeMs({ 'cache-control': 'max-age=abc' }, now)).toBe(0);
  });

  it('subtracts Age from max-age', () => {
    expect(freshnessLifetimeMs({ 'cache-control': 'max-age=60', age: '50' }, now)).toBe(10_000);
    expect(freshnessLifetimeMs({ 'cache-control': 'max-age=60', age: '90' }, now)).toBe(0);
  });

  it('gives no-cache and silent responses the short default, and caps no-cache with max-age at it', () => {
    expect(freshnessLifetimeMs({}, now)).toBe(DEFAULT_FRESHNESS_MS);
    expect(DEFAULT_FRESHNESS_MS).toBe(60_000);
    expect(freshnessLifetimeMs({ 'cache-control': 'no-cache' }, now)).toBe(DEFAULT_FRESHNESS_MS);
    expect(freshnessLifetimeMs({ 'cache-control': 'no-cache, max-age=3600' }, now)).toBe(DEFAULT_FRESHNESS_MS);
  });

  it('reads Expires against the Date header, or the clock without one; max-age wins over it', () => {
    const date = 'Wed, 01 May 2024 10:00:00 GMT';
    expect(freshnessLifetimeMs({ date, expires: 'Wed, 01 May 2024 10:05:00 GMT' }, now)).toBe(300_000);
    expect(freshnessLifetimeMs({ expires: 'Wed, 01 May 2024 12:02:00 GMT' }, now)).toBe(120_000);
    expect(freshnessLifetimeMs({ expires: 'Wed, 01 May 2024 11:00:00 GMT' }, now)).toBe(0);
    expect(freshnessLifetimeMs({ expires: '0' }, now)).toBe(0);
    expect(freshnessLifetimeMs({ 'cache-control': 'max-age=10', expires: 'Wed, 01 May 2024 13:00:00 GMT' }, now)).toBe(10_000);
  });
});

describe('ResponseCache', () => {
  it('returns entries until they expire', () => {
    let clock = 1000;
    const cache = new ResponseCache(1000, () => clock);
    cache.set('a', resource('a', 10), 500);
    expect(cache.get('a')?.url).toBe('a');
    clock = 1499;
    expect(cache.get('a')?.url).toBe('a');
    clock = 1500;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('evicts the least recently used entries until the bytes fit', () => {
    const cache = new ResponseCache(250);
    cache.set('a', resource('a', 100), 60_000);
    cache.set('b', resource('b', 100), 60_000);
    expect(cache.get('a')).toBeDefined(); // a is now more recent than b
    cache.set('c', resource('c', 100), 60_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.bytes).toBe(200);
  });

  it('does not store a lifetime of 0, nor a body larger than the whole cache; replaces a key', () => {
    const cache = new ResponseCache(100);
    cache.set('zero', resource('zero', 1), 0);
    cache.set('big', resource('big', 101), 60_000);
    expect(cache.size).toBe(0);
    cache.set('k', resource('one', 40), 60_000);
    cache.set('k', resource('two', 50), 60_000);
    expect(cache.get('k')?.url).toBe('two');
    expect(cache.bytes).toBe(50);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keys by URL and kind', () => {
    expect(ResponseCache.key('http://a/x', 'image')).not.toBe(ResponseCache.key('http://a/x', 'font'));
  });
});

describe('loader and cache over HTTP', () => {
  const PNG = encodePng(1, 1, () => [0, 0, 255]);
  let server: Fixture;
  const loaders: NetworkResourceLoader[] = [];
  const loader = (options: LoaderOptions): NetworkResourceLoader => {
    const made = createResourceLoader({ allowPrivate: ['127.0.0.1'], ...options });
    loaders.push(made);
    return made;
  };

  beforeAll(async () => {
    server = await startFixtureServer({
      '/max-age': send('image/png', PNG, { 'cache-control': 'max-age=60' }),
      '/no-store': send('image/png', PNG, { 'cache-control': 'no-store' }),
      '/plain': send('image/png', PNG),
      '/sized': send('image/png', new Uint8Array(100).fill(7), { 'cache-control': 'max-age=60' }),
      '/slow-once': (_req, res) => {
        setTimeout(() => send('image/png', PNG)(_req, res, server), 50);
      },
    });
  });

  afterAll(async () => {
    await Promise.all(loaders.map((l) => l.close()));
    await server.close();
  });

  it('does not ask the server again for a max-age=60 resource', async () => {
    const cache = new ResponseCache();
    const first = await loader({ cache }).fetch(server.url('/max-age'), 'image');
    const second = await loader({ cache }).fetch(server.url('/max-age'), 'image');
    expect(second).toBe(first);
    expect(server.hits('/max-age')).toBe(1);
    // Another kind is another entry (and here a failure: a PNG is no stylesheet).
    await expect(loader({ cache }).fetch(server.url('/max-age'), 'stylesheet')).rejects.toMatchObject({ reason: 'content-type' });
    expect(server.hits('/max-age')).toBe(2);
  });

  it('asks the server every time for a no-store resource', async () => {
    const cache = new ResponseCache();
    const l = loader({ cache });
    await l.fetch(server.url('/no-store'), 'image');
    await l.fetch(server.url('/no-store'), 'image');
    expect(server.hits('/no-store')).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('caches a response without cache headers for the short default', async () => {
    const cache = new ResponseCache();
    const l = loader({ cache });
    await l.fetch(server.url('/plain'), 'image');
    await l.fetch(server.url('/plain'), 'image');
    expect(server.hits('/plain')).toBe(1);
  });

  it('evicts the least recently used response when the cache is full', async () => {
    const cache = new ResponseCache(250); // room for two 100-byte bodies
    const l = loader({ cache });
    const fetchSized = (n: number) => l.fetch(server.url(`/sized?${n}`), 'image');
    await fetchSized(1);
    await fetchSized(2);
    await fetchSized(1); // from the cache, and now more recent than 2
    await fetchSized(3); // 300 bytes would not fit: 2, the least recently used, goes
    expect(cache.bytes).toBe(200);
    await fetchSized(1);
    await fetchSized(3);
    expect([server.hits('/sized?1'), server.hits('/sized?2'), server.hits('/sized?3')]).toEqual([1, 1, 1]);
    await fetchSized(2);
    expect(server.hits('/sized?2')).toBe(2);
  });

  it('shares one request among concurrent fetches of the same URL', async () => {
    const l = loader({ cache: null });
    const results = await Promise.all([1, 2, 3, 4].map(() => l.fetch(server.url('/slow-once'), 'image')));
    expect(server.hits('/slow-once')).toBe(1);
    expect(new Set(results).size).toBe(1);
    // Once settled, a new fetch (without a cache) asks again.
    await l.fetch(server.url('/slow-once'), 'image');
    expect(server.hits('/slow-once')).toBe(2);
  });

  it('keeps loaders with other address policies apart in a shared cache', async () => {
    const cache = new ResponseCache();
    await loader({ cache }).fetch(server.url('/max-age?policy'), 'image');
    const strict = createResourceLoader({ cache });
    loaders.push(strict);
    await expect(strict.fetch(server.url('/max-age?policy'), 'image')).rejects.toMatchObject({ reason: 'blocked-address' });
  });
});
