// `npm run bench:cli [-- invoice paged] [--rounds N]`: whole-process renders, start-up included,
// as a user of the command line sees them: `quire render FILE -o OUT` paired in the same rounds
// with WeasyPrint (`weasyprint FILE OUT`) and Chromium (`chromium --headless --print-to-pdf`) when
// they are installed. Each round runs every tool once, in an order that rotates, so that a busy
// moment of the machine falls on each in turn. Also times a fresh render worker thread of the
// server until it is ready, and until its first invoice is rendered.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CHROMIUM_PATH } from './chromium-peer.js';
import { CORPUS_DOCUMENTS, corpusDir } from './corpus.js';
import { median } from './median.js';

const THIS_FILE = fileURLToPath(import.meta.url);
/** The compiled repository: this file is dist/bench/cli.js. */
const DIST = path.resolve(path.dirname(THIS_FILE), '..');
const REPO_ROOT = path.resolve(DIST, '..');
const RUN_TIMEOUT_MS = 120_000;

interface Tool {
  readonly name: string;
  readonly command: (file: string, out: string) => readonly string[];
}

const QUIRE: Tool = { name: 'quire', command: (file, out) => [process.execPath, path.join(DIST, 'server/bin.js'), 'render', file, '-o', out] };
const WEASYPRINT: Tool = { name: 'weasyprint', command: (file, out) => ['weasyprint', file, out] };
const CHROMIUM: Tool = {
  name: 'chromium',
  command: (file, out) => [CHROMIUM_PATH, '--headless', '--no-sandbox', '--disable-gpu', '--no-pdf-header-footer', `--print-to-pdf=${out}`, `file://${file}`],
};

const USAGE = `Usage: npm run bench:cli -- [document ...] [--rounds N]
  documents: corpus files ${CORPUS_DOCUMENTS.filter((d) => d.kind === 'file').map((d) => d.name).join(', ')} (default: invoice)
  --rounds N  runs of each tool per document (default 10)
Peers are timed only when installed: weasyprint on the PATH, Chromium at ${CHROMIUM_PATH}.`;

async function main(argv: readonly string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) return void console.log(USAGE);
  let rounds = 10;
  const names: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--rounds') {
      rounds = Number(argv[++i]);
      if (!Number.isInteger(rounds) || rounds < 1) return fail('--rounds needs a whole number of at least 1');
    } else if (argv[i]!.startsWith('-')) return fail(`unknown option "${argv[i]}"`);
    else names.push(argv[i]!);
  }
  const files = CORPUS_DOCUMENTS.filter((d) => d.kind === 'file');
  const unknown = names.filter((n) => !files.some((d) => d.name === n));
  if (unknown.length > 0) return fail(`unknown document ${unknown.join(', ')}`);
  const dir = corpusDir(REPO_ROOT);
  const tools = [QUIRE, ...(onPath('weasyprint') ? [WEASYPRINT] : []), ...(existsSync(CHROMIUM_PATH) ? [CHROMIUM] : [])];
  console.log(`Whole-process renders · ${rounds} rounds · Node ${process.version} · tools: ${tools.map((t) => t.name).join(', ')}`);
  console.log(['document', 'tool', 'median s', 'fastest s', 'vs quire'].map((c, i) => (i < 2 ? c.padEnd(12) : c.padStart(10))).join(' '));
  const scratch = mkdtempSync(path.join(tmpdir(), 'quire-bench-cli-'));
  try {
    for (const name of names.length > 0 ? names : ['invoice']) {
      const doc = files.find((d) => d.name === name)!;
      const file = path.join(dir, doc.kind === 'file' ? doc.file : '');
      const times = new Map<Tool, number[]>(tools.map((t) => [t, []]));
      for (let r = 0; r < rounds; r++) {
        for (let k = 0; k < tools.length; k++) {
          const tool = tools[(r + k) % tools.length]!;
          const seconds = timeRun(tool, file, path.join(scratch, `${tool.name}.pdf`));
          if (seconds !== null) times.get(tool)!.push(seconds);
        }
      }
      const quire = median(times.get(QUIRE)!);
      for (const tool of tools) {
        const t = times.get(tool)!;
        const cells = t.length === 0 ? ['failed', '', ''] : [median(t).toFixed(3), Math.min(...t).toFixed(3), tool === QUIRE ? '' : `${(median(t) / quire).toFixed(2)}×`];
        console.log([name.padEnd(12), tool.name.padEnd(12), ...cells.map((c) => c.padStart(10))].join(' '));
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  await workerStartup(path.join(dir, 'invoice.html'), rounds);
}

/** Wall time of one run in seconds, or null when it failed (its error is printed). */
function timeRun(tool: Tool, file: string, out: string): number | null {
  const [command, ...args] = tool.command(file, out);
  const start = performance.now();
  const run = spawnSync(command!, args, { encoding: 'utf8', timeout: RUN_TIMEOUT_MS, stdio: ['ignore', 'ignore', 'pipe'] });
  const seconds = (performance.now() - start) / 1000;
  if (run.status === 0 && existsSync(out)) return seconds;
  console.error(`  ${tool.name} failed on ${path.basename(file)}: ${run.error?.message ?? run.stderr.trim().split('\n').slice(-1)[0]}`);
  return null;
}

/**
 * The server's render worker (dist/server/render-worker.js) started afresh: time until it says
 * it is ready, and until it has rendered the invoice (what a recycled or cold worker costs).
 */
async function workerStartup(invoice: string, rounds: number): Promise<void> {
  const { readFileSync } = await import('node:fs');
  const body = { type: 'html', title: 'invoice', data: { html: readFileSync(invoice, 'utf8'), css: '' } };
  const settings = { deterministic: true, watermark: null, allowPrivate: [], fontCacheDir: null };
  const ready: number[] = [];
  const firstRender: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    const worker = new Worker(path.join(DIST, 'server/render-worker.js'));
    await new Promise<void>((resolve, reject) => {
      worker.on('error', reject);
      worker.on('message', (message: { type: string; result?: { ok: boolean } }) => {
        if (message.type === 'ready') {
          ready.push(performance.now() - start);
          worker.postMessage({ type: 'job', job: { kind: 'render', body, settings } });
        } else if (message.type === 'done') {
          firstRender.push(performance.now() - start);
          resolve();
        }
      });
    });
    await worker.terminate();
  }
  console.log(`render worker thread · ${rounds} starts · ready: median ${median(ready).toFixed(0)} ms, fastest ${Math.min(...ready).toFixed(0)} ms · invoice rendered: median ${median(firstRender).toFixed(0)} ms`);
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function fail(message: string): void {
  console.error(`bench:cli: ${message}\n${USAGE}`);
  process.exitCode = 2;
}

await main(process.argv.slice(2));
