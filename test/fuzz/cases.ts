// The fuzz cases: requests against the real server's document API, each made from a seed and
// its number alone (so any case can be made again), drawn by weight from the kinds of case:
// - generate/* (kinds-generate.ts): POST /api/v1/generate-pdf with the example payloads
//   mutated structurally and byte by byte, hostile values in known fields, hostile HTML and
//   Markdown documents, random documents, SVG and Markdown, multipart bodies good and broken,
//   encrypted data;
// - fill/* (kinds-fill.ts): POST /api/v1/fill/{castEid}.pdf with the example payloads
//   mutated, hostile field values, byte mutations and odd paths;
// - http/* (kinds-http.ts): odd headers, callers that hang up, odd paths and methods.
import type { CaseKind, Draft, FuzzCase, FuzzTarget } from './case.js';
import { FILL_KINDS } from './kinds-fill.js';
import { GENERATE_KINDS } from './kinds-generate.js';
import { HTTP_KINDS } from './kinds-http.js';
import { Random, caseSeed } from './random.js';

/** Bodies are kept under this size, so that hundreds of cases run quickly (the JSON limit is 1 MB). */
export const MAX_BODY_BYTES = 200_000;

/** Every kind, in a fixed order (the draw depends on it: a new kind goes at the end of its list). */
const KINDS: readonly CaseKind[] = [...GENERATE_KINDS, ...FILL_KINDS, ...HTTP_KINDS];

/** Kinds by name, for reports. */
export const CASE_KINDS: readonly string[] = KINDS.map(([, kind]) => kind);

/** The kind of case `index` of the run seeded with `seed`, without making the case. */
export function caseKind(seed: number, index: number): string {
  const rng = new Random(caseSeed(seed, index));
  return rng.weighted(KINDS.map((entry) => [entry[0], entry[1]] as const));
}

/** Case `index` of the run seeded with `seed`. */
export function makeCase(seed: number, index: number, target: FuzzTarget): FuzzCase {
  const rng = new Random(caseSeed(seed, index));
  const [, kind, generate] = rng.weighted(KINDS.map((entry) => [entry[0], entry] as const));
  // A draft over the size bound, or too deep to serialize, is drawn again (rare).
  for (let attempt = 0; ; attempt++) {
    let draft: Draft;
    try {
      draft = generate(rng, target);
    } catch (error) {
      // Nesting mutations piled on each other can nest deeper than JSON.stringify recurses.
      if (error instanceof RangeError && attempt < 5) continue;
      throw error;
    }
    if (draft.body.byteLength <= MAX_BODY_BYTES || attempt >= 5) {
      const body = draft.body.byteLength <= MAX_BODY_BYTES ? draft.body : draft.body.subarray(0, MAX_BODY_BYTES);
      const what = draft.body === body ? draft.what : `${draft.what} (cut to ${MAX_BODY_BYTES} bytes)`;
      const auth = draft.auth ?? (rng.chance(0.15) ? 'development' : 'production');
      return { index, kind, what, method: draft.method ?? 'POST', path: draft.path, auth, headers: draft.headers, body, ...(draft.hangUpAfterMs === undefined ? {} : { hangUpAfterMs: draft.hangUpAfterMs }) };
    }
  }
}

export function makeCases(seed: number, count: number, target: FuzzTarget): FuzzCase[] {
  return Array.from({ length: count }, (_, index) => makeCase(seed, index, target));
}
