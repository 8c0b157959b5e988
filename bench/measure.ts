// Measures one document inside its own process: a first (cold) render for the page count,
// then tinybench for the warm median. Peak memory is the process's maxRSS, which the kernel
// tracks exactly, so short spikes during a render are not missed the way sampling would.

import { readFileSync } from 'node:fs';
import { Bench } from 'tinybench';
import { renderDocument } from '../src/render.js';

/** What a child process reports for one document. */
export type Measurement =
  | {
      readonly name: string;
      readonly ok: true;
      readonly pages: number;
      readonly medianMs: number;
      readonly samples: number;
      readonly peakRssMb: number;
    }
  | { readonly name: string; readonly ok: false; readonly error: string; readonly peakRssMb: number };

export interface MeasureOptions {
  readonly iterations: number;
  readonly timeMs: number;
}

/** Renders `file` repeatedly and returns its median time, page count and peak RSS. */
export async function measureDocument(name: string, file: string, options: MeasureOptions): Promise<Measurement> {
  try {
    const request = { type: 'html', title: name, data: { html: readFileSync(file, 'utf8'), css: '' } };
    const renderOptions = { deterministic: true };
    const { pageCount } = await renderDocument(request, renderOptions);
    const bench = new Bench({ iterations: options.iterations, time: options.timeMs, warmupIterations: 2, warmupTime: 0 });
    bench.add(name, async () => void (await renderDocument(request, renderOptions)), { beforeEach: collectGarbage });
    await bench.run();
    const result = bench.tasks[0]!.result;
    if (result.state === 'errored') throw result.error;
    if (result.state !== 'completed') throw new Error(`benchmark ended in state ${result.state}`);
    const { p50, samplesCount } = result.latency;
    return { name, ok: true, pages: pageCount, medianMs: p50, samples: samplesCount, peakRssMb: peakRssMb() };
  } catch (error) {
    return { name, ok: false, error: describe(error), peakRssMb: peakRssMb() };
  }
}

/** Starts each iteration from a collected heap (needs node --expose-gc); outside the timed window. */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Peak resident set size of this process so far; Linux reports maxRSS in KiB. */
function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
