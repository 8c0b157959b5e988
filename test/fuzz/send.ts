// Sending fuzz cases to the server and judging each answer: a 5xx is always our bug; a 200 is
// a PDF; anything else is a JSON error body with a `name` (spec pdf-generation.md §7).
import type { Auth, FuzzCase } from './case.js';

export interface Keys {
  readonly url: string;
  readonly prodKey: string;
  readonly devKey: string;
}

export interface CaseResult {
  readonly fuzzCase: FuzzCase;
  /** The HTTP status, or 0 when no answer came (the client hung up on purpose, or connection refused or reset, or client timeout). */
  readonly status: number;
  /** When it was sent (performance.now()), and how long the answer took. */
  readonly startedAt: number;
  readonly ms: number;
  readonly contentType: string | null;
  /** The answer's text when it is not a PDF (at most 2 KB), or the client error. */
  readonly text: string;
  /** Why the answer breaks the rules, or null. */
  readonly problem: string | null;
}

/** How long the client waits for one answer: well past the render limit and a full queue. */
const CLIENT_TIMEOUT_MS = 90_000;

export async function sendCase(server: Keys, fuzzCase: FuzzCase): Promise<CaseResult> {
  const headers: Record<string, string> = { ...fuzzCase.headers };
  const authorization = authHeader(server, fuzzCase.auth);
  if (authorization) headers.authorization = authorization;
  const startedAt = performance.now();
  let response: Response;
  let bytes: Uint8Array;
  const hangUp = fuzzCase.hangUpAfterMs === undefined ? null : AbortSignal.timeout(fuzzCase.hangUpAfterMs);
  const signal = hangUp ? AbortSignal.any([hangUp, AbortSignal.timeout(CLIENT_TIMEOUT_MS)]) : AbortSignal.timeout(CLIENT_TIMEOUT_MS);
  try {
    response = await fetch(`${server.url}${fuzzCase.path}`, { method: fuzzCase.method, headers, body: fuzzCase.method === 'GET' ? null : fuzzCase.body, signal });
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    const ms = performance.now() - startedAt;
    if (hangUp?.aborted) return { fuzzCase, status: 0, startedAt, ms, contentType: null, text: 'hung up', problem: null };
    const message = describeError(error);
    return { fuzzCase, status: 0, startedAt, ms, contentType: null, text: message, problem: `no answer: ${message}` };
  }
  const ms = performance.now() - startedAt;
  const contentType = response.headers.get('content-type');
  const pdf = Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
  const text = pdf ? '' : Buffer.from(bytes.subarray(0, 2_048)).toString('utf8');
  // The health check answers JSON; only the document endpoints answer PDFs.
  const health = /^\/+healthz\/?(\?|$)/.test(fuzzCase.path) && response.status === 200;
  return { fuzzCase, status: response.status, startedAt, ms, contentType, text, problem: health ? null : judge(response.status, contentType, pdf, bytes) };
}

export interface SendOptions {
  /** Requests in flight. */
  readonly concurrency: number;
  /** Hears each result as it comes. */
  readonly onResult?: (result: CaseResult) => void;
  /** Runs before each case is made and sent; false stops the run (e.g. the server died). */
  readonly beforeSend?: () => Promise<boolean>;
}

/**
 * Makes and sends cases 0 … count-1 (`makeCase` is asked just before each is sent, so that a
 * restarted server's templates are used), `concurrency` at a time; returns the results in
 * order of case number, of the cases sent.
 */
export async function sendCases(server: () => Keys, count: number, makeCase: (index: number) => FuzzCase, options: SendOptions): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  let next = 0;
  let stopped = false;
  const lane = async () => {
    while (!stopped && next < count) {
      if (options.beforeSend && !(await options.beforeSend())) {
        stopped = true;
        return;
      }
      if (next >= count) return;
      const i = next++;
      const result = await sendCase(server(), makeCase(i));
      results.push(result);
      options.onResult?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, lane));
  return results.sort((a, b) => a.fuzzCase.index - b.fuzzCase.index);
}

/**
 * The cases in flight when the server died at `at` (performance.now()), or answered just
 * before: a thread ended for a time limit or a hung-up caller is ended while its answer goes out.
 */
export function inFlightAt(results: readonly CaseResult[], at: number): CaseResult[] {
  return results.filter((r) => r.startedAt <= at && r.startedAt + r.ms >= at - 1_000);
}

export function judge(status: number, contentType: string | null, pdf: boolean, bytes: Uint8Array): string | null {
  if (status >= 500) return `${status} answer`;
  if (status === 200) return pdf && contentType === 'application/pdf' ? null : `200 that is not a PDF (${contentType})`;
  if (status < 400) return `unexpected status ${status}`;
  if (!contentType?.startsWith('application/json')) return `${status} with content-type ${contentType}`;
  try {
    const body = JSON.parse(Buffer.from(bytes).toString('utf8')) as { name?: unknown };
    return typeof body.name === 'string' && body.name !== '' ? null : `${status} JSON body without a name`;
  } catch {
    return `${status} body that is not JSON`;
  }
}

function authHeader(server: Keys, auth: Auth): string | null {
  const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  switch (auth) {
    case 'production': return basic(server.prodKey);
    case 'development': return basic(server.devKey);
    case 'garbage': return 'Basic Zm9vOmJhcg==';
    case 'none': return null;
  }
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
}
