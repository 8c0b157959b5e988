// file: URLs only inside the root (no `..` or symlink escapes, no FIFOs, size-capped) and
// data: URIs (base64 and percent-encoded, media type from the URI, never cached).
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResourceLoader, ResourceError, ResponseCache, type LoaderOptions, type NetworkResourceLoader } from '../../../src/resources/net/index.js';
import { encodePng } from '../../helpers/images.js';

const PNG = encodePng(1, 1, () => [0, 255, 0]);
let base: string;
let root: string;
const loaders: NetworkResourceLoader[] = [];

function loader(options: LoaderOptions = {}): NetworkResourceLoader {
  const made = createResourceLoader({ fileRoot: root, cache: null, ...options });
  loaders.push(made);
  return made;
}

async function failure(promise: Promise<unknown>): Promise<ResourceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ResourceError);
  return error as ResourceError;
}

const fileUrl = (path: string): string => pathToFileURL(path).href;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'quire-net-'));
  root = join(base, 'root');
  mkdirSync(join(root, 'img'), { recursive: true });
  writeFileSync(join(root, 'img', 'dot.png'), PNG);
  writeFileSync(join(root, 'style.css'), 'p{}');
  writeFileSync(join(root, 'unnamed'), PNG);
  writeFileSync(join(root, 'big.png'), new Uint8Array(1000));
  writeFileSync(join(base, 'secret.png'), PNG);
  symlinkSync(join(base, 'secret.png'), join(root, 'link-out.png'));
  symlinkSync(join(root, 'img', 'dot.png'), join(root, 'link-in.png'));
  symlinkSync(base, join(root, 'dir-out'));
  execFileSync('mkfifo', [join(root, 'pipe.png')]);
});

afterAll(async () => {
  await Promise.all(loaders.map((l) => l.close()));
  rmSync(base, { recursive: true, force: true });
});

describe('file: URLs', () => {
  it('reads a file inside the root, typed by its extension', async () => {
    const result = await loader().fetch(fileUrl(join(root, 'img', 'dot.png')), 'image');
    expect(result.contentType).toBe('image/png');
    expect(Buffer.from(result.data).equals(Buffer.from(PNG))).toBe(true);
    expect((await loader().fetch(fileUrl(join(root, 'style.css')), 'stylesheet')).contentType).toBe('text/css');
  });

  it('sniffs an image without an extension, and follows a symlink that stays inside', async () => {
    expect((await loader().fetch(fileUrl(join(root, 'unnamed')), 'image')).contentType).toBe('');
    expect((await loader().fetch(fileUrl(join(root, 'link-in.png')), 'image')).data.byteLength).toBe(PNG.length);
  });

  it('refuses a file outside the root, through `..` (plain or percent-encoded) or a symlink', async () => {
    const escapes = [
      fileUrl(join(base, 'secret.png')),
      `${fileUrl(root)}/../secret.png`,
      `${fileUrl(root)}/img/%2e%2e/%2e%2E/secret.png`,
      fileUrl(join(root, 'link-out.png')),
      fileUrl(join(root, 'dir-out', 'secret.png')),
    ];
    for (const url of escapes) {
      const error = await failure(loader().fetch(url, 'image'));
      expect(error.reason, url).toBe('outside-root');
    }
  });

  it('refuses an encoded slash and a remote host as outside the root', async () => {
    expect((await failure(loader().fetch(`${fileUrl(root)}/img%2fdot.png`, 'image'))).reason).toBe('outside-root');
    expect((await failure(loader().fetch('file://server.example/share/a.png', 'image'))).reason).toBe('outside-root');
  });

  it('reports a missing file as not-found, and refuses a FIFO instead of waiting on it', async () => {
    expect((await failure(loader().fetch(fileUrl(join(root, 'nope.png')), 'image'))).reason).toBe('not-found');
    expect((await failure(loader().fetch(fileUrl(join(root, 'img')), 'image'))).reason).toBe('not-found');
    expect((await failure(loader().fetch(fileUrl(join(root, 'pipe.png')), 'image'))).reason).toBe('not-found');
  });

  it('caps the size of a file', async () => {
    expect((await failure(loader({ maxBytes: 1000 }).fetch(fileUrl(join(root, 'big.png')), 'image'))).reason).toBe('too-large');
    expect((await loader({ maxBytes: 1001 }).fetch(fileUrl(join(root, 'big.png')), 'image')).data.byteLength).toBe(1000);
  });

  it('refuses file: URLs without a root, and other schemes', async () => {
    const noRoot = createResourceLoader({ cache: null });
    loaders.push(noRoot);
    expect((await failure(noRoot.fetch(fileUrl(join(root, 'img', 'dot.png')), 'image'))).reason).toBe('blocked-scheme');
    for (const url of ['javascript:alert(1)', 'ftp://example.com/a.png', 'gopher://x/', 'blob:https://x/1', 'img/relative.png']) {
      expect((await failure(noRoot.fetch(url, 'image'))).reason, url).toBe('blocked-scheme');
    }
  });
});

describe('data: URIs', () => {
  const base64Png = `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`;

  it('decodes base64 with the media type from the URI', async () => {
    const result = await loader().fetch(base64Png, 'image');
    expect(result.contentType).toBe('image/png');
    expect(Buffer.from(result.data).equals(Buffer.from(PNG))).toBe(true);
  });

  it('decodes percent-encoded text, and accepts a stylesheet without a type only here', async () => {
    const sheet = await loader().fetch('data:text/css,p%20%7B%20color%3A%20red%20%7D', 'stylesheet');
    expect(Buffer.from(sheet.data).toString()).toBe('p { color: red }');
    const untyped = await loader().fetch('data:,a{b:c}', 'stylesheet');
    expect(untyped.contentType).toBe('');
    expect(Buffer.from(untyped.data).toString()).toBe('a{b:c}');
  });

  it('applies the kind check and the size cap to data: URIs too', async () => {
    expect((await failure(loader().fetch('data:text/plain,hello', 'image'))).reason).toBe('content-type');
    expect((await failure(loader().fetch('data:text/plain,hello', 'font'))).reason).toBe('content-type');
    expect((await failure(loader({ maxBytes: PNG.length }).fetch(base64Png, 'image'))).reason).toBe('too-large');
    const broken = await failure(loader().fetch('data:image/png;base64,a*b', 'image'));
    expect(broken.reason).toBe('network');
    expect(broken.message).toBe('image data:image/png;base64,a*b: malformed data: URI');
  });

  it('does not cache data: URIs, and keeps long ones out of messages', async () => {
    const cache = new ResponseCache();
    await loader({ cache }).fetch(base64Png, 'image');
    expect(cache.size).toBe(0);
    const long = `data:text/plain,${'x'.repeat(5000)}`;
    const error = await failure(loader().fetch(long, 'image'));
    expect(error.message.length).toBeLessThan(200);
  });
});
