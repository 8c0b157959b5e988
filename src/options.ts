// Options of a render that are not part of the API request body.
import type { ResourceFetcher } from './resources/gather.js';

/** Options for `render()`. */
export interface RenderOptions {
  /**
   * Same input → same bytes: no clock, no random ids. The creation date comes from
   * `creationDate` (default 2000-01-01T00:00:00Z when deterministic).
   */
  readonly deterministic?: boolean;
  /** The document's creation and modification date (defaults to now unless deterministic). */
  readonly creationDate?: Date;
  /** Receives non-fatal problems (ignored CSS, images that could not be decoded). */
  readonly onWarning?: (message: string) => void;
  /**
   * Fetches the document's external resources (style sheets, fonts, images) instead of the
   * built-in loader (http(s) to public addresses, data: URIs, and file: inside `fileRoot`).
   */
  readonly resourceLoader?: ResourceFetcher;
  /** What the document's relative URLs resolve against (e.g. `file:///docs/` for a local file). */
  readonly baseUrl?: string;
  /**
   * The folder local files are read from: `file:` URLs name paths inside it (`file:///css/a.css`
   * is `<fileRoot>/css/a.css`), so root-relative URLs of a document whose `baseUrl` is
   * `file:///chapter/` stay inside it. Without it, no file is ever read.
   */
  readonly fileRoot?: string;
  /** Limits of the built-in loader. */
  readonly network?: NetworkOptions;
}

/** How the built-in loader fetches. */
export interface NetworkOptions {
  /** Hosts, addresses or CIDR ranges that may be fetched although private or loopback (default none). */
  readonly allowPrivate?: readonly string[];
  /** Time limit per fetch and kind, ms (default: images 2000, fonts and style sheets 5000). */
  readonly timeoutMs?: Partial<Record<'image' | 'font' | 'stylesheet', number>>;
  /** Size limit per response, bytes (default 10 MB). */
  readonly maxBytes?: number;
}
