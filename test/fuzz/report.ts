// What a fuzz run found: answers counted by status and by kind, the slowest cases, and for
// each broken answer a reproducer folder (the body's bytes, the request, a curl command, the
// answer and the server's error log while the case was sent again alone).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FuzzCase } from './case.js';
import { inFlightAt, sendCase, type CaseResult, type Keys } from './send.js';
import type { LogBuffer, ServerCrash } from './target.js';

/** `status → count`, and per kind `status → count`. */
export function countByStatus(results: readonly CaseResult[]): { total: Map<number, number>; byKind: Map<string, Map<number, number>> } {
  const total = new Map<number, number>();
  const byKind = new Map<string, Map<number, number>>();
  for (const r of results) {
    total.set(r.status, (total.get(r.status) ?? 0) + 1);
    const kind = byKind.get(r.fuzzCase.kind) ?? new Map<number, number>();
    kind.set(r.status, (kind.get(r.status) ?? 0) + 1);
    byKind.set(r.fuzzCase.kind, kind);
  }
  return { total, byKind };
}

export function formatCounts(results: readonly CaseResult[]): string {
  const { total, byKind } = countByStatus(results);
  const statuses = [...total.keys()].sort((a, b) => a - b);
  const cell = (n: number | undefined) => String(n ?? '').padStart(6);
  const width = Math.max(...[...byKind.keys()].map((k) => k.length), 5);
  const lines = [
    `${'kind'.padEnd(width)} ${statuses.map((s) => String(s === 0 ? 'none' : s).padStart(6)).join(' ')}  cases`,
    ...[...byKind.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([kind, counts]) => `${kind.padEnd(width)} ${statuses.map((s) => cell(counts.get(s))).join(' ')}  ${cell([...counts.values()].reduce((a, b) => a + b, 0))}`),
    `${'all'.padEnd(width)} ${statuses.map((s) => cell(total.get(s))).join(' ')}  ${cell(results.length)}`,
  ];
  return lines.join('\n');
}

/** One line per case: number, kind, status and what it does. */
export function describeResult(r: CaseResult): string {
  const body = r.text.replace(/\s+/g, ' ').slice(0, 300);
  return `#${r.fuzzCase.index} ${r.fuzzCase.kind} → ${r.status || 'no answer'} (${Math.round(r.ms)} ms) ${r.problem ?? ''}\n    ${r.fuzzCase.what.slice(0, 200)}\n    ${r.fuzzCase.method} ${r.fuzzCase.path.slice(0, 200)} ${JSON.stringify(shortHeaders(r.fuzzCase.headers))} ${r.fuzzCase.body.byteLength} bytes\n    answer: ${body}`;
}

/** Header values as they are, or their length when long. */
function shortHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.length > 100 ? `<${v.length} characters>` : v]));
}

/** Sends the case again, alone, and returns its answer with the error log lines written meanwhile. */
export async function replay(server: Keys, log: LogBuffer, fuzzCase: FuzzCase): Promise<{ result: CaseResult; log: string[] }> {
  const mark = log.lines.length;
  const result = await sendCase(server, fuzzCase);
  // pino writes asynchronously; give it a moment.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { result, log: log.since(mark) };
}

/** A server crash: how it ended, the end of its stderr, and the cases in flight then. */
export function describeCrash(crash: ServerCrash, results: readonly CaseResult[]): string {
  const suspects = inFlightAt(results, crash.at);
  const stderr = crash.stderr.trim().split('\n').filter((line) => line.trim()).slice(0, 40).join('\n      ');
  return [
    `the server process died (exit ${crash.code ?? ''}${crash.signal ? ` signal ${crash.signal}` : ''}); stderr:`,
    `      ${stderr}`,
    `    in flight or just answered (${suspects.length}):`,
    ...suspects.map((r) => `      #${r.fuzzCase.index} ${r.fuzzCase.kind} → ${r.status || 'no answer'} after ${Math.round(r.ms)} ms: ${r.fuzzCase.what.slice(0, 120)}`),
  ].join('\n');
}

/** The stack (or message) of each error log line, shortened to our own frames. */
export function logErrors(lines: readonly string[]): string[] {
  return lines.map((line) => {
    try {
      const entry = JSON.parse(line) as { msg?: string; message?: string; err?: { message?: string; stack?: string } };
      const stack = entry.err?.stack ?? entry.message ?? entry.err?.message ?? '';
      return `${entry.msg ?? ''}: ${stack.split('\n').filter((l) => !l.includes('node_modules') && !l.includes('node:internal')).slice(0, 12).join('\n      ')}`;
    } catch {
      return line;
    }
  });
}

/** Writes a reproducer folder for the case; returns its path. */
export function writeReproducer(dir: string, r: CaseResult, replayed: { result: CaseResult; log: string[] } | null): string {
  const folder = path.join(dir, `case-${r.fuzzCase.index}`);
  mkdirSync(folder, { recursive: true });
  const c = r.fuzzCase;
  writeFileSync(path.join(folder, 'body.bin'), c.body);
  writeFileSync(path.join(folder, 'request.json'), `${JSON.stringify({ index: c.index, kind: c.kind, what: c.what, method: c.method, path: c.path, auth: c.auth, headers: c.headers, bodyBytes: c.body.byteLength }, null, 2)}\n`);
  const headers = Object.entries(c.headers).map(([k, v]) => `-H ${shellQuote(`${k}: ${v}`)}`).join(' ');
  const auth = c.auth === 'none' ? '' : c.auth === 'garbage' ? `-H 'authorization: Basic Zm9vOmJhcg=='` : '-u "$QUIRE_KEY:"';
  writeFileSync(path.join(folder, 'curl.sh'), `#!/bin/sh\n# ${c.kind}: ${c.what.replace(/\n/g, ' ').slice(0, 300)}\n# QUIRE_URL (e.g. http://127.0.0.1:3000) and QUIRE_KEY (an API key) from the environment.\ncurl -g -sS -o answer.bin -w '%{http_code}\\n' -X ${c.method} "$QUIRE_URL"${shellQuote(c.path)} ${headers} ${auth} --data-binary @"$(dirname "$0")/body.bin"\n`, { mode: 0o755 });
  const answer = [`status ${r.status} in ${Math.round(r.ms)} ms (${r.contentType})`, r.problem ?? '', r.text, ''];
  if (replayed) answer.push(`replayed alone: status ${replayed.result.status}`, r.problem ? '' : '', 'server error log:', ...logErrors(replayed.log), '');
  writeFileSync(path.join(folder, 'answer.txt'), answer.join('\n'));
  return folder;
}

function shellQuote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}
