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
import { compareDocuments, contentHeight, cropImage, diffImage, parsePageList, parsePpm, parseFuzzy, type FuzzyAllowance, type RgbImage } from './wpt-compare.js';
import { inlineDocument } from './wpt-inline.js';
import { mentionsAhem, type RefOutcome, type TestJob, type TestResult } from './wpt-manifest.js';
import { encodePng, sideBySide } from './wpt-png.js';

const run = promisify(execFile);

export const PRINT_PAGE = { width: '5in', height: '3in', margin: '0.5in' } as const;
export const SCREEN_WIDTH_PX = 800;
export const SCREEN_VIEWPORT_HEIGHT_PX = 600;
export const SCREEN_PAGE_HEIGHT_PX = 3000;
const SCREEN_PAGE = { width: `${SCREEN_WIDTH_PX}px`, height: `${SCREEN_PAGE_HEIGHT_PX}px`, margin: '0' } as const;

/** What rendering one file gave: its page images, or why there are none. */
type Rendered =
  | { readonly ok: true; readonly pages: RgbImage[]; readonly pageCount: number; readonly warnings: readonly string[]; readonly problems: readonly string[]; readonly ms: number }
  | { readonly ok: false; readonly kind: 'engine-error' | 'harness'; readonly reason: string; readonly warnings: readonly string[]; readonly problems: readonly string[]; readonly ms: number };

type RenderedOk = Extract<Rendered, { ok: true }>;

/** The verdict on a test, before timings and warnings are added. */
interface Verdict {
  readonly kind: TestResult['kind'];
  readonly reason: string;
  readonly refs: RefOutcome[];
}

/** Error with the kind of failure it stands for, so that one catch can sort them. */
class HarnessError extends Error {}

/** Runs one test and returns its record. */
export async function runTest(job: TestJob): Promise<TestResult> {
  const started = performance.now();
  const { entry } = job;
  mkdirSync(job.workDir, { recursive: true });
  try {
    const renders: Rendered[] = [];
    const verdict = await judge(job, renders);
    return {
      test: entry.test,
      suite: entry.suite,
      print: job.print,
      kind: verdict.kind,
      reason: verdict.reason,
      ms: Math.round(performance.now() - started),
      renderMs: Math.round(renders.reduce((n, r) => n + r.ms, 0)),
      usesAhem: mentionsAhem(entry, job.wptRoot),
      warnings: [...new Set(renders.flatMap((r) => r.warnings))],
      problems: [...new Set(renders.flatMap((r) => r.problems))],
      refs: verdict.refs,
      pageCounts: renders.map((r) => (r.ok ? r.pageCount : 0)),
    };
  } finally {
    rmSync(job.workDir, { recursive: true, force: true });
  }
}

/**
 * Renders the test, then each reference in turn, and stops at the first thing that decides a
 * failure. `renders` collects every render for the record (warnings, timings, page counts).
 */
async function judge(job: TestJob, renders: Rendered[]): Promise<Verdict> {
  const { entry } = job;
  const test = await renderFile(entry.test, 'test', job);
  renders.push(test);
  if (!test.ok) return { kind: test.kind, reason: `test: ${test.reason}`, refs: [] };
  const fuzzy = fuzzyFor(path.join(job.wptRoot, entry.test));
  const outcomes: RefOutcome[] = [];
  // wpt: a test's `match` references are alternative renderings (it must look like one of
  // them), and it must look unlike every `mismatch` one.
  let matched = false;
  let firstMiss: { reason: string; keep: () => void } | null = null;
  for (const [i, refEntry] of entry.refs.entries()) {
    const ref = await renderFile(refEntry.path, `ref${i}`, job);
    renders.push(ref);
    if (!ref.ok) return { kind: ref.kind, reason: `reference ${refEntry.path}: ${ref.reason}`, refs: outcomes };
    const outcome = compareWithRef(test, ref, refEntry, entry.pages ?? null, job.print, pickFuzzy(fuzzy, refEntry.path));
    outcomes.push(outcome.result);
    if (refEntry.rel === 'mismatch' && outcome.result.same) {
      if (job.keepDir) keepImages(job, outcome.testPages, outcome.refPages);
      return { kind: 'pixels', reason: `looks the same as mismatch reference ${refEntry.path}`, refs: outcomes };
    }
    if (refEntry.rel === 'match') {
      if (outcome.result.same) matched = true;
      else firstMiss ??= { reason: outcome.result.reason, keep: () => keepImages(job, outcome.testPages, outcome.refPages) };
    }
  }
  // A miss with no match at all fails; a test with only mismatch references has none.
  if (!matched && firstMiss) {
    if (job.keepDir) firstMiss.keep();
    return { kind: 'pixels', reason: firstMiss.reason, refs: outcomes };
  }
  return { kind: 'pass', reason: '', refs: outcomes };
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
    const request = { type: 'html' as const, data: { html: inlined.html, css: '' }, page: job.print ? PRINT_PAGE : SCREEN_PAGE };
    const result = await renderDocument(request, { deterministic: true });
    renderMs = performance.now() - started;
    warnings = result.warnings;
    const pages = await rasterise(result.pdf, label, job);
    if (pages.length === 0) throw new HarnessError('pdftoppm produced no pages');
    return { ok: true, pages, pageCount: result.pageCount, warnings, problems, ms: renderMs };
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
  test: RenderedOk,
  ref: RenderedOk,
  refEntry: { readonly rel: 'match' | 'mismatch'; readonly path: string },
  pages: string | null,
  print: boolean,
  fuzzy: FuzzyAllowance | null,
): { result: RefOutcome; testPages: RgbImage[]; refPages: RgbImage[] } {
  const [testPages, refPages] = print ? [test.pages, ref.pages] : cropScreenPages(test.pages[0]!, ref.pages[0]!);
  const comparison = compareDocuments(testPages, refPages, print ? pages : null, fuzzy);
  // For the saved images, the test pages that were compared, in the order they were.
  const compared = print && pages !== null ? parsePageList(pages, testPages.length).flatMap((n) => testPages[n - 1] ?? []) : testPages;
  return { result: { ref: refEntry.path, rel: refEntry.rel, same: comparison.same, reason: comparison.reason }, testPages: compared, refPages };
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

/**
 * Saves each compared page of a failing test as one PNG under keepDir: test, reference and
 * (when the sizes agree) the difference map, side by side.
 */
function keepImages(job: TestJob, testPages: readonly RgbImage[], refPages: readonly RgbImage[]): void {
  const dir = path.join(job.keepDir!, job.entry.test.replace(/\.[^.]+$/, ''));
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < Math.max(testPages.length, refPages.length); i++) {
    const test = testPages[i];
    const ref = refPages[i];
    const sameSize = test && ref && test.width === ref.width && test.height === ref.height;
    const panels = [test, ref, sameSize ? diffImage(test, ref) : undefined].filter((p): p is RgbImage => p !== undefined);
    writeFileSync(path.join(dir, `page-${i + 1}.png`), encodePng(sideBySide(panels)));
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}`.split('\n')[0]!;
  return String(error);
}
