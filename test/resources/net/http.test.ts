// The loader over HTTP against a fixture server on 127.0.0.1: types per kind, timeouts, size
// caps, status codes, redirects (followed, too many, and to refused addresses), address checks.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResourceLoader, ResourceError, type LoaderOptions, type NetworkResourceLoader } from '../../../src/resources/net/index.js';
import { encodePng } from '../../helpers/images.js';
import { recordConnects, redirect, send, startFixtureServer, type Fixture } from './fixture-server.js';

const PNG = encodePng(1, 1, () => [255, 0, 0]);
const TTF = readFileSync(new URL('../../../fonts/NotoSans-Regular.ttf', import.meta.url));
const WOFF2 = Uint8Array.from([0x77, 0x4f, 0x46, 0x32, 0, 1, 0, 0, 1, 2, 3, 4]); // 'wOF2' + bytes
const CSS = 'p { color: red }';
const TEN_MB_PLUS_ONE = new Uint8Array(10 * 1024 * 1024 + 1);

let server: Fixture;
const loaders: NetworkResourceLoader[] = [];

/** A loader that may reach the fixture server, with no cache unless one is given. */
function loader(options: LoaderOptions = {}): NetworkResourceLoader {
  const made = createResourceLoader({ allowPrivate: ['127.0.0.1'], cache: null, ...options });
  loaders.push(made);
  return made;
}

/** The ResourceError a promise rejects with (fails the test if it resolves or rejects otherwise). */
async function failure(promise: Promise<unknown>): Promise<ResourceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ResourceError);
  return error as ResourceError;
}

beforeAll(async () => {
  const chain: Record<string, ReturnType<typeof redirect>> = {};
  for (let n = 1; n <= 6; n++) chain[`/chain/${n}`] = redirect(n === 1 ? '../image.png' : `/chain/${n - 1}`);
  server = await startFixtureServer({
    ...chain,
    '/image.png': send('image/png', PNG),
    '/image-with-params.png': send('Image/PNG; charset=binary', PNG),
    '/image-octet.png': send('application/octet-stream', PNG),
    '/octet-not-image': send('application/octet-stream', 'hello'),
    '/image-as-html': send('text/html', PNG),
    '/slow': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG.subarray(0, 4)); // and never finishes
    },
    '/no-headers': () => {
      // Never answers at all.
    },
    '/huge': send('image/png', TEN_MB_PLUS_ONE),
    '/huge-chunked': send('image/png', TEN_MB_PLUS_ONE, {}, true),
    '/huge-declared': (_req, res) => {
      // Announces 10 MB + 1 byte, sends ten, and stalls: only the early check can answer in time.
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(TEN_MB_PLUS_ONE.length) });
      res.write(PNG.subarray(0, 10));
    },
    '/gzip.css': send('text/css', gzipSync(CSS), { 'content-encoding': 'gzip' }),
    '/gzip-bomb.css': send('text/css', gzipSync(new Uint8Array(20 * 1024 * 1024)), { 'content-encoding': 'gzip' }),
    '/odd-encoding.css': send('text/css', CSS, { 'content-encoding': 'compress' }),
    '/missing': (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('gone');
    },
    '/error': (_req, res) => {
      res.writeHead(500);
      res.end();
    },
    '/font.ttf': send('font/ttf', TTF),
    '/font-x.ttf': send('application/x-font-ttf', TTF),
    '/font-as-text.ttf': send('text/plain', TTF),
    '/font.woff2': send('font/woff2', WOFF2),
    '/style.css': send('text/css; charset=utf-8', CSS),
    '/style-untyped.css': send(null, CSS),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
    '/to-private': redirect('http://10.0.0.1/image.png', 301),
    '/to-mapped': redirect('http://[::ffff:10.0.0.1]/image.png', 307),
    '/to-file': redirect('file:///etc/passwd'),
    '/to-internal-name': redirect('http://internal.test/image.png'),
    '/no-location': (_req, res) => {
      res.writeHead(302);
      res.end();
    },
  });
});

afterAll(async () => {
  await Promise.all(loaders.map((l) => l.close()));
  await server.close();
});

describe('http: content types per kind', () => {
  it('fetches a PNG served as image/png, with the media type lower-cased and without parameters', async () => {
    const result = await loader().fetch(server.url('/image.png'), 'image');
    expect(Buffer.from(result.data).equals(Buffer.from(PNG))).toBe(true);
    expect(result.contentType).toBe('image/png');
    expect(result.url).toBe(server.url('/image.png'));
    expect((await loader().fetch(server.url('/image-with-params.png'), 'image')).contentType).toBe('image/png');
  });

  it('accepts application/octet-stream for an image only when the bytes are an image', async () => {
    const ok = await loader().fetch(server.url('/image-octet.png'), 'image');
    expect(ok.contentType).toBe('application/octet-stream');
    const error = await failure(loader().fetch(server.url('/octet-not-image'), 'image'));
    expect(error.reason).toBe('content-type');
  });

  it('refuses an image served with a wrong content type', async () => {
    const error = await failure(loader().fetch(server.url('/image-as-html'), 'image'));
    expect(error.reason).toBe('content-type');
    expect(error.message).toBe(`image ${server.url('/image-as-html')}: content type text/html is not accepted for an image`);
  });

  it('fetches a TTF served as font/ttf or application/x-font-ttf, and refuses it as text/plain', async () => {
    const font = await loader().fetch(server.url('/font.ttf'), 'font');
    expect(font.contentType).toBe('font/ttf');
    expect(font.data.byteLength).toBe(TTF.byteLength);
    expect(Buffer.from(font.data).equals(TTF)).toBe(true);
    expect((await loader().fetch(server.url('/font-x.ttf'), 'font')).contentType).toBe('application/x-font-ttf');
    expect((await failure(loader().fetch(server.url('/font-as-text.ttf'), 'font'))).reason).toBe('content-type');
  });

  it('fetches a WOFF2 served as font/woff2', async () => {
    const font = await loader().fetch(server.url('/font.woff2'), 'font');
    expect(font.contentType).toBe('font/woff2');
    expect(Array.from(font.data)).toEqual(Array.from(WOFF2));
  });

  it('fetches a stylesheet served as text/css, and refuses one without a type over HTTP', async () => {
    const sheet = await loader().fetch(server.url('/style.css'), 'stylesheet');
    expect(sheet.contentType).toBe('text/css');
    expect(Buffer.from(sheet.data).toString('utf8')).toBe(CSS);
    expect((await failure(loader().fetch(server.url('/style-untyped.css'), 'stylesheet'))).reason).toBe('content-type');
    // A stylesheet is not an image.
    expect((await failure(loader().fetch(server.url('/style.css'), 'image'))).reason).toBe('content-type');
  });
});

describe('http: limits', () => {
  it('rejects a body that never finishes with reason timeout', async () => {
    const error = await failure(loader({ timeoutMs: { image: 300 } }).fetch(server.url('/slow'), 'image'));
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe(`image ${server.url('/slow')}: timed out after 300 ms`);
  });

  it('rejects a server that never answers with reason timeout, using the kind of the fetch', async () => {
    const error = await failure(loader({ timeoutMs: { stylesheet: 250 } }).fetch(server.url('/no-headers'), 'stylesheet'));
    expect(error.reason).toBe('timeout');
    expect(error.message).toContain('timed out after 250 ms');
  });

  it('rejects a body of 10 MB + 1 byte announced by content-length', async () => {
    const error = await failure(loader().fetch(server.url('/huge'), 'image'));
    expect(error.reason).toBe('too-large');
    expect(error.message).toContain(`${10 * 1024 * 1024} bytes`);
  });

  it('rejects a chunked body of 10 MB + 1 byte while streaming it', async () => {
    const error = await failure(loader().fetch(server.url('/huge-chunked'), 'image'));
    expect(error.reason).toBe('too-large');
  });

  it('rejects early when content-length announces a body over the cap', async () => {
    const error = await failure(loader({ timeoutMs: { image: 1000 } }).fetch(server.url('/huge-declared'), 'image'));
    expect(error.reason).toBe('too-large');
  });

  it('undoes gzip, and applies the cap to the decoded bytes', async () => {
    const sheet = await loader().fetch(server.url('/gzip.css'), 'stylesheet');
    expect(Buffer.from(sheet.data).toString()).toBe(CSS);
    expect((await failure(loader().fetch(server.url('/gzip-bomb.css'), 'stylesheet'))).reason).toBe('too-large');
    expect((await failure(loader().fetch(server.url('/odd-encoding.css'), 'stylesheet'))).reason).toBe('network');
  });

  it('fails a body of exactly maxBytes and passes one a byte shorter', async () => {
    expect((await failure(loader({ maxBytes: PNG.length }).fetch(server.url('/image.png'), 'image'))).reason).toBe('too-large');
    const ok = await loader({ maxBytes: PNG.length + 1 }).fetch(server.url('/image.png'), 'image');
    expect(ok.data.byteLength).toBe(PNG.length);
  });

  it('maps 404 to not-found and other statuses of 400 or more to http-status', async () => {
    const missing = await failure(loader().fetch(server.url('/missing'), 'image'));
    expect(missing.reason).toBe('not-found');
    expect(missing.message).toBe(`image ${server.url('/missing')}: HTTP status 404`);
    expect((await failure(loader().fetch(server.url('/error'), 'image'))).reason).toBe('http-status');
  });
});

describe('http: redirects', () => {
  it('follows a chain of 3 redirects with relative Locations and reports the final URL', async () => {
    const result = await loader().fetch(server.url('/chain/3'), 'image');
    expect(result.url).toBe(server.url('/image.png'));
    expect(server.hits('/chain/1')).toBeGreaterThan(0);
  });

  it('follows exactly maxRedirects and refuses one more', async () => {
    expect((await loader().fetch(server.url('/chain/5'), 'image')).url).toBe(server.url('/image.png'));
    const error = await failure(loader().fetch(server.url('/chain/6'), 'image'));
    expect(error.reason).toBe('too-many-redirects');
    expect((await failure(loader({ maxRedirects: 2 }).fetch(server.url('/chain/3'), 'image'))).reason).toBe('too-many-redirects');
  });

  it.each(['/to-metadata', '/to-private', '/to-mapped'])('refuses %s as blocked-address without connecting', async (path) => {
    const before = server.hits();
    const { result, hosts } = await recordConnects(() => loader().fetch(server.url(path), 'image'));
    expect(result.status).toBe('rejected');
    const error = (result as PromiseRejectedResult).reason as ResourceError;
    expect(error).toBeInstanceOf(ResourceError);
    expect(error.reason).toBe('blocked-address');
    // The server saw the first request only, and no socket was opened to anything else.
    expect(server.hits()).toBe(before + 1);
    expect(hosts.filter((host) => host !== '127.0.0.1')).toEqual([]);
  });

  it('refuses a redirect to a name that resolves to a private address, inside the connection lookup', async () => {
    const resolved: string[] = [];
    const resolveHost = async (hostname: string) => {
      resolved.push(hostname);
      return [{ address: '10.0.0.1', family: 4 }];
    };
    const { result, hosts } = await recordConnects(() => loader({ resolveHost }).fetch(server.url('/to-internal-name'), 'image'));
    expect(((result as PromiseRejectedResult).reason as ResourceError).reason).toBe('blocked-address');
    expect(((result as PromiseRejectedResult).reason as ResourceError).message).toContain('internal.test resolves to 10.0.0.1');
    expect(resolved).toEqual(['internal.test']);
    // undici announced the connection, but the socket got its address from the guarded lookup,
    // which refused before any packet was sent.
    expect(hosts).toContain('internal.test');
  });

  it('refuses a redirect to another scheme', async () => {
    const error = await failure(loader({ fileRoot: '/' }).fetch(server.url('/to-file'), 'image'));
    expect(error.reason).toBe('blocked-scheme');
  });

  it('treats a redirect without Location as an HTTP status error', async () => {
    expect((await failure(loader().fetch(server.url('/no-location'), 'image'))).reason).toBe('http-status');
  });
});

describe('http: address checks', () => {
  it('refuses 127.0.0.1 and localhost outright without allowPrivate, sending nothing', async () => {
    const strict = createResourceLoader({ cache: null });
    loaders.push(strict);
    const before = server.hits();
    for (const url of [server.url('/image.png'), `http://localhost:${server.port}/image.png`, `http://[::1]:${server.port}/image.png`]) {
      const error = await failure(strict.fetch(url, 'image'));
      expect(error.reason).toBe('blocked-address');
    }
    expect(server.hits()).toBe(before);
  });

  it('refuses loopback written in the other forms a URL allows, without connecting', async () => {
    const strict = createResourceLoader({ cache: null });
    loaders.push(strict);
    const forms = ['0x7f.1', '2130706433', '0177.0.0.1', '127.0.0.1.', '[::ffff:7f00:1]', '[::ffff:127.0.0.1]', '0', 'LOCALHOST.', 'www.localhost'];
    const { hosts } = await recordConnects(async () => {
      for (const host of forms) {
        const error = await failure(strict.fetch(`http://${host}:${server.port}/image.png`, 'image'));
        expect(error.reason, host).toBe('blocked-address');
      }
    });
    expect(hosts).toEqual([]);
  });

  it('lets allowPrivate open a host by name', async () => {
    const result = await loader({ allowPrivate: ['localhost'] }).fetch(`http://localhost:${server.port}/image.png`, 'image');
    expect(result.contentType).toBe('image/png');
    // Naming the address does not open the name `localhost` (it may also resolve to ::1).
    const error = await failure(loader({ allowPrivate: ['127.0.0.1'] }).fetch(`http://localhost:${server.port}/image.png`, 'image'));
    expect(error.reason).toBe('blocked-address');
  });

  it('lets allowPrivate open a CIDR range', async () => {
    const result = await loader({ allowPrivate: ['127.0.0.0/8'] }).fetch(server.url('/image.png'), 'image');
    expect(result.data.byteLength).toBe(PNG.length);
    expect((await failure(loader({ allowPrivate: ['10.0.0.0/8'] }).fetch(server.url('/image.png'), 'image'))).reason).toBe('blocked-address');
  });

  it('connects to the address the guarded lookup checked', async () => {
    const resolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
    const result = await loader({ resolveHost }).fetch(`http://fixture.test:${server.port}/image.png`, 'image');
    expect(result.url).toBe(`http://fixture.test:${server.port}/image.png`);
    // Without the allowance, the same resolution is refused.
    const strict = createResourceLoader({ cache: null, resolveHost });
    loaders.push(strict);
    expect((await failure(strict.fetch(`http://fixture.test:${server.port}/image.png`, 'image'))).reason).toBe('blocked-address');
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const resolveHost = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '192.168.1.1', family: 4 },
    ];
    const strict = createResourceLoader({ cache: null, resolveHost });
    loaders.push(strict);
    const error = await failure(strict.fetch('http://mixed.test/image.png', 'image'));
    expect(error.reason).toBe('blocked-address');
    expect(error.message).toContain('192.168.1.1');
  });

  it('refuses other schemes and never puts credentials in messages', async () => {
    const error = await failure(loader().fetch('ftp://user:secret@example.com/a.png', 'image'));
    expect(error.reason).toBe('blocked-scheme');
    expect(error.message).not.toContain('secret');
    expect(error.url).not.toContain('secret');
    const status = await failure(loader().fetch(`http://user:secret@127.0.0.1:${server.port}/missing`, 'image'));
    expect(status.reason).toBe('not-found');
    expect(status.message).toBe(`image ${server.url('/missing')}: HTTP status 404`);
  });

  it('reports a refused connection as a network error', async () => {
    const closed = await startFixtureServer({});
    const url = closed.url('/x.png');
    await closed.close();
    const error = await failure(loader().fetch(url, 'image'));
    expect(error.reason).toBe('network');
    expect(error.message).toContain('ECONNREFUSED');
  });
});
