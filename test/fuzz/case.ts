// A fuzz case and what its generators share: the server it is made for, the request it is,
// and the helpers that make JSON requests. The kinds of case are in kinds-*.ts; cases.ts
// draws them.
import type { Random } from './random.js';

/** What the cases need to know about the server under test. */
export interface FuzzTarget {
  /** A loopback server's base URL that no render may reach (a private address). */
  readonly canary: string;
  /** Templates of the calling organization: AcroForm fields, and placed fields of every type. */
  readonly casts: { readonly acro: string; readonly placed: string };
  /** The organization's encryption public key, for encrypted `data`. */
  readonly publicKeyPem: string;
}

export type Auth = 'production' | 'development' | 'none' | 'garbage';

export interface FuzzCase {
  readonly index: number;
  /** The generator that made it, e.g. `generate/hostile-html`. */
  readonly kind: string;
  /** What it does, for a reader. */
  readonly what: string;
  readonly method: string;
  readonly path: string;
  readonly auth: Auth;
  /** Headers besides Authorization (content-type, accept). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
  /** The client hangs up this long after sending, without waiting for the answer (the server must carry on). */
  readonly hangUpAfterMs?: number;
}

/** A generator's request; cases.ts adds the number, the kind and (unless set) the key and method. */
export type Draft = Omit<FuzzCase, 'index' | 'kind' | 'auth' | 'method'> & { auth?: Auth; method?: string };

/** A kind of case: its weight in the draw, its name, its generator. */
export type CaseKind = readonly [weight: number, name: string, generate: (rng: Random, target: FuzzTarget) => Draft];

export const GENERATE = '/api/v1/generate-pdf';
export const fillPath = (eid: string) => `/api/v1/fill/${eid}.pdf`;

/** A JSON request (an undefined body is an empty one). */
export function json(path: string, body: unknown, what: string, headers: Record<string, string> = {}): Draft {
  return { path, what, headers: { 'content-type': 'application/json', ...headers }, body: Buffer.from(body === undefined ? '' : JSON.stringify(body)) };
}

/** A content-type header, or none. */
export const contentType = (type: string | null): Record<string, string> => (type === null ? {} : { 'content-type': type });

/** An example's file name without its folder and extension. */
export const shortName = (file: string) => file.replace(/^generate-pdf\/|^fill-pdf\//, '').replace(/\.json$/, '');
