// Runs one WPT reftest inside a worker process: inline the test's resources, render it and each
// reference with the engine, rasterise the PDFs with pdftoppm, and compare (wpt-compare.ts).
// Any failure becomes a TestResult with its reason; nothing here throws to the caller.
//
// Page settings. Print reftests: a 5in × 3in page with 0.5in margins (the wpt README), which the
// test's own @page rules override. Screen reftests: browsers take them on an 800 × 600 viewport;
// we render on a page 800px wide and SCREEN_PAGE_HEIGHT_PX tall with no margin, so that content
// that fits a browser's scrolling page is not fragmented, and compare the first page, cropped
// to the same height for test and reference: the taller of the two contents, but at least 600px
// (so that the 0.02% allowance is the one an 800 × 600 screenshot would get).

import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { renderDocument } from '../src/index.js';
import { compareDocuments, contentHeight, cropImage, diffImage, parsePpm, parseFuzzy, type FuzzyAllowance, type RgbImage } from './wpt-compare.js';
import { inlineDocument } from './wpt-inline.js';
import { mentionsAhem, type RefOutcome, type TestJob, type TestResult } from './wpt-manifest.js';
import { encodePng } from './wpt-png.js';

const run = promisify(execFile);

export const PRINT_PAGE = { width: '5in', height: '3in', margin: '0.5in' } as const;
export const SCREEN_WIDTH_PX = 800;
export const SCREEN_VIEWPORT_HEIGHT_PX = 600;
export const SCREEN_PAGE_HEIGHT_PX = 3000;
const SCREEN_PAGE = { width: `${SCREEN_WIDTH_PX}px`, height: `${SCREEN_PAGE_HEIGHT_PX}px`, margin: '0' } as const;

/** What rendering one file gave: its page images, or why there are none. */
type Rendered =
  | { readonly ok: true; readonly pages: RgbImage[]; readonly warnings: readonly string[]; readonly problems: readonly string[]; readonly ms: number }
  | { readonly ok: false; readonly kind: 'engine-error' | 'harness'; readonly reason: string; readonly warnings: readonly string[]; readonly problems: readonly string[]; readonly ms: number };

/** Error with the kind of failure it stands for, so that one catch can sort them. */
class HarnessError extends Error {}

/** Runs one test and returns its record. */
export async function runTest(job: TestJob): Promise<TestResult> {
  const started = performance.now();
  const { entry } = job;
  mkdirSync(job.workDir, { recursive: true });
  try {
    const test = await renderFile(entry.test, 'test', job);
    const renders = [test];
    const outcomes: RefOutcome[] = [];
    let failure: { kind: TestResult['kind']; reason: string } | null = test.ok ? null : { kind: test.kind, reason: `test: ${test.reason}` };
    const fuzzy = test.ok ? fuzzyFor(path.join(job.wptRoot, entry.test)) : [];
    for (const [i, ref] of entry.refs.entries()) {
      if (failure) break;
      const rendered = await renderFile(ref.path, `ref${i}`, job);
      renders.push(rendered);
      if (!rendered.ok) {
        failure = { kind: rendered.kind, reason: `reference ${ref.path}: ${rendered.reason}` };
        break;
      }
      const outcome = compareWithRef(test as Extract<Rendered, { ok: true }>, rendered, ref, entry.pages ?? null, job.print, pickFuzzy(fuzzy, ref.path));
      outcomes.push(outcome.result);
      const wanted = ref.rel === 'match' ? outcome.result.same : !outcome.result.same;
      if (!wanted) {
        failure = { kind: 'pixels', reason: ref.rel === 'match' ? outcome.result.reason : `looks the same as mismatch reference ${ref.path}` };
        if (job.keepDir) keepImages(job, outcome.testPages, outcome.refPages);
      }
    }
    return {
      test: entry.test,
      suite: entry.suite,
      print: job.print,
      kind: failure?.kind ?? 'pass',
      reason: failure?.reason ?? '',
      ms: Math.round(performance.now() - started),
      renderMs: Math.round(renders.reduce((n, r) => n + r.ms, 0)),
      usesAhem: mentionsAhem(entry, job.wptRoot),
      warnings: [...new Set(renders.flatMap((r) => r.warnings))],
      problems: [...new Set(renders.flatMap((r) => r.problems))],
      refs: outcomes,
    };
  } finally {
    rmSync(job.workDir, { recursive: true, force: true });
  }
}

/** Inlines, renders and rasterises one file of the test. */
async function renderFile(file: string, label: string, job: TestJob): Promise<Rendered> {
  const started = performance.now();
  let problems: readonly string[] = [];
  let warnings: readonly string[] = [];
  let renderMs = 0;
  try {
    const inlined = inlineDocument(path.join(job.wptRoot, file), job.wptRoot);
    problems = inlined.problems;
    const request = { type: 'html', data: { html: inlined.html, css: '' }, page: job.print ? PRINT_PAGE : SCREEN_PAGE };
    const result = await renderDocument(request, { deterministic: true });
    renderMs = performance.now() - started;
    warnings = result.warnings;
    const pages = await rasterise(result.pdf, label, job);
    if (pages.length === 0) throw new HarnessError('pdftoppm produced no pages');
    return { ok: true, pages, warnings, problems, ms: renderMs };
  } catch (error) {
    const harness = error instanceof HarnessError;
    return {
      ok: false,
      kind: harness ? 'harness' : 'engine-error',
      reason: describeError(error),
      warnings,
      problems,
      ms: renderMs || performance.now() - started,
    };
  }
}

/** Writes the PDF and rasterises it: every page for print tests, the first for screen tests. */
async function rasterise(pdf: Uint8Array, label: string, job: TestJob): Promise<RgbImage[]> {
  const pdfFile = path.join(job.workDir, `${label}.pdf`);
  writeFileSync(pdfFile, pdf);
  const prefix = path.join(job.workDir, label);
  const pageArgs = job.print ? [] : ['-f', '1', '-l', '1'];
  try {
    await run('pdftoppm', ['-r', '96', '-aa', 'no', '-aaVector', 'no', ...pageArgs, pdfFile, prefix], { maxBuffer: 1 << 20 });
  } catch (error) {
    throw new HarnessError(`pdftoppm failed: ${describeError(error)}`);
  }
  // pdftoppm names pages `label-1.ppm` or `label-01.ppm` (as many digits as the last page number needs).
  const pattern = new RegExp(`^${label}-(\\d+)\\.ppm$`);
  return readdirSync(job.workDir)
    .map((name) => ({ name, match: pattern.exec(name) }))
    .filter((f): f is { name: string; match: RegExpExecArray } => f.match !== null)
    .sort((a, b) => Number(a.match[1]) - Number(b.match[1]))
    .map((f) => parsePpm(readFileSync(path.join(job.workDir, f.name))));
}

/** Compares the test's pages with one reference's, with screen pages first cropped alike. */
function compareWithRef(
  test: Extract<Rendered, { ok: true }>,
  ref: Extract<Rendered, { ok: true }>,
  refEntry: { readonly rel: 'match' | 'mismatch'; readonly path: string },
  pages: string | null,
  print: boolean,
  fuzzy: FuzzyAllowance | null,
): { result: RefOutcome; testPages: RgbImage[]; refPages: RgbImage[] } {
  const [testPages, refPages] = print ? [test.pages, ref.pages] : cropScreenPages(test.pages[0]!, ref.pages[0]!);
  const comparison = compareDocuments(testPages, refPages, print ? pages : null, fuzzy);
  return { result: { ref: refEntry.path, rel: refEntry.rel, same: comparison.same, reason: comparison.reason }, testPages, refPages };
}

/** The first pages of a screen test and its reference, cropped to the same viewport-like size. */
function cropScreenPages(test: RgbImage, ref: RgbImage): [RgbImage[], RgbImage[]] {
  const height = Math.min(
    Math.max(SCREEN_VIEWPORT_HEIGHT_PX, contentHeight(test), contentHeight(ref)),
    Math.max(test.height, ref.height),
  );
  const width = Math.max(test.width, ref.width);
  // Differently sized pages (an @page size in a screen test) stay different: comparePages fails them.
  if (test.width !== ref.width || test.height !== ref.height) return [[test], [ref]];
  return [[cropImage(test, width, height)], [cropImage(ref, width, height)]];
}

/** `<meta name=fuzzy>` allowances of a test file (wpt also allows them in references; none here do). */
function fuzzyFor(file: string): ReturnType<typeof parseFuzzy>[] {
  const html = readFileSync(file, 'utf8');
  const metas = html.match(/<meta\b[^>]*\bname\s*=\s*["']?fuzzy["']?[^>]*>/gi) ?? [];
  return metas.map((meta) => {
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(meta);
    return content ? parseFuzzy(content[1] ?? content[2] ?? '') : null;
  });
}

/** The allowance that applies to `refPath`: one naming that reference, else one naming none. */
function pickFuzzy(all: ReturnType<typeof parseFuzzy>[], refPath: string): FuzzyAllowance | null {
  const valid = all.filter((f): f is NonNullable<typeof f> => f !== null);
  return valid.find((f) => f.ref !== null && refPath.endsWith(f.ref)) ?? valid.find((f) => f.ref === null) ?? null;
}

/** Saves the pages of a failing comparison as PNGs (test, reference, difference) under keepDir. */
function keepImages(job: TestJob, testPages: readonly RgbImage[], refPages: readonly RgbImage[]): void {
  const dir = path.join(job.keepDir!, job.entry.test.replace(/\.[^.]+$/, ''));
  mkdirSync(dir, { recursive: true });
  testPages.forEach((page, i) => writeFileSync(path.join(dir, `test-p${i + 1}.png`), encodePng(page)));
  refPages.forEach((page, i) => {
    writeFileSync(path.join(dir, `ref-p${i + 1}.png`), encodePng(page));
    const test = testPages[i];
    if (test && test.width === page.width && test.height === page.height) {
      writeFileSync(path.join(dir, `diff-p${i + 1}.png`), encodePng(diffImage(test, page)));
    }
  });
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}`.split('\n')[0]!;
  return String(error);
}
