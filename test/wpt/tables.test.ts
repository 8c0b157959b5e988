// The table reftests of ../shared/wpt (suites css-tables and CSS2-tables) through the WPT
// runner's own machinery (bench/wpt-run.ts: worker pool, pdftoppm, pixel comparison): exactly
// the tests listed in expected-failures/tables.txt must fail, so that a test that starts or
// stops passing fails here until `npm run wpt:update-expected` rewrites the list.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareWithExpected, describeDifferences, readExpectedFailures } from '../../bench/wpt-expected.js';
import { defaultWptRoot, loadManifest, selectEntries } from '../../bench/wpt-manifest.js';
import { DEFAULT_JOBS, DEFAULT_TIMEOUT_MS, runReftests } from '../../bench/wpt-run.js';

/** The same selection as `npm run wpt:update-expected` in package.json. */
const SUITES = ['css-tables', 'CSS2-tables'];
const EXPECTED_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'expected-failures/tables.txt');

describe('WPT table reftests', () => {
  it('fail exactly as expected-failures/tables.txt lists', async () => {
    const wptRoot = defaultWptRoot();
    if (!existsSync(path.join(wptRoot, 'manifest.json'))) {
      throw new Error(`no WPT folder with a manifest.json at ${wptRoot}: put ../shared/wpt beside the repository or set QUIRE_WPT`);
    }
    const expected = readExpectedFailures(EXPECTED_FILE);
    const entries = selectEntries(loadManifest(wptRoot), { suites: SUITES, filters: [], limit: null });
    const results = await runReftests(entries, { wptRoot, jobs: DEFAULT_JOBS, timeoutMs: DEFAULT_TIMEOUT_MS, keep: null, onResult: () => {} });
    const comparison = compareWithExpected(results, expected);
    console.log(`WPT tables: ${comparison.passed}/${comparison.total} pass`);
    const differences = describeDifferences(comparison, EXPECTED_FILE);
    if (differences.length > 0) {
      expect.fail([...differences, '', 'If that is intended, rewrite the list with `npm run wpt:update-expected`.'].join('\n'));
    }
  }, 300_000);
});
