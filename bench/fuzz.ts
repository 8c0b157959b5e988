// `npm run fuzz [-- --cases N] [--seed N] [--from N] [--kind PREFIX] [--concurrency N]
// [--timeout-ms N] [--out DIR]`: the long fuzz run of the HTTP API (the short one is
// test/server/fuzz.test.ts, in `npm test`). Starts the real server on loopback in a child
// process, sends N generated cases (test/fuzz/cases.ts) and prints the answers counted by
// status and by case kind, the slowest cases, and every answer that breaks the rules (a 5xx,
// no answer, a 200 that is no PDF, an error without a JSON `name`). Each such case is sent
// again alone to catch the server's error log, and written as a reproducer folder (body.bin,
// request.json, curl.sh, answer.txt) under --out (default: a new folder in the system's
// temporary directory). A server that dies is reported with the cases in flight, and started
// again (up to 10 times). Exit status 1 when any case broke the rules, a private address was
// fetched, or the server died. It runs from the TypeScript sources through tsx (test/fuzz/ and
// server/ are no part of the compiled bench build: tsconfig.bench.json leaves this file out).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { caseKind, makeCase } from '../test/fuzz/cases.js';
import { describeCrash, describeResult, formatCounts, logErrors, replay, writeReproducer } from '../test/fuzz/report.js';
import { inFlightAt, sendCases, type CaseResult } from '../test/fuzz/send.js';
import { FuzzServer } from '../test/fuzz/target.js';

const USAGE = `Usage: npm run fuzz -- [options]
  --cases N         cases to send (default 3000)
  --seed N          the run's seed (default 1); case i of a seed is always the same request
  --from N          start at case N (with --cases: cases N … N+cases-1)
  --kind PREFIX     only the cases whose kind starts with PREFIX (e.g. generate/hostile-html; repeat for several)
  --concurrency N   requests in flight (default 4)
  --timeout-ms N    the server's render time limit (default 5000)
  --threads N       render threads (default 2)
  --out DIR         where reproducers go (default: a new folder in ${tmpdir()})
  --verbose         one line per case`;

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '3000' },
    seed: { type: 'string', default: '1' },
    from: { type: 'string', default: '0' },
    kind: { type: 'string', multiple: true, default: [] },
    concurrency: { type: 'string', default: '4' },
    'timeout-ms': { type: 'string', default: '5000' },
    threads: { type: 'string', default: '2' },
    out: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const count = Number(values.cases);
const seed = Number(values.seed);
const from = Number(values.from);
const concurrency = Number(values.concurrency);
const timeoutMs = Number(values['timeout-ms']);
const threads = Number(values.threads);
for (const [name, n] of Object.entries({ count, seed, from, concurrency, timeoutMs, threads })) {
  if (!Number.isInteger(n) || n < 0) {
    console.error(`${name} must be a whole number\n${USAGE}`);
    process.exit(2);
  }
}
const MAX_RESTARTS = 10;

/** The reproducers' folder, made when first needed. */
let out: string | null = null;
function outDir(): string {
  if (out === null) {
    out = values.out ?? mkdtempSync(path.join(tmpdir(), `quire-fuzz-${seed}-`));
    mkdirSync(out, { recursive: true });
  }
  return out;
}

const fuzz = await FuzzServer.start({ timeoutMs, threads });
const started = performance.now();
let failed = false;
try {
  const kinds = values.kind;
  const indices = Array.from({ length: count }, (_, i) => from + i).filter((i) => kinds.length === 0 || kinds.some((k) => caseKind(seed, i).startsWith(k)));
  console.log(`fuzz: ${indices.length} cases (seed ${seed}, from ${from}${kinds.length ? `, kinds ${kinds.join(' ')}` : ''}), concurrency ${concurrency}, render limit ${timeoutMs} ms, ${threads} threads`);
  const results: CaseResult[] = [];
  let replaced = 0;
  let crashesSeen = 0;
  let restarting: Promise<boolean> | null = null;
  // A dead server is reported and started again (once, whichever lane notices first).
  const beforeSend = (): Promise<boolean> => {
    if (fuzz.alive()) return Promise.resolve(true);
    restarting ??= (async () => {
      for (let waited = 0; fuzz.crashes.length === crashesSeen && waited < 5_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      for (const crash of fuzz.crashes.slice(crashesSeen)) console.log(`\nCRASH ${describeCrash(crash, results)}\n`);
      crashesSeen = fuzz.crashes.length;
      if (crashesSeen > MAX_RESTARTS) return false;
      await fuzz.restart();
      return true;
    })().finally(() => {
      restarting = null;
    });
    return restarting;
  };
  let done = 0;
  await sendCases(() => fuzz.keys(), indices.length, (j) => makeCase(seed, indices[j]!, fuzz.target()), {
    concurrency,
    beforeSend,
    onResult: (r) => {
      results.push(r);
      done++;
      if (values.verbose || r.problem) console.log(`${r.problem ? 'BROKEN ' : ''}#${r.fuzzCase.index} ${r.fuzzCase.kind} → ${r.status || 'no answer'} ${Math.round(r.ms)} ms: ${r.fuzzCase.what.slice(0, 120)}`);
      if (done % 250 === 0) console.log(`… ${done}/${indices.length} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    },
  });
  results.sort((a, b) => a.fuzzCase.index - b.fuzzCase.index);
  replaced = (await fuzz.threadsReplaced()) ?? 0;
  const seconds = (performance.now() - started) / 1000;
  console.log(`\n${results.length} cases in ${seconds.toFixed(1)} s (${(results.length / seconds).toFixed(1)}/s); render threads replaced: ${replaced}${fuzz.crashes.length ? ` (since the last restart); server crashes: ${fuzz.crashes.length}` : ''}\n`);
  console.log(formatCounts(results));

  const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 8);
  console.log('\nslowest:');
  for (const r of slowest) console.log(`  #${r.fuzzCase.index} ${r.fuzzCase.kind} → ${r.status} ${Math.round(r.ms)} ms: ${r.fuzzCase.what.slice(0, 110)}`);

  const suspects = new Set(fuzz.crashes.flatMap((crash) => inFlightAt(results, crash.at)));
  const broken = results.filter((r) => r.problem || suspects.has(r));
  if (fuzz.crashes.length > 0) {
    failed = true;
    console.log(`\nThe server died ${fuzz.crashes.length} times:`);
    for (const crash of fuzz.crashes) console.log(`\n${describeCrash(crash, results)}`);
  }
  if (broken.length > 0) {
    failed = true;
    const dir = outDir();
    console.log(`\n${broken.length} answers broke the rules or were in flight when the server died; reproducers in ${dir}:`);
    for (const r of broken) {
      // Sent again alone to catch the server's error log (the first 50; the rest without).
      let replayed = null;
      if (broken.indexOf(r) < 50 && (await beforeSend())) replayed = await replay(fuzz.keys(), fuzz.log, r.fuzzCase);
      const folder = writeReproducer(dir, r, replayed);
      console.log(`\n${describeResult(r)}${suspects.has(r) ? '\n    (in flight when the server died)' : ''}\n    reproducer: ${folder}`);
      if (replayed) console.log(`    replayed alone: ${replayed.result.status || 'no answer'}${replayed.log.length ? `\n    ${logErrors(replayed.log).join('\n    ')}` : ''}`);
    }
  }
  if (fuzz.log.lines.length > 0) {
    const file = path.join(outDir(), 'server-errors.log');
    writeFileSync(file, `${fuzz.log.lines.join('\n')}\n`);
    console.log(`\nThe server logged ${fuzz.log.lines.length} errors: ${file}`);
  }
  if (fuzz.canary.hits() > 0) {
    failed = true;
    console.log(`\nA private address was fetched: the canary got ${fuzz.canary.hits()} requests`);
  }
  const health = fuzz.alive() ? await fetch(`${fuzz.keys().url}/healthz`).then((r) => r.status, (e: Error) => `no answer (${e.message})`) : 'the server is not running';
  console.log(`\n/healthz after the run: ${health}`);
  if (health !== 200) failed = true;
} finally {
  await fuzz.stop();
}
process.exit(failed ? 1 : 0);
