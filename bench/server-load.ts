// `npm run bench:server`: the server under load, as a separate process on loopback, measured
// from outside. It prints
// - a small request's latency alone, and beside two slow documents of another organization
//   kept in flight all the time (fairness: the small one should barely notice them);
// - the server's resident memory idle at start, after a set of big and hostile documents, and
//   a few seconds later, when recycled render threads have given their heaps back.
// A benchmark, not a test: it prints figures and fails only when the server cannot start.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORPUS_DOCUMENTS, corpusDir, documentRequest } from './corpus.js';

const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));
const SMALL_REQUESTS = 30;

function findRepoRoot(start: string): string {
  let dir = start;
  for (let i = 0; i < 5 && !existsSync(path.join(dir, 'package.json')); i++) dir = path.dirname(dir);
  return dir;
}

/** `quire admin …` against the data directory; the JSON it printed. */
function admin(dataDir: string, args: string[]): Record<string, string> {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist/server/bin.js'), 'admin', ...args], { env: { ...process.env, QUIRE_DATA_DIR: dataDir }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`quire admin ${args.join(' ')}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, string>;
}

function productionKey(dataDir: string, name: string): string {
  const org = admin(dataDir, ['create-org', '--name', name]);
  return admin(dataDir, ['create-key', '--org', org.eid!, '--prod']).key!;
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'dist/server/main.js')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', QUIRE_DATA_DIR: dataDir, LOG_LEVEL: 'info', QUIRE_RATE_LIMIT_PRODUCTION: '100000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the server exited ${code}:\n${output}`)));
  });
  // Keep reading its log so that the pipe never fills.
  child.stdout!.resume();
  return { child, url };
}

/** The server process's resident set, MB, from /proc. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function render(url: string, key: string, body: Record<string, unknown>): Promise<{ status: number; ms: number }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  const started = performance.now();
  const response = await fetch(`${url}/api/v1/generate-pdf`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` }, body: form });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function smallLatencies(url: string, key: string, body: Record<string, unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SMALL_REQUESTS; i++) {
    const { status, ms } = await render(url, key, body);
    if (status !== 200) throw new Error(`the small request got ${status}`);
    times.push(ms);
  }
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const describe = (sorted: number[]) => `median ${percentile(sorted, 0.5).toFixed(0)} ms, p90 ${percentile(sorted, 0.9).toFixed(0)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms`;

/** Documents that make a render thread's heap grow: the corpus's largest, and hostile CSS. */
function hostileSet(dir: string): Record<string, unknown>[] {
  const named = (name: string) => documentRequest(CORPUS_DOCUMENTS.find((d) => d.name === name)!, dir);
  const html = (text: string) => ({ type: 'html', data: { html: text } });
  let vars = '--v0: xxxxxxxxxx;';
  for (let i = 1; i <= 30; i++) vars += ` --v${i}: var(--v${i - 1}) var(--v${i - 1});`;
  return [
    named('report'), named('book'), named('table-5k'), named('md-2000'),
    html(`<style>p { ${vars} width: var(--v30); }</style><p>bomb</p>`),
    html(`<div style="width: ${'calc(1px + '.repeat(5000)}1px${')'.repeat(5000)}">nested calc</div>`),
    html(`${'<div>'.repeat(20_000)}deep${'</div>'.repeat(20_000)}`),
    named('report'), named('book'),
  ];
}

async function main(): Promise<void> {
  if (!existsSync(path.join(REPO_ROOT, 'dist/server/main.js'))) throw new Error('build first: npm run build');
  const dir = corpusDir(REPO_ROOT);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-bench-server-'));
  const slowKey = productionKey(dataDir, 'Slow Org');
  const smallKey = productionKey(dataDir, 'Small Org');
  const { child, url } = await startServer(dataDir);
  try {
    const invoice = documentRequest(CORPUS_DOCUMENTS.find((d) => d.name === 'invoice')!, dir);
    const report = documentRequest(CORPUS_DOCUMENTS.find((d) => d.name === 'report')!, dir);
    for (let i = 0; i < 5; i++) await render(url, smallKey, invoice);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    console.log(`idle after start: ${rssMb(child.pid!)} MB RSS`);

    const alone = await smallLatencies(url, smallKey, invoice);
    console.log(`invoice alone: ${describe(alone)}`);

    // Two reports of another organization in flight the whole time.
    let running = true;
    let slowDone = 0;
    const slowStatuses = new Map<number, number>();
    const slowLoop = async () => {
      while (running) {
        const { status } = await render(url, slowKey, report);
        slowStatuses.set(status, (slowStatuses.get(status) ?? 0) + 1);
        slowDone++;
      }
    };
    const loops = [slowLoop(), slowLoop()];
    await new Promise((resolve) => setTimeout(resolve, 500));
    const beside = await smallLatencies(url, smallKey, invoice);
    running = false;
    await Promise.all(loops);
    console.log(`invoice beside two reports of another organization: ${describe(beside)} (${slowDone} reports meanwhile, statuses ${JSON.stringify(Object.fromEntries(slowStatuses))})`);

    const hostile = hostileSet(dir);
    const statuses: number[] = [];
    for (const body of hostile) statuses.push((await render(url, slowKey, body)).status);
    console.log(`hostile set (${hostile.length} documents, statuses ${statuses.join(' ')}): ${rssMb(child.pid!)} MB RSS right after`);
    for (const seconds of [5, 15]) {
      await new Promise((resolve) => setTimeout(resolve, seconds === 5 ? 5000 : 10_000));
      console.log(`idle ${seconds} s later: ${rssMb(child.pid!)} MB RSS`);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
