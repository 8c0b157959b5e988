// What every scheme's fetcher is given, and what it hands back to the loader.
import type { ResourceErrorReason, ResourceError } from './errors.js';
import type { ResourceKind } from './kinds.js';
import type { ResourceOrigin } from './content-type.js';

export interface FetchContext {
  readonly kind: ResourceKind;
  readonly maxBytes: number;
  /** Aborts when the kind's time limit is over. */
  readonly signal: AbortSignal;
  /** An error about the requested URL (the message names the kind and the URL). */
  fail(reason: ResourceErrorReason, detail: string): ResourceError;
}

/** A body fetched by one scheme, before its media type is checked against the kind. */
export interface RawResource {
  /** The final URL (after redirects), without credentials. */
  readonly url: string;
  /** Media type essence, `''` if none. */
  readonly contentType: string;
  /** The Content-Type's charset parameter, when it had one. */
  readonly charset?: string;
  readonly data: Uint8Array;
  readonly origin: ResourceOrigin;
  /** How long the response may be cached, ms; 0 means not at all. */
  readonly lifetimeMs: number;
}
