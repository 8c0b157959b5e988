// A disk cache for what the font provider fetches (its style sheets and the font files they
// name), so that a later process renders the same families without the network. One file per
// URL, named by a hash of it (never by anything the URL says), holding a JSON header line
// (url, content type, time stored) and then the body. Written to a temporary name and renamed,
// so a reader never sees half a file; bounded in total size, the least recently used files
// removed first. Every failure (a read-only or full disk, a damaged file) is a cache miss: the
// cache never makes a render fail.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** Default bound on the cache's total size: 200 MB. */
export const DEFAULT_FONT_CACHE_BYTES = 200 * 1024 * 1024;

/** One cached response. */
export interface CachedResource {
  readonly url: string;
  readonly contentType: string;
  readonly data: Uint8Array;
  /** When it was stored, ms since the epoch. */
  readonly storedAt: number;
}

interface Header {
  readonly v: 1;
  readonly url: string;
  readonly contentType: string;
  readonly storedAt: number;
}

const SUFFIX = '.cached';

/**
 * The default folder: `$XDG_CACHE_HOME/quire/fonts`, else `~/.cache/quire/fonts`, else (no home
 * folder) `<os temp dir>/quire-fonts`.
 */
export function defaultFontCacheDirectory(): string {
  const xdg = process.env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'quire', 'fonts');
  let home = '';
  try {
    home = homedir();
  } catch {
    // No home folder (some service accounts): the temp dir below.
  }
  return home ? join(home, '.cache', 'quire', 'fonts') : join(tmpdir(), 'quire-fonts');
}

export class FontDiskCache {
  /**
   * @param directory created on the first write
   * @param maxBytes the most bytes the folder's cache files may hold together
   */
  constructor(
    readonly directory: string,
    readonly maxBytes: number = DEFAULT_FONT_CACHE_BYTES,
  ) {}

  /** The file a URL is stored in: a hash of the URL, so nothing in the URL reaches the path. */
  fileOf(url: string): string {
    return join(this.directory, `${createHash('sha256').update(url).digest('hex').slice(0, 40)}${SUFFIX}`);
  }

  /** The cached response for `url`, or null (not cached, unreadable, or another URL's). */
  async get(url: string): Promise<CachedResource | null> {
    const file = this.fileOf(url);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      return null;
    }
    const newline = bytes.indexOf(0x0a);
    if (newline < 0) return null;
    let header: Header;
    try {
      header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Header;
    } catch {
      return null;
    }
    if (header?.v !== 1 || header.url !== url || typeof header.contentType !== 'string' || typeof header.storedAt !== 'number') return null;
    // Recently used: eviction goes by modification time.
    const now = new Date();
    await utimes(file, now, now).catch(() => {});
    const body = bytes.subarray(newline + 1);
    return { url, contentType: header.contentType, data: new Uint8Array(body.buffer, body.byteOffset, body.byteLength), storedAt: header.storedAt };
  }

  /** Stores a response (best effort), then trims the folder to `maxBytes`. */
  async put(url: string, contentType: string, data: Uint8Array, storedAt = Date.now()): Promise<void> {
    const header: Header = { v: 1, url, contentType, storedAt };
    const headerBytes = Buffer.from(`${JSON.stringify(header)}\n`, 'utf8');
    if (headerBytes.byteLength + data.byteLength > this.maxBytes) return;
    const file = this.fileOf(url);
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await mkdir(this.directory, { recursive: true, mode: 0o700 });
      await writeFile(temporary, Buffer.concat([headerBytes, data]), { mode: 0o600 });
      await rename(temporary, file);
    } catch {
      await unlink(temporary).catch(() => {});
      return;
    }
    await this.trim();
  }

  /** Removes the least recently used cache files until the rest fit in `maxBytes`. */
  async trim(): Promise<void> {
    let names: string[];
    try {
      names = (await readdir(this.directory)).filter((name) => name.endsWith(SUFFIX));
    } catch {
      return;
    }
    const files: { path: string; size: number; used: number }[] = [];
    for (const name of names) {
      const path = join(this.directory, name);
      try {
        const info = await stat(path);
        files.push({ path, size: info.size, used: info.mtimeMs });
      } catch {
        // Removed meanwhile by another process.
      }
    }
    let total = files.reduce((sum, f) => sum + f.size, 0);
    files.sort((a, b) => a.used - b.used);
    for (const file of files) {
      if (total <= this.maxBytes) break;
      await unlink(file.path).catch(() => {});
      total -= file.size;
    }
  }
}
