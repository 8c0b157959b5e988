// The kinds of resource a document fetches, and their per-kind defaults (spec §4.5: images
// should load in under two seconds).

/** `attachment`: a file embedded in the PDF as it is (any media type). */
export type ResourceKind = 'image' | 'font' | 'stylesheet' | 'attachment';

/** What one fetch produced. */
export interface FetchedResource {
  /** The final URL, after redirects (credentials removed). */
  readonly url: string;
  /** The lower-cased media type without parameters, `''` when the response had none. */
  readonly contentType: string;
  /** The Content-Type's charset parameter as given (style sheets are decoded by it), when it had one. */
  readonly charset?: string;
  /** The body. Shared with the cache and with concurrent callers: do not mutate it. */
  readonly data: Uint8Array;
}

/** Time for the whole fetch (connect, redirects and body), per kind, in milliseconds. */
export const DEFAULT_TIMEOUT_MS: Readonly<Record<ResourceKind, number>> = {
  image: 2000,
  font: 5000,
  stylesheet: 5000,
  attachment: 5000,
};

/** A body of this many bytes or more fails (spec §8: "10 megabytes or more may fail"). */
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

export const DEFAULT_MAX_REDIRECTS = 5;

/** The `Accept` header sent for each kind. */
export const ACCEPT: Readonly<Record<ResourceKind, string>> = {
  image: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8,*/*;q=0.5',
  font: 'font/ttf,font/otf,font/woff2,font/woff,application/font-sfnt;q=0.9,*/*;q=0.5',
  stylesheet: 'text/css,*/*;q=0.1',
  attachment: '*/*',
};
