// A worker process of the WPT runner (forked by wpt-pool.ts): takes one TestJob at a time over
// IPC and answers with its TestResult. Rendering happens here, not in the parent, so that a
// test that hangs or exhausts memory costs one worker (which the parent kills and replaces),
// never the run.

import type { TestJob, TestResult } from './wpt-manifest.js';

/** Messages between the parent and a worker. */
export type ToWorker = { readonly id: number; readonly job: TestJob };
export type FromWorker = { readonly id: number; readonly result: TestResult } | { readonly ready: true };

async function main(): Promise<void> {
  // Imported here rather than at the top so that an engine that fails to load (a broken
  // build) shows as each test's error instead of a worker that dies before it says anything.
  const loaded = await import('./wpt-test.js').then(
    (m) => ({ runTest: m.runTest, error: null }),
    (error: unknown) => ({ runTest: null, error: String(error) }),
  );
  process.on('message', (message: ToWorker) => {
    void handle(message, loaded).then((result) => process.send?.({ id: message.id, result } satisfies FromWorker));
  });
  process.send?.({ ready: true } satisfies FromWorker);
}

async function handle(
  { job }: ToWorker,
  loaded: { runTest: ((job: TestJob) => Promise<TestResult>) | null; error: string | null },
): Promise<TestResult> {
  try {
    if (!loaded.runTest) throw new Error(`cannot load the engine: ${loaded.error}`);
    return await loaded.runTest(job);
  } catch (error) {
    // runTest records its own failures; reaching here is a harness bug, still only one test's.
    return {
      test: job.entry.test,
      suite: job.entry.suite,
      print: job.print,
      kind: 'harness',
      reason: error instanceof Error ? error.message : String(error),
      ms: 0,
      renderMs: 0,
      usesAhem: false,
      warnings: [],
      problems: [],
      refs: [],
      pageCounts: [],
    };
  }
}

await main();
