// Quire's own reftests (test/reftests): cases no public suite covers well, above all flex and
// grid containers across pages. They run through the WPT runner's machinery (bench/wpt-run.ts:
// same inlining, rasterising and pixel rule) with test/reftests as the root, and every one must
// pass. `npm run wpt -- --wpt test/reftests --keep out/keep` shows the PNGs of a failure.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadManifest } from '../bench/wpt-manifest.js';
import { DEFAULT_JOBS, DEFAULT_TIMEOUT_MS, runReftests } from '../bench/wpt-run.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'reftests');

/** Every .html file under the root, relative to it, with '/' separators. */
function htmlFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? htmlFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : entry.name.endsWith('.html') ? [`${prefix}${entry.name}`] : [],
  );
}

describe("Quire's own reftests", () => {
  const entries = loadManifest(ROOT);

  it('lists every file of the folder in manifest.json, as a test or as a reference', () => {
    const listed = new Set(entries.flatMap((e) => [e.test, ...e.refs.map((r) => r.path)]));
    expect(htmlFiles(ROOT).filter((file) => !listed.has(file))).toEqual([]);
  });

  it('all pass', async () => {
    const results = await runReftests(entries, { wptRoot: ROOT, jobs: DEFAULT_JOBS, timeoutMs: DEFAULT_TIMEOUT_MS, keep: null, onResult: () => {} });
    expect(results.filter((r) => r.kind !== 'pass').map((r) => `${r.test}: [${r.kind}] ${r.reason}`)).toEqual([]);
  }, 300_000);
});
