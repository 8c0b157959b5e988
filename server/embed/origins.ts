// The origins an organization lets embed its builders: the pages' frame-ancestors, and where the
// builder posts its events. Null means any origin (the default, so that embedding works before
// anyone configures it); an empty list means none. Each origin is `http(s)://host[:port]`
// exactly, lowercase, as browsers compare them: it goes into a CSP header and is compared with
// MessageEvent.origin, so nothing else may pass.
import { invalid } from '../graphql/errors.js';
import { describe } from './field-checks.js';

export const MAX_EMBED_ORIGINS = 50;

/** A DNS name of letters, digits and hyphens (IDNs in their punycode form), or an IPv6 literal. */
const HOST = /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|\[[0-9a-f:.]+\])$/;

/** The origins, normalised (`HTTPS://App.Example.com:443/` → `https://app.example.com`); null stays null (any origin). */
export function checkEmbedOrigins(value: unknown, property = 'embedOrigins'): string[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) throw invalid(property, `Expected a list of origins such as https://app.example.com, or null for any, received ${describe(value)}`);
  if (value.length > MAX_EMBED_ORIGINS) throw invalid(property, `At most ${MAX_EMBED_ORIGINS} origins`);
  const seen = new Map<string, number>();
  return value.map((item: unknown, i) => {
    const origin = checkOrigin(item, `${property}[${i}]`);
    const before = seen.get(origin);
    if (before !== undefined) throw invalid(`${property}[${i}]`, `${origin} is already ${property}[${before}]`);
    seen.set(origin, i);
    return origin;
  });
}

function checkOrigin(value: unknown, property: string): string {
  const expected = 'Expected an origin: http(s)://host[:port], with no path, query or fragment';
  if (typeof value !== 'string' || value.length > 300) throw invalid(property, `${expected}, received ${describe(value)}`);
  // The text itself has no path, query, fragment or user (a lone trailing slash is allowed).
  if (!/^https?:\/\/[^/?#@\s\\]+\/?$/i.test(value)) throw invalid(property, `${expected}, received ${describe(value)}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(property, `${expected}, received ${describe(value)}`);
  }
  if (!HOST.test(url.hostname)) throw invalid(property, `Not a host name: ${describe(url.hostname)}`);
  return url.origin;
}

/** The CSP directive naming who may frame an embed page. */
export function frameAncestors(origins: readonly string[] | null): string {
  if (origins === null) return 'frame-ancestors *';
  return `frame-ancestors ${origins.length === 0 ? "'none'" : origins.join(' ')}`;
}
