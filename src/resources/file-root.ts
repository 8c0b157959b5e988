// A document's `file:` URLs name paths inside its file root (RenderOptions.fileRoot):
// `file:///css/a.css` is `<root>/css/a.css`, so that root-relative URLs stay inside the root.
// The loader reads real paths, so a request is mapped into the root on its way out, and the
// resource comes back under the URL the document asked for: a sheet's URL is the base its own
// url()s and @imports resolve against, and a real path there would be mapped in a second time.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResourceFetcher } from './gather.js';
import { resourceError } from './net/errors.js';

/** `loader` with the document's `file:` URLs read from inside `root`; other URLs pass through. */
export function fileRootFetcher(loader: ResourceFetcher, root: string): ResourceFetcher {
  return {
    async fetch(url, kind) {
      const asked = fileUrl(url);
      if (asked === null) return loader.fetch(url, kind);
      const real = pathInRoot(asked, root);
      if (real === null) throw resourceError(kind, url, 'outside-root', 'not a local file path');
      // Files do not redirect: the final URL is the one asked for.
      return { ...(await loader.fetch(real, kind)), url: asked.href };
    },
  };
}

/** The URL parsed when it is a `file:` URL, else null. */
function fileUrl(url: string): URL | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'file:' ? parsed : null;
  } catch {
    return null;
  }
}

/** `file:///css/a.css` → the file URL of `<root>/css/a.css` (URL parsing already folded any `..`); null when the path does not decode. */
function pathInRoot(url: URL, root: string): string | null {
  try {
    return pathToFileURL(path.join(root, decodeURIComponent(url.pathname))).href;
  } catch {
    return null;
  }
}
