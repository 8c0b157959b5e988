// Golden cases: each folder of golden/ holds a document (input.html, optional style.css and
// request.json) and the expected dump of every page's display list. A change in output shows
// as a diff; `npm run golden:update` (QUIRE_GOLDEN_UPDATE=1) rewrites the expected files for
// a reviewer to read.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dumpPages } from '../src/paint/dump.js';
import { renderToDisplayLists } from '../src/render.js';
import { describeFirstDifference } from './helpers/first-difference.js';

const GOLDEN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../golden');
const EXAMPLES_DIR = path.resolve(GOLDEN_DIR, '../../shared/examples/anvil');
const UPDATE = process.env.QUIRE_GOLDEN_UPDATE === '1';
const MIN_CASES = 15;

/** Case folders (those with an input.html or a request.json), sorted for a stable order. */
function listCases(): string[] {
  const isCase = (dir: string) => existsSync(path.join(dir, 'input.html')) || existsSync(path.join(dir, 'request.json'));
  return readdirSync(GOLDEN_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && isCase(path.join(GOLDEN_DIR, entry.name)))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The request body of a case. An HTML case is input.html (+ style.css) with the rest of the
 * body in request.json. A case whose request.json is `{"$example": path}` renders a public
 * example payload under ../shared/examples/anvil/ exactly as it is, or, with an input.html
 * beside it, the same payload with that HTML in place of its own (its CSS and page kept). A
 * Markdown case is a whole request.json.
 */
function loadRequest(name: string): Record<string, unknown> {
  const dir = path.join(GOLDEN_DIR, name);
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  const has = (file: string) => existsSync(path.join(dir, file));
  const extra = has('request.json') ? (JSON.parse(read('request.json')) as Record<string, unknown>) : {};
  if (typeof extra.$example === 'string') {
    const example = JSON.parse(readFileSync(path.join(EXAMPLES_DIR, extra.$example), 'utf8')) as Record<string, unknown>;
    if (!has('input.html')) return example;
    return { ...example, data: { ...(example.data as Record<string, unknown>), html: read('input.html') } };
  }
  if (!has('input.html')) return extra;
  if ('data' in extra) throw new Error(`golden/${name}/request.json must not hold data; the HTML lives in input.html`);
  const css = has('style.css') ? read('style.css') : '';
  return { type: 'html', ...extra, data: { html: read('input.html'), css } };
}

const cases = listCases();

describe('golden cases', () => {
  it(`has at least ${MIN_CASES} cases`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(MIN_CASES);
  });

  for (const name of cases) {
    it(name, async () => {
      const { pages } = await renderToDisplayLists(loadRequest(name), { deterministic: true, fontProvider: false });
      const actual = dumpPages(pages);
      const expectedPath = path.join(GOLDEN_DIR, name, 'expected.txt');
      const expected = existsSync(expectedPath) ? readFileSync(expectedPath, 'utf8') : null;
      if (UPDATE) {
        if (actual !== expected) writeFileSync(expectedPath, actual);
        return;
      }
      if (expected === null) {
        throw new Error(`golden/${name}/expected.txt is missing: run \`npm run golden:update\` and review the new file`);
      }
      if (actual !== expected) {
        throw new Error(
          `golden/${name}: output differs from expected.txt ` +
            `(run \`npm run golden:update\` if the change is intended)\n${describeFirstDifference(expected, actual)}`,
        );
      }
    });
  }
});
