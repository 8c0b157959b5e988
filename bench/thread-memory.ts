// `npm run bench:memory [-- document] [--renders N] [--young MB] [--old MB]`: renders one
// document N times back to back in a worker thread with the given heap limits, as the server's
// render threads do (server/render-pool.ts: young 16 MB, old QUIRE_RENDER_MEMORY_MB = 1024 by
// default), and prints the process's peak RSS after the first render and after the last, the
// median render time and the garbage collector's time per render. V8 lets the old generation
// grow with what survives each scavenge, so the young generation's size shows in the steady
// RSS (bench/run.ts measures a plain process with Node's default heap).
// A benchmark, not a test: it prints figures.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CORPUS_DOCUMENTS, corpusDir } from './corpus.js';

const USAGE = 'Usage: npm run bench:memory -- [document] [--renders N] [--young MB] [--old MB]';

interface ThreadFigures {
  readonly firstPeakMb: number;
  readonly peakMb: number;
  readonly medianMs: number;
  readonly gcMsPerRender: number;
}

function parseArgs(argv: readonly string[]): { document: string; renders: number; young: number; old: number } | string {
  const args = { document: 'report', renders: 40, young: 16, old: 1024 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag === '--renders' || flag === '--young' || flag === '--old') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) return `${flag} needs a whole number`;
      args[flag.slice(2) as 'renders' | 'young' | 'old'] = value;
    } else if (flag.startsWith('-')) {
      return `unknown option "${flag}"`;
    } else if (CORPUS_DOCUMENTS.some((d) => d.name === flag)) {
      args.document = flag;
    } else {
      return `unknown document "${flag}"`;
    }
  }
  return args;
}

/** The thread's code: renders `document` `renders` times and posts its figures. */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { PerformanceObserver } = require('node:perf_hooks');
(async () => {
  const { renderDocument } = await import(workerData.render);
  const { CORPUS_DOCUMENTS, documentRequest } = await import(workerData.corpus);
  const request = documentRequest(CORPUS_DOCUMENTS.find((d) => d.name === workerData.document), workerData.dir);
  const options = { deterministic: true };
  await renderDocument(request, options);
  const firstPeakMb = process.resourceUsage().maxRSS / 1024;
  let gcMs = 0;
  const observer = new PerformanceObserver((list) => { for (const entry of list.getEntries()) gcMs += entry.duration; });
  observer.observe({ entryTypes: ['gc'] });
  const times = [];
  for (let i = 1; i < workerData.renders; i++) {
    const start = performance.now();
    await renderDocument(request, options);
    times.push(performance.now() - start);
  }
  await new Promise((resolve) => setTimeout(resolve, 20)); // the observer's last entries
  observer.disconnect();
  times.sort((a, b) => a - b);
  parentPort.postMessage({ firstPeakMb, peakMb: process.resourceUsage().maxRSS / 1024, medianMs: times[times.length >> 1] ?? 0, gcMsPerRender: gcMs / Math.max(1, times.length) });
})().catch((error) => parentPort.postMessage({ error: String(error) }));`;

async function main(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    console.error(`bench:memory: ${args}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  const workerData = {
    ...args,
    dir: corpusDir(path.resolve(here, '../..')),
    // Compiled (dist/bench) beside dist/src, as the server's threads run it.
    render: new URL('../src/render.js', import.meta.url).href,
    corpus: new URL('./corpus.js', import.meta.url).href,
  };
  const worker = new Worker(THREAD, { eval: true, workerData, resourceLimits: { maxOldGenerationSizeMb: args.old, maxYoungGenerationSizeMb: args.young } });
  const figures = await new Promise<ThreadFigures | { error: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  if ('error' in figures) throw new Error(figures.error);
  console.log(`${args.document} in a thread (young ${args.young} MB, old ${args.old} MB), ${args.renders} renders: peak RSS ${Math.round(figures.firstPeakMb)} MB after the first, ${Math.round(figures.peakMb)} MB after the last; median ${figures.medianMs.toFixed(0)} ms, GC ${figures.gcMsPerRender.toFixed(0)} ms per render`);
}

await main(process.argv.slice(2));
