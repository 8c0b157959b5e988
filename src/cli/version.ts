// Finds Quire's version in its package.json, from wherever this file runs (src/ under tsx,
// dist/src/ when built).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `version` of the nearest package.json named "quire" above this file. */
export function packageVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = readManifest(path.join(dir, 'package.json'));
    if (manifest?.name === 'quire' && typeof manifest.version === 'string') return manifest.version;
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

function readManifest(file: string): { name?: unknown; version?: unknown } | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
  } catch {
    return null;
  }
}
