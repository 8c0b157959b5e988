// The summary `npm run wpt` prints at the end of a run: pass counts per folder, the total and
// rate against Chromium's figure from the wpt README, why tests failed, the slowest tests and
// the most frequent engine warnings and errors.

import path from 'node:path';
import type { ResultKind, TestResult } from './wpt-manifest.js';

/** From /work/shared/wpt/README.md: "headless Chromium passes 527 of the 595 tests here". */
export const CHROMIUM_PASSED = 527;
export const CHROMIUM_TOTAL = 595;

const TOP = 10;

/** The whole summary as lines of text. */
export function formatSummary(results: readonly TestResult[], wallMs: number): string[] {
  return [
    ...perFolder(results),
    '',
    ...totals(results, wallMs),
    '',
    ...failureKinds(results),
    '',
    ...slowest(results),
    '',
    ...mostFrequent('Most frequent engine warnings (number of tests)', results.flatMap((r) => [...new Set(r.warnings.map(normaliseWarning))])),
    '',
    ...mostFrequent('Most frequent errors (number of tests)', results.filter(isError).map((r) => normaliseError(r.reason))),
    '',
    ...mostFrequent('Resources the harness could not inline (number of tests)', results.flatMap((r) => r.problems)),
  ];
}

function perFolder(results: readonly TestResult[]): string[] {
  const folders = new Map<string, { passed: number; total: number }>();
  for (const r of results) {
    const folder = path.posix.dirname(r.test);
    const counts = folders.get(folder) ?? { passed: 0, total: 0 };
    counts.total++;
    if (r.kind === 'pass') counts.passed++;
    folders.set(folder, counts);
  }
  const width = Math.max(...[...folders.keys()].map((f) => f.length));
  const rows = [...folders.entries()].sort(([a], [b]) => a.localeCompare(b));
  return ['Per folder:', ...rows.map(([folder, c]) => `  ${folder.padEnd(width)}  ${String(c.passed).padStart(4)} / ${String(c.total).padEnd(4)} ${percent(c.passed, c.total).padStart(6)}`)];
}

function totals(results: readonly TestResult[], wallMs: number): string[] {
  const passed = results.filter((r) => r.kind === 'pass').length;
  const failed = results.length - passed;
  const ahem = results.filter((r) => r.usesAhem);
  const partial = results.length === CHROMIUM_TOTAL ? '' : ` (over all ${CHROMIUM_TOTAL} tests; this run had ${results.length})`;
  return [
    `${passed} passed, ${failed} failed: ${percent(passed, results.length)} in ${(wallMs / 1000).toFixed(1)} s`,
    `Chromium (wpt README): ${CHROMIUM_PASSED} passed of ${CHROMIUM_TOTAL}, ${percent(CHROMIUM_PASSED, CHROMIUM_TOTAL)}${partial}`,
    `Tests using the Ahem font: ${ahem.length} (${ahem.filter((r) => r.kind === 'pass').length} pass)`,
  ];
}

const KIND_LABELS: Readonly<Record<Exclude<ResultKind, 'pass'>, string>> = {
  pixels: 'pixel differences',
  'engine-error': 'engine errors (render threw)',
  timeout: 'timeouts',
  crash: 'worker crashes',
  harness: 'harness problems (pdftoppm, files)',
};

function failureKinds(results: readonly TestResult[]): string[] {
  const lines = ['Failures by cause:'];
  for (const [kind, label] of Object.entries(KIND_LABELS)) {
    const n = results.filter((r) => r.kind === kind).length;
    lines.push(`  ${String(n).padStart(4)}  ${label}`);
  }
  return lines;
}

function slowest(results: readonly TestResult[]): string[] {
  const top = [...results].sort((a, b) => b.ms - a.ms).slice(0, TOP);
  return [`Slowest ${top.length} tests (total ms / of which rendering):`, ...top.map((r) => `  ${String(r.ms).padStart(6)} / ${String(r.renderMs).padStart(6)}  ${r.test}${r.kind === 'timeout' ? ' (timeout)' : ''}`)];
}

function mostFrequent(title: string, items: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, TOP);
  if (top.length === 0) return [`${title}: none`];
  return [`${title}:`, ...top.map(([item, n]) => `  ${String(n).padStart(4)}  ${truncate(item, 150)}`)];
}

function isError(r: TestResult): boolean {
  return r.kind === 'engine-error' || r.kind === 'crash' || r.kind === 'timeout' || r.kind === 'harness';
}

/** Drops where in the document a warning arose, so that the same problem groups together. */
function normaliseWarning(warning: string): string {
  return warning.replace(/^(<style> #\d+ line \d+|style attribute): /, '').replace(/\s+/g, ' ');
}

/** Drops the "test:" / "reference x:" prefix so that the same engine error groups together. */
function normaliseError(reason: string): string {
  return reason.replace(/^(test|reference [^:]+): /, '');
}

function percent(n: number, total: number): string {
  return total === 0 ? '-' : `${((100 * n) / total).toFixed(1)}%`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
