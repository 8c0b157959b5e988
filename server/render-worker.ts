// A render thread's entry: takes one job at a time from the pool (render-pool.ts), renders a
// generate-pdf body or fills a template with the engine, and answers with the bytes or the
// error as data, and with the heap it has left in use, by which the pool decides to recycle it.
// No store, no HTTP: just the engine.
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { createResourceLoader, fillPdf, imageFetcherFromLoader, renderUnchecked, ValidationError, type CastField, type FillPayload } from '../src/index.js';
import { pageSizesOf } from '../src/fill/page-box.js';
import { loadTemplate } from '../src/fill/template.js';
import { templateFields } from '../src/fill/template-fields.js';
import type { FromWorker, JobSettings, ToWorker, WorkerJob, WorkerResult } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread of the render pool');

/** The running job's: a render stops between pages when its caller went away. */
let running: AbortController | null = null;

port.on('message', (message: ToWorker) => {
  // A cancel that comes after its job has ended (the pool sends it before the next job) is moot.
  if (message.type === 'cancel') return running?.abort();
  const controller = new AbortController();
  running = controller;
  void runJob(message.job, controller.signal).then((result) => {
    running = null;
    const done: FromWorker = { type: 'done', result, heapBytes: getHeapStatistics().total_heap_size };
    // The PDF's bytes move to the server thread rather than being copied, when they own their buffer.
    const pdf = result.ok ? result.pdf : null;
    const transfer = pdf && pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength && pdf.buffer instanceof ArrayBuffer ? [pdf.buffer] : [];
    port.postMessage(done, transfer);
  });
});
port.postMessage({ type: 'ready' } satisfies FromWorker);

async function runJob(job: WorkerJob, signal: AbortSignal): Promise<WorkerResult> {
  switch (job.kind) {
    case 'render': return settle(() => render(job.body, job.settings, signal));
    case 'fill': return settle(() => fill(job.template, job.fields, job.payload, job.settings));
    case 'inspect': return settle(async () => {
      const { fields, warnings, pageSizes } = await templateFields(job.pdf, { detectFields: job.detectFields, detectBoxes: job.detectBoxes, aliases: job.aliases });
      return { ok: true, pdf: new Uint8Array(0), pageCount: pageSizes.length, warnings, fields, pageSizes };
    });
    case 'pages': return settle(async () => {
      const pageSizes = pageSizesOf(await loadTemplate(job.pdf));
      return { ok: true, pdf: new Uint8Array(0), pageCount: pageSizes.length, warnings: [], pageSizes };
    });
    case 'probe': return probe(job, signal);
  }
}

async function render(body: unknown, settings: JobSettings, signal: AbortSignal): Promise<WorkerResult> {
  const result = await renderUnchecked(body, {
    signal,
    deterministic: settings.deterministic,
    watermark: settings.watermark,
    network: { allowPrivate: settings.allowPrivate },
    fontProvider: { cacheDir: settings.fontCacheDir },
  });
  return { ok: true, pdf: result.pdf, pageCount: result.pageCount, warnings: result.warnings };
}

async function fill(template: Uint8Array, fields: readonly CastField[], payload: unknown, settings: JobSettings): Promise<WorkerResult> {
  const loader = createResourceLoader({ fileRoot: null, allowPrivate: settings.allowPrivate });
  try {
    const result = await fillPdf(template, fields, payload as FillPayload, {
      fetchImage: imageFetcherFromLoader(loader),
      watermark: settings.watermark,
      deterministic: settings.deterministic,
    });
    return { ok: true, pdf: result.pdf, pageCount: null, warnings: result.warnings };
  } finally {
    await loader.close();
  }
}

async function settle(work: () => Promise<WorkerResult>): Promise<WorkerResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, error: { name: 'ValidationError', fields: error.fields } };
    if (error instanceof Error && error.name === 'FillError') return { ok: false, error: { name: 'FillError', message: error.message } };
    return { ok: false, error: { name: 'RenderError', message: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error) } };
  }
}

/** Heap a probe keeps alive between jobs (tests of recycling). */
const retained: unknown[] = [];

/** Test hooks for the pool's limits; they only burn this thread's time or memory. */
async function probe(job: Extract<WorkerJob, { kind: 'probe' }>, signal: AbortSignal): Promise<WorkerResult> {
  if (job.exhaustMemory) {
    const hoard: number[][] = [];
    for (;;) hoard.push(new Array<number>(1_000_000).fill(hoard.length));
  }
  if (job.retainMb) {
    // Ordinary JS objects, so the bytes count in the V8 heap (not as external memory).
    const chunk: number[][] = [];
    for (let mb = 0; mb < job.retainMb; mb++) chunk.push(new Array<number>(131_072).fill(mb + 0.5));
    retained.push(chunk);
  }
  const end = Date.now() + (job.spinMs ?? 0);
  while (Date.now() < end) { /* busy, as a long layout would be */ }
  if (job.untilCancelled && !signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
  return { ok: true, pdf: new Uint8Array(0), pageCount: null, warnings: [] };
}
