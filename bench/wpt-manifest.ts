// The WPT reftest manifest (/work/shared/wpt/manifest.json) and the records the runner keeps
// per test: shared by the parent process (wpt.ts, wpt-pool.ts, wpt-report.ts) and the worker
// processes that render (wpt-worker.ts, wpt-test.ts).

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const THIS_DIR = path.dirname(fileURLToPath(import.meta.url));

/** One manifest entry, as the wpt README describes it. */
export interface ManifestEntry {
  readonly suite: string;
  readonly test: string;
  readonly refs: readonly { readonly rel: 'match' | 'mismatch'; readonly path: string }[];
  readonly print: boolean;
  /** Which pages to compare, e.g. "2" or "1,3-5"; all pages when absent. */
  readonly pages?: string;
}

/** Why a test failed; `pass` when it did not. */
export type ResultKind = 'pass' | 'pixels' | 'engine-error' | 'timeout' | 'crash' | 'harness';

/** How the test compared with one of its references. */
export interface RefOutcome {
  readonly ref: string;
  readonly rel: 'match' | 'mismatch';
  /** True when the test looked the same as the reference. */
  readonly same: boolean;
  readonly reason: string;
}

/** The per-test record written by `--json` and summarised at the end of a run. */
export interface TestResult {
  readonly test: string;
  readonly suite: string;
  readonly print: boolean;
  readonly kind: ResultKind;
  /** Empty for a pass; otherwise what went wrong, e.g. `page 1: 312 pixels differ ...`. */
  readonly reason: string;
  /** Wall time for the whole test (test and references: inline, render, rasterise, compare). */
  readonly ms: number;
  /** Of which rendering in the engine. */
  readonly renderMs: number;
  readonly usesAhem: boolean;
  /** The engine's warnings for the test and its references, without repeats. */
  readonly warnings: readonly string[];
  /** Resources the harness could not inline (missing files). */
  readonly problems: readonly string[];
  readonly refs: readonly RefOutcome[];
  /** Pages rendered: the test's, then each reference's (fewer when a render failed). */
  readonly pageCounts: readonly number[];
}

/** Work for a worker process: one manifest entry and where to put files. */
export interface TestJob {
  readonly entry: ManifestEntry;
  readonly print: boolean;
  readonly wptRoot: string;
  /** A fresh folder for this test's temporary files; the worker empties it when done. */
  readonly workDir: string;
  /** Where to save PNGs of failing tests, or null. */
  readonly keepDir: string | null;
}

/** Which tests of the manifest a run takes. */
export interface Selection {
  /** Manifest suites (`css-tables`, `CSS2-tables`, ...); every suite when empty. */
  readonly suites: readonly string[];
  /** Substrings of the test path, any of which selects a test; every test when empty. */
  readonly filters: readonly string[];
  /** Only the first N of what the suites and filters leave, or null for all. */
  readonly limit: number | null;
}

/** The wpt folder: $QUIRE_WPT, else ../shared/wpt beside the repository. */
export function defaultWptRoot(): string {
  return process.env.QUIRE_WPT ?? path.resolve(findRepoRoot(THIS_DIR), '../shared/wpt');
}

/** The folder holding package.json: `bench/` from source, `dist/bench/` once compiled. */
function findRepoRoot(start: string): string {
  let dir = start;
  for (let i = 0; i < 5 && !existsSync(path.join(dir, 'package.json')); i++) dir = path.dirname(dir);
  return dir;
}

/** Reads and sanity-checks the manifest. */
export function loadManifest(wptRoot: string): ManifestEntry[] {
  const file = path.join(wptRoot, 'manifest.json');
  if (!existsSync(file)) throw new Error(`no manifest at ${file}`);
  const entries = JSON.parse(readFileSync(file, 'utf8')) as ManifestEntry[];
  if (!Array.isArray(entries)) throw new Error(`${file} is not a list`);
  return entries;
}

/**
 * The entries a selection takes, in manifest order. Throws on a suite the manifest does not
 * have: a misspelt suite would otherwise select nothing, and a run of nothing passes.
 */
export function selectEntries(entries: readonly ManifestEntry[], selection: Selection): ManifestEntry[] {
  const suites = new Set(entries.map((e) => e.suite));
  const unknown = selection.suites.find((s) => !suites.has(s));
  if (unknown !== undefined) throw new Error(`no suite "${unknown}" in the manifest (it has ${[...suites].join(', ')})`);
  const selected = entries.filter(
    (e) =>
      (selection.suites.length === 0 || selection.suites.includes(e.suite)) &&
      (selection.filters.length === 0 || selection.filters.some((f) => e.test.includes(f))),
  );
  return selection.limit === null ? selected : selected.slice(0, selection.limit);
}

/**
 * Print reftest or screen reftest. The README defines print reftests as those with `-print`
 * in the name, the way wpt reads a file name (the last `-` part before the first `.`); the
 * manifest's own flag agrees except for three `-print.tentative.html` tests it marks false,
 * which set an @page size and need pagination, so either source makes a test a print test.
 */
export function isPrintTest(entry: ManifestEntry): boolean {
  const base = path.basename(entry.test).split('.')[0] ?? '';
  return entry.print || base.endsWith('-print');
}

/** True if the test or a reference names the Ahem font (directly or through /fonts/ahem.css). */
export function mentionsAhem(entry: ManifestEntry, wptRoot: string): boolean {
  return [entry.test, ...entry.refs.map((r) => r.path)].some((file) => {
    const full = path.join(wptRoot, file);
    return existsSync(full) && /ahem/i.test(readFileSync(full, 'utf8'));
  });
}
