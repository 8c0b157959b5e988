// `data:` URIs (RFC 2397), decoded locally with the engine's decoder: no I/O, never cached
// (the URI is its own copy). The media type is the one the URI declares, `''` when it has none.
import { decodeDataUri } from '../data-uri.js';
import type { FetchContext, RawResource } from './fetch-context.js';
import { mediaTypeEssence } from './content-type.js';
import { tooLargeDetail } from './errors.js';

export function fetchDataUri(uri: string, context: FetchContext): RawResource {
  const decoded = decodeDataUri(uri);
  if (!decoded) throw context.fail('network', 'malformed data: URI');
  if (decoded.data.byteLength >= context.maxBytes) {
    throw context.fail('too-large', tooLargeDetail(context.maxBytes));
  }
  return { url: uri, contentType: declaredType(uri), data: decoded.data, origin: 'data', lifetimeMs: 0 };
}

/** The decoder defaults a missing type to text/plain; here a missing type stays missing. */
function declaredType(uri: string): string {
  const trimmed = uri.trim();
  const comma = trimmed.indexOf(',');
  const header = trimmed.slice(5, comma < 0 ? undefined : comma);
  return mediaTypeEssence(header.split(';')[0]);
}
