// Errors of the resource loader: one class with a machine-readable reason, and a short,
// human message that never carries credentials (`user:pass@` is stripped from every URL).
import type { ResourceKind } from './kinds.js';

/** Why a resource could not be fetched. */
export type ResourceErrorReason =
  | 'timeout'
  | 'too-large'
  | 'blocked-address'
  | 'blocked-scheme'
  | 'too-many-redirects'
  | 'http-status'
  | 'content-type'
  | 'network'
  | 'outside-root'
  | 'not-found';

/** A failed fetch. `url` is the requested URL with any credentials removed. */
export class ResourceError extends Error {
  override readonly name = 'ResourceError';

  constructor(
    readonly url: string,
    readonly reason: ResourceErrorReason,
    message: string,
  ) {
    super(message);
  }
}

/** Builds the error for `url` with a message like `image https://x/y.png: timed out after 2000 ms`. */
export function resourceError(kind: ResourceKind, url: string, reason: ResourceErrorReason, detail: string): ResourceError {
  const safe = redactUrl(url);
  return new ResourceError(safe, reason, `${kind} ${shorten(safe)}: ${detail}`);
}

/** The URL without `user:pass@`; text that does not parse as a URL is returned unchanged. */
export function redactUrl(url: string): string {
  if (/^data:/i.test(url.trimStart())) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not a URL: still cut anything that looks like credentials before an `@`.
    return url.replace(/\/\/[^/@]*@/, '//');
  }
  if (!parsed.username && !parsed.password) return url;
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

/** At most 100 characters of a URL, so that a data: URI does not turn a message into megabytes. */
function shorten(url: string): string {
  return url.length > 100 ? `${url.slice(0, 97)}...` : url;
}

/** The message detail for a body that reached the size cap. */
export function tooLargeDetail(maxBytes: number): string {
  return `reached the size limit of ${maxBytes} bytes`;
}
