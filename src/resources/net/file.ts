// `file:` URLs, read only from inside the loader's `fileRoot`. The path is resolved with
// realpath (every symlink followed) and must still lie inside the root's real path; `..` in the
// URL is already collapsed by the URL parser, so it can never climb out. The file is opened
// without following a final symlink, so swapping one in after the check fails instead of
// escaping, and it must be a regular file (no FIFOs or devices that never end).
import { constants } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve } from 'node:path';
import { addAbortSignal } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { BodyTooLargeError, readCapped } from './body.js';
import { tooLargeDetail } from './errors.js';
import type { FetchContext, RawResource } from './fetch-context.js';

/** Media types by file extension, for the kinds a document fetches. */
const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.bmp': 'image/bmp',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.css': 'text/css',
};

export async function fetchFile(url: URL, fileRoot: string | null, context: FetchContext): Promise<RawResource> {
  if (!fileRoot) throw context.fail('blocked-scheme', 'file: URLs are not allowed here');
  const path = await insideRoot(url, fileRoot, context);
  const handle = await openRegularFile(path, context);
  try {
    const data = await readFile(handle, context);
    return { url: url.href, contentType: TYPES_BY_EXTENSION[extname(path).toLowerCase()] ?? '', data, origin: 'file', lifetimeMs: 0 };
  } finally {
    await handle.close();
  }
}

/** The real path of the file, checked to lie inside the real path of the root. */
async function insideRoot(url: URL, fileRoot: string, context: FetchContext): Promise<string> {
  let path: string;
  try {
    path = resolve(fileURLToPath(url));
  } catch {
    throw context.fail('outside-root', 'not a local file path');
  }
  const root = await realpath(fileRoot).catch(() => null);
  if (!root) throw context.fail('not-found', 'the file root does not exist');
  // Lexical check first, so that nothing is revealed about files outside the root.
  if (!contains(resolve(fileRoot), path) && !contains(root, path)) throw context.fail('outside-root', 'outside the file root');
  const real = await realpath(path).catch((error: NodeJS.ErrnoException) => {
    throw fileError(error, context);
  });
  if (!contains(root, real)) throw context.fail('outside-root', 'resolves outside the file root');
  return real;
}

async function openRegularFile(path: string, context: FetchContext): Promise<FileHandle> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    (error: NodeJS.ErrnoException) => {
      throw fileError(error, context);
    },
  );
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    throw context.fail('not-found', 'not a regular file');
  }
  if (stats.size >= context.maxBytes) {
    await handle.close();
    throw context.fail('too-large', tooLargeDetail(context.maxBytes));
  }
  return handle;
}

/** Reads at most `maxBytes` bytes (the file may have grown since it was measured). */
async function readFile(handle: FileHandle, context: FetchContext): Promise<Uint8Array> {
  const stream = addAbortSignal(context.signal, handle.createReadStream({ autoClose: false, end: context.maxBytes }));
  try {
    return await readCapped(stream, context.maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw context.fail('too-large', tooLargeDetail(context.maxBytes));
    throw error;
  }
}

function contains(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function fileError(error: NodeJS.ErrnoException, context: FetchContext): Error {
  switch (error.code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return context.fail('not-found', 'no such file');
    case 'ELOOP':
      return context.fail('outside-root', 'the path changed to a symlink');
    case 'EACCES':
    case 'EPERM':
      return context.fail('not-found', 'permission denied');
    default:
      return context.fail('network', `could not read the file (${error.code ?? 'error'})`);
  }
}
