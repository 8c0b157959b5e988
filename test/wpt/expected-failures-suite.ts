// The shared body of the WPT conformance tests (test/wpt/*.test.ts): one vitest test that runs
// a selection of the reftests of ../shared/wpt through the WPT runner's own machinery
// (bench/wpt-run.ts: worker pool, pdftoppm, pixel comparison) and fails unless exactly the tests
// listed in expected-failures/<name>.txt fail, so that a test that starts or stops passing fails
// here until the list is rewritten (`npm run wpt:update-expected`, which rewrites every list).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareWithExpected, describeDifferences, readExpectedFailures } from '../../bench/wpt-expected.js';
import { defaultWptRoot, loadManifest, selectEntries } from '../../bench/wpt-manifest.js';
import { DEFAULT_JOBS, DEFAULT_TIMEOUT_MS, runReftests } from '../../bench/wpt-run.js';

const EXPECTED_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'expected-failures');

/** A tracked selection of WPT reftests and its expected-failures list. */
export interface TrackedSelection {
  /** The list's name: expected-failures/<name>.txt; also names the test and its pass-count line. */
  readonly name: string;
  /** What the describe block says the tests are, e.g. "table reftests". */
  readonly title: string;
  /** Manifest suites; the same as the `--suite` flags of the list's update script in package.json. */
  readonly suites: readonly string[];
  /** The package.json script that rewrites this list alone, e.g. `wpt:update-expected:tables`. */
  readonly updateScript: string;
  /** Time limit for the whole run, ms. */
  readonly timeoutMs: number;
}

/** Declares the describe block and test for one tracked selection. */
export function describeExpectedFailures(selection: TrackedSelection): void {
  const listName = `expected-failures/${selection.name}.txt`;
  const expectedFile = path.join(EXPECTED_DIR, `${selection.name}.txt`);
  describe(`WPT ${selection.title}`, () => {
    it(`fail exactly as ${listName} lists`, async () => {
      const wptRoot = defaultWptRoot();
      if (!existsSync(path.join(wptRoot, 'manifest.json'))) {
        throw new Error(`no WPT folder with a manifest.json at ${wptRoot}: put ../shared/wpt beside the repository or set QUIRE_WPT`);
      }
      const expected = readExpectedFailures(expectedFile);
      const entries = selectEntries(loadManifest(wptRoot), { suites: selection.suites, filters: [], limit: null });
      const results = await runReftests(entries, { wptRoot, jobs: DEFAULT_JOBS, timeoutMs: DEFAULT_TIMEOUT_MS, keep: null, onResult: () => {} });
      const comparison = compareWithExpected(results, expected);
      console.log(`WPT ${selection.name}: ${comparison.passed}/${comparison.total} pass`);
      const differences = describeDifferences(comparison, expectedFile);
      if (differences.length > 0) {
        const hint = `If that is intended, rewrite the list with \`npm run ${selection.updateScript}\` (or every list with \`npm run wpt:update-expected\`).`;
        expect.fail([...differences, '', hint].join('\n'));
      }
    }, selection.timeoutMs);
  });
}
