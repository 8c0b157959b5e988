// The worker thread's entry (piscina): renders a generate-pdf body or fills a template, with
// the engine, and returns the bytes or the error as data. No store, no HTTP: just the engine.
import { createResourceLoader, fillPdf, imageFetcherFromLoader, renderDocument, ValidationError, type CastField, type FillPayload } from '../src/index.js';
import type { JobSettings, WorkerJob, WorkerResult } from './worker-protocol.js';

export default async function runJob(job: WorkerJob): Promise<WorkerResult> {
  switch (job.kind) {
    case 'render': return settle(() => render(job.body, job.settings));
    case 'fill': return settle(() => fill(job.template, job.fields, job.payload, job.settings));
    case 'probe': return probe(job);
  }
}

async function render(body: unknown, settings: JobSettings): Promise<WorkerResult> {
  const result = await renderDocument(body, {
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
    return { ok: false, error: { name: 'RenderError', message: error instanceof Error ? error.message : String(error) } };
  }
}

/** Test hooks for the pool's limits; they only burn this thread's time or memory. */
function probe(job: Extract<WorkerJob, { kind: 'probe' }>): WorkerResult {
  if (job.exhaustMemory) {
    const hoard: number[][] = [];
    for (;;) hoard.push(new Array<number>(1_000_000).fill(hoard.length));
  }
  const end = Date.now() + (job.spinMs ?? 0);
  while (Date.now() < end) { /* busy, as a long layout would be */ }
  return { ok: true, pdf: new Uint8Array(0), pageCount: null, warnings: [] };
}
