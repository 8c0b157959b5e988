// `npm run bench [-- invoice book] [--iterations N] [--time MS] [--vs-chromium]`: renders the
// documents of the benchmark corpus and the generated ones, each in a fresh child process (so
// that its peak RSS is its own), and prints per document the median time, pages per second, peak
// RSS, the ratio to Chromium and, for the generated documents, the time per 1,000 rows or pages.
// With --vs-chromium a warm headless Chromium prints each HTML document in the same run, right
// after ours, and the ratio is to that; without it, to the corpus README's stored figures.
// A document that fails is an error line, never a failed run: benchmarks are not tests.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ChromiumPeer, STORED_CHROMIUM_DATE, STORED_CHROMIUM_MS, type PeerMeasurement } from './chromium-peer.js';
import { CORPUS_DOCUMENTS, corpusDir, documentRequest, type CorpusDocument } from './corpus.js';
import type { Measurement } from './measure.js';

const THIS_FILE = fileURLToPath(import.meta.url);
/** The folder holding package.json: `bench/` from source, `dist/bench/` once compiled. */
const REPO_ROOT = findRepoRoot(path.dirname(THIS_FILE));

function findRepoRoot(start: string): string {
  let dir = start;
  for (let i = 0; i < 5 && !existsSync(path.join(dir, 'package.json')); i++) dir = path.dirname(dir);
  return dir;
}
const RESULT_PREFIX = 'QUIRE_BENCH_RESULT ';
const CHILD_TIMEOUT_MS = 15 * 60_000;

interface BenchArgs {
  readonly documents: readonly CorpusDocument[];
  readonly iterations: number;
  readonly timeMs: number;
  readonly vsChromium: boolean;
}

const USAGE = `Usage: npm run bench -- [document ...] [--iterations N] [--time MS] [--vs-chromium]
  documents: ${CORPUS_DOCUMENTS.map((d) => d.name).join(', ')} (default: all)
  --iterations N  at least N timed renders per document (default 10)
  --time MS       and keep rendering for at least MS milliseconds (default 1000)
  --vs-chromium   measure a warm headless Chromium (/usr/bin/chromium, or $QUIRE_CHROMIUM_PATH)
                  on each HTML document in the same run, with the same budget; without it the
                  ratio is to the corpus README's figures of ${STORED_CHROMIUM_DATE} (corpus files only)
The corpus folder is $QUIRE_BENCH_CORPUS, or ../shared/bench-corpus beside the repository;
table-1k and table-5k are generated (bench/table-document.ts), and so are margins-100 and
margins-500 (bench/margin-document.ts, handbooks with margin boxes on every page), and md-1
and md-2000 (bench/markdown-document.ts, Markdown-mode requests of 1 and 2,000 items);
multilingual and text-latin, -arabic, -hebrew, -hindi, -thai are a customer notice in every
script or in one (bench/script-document.ts), also shown per page.`;

async function main(argv: readonly string[]): Promise<void> {
  if (argv[0] === '--child') return runChild(argv.slice(1));
  if (argv.includes('--help') || argv.includes('-h')) return void console.log(USAGE);
  const args = parseBenchArgs(argv);
  if (typeof args === 'string') {
    console.error(`bench: ${args}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const dir = corpusDir(REPO_ROOT);
  const budget = `at least ${args.iterations} runs and ${args.timeMs} ms per document`;
  console.log(`Quire benchmark · corpus ${dir} · Node ${process.version} · ${budget}`);
  const peer = args.vsChromium ? await ChromiumPeer.launch() : null;
  if (args.vsChromium && peer === null) {
    console.error(`bench: --vs-chromium needs Chromium at ${process.env.QUIRE_CHROMIUM_PATH ?? '/usr/bin/chromium'}`);
    process.exitCode = 2;
    return;
  }
  console.log(peer ? `Chromium ${peer.version}, warm, measured in this run (page.setContent + page.pdf)` : `Chromium: stored figures of ${STORED_CHROMIUM_DATE} (run with --vs-chromium to measure it here)`);
  console.log(header());
  try {
    for (const doc of args.documents) {
      const ours = runInChild(doc, dir, args);
      const theirs = peer && ours.ok ? await measurePeer(peer, doc, dir, args) : null;
      console.log(formatRow(doc, ours, theirs));
      if (typeof theirs === 'string') console.log(`  Chromium failed on ${doc.name}: ${theirs}`);
    }
  } finally {
    await peer?.close();
  }
}

/** Chromium's median for an HTML document (Markdown requests have no HTML to give it). */
async function measurePeer(peer: ChromiumPeer, doc: CorpusDocument, dir: string, args: BenchArgs): Promise<PeerMeasurement | string | null> {
  const request = documentRequest(doc, dir);
  const data = request['data'] as { html?: unknown } | undefined;
  if (request['type'] !== 'html' || typeof data?.html !== 'string') return null;
  try {
    return await peer.measure(data.html, args.iterations, args.timeMs);
  } catch (error) {
    return error instanceof Error ? error.message.split('\n')[0]! : String(error);
  }
}

function parseBenchArgs(argv: readonly string[]): BenchArgs | string {
  const names: string[] = [];
  let iterations = 10;
  let timeMs = 1000;
  let vsChromium = false;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.startsWith('--') && argv[i]!.includes('=') ? argv[i]!.split('=', 2) : [argv[i]!, undefined];
    if (flag === '--vs-chromium') {
      vsChromium = true;
    } else if (flag === '--iterations' || flag === '--time') {
      const value = Number(inline ?? argv[++i]);
      if (!Number.isInteger(value) || value < (flag === '--time' ? 0 : 1)) return `${flag} needs a whole number`;
      if (flag === '--iterations') iterations = value;
      else timeMs = value;
    } else if (flag!.startsWith('-')) {
      return `unknown option "${flag}"`;
    } else {
      names.push(flag!);
    }
  }
  const unknown = names.filter((name) => !CORPUS_DOCUMENTS.some((d) => d.name === name));
  if (unknown.length > 0) return `unknown document ${unknown.map((n) => `"${n}"`).join(', ')}`;
  const documents = names.length === 0 ? CORPUS_DOCUMENTS : CORPUS_DOCUMENTS.filter((d) => names.includes(d.name));
  return { documents, iterations, timeMs, vsChromium };
}

/** Measures one document in a fresh `node` process (compiled code, as users run it). */
function runInChild(doc: CorpusDocument, dir: string, args: BenchArgs): Measurement {
  const file = doc.kind === 'file' ? path.join(dir, doc.file) : null;
  if (file !== null && !existsSync(file)) return { name: doc.name, ok: false, error: `missing file ${file}`, peakRssMb: 0 };
  const child = spawnSync(
    process.execPath,
    [THIS_FILE, '--child', doc.name, dir, String(args.iterations), String(args.timeMs)],
    { cwd: REPO_ROOT, encoding: 'utf8', timeout: CHILD_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 },
  );
  const line = child.stdout?.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
  if (line) return JSON.parse(line.slice(RESULT_PREFIX.length)) as Measurement;
  const why = child.error ? child.error.message : `exit ${child.status ?? child.signal}`;
  const lastErr = child.stderr?.trim().split('\n').slice(-1)[0] ?? '';
  return { name: doc.name, ok: false, error: `child process failed (${why}) ${lastErr}`.trim(), peakRssMb: 0 };
}

/**
 * Child mode: measure and print one result line for the parent. The engine is imported here,
 * not at the top, so that an engine that fails to load is reported as that document's error.
 */
async function runChild([name, dir, iterations, timeMs]: readonly string[]): Promise<void> {
  const options = { iterations: Number(iterations), timeMs: Number(timeMs) };
  const doc = CORPUS_DOCUMENTS.find((d) => d.name === name)!;
  const result = await import('./measure.js')
    .then(({ measureDocument }) => measureDocument(name!, () => documentRequest(doc, dir!), options))
    .catch((error: unknown): Measurement => ({ name: name!, ok: false, error: `cannot load the engine: ${String(error)}`, peakRssMb: 0 }));
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
}

const COLUMNS = ['document', 'pages', 'median ms', 'pages/s', 'peak RSS', 'steady RSS', 'Chromium warm', 'vs Chromium', 'per 1k items or page'];
const WIDTHS = [11, 6, 10, 9, 9, 11, 14, 14, 24];
/** For a figure that does not apply: no Chromium time for a generated document, no rows for a file. */
const NONE = '—';

function header(): string {
  return COLUMNS.map((c, i) => (i === 0 ? c.padEnd(WIDTHS[i]!) : c.padStart(WIDTHS[i]!))).join(' ');
}

/**
 * `peer`: Chromium measured in this run (its median, or why it failed), or null for the stored
 * figure of a corpus file (marked *), if there is one.
 */
function formatRow(doc: CorpusDocument, m: Measurement, peer: PeerMeasurement | string | null): string {
  if (!m.ok) return `${doc.name.padEnd(WIDTHS[0]!)} error: ${m.error}`;
  const pagesPerSecond = m.pages / (m.medianMs / 1000);
  const stored = STORED_CHROMIUM_MS[doc.name];
  const chromium = typeof peer === 'string' ? ['failed', NONE]
    : peer !== null ? [`${peer.medianMs.toFixed(1)} ms`, versusChromium(peer.medianMs / m.medianMs)]
    : stored !== undefined ? [`${stored} ms*`, versusChromium(stored / m.medianMs)] : [NONE, NONE];
  // Linear-time checks: tables per 1,000 rows, margin box documents per 1,000 pages.
  const perThousand = doc.kind === 'table' ? `${(m.medianMs / (doc.rows / 1000)).toFixed(1)} ms/rows`
    : doc.kind === 'margins' ? `${(m.medianMs / (m.pages / 1000)).toFixed(0)} ms/pages`
    : doc.kind === 'markdown' && doc.items >= 1000 ? `${(m.medianMs / (doc.items / 1000)).toFixed(0)} ms/items`
    : doc.kind === 'cards' ? `${(m.medianMs / (doc.cards / 1000)).toFixed(0)} ms/cards`
    : doc.kind === 'script' ? `${(m.medianMs / m.pages).toFixed(2)} ms/page` : NONE;
  const cells = [
    doc.name,
    String(m.pages),
    m.medianMs.toFixed(1),
    pagesPerSecond.toFixed(1),
    `${Math.round(m.peakRssMb)} MB`,
    `${Math.round(m.steadyPeakRssMb)} MB`,
    ...chromium,
    perThousand,
  ];
  return cells.map((c, i) => (i === 0 ? c.padEnd(WIDTHS[i]!) : c.padStart(WIDTHS[i]!))).join(' ');
}

function versusChromium(ratio: number): string {
  return ratio >= 1 ? `${ratio.toFixed(1)}× faster` : `${(1 / ratio).toFixed(1)}× slower`;
}

// Last, so that every constant above is initialised before main() reads it.
await main(process.argv.slice(2));
