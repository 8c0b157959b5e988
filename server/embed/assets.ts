// The builders' front end: the files esbuild writes to dist/web/ at the package root (builder.js,
// builder.css, pdf.worker.mjs, chunks, source maps), served as they are. Only plain file names
// of that one folder are served: no subfolders, no dot files (so no `..`), no symbolic links.
import { existsSync, readFileSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  // esbuild's linked legal comments (builder.js.LEGAL.txt).
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * dist/web of the package this module belongs to: the nearest folder above it whose
 * package.json is named "quire" (the server runs from dist/server/… and, in tests, from source).
 */
export function defaultWebRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (isQuirePackage(path.join(dir, 'package.json'))) return path.join(dir, 'dist', 'web');
    if (path.dirname(dir) === dir) throw new Error(`no package.json named "quire" above ${from}`);
  }
}

function isQuirePackage(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'quire';
  } catch {
    return false;
  }
}

export interface Asset {
  readonly file: string;
  readonly size: number;
  readonly contentType: string;
  /** `br` or `gzip` when `file` is the build's precompressed copy (web/build.mjs writes them). */
  readonly encoding: 'br' | 'gzip' | null;
}

/**
 * The asset `name` in `root`, or null when it is not one: a bad name, an unknown type, or no
 * such regular file. With `acceptEncoding`, its precompressed copy when the client takes it.
 */
export async function findAsset(root: string, name: string, acceptEncoding = ''): Promise<Asset | null> {
  if (!FILE_NAME.test(name)) return null;
  const contentType = CONTENT_TYPES[path.extname(name).toLowerCase()];
  if (!contentType) return null;
  const file = path.join(root, name);
  const plain = await regularFileSize(file);
  if (plain === null) return null;
  for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
    if (!accepts(acceptEncoding, encoding)) continue;
    const size = await regularFileSize(file + suffix);
    if (size !== null) return { file: file + suffix, size, contentType, encoding };
  }
  return { file, size: plain, contentType, encoding: null };
}

async function regularFileSize(file: string): Promise<number | null> {
  try {
    const stats = await lstat(file);
    return stats.isFile() ? stats.size : null;
  } catch {
    return null;
  }
}

/** Whether an Accept-Encoding header takes `encoding` (listed without `;q=0`). */
export function accepts(header: string, encoding: string): boolean {
  return header.split(',').some((part) => {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (token !== encoding) return false;
    return !params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param));
  });
}
