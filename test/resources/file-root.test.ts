// fileRootFetcher: a document's file: URLs read from inside the root, and answered under the URL
// the document asked for (the base of a sheet's own url()s), never the real path.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileRootFetcher } from '../../src/resources/file-root.js';
import type { ResourceFetcher } from '../../src/resources/gather.js';
import { ResourceError } from '../../src/resources/net/index.js';

/** A loader like the built-in one: it answers with the URL it was given, and records it. */
function recordingLoader(): ResourceFetcher & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    fetch: async (url) => {
      asked.push(url);
      return { url, contentType: 'text/css', data: new Uint8Array() };
    },
  };
}

const root = path.resolve('/srv/site');

describe('fileRootFetcher', () => {
  it('reads a file: URL from inside the root and answers under the URL asked for', async () => {
    const loader = recordingLoader();
    const got = await fileRootFetcher(loader, root).fetch('file:///docs/css/a%20b.css', 'stylesheet');
    expect(loader.asked).toEqual([pathToFileURL(path.join(root, 'docs/css/a b.css')).href]);
    expect(got.url).toBe('file:///docs/css/a%20b.css');
  });

  it('folds .. in the URL before mapping, so a path never climbs out of the root', async () => {
    const loader = recordingLoader();
    const got = await fileRootFetcher(loader, root).fetch('file:///docs/../../../etc/passwd', 'image');
    expect(loader.asked).toEqual([pathToFileURL(path.join(root, 'etc/passwd')).href]);
    expect(got.url).toBe('file:///etc/passwd');
  });

  it('maps a file: URL however its scheme is spelled', async () => {
    const loader = recordingLoader();
    const got = await fileRootFetcher(loader, root).fetch(' FILE:///img/a.png', 'image');
    expect(loader.asked).toEqual([pathToFileURL(path.join(root, 'img/a.png')).href]);
    expect(got.url).toBe('file:///img/a.png');
  });

  it('passes other URLs and their answers through unchanged', async () => {
    const loader = recordingLoader();
    const got = await fileRootFetcher(loader, root).fetch('https://ex.com/a.css', 'stylesheet');
    expect(loader.asked).toEqual(['https://ex.com/a.css']);
    expect(got.url).toBe('https://ex.com/a.css');
  });

  it('refuses a path that does not decode, without asking the loader', async () => {
    const loader = recordingLoader();
    const error = await fileRootFetcher(loader, root).fetch('file:///a%E0%A4%A.png', 'image').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceError);
    expect((error as ResourceError).reason).toBe('outside-root');
    expect(loader.asked).toEqual([]);
  });
});
