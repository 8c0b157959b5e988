// How long a response may be reused without asking the server again (RFC 9111 §4.2.1), reduced
// to what a renderer needs: no revalidation, so a response is either fresh or fetched anew.
//
// Our choice for `no-cache` and for responses that say nothing: reuse for 60 s. `no-cache` strictly
// means "revalidate before each reuse"; a render that names one image twenty times, or several
// renders within a minute, should not fetch it twenty times, and a minute is short enough that a
// changed image shows up on the next document soon after.

/** The lifetime given to responses with `no-cache`, or without any freshness information. */
export const DEFAULT_FRESHNESS_MS = 60_000;

export type HeaderValue = string | readonly string[] | undefined;
export type ResponseHeaders = Readonly<Record<string, HeaderValue>>;

/** Milliseconds the response stays fresh from `nowMs`; 0 means "do not store". */
export function freshnessLifetimeMs(headers: ResponseHeaders, nowMs: number): number {
  const directives = parseCacheControl(joined(headers['cache-control']));
  if (directives.has('no-store')) return 0;
  const age = Math.max(0, Number.parseInt(joined(headers['age']), 10) || 0) * 1000;
  const cap = directives.has('no-cache') ? DEFAULT_FRESHNESS_MS : Infinity;
  const maxAge = directives.get('max-age');
  if (maxAge !== undefined) {
    // RFC 9111 §4.2.1: max-age wins over Expires; an invalid value means stale.
    const seconds = /^\d+$/.test(maxAge) ? Number(maxAge) : 0;
    return clamp(Math.min(seconds * 1000 - age, cap));
  }
  const expires = joined(headers['expires']);
  if (expires !== '') {
    // §5.3: an invalid Expires (such as "0") means already expired. Measured against the
    // server's Date when there is one, so a skewed local clock does not matter.
    const expiresAt = Date.parse(expires);
    if (Number.isNaN(expiresAt)) return 0;
    const date = Date.parse(joined(headers['date']));
    const base = Number.isNaN(date) ? nowMs : date;
    return clamp(Math.min(expiresAt - base - age, cap));
  }
  return DEFAULT_FRESHNESS_MS;
}

/** `max-age=60, No-Cache` → { max-age: '60', no-cache: '' } (names lower-cased, quotes removed). */
export function parseCacheControl(value: string): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of value.split(',')) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName!.trim().toLowerCase();
    if (name === '') continue;
    const raw = rest.join('=').trim();
    if (!directives.has(name)) directives.set(name, raw.replace(/^"(.*)"$/, '$1'));
  }
  return directives;
}

function joined(value: HeaderValue): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : value.join(', ');
}

function clamp(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}
