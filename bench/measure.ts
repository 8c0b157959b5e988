// Measures one document inside its own process: a first (cold) render for the page count,
// then tinybench for the warm median. Peak memory is the process's maxRSS, which the kernel
// tracks exactly, so short spikes during a render are not missed the way sampling would.

import { Bench } from 'tinybench';
import { renderUnchecked } from '../src/render.js';

/** What a child process reports for one document. */
export type Measurement =
  | {
      readonly name: string;
      readonly ok: true;
      readonly pages: number;
      readonly medianMs: number;
      readonly samples: number;
      /** Peak RSS after the first render: what one render of the document needs. */
      readonly peakRssMb: number;
      /**
       * Peak RSS after all the timed renders, when the collector has let garbage pile up. V8
       * sets the next full collection at up to 4× the heap that survived the last one when
       * the heap limit is 2 GB or more (Node's default here: 4 GB), 1.6× at 1 GB: the report,
       * 40 renders, held 460–625 MB with the default, 300 MB with --max-old-space-size=1024
       * (as the server's render threads run), 308 MB with 512. So each MB live in the middle
       * of a render costs up to 4 MB here; the host's heap limit, not the library, sets the factor.
       */
      readonly steadyPeakRssMb: number;
    }
  | { readonly name: string; readonly ok: false; readonly error: string; readonly peakRssMb: number };

export interface MeasureOptions {
  readonly iterations: number;
  readonly timeMs: number;
}

/**
 * Renders the request from `loadRequest` repeatedly and returns its median time, page count and
 * peak RSS. `loadRequest` runs inside, so that a file that cannot be read is this document's error.
 */
export async function measureDocument(name: string, loadRequest: () => unknown, options: MeasureOptions): Promise<Measurement> {
  try {
    const request = loadRequest();
    const renderOptions = { deterministic: true };
    const { pageCount } = await renderUnchecked(request, renderOptions);
    const firstRenderPeak = peakRssMb();
    // Steady state, as a server sees it: warmed up, and no forced collection between renders
    // (a forced full GC before each render was measured to make the next one 3-4× slower on
    // small documents, because it throws away compiled code and feedback).
    const bench = new Bench({ iterations: options.iterations, time: options.timeMs, warmupIterations: 10, warmupTime: 1000 });
    bench.add(name, async () => void (await renderUnchecked(request, renderOptions)));
    await bench.run();
    const result = bench.tasks[0]!.result;
    if (result.state === 'errored') throw result.error;
    if (result.state !== 'completed') throw new Error(`benchmark ended in state ${result.state}`);
    const { p50, samplesCount } = result.latency;
    return { name, ok: true, pages: pageCount, medianMs: p50, samples: samplesCount, peakRssMb: firstRenderPeak, steadyPeakRssMb: peakRssMb() };
  } catch (error) {
    return { name, ok: false, error: describe(error), peakRssMb: peakRssMb() };
  }
}

/** Peak resident set size of this process so far; Linux reports maxRSS in KiB. */
function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
