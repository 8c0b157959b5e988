// A Cast version's page sizes, for the template builder: where fields can go. Read in the render
// pool (a stored PDF may be large, and parsing it is the pool's work) and kept per version —
// a version's PDF never changes — so a session's reads and saves parse it once.
import type { PageSize } from '../../src/fill/page-box.js';
import { templatePageSizes, type TemplateInspector } from '../cast-creation.js';

/** Versions whose sizes are kept; the least recently used go first. */
const CACHED_VERSIONS = 500;
const cache = new Map<string, readonly PageSize[]>();

export async function castPageSizes(inspector: TemplateInspector, castEid: string, versionNumber: number, pdf: Uint8Array): Promise<readonly PageSize[]> {
  const key = `${castEid}@${versionNumber}`;
  const sizes = cache.get(key) ?? (await templatePageSizes(inspector, pdf));
  keep(key, sizes);
  return sizes;
}

/** Remembers the sizes of a version just made (the check of its PDF found them). */
export function rememberPageSizes(castEid: string, versionNumber: number, sizes: readonly PageSize[]): void {
  keep(`${castEid}@${versionNumber}`, sizes);
}

/** Keeps `sizes` as the most recently used entry. */
function keep(key: string, sizes: readonly PageSize[]): void {
  cache.delete(key);
  cache.set(key, sizes);
  if (cache.size > CACHED_VERSIONS) cache.delete(cache.keys().next().value!);
}
