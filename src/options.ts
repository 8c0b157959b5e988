// Options of a render that are not part of the API request body.
import type { MetadataOptions } from './document-properties.js';
import type { PdfVariant } from './pdf/variant.js';
import type { AttachmentOption } from './resources/attachments.js';
import type { RenderStage } from './stage-clock.js';
import type { ResourceFetcher, ResourceKind } from './resources/gather.js';
import type { FontProviderOptions } from './resources/google-fonts.js';

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
  /**
   * Google Fonts by family name: a family the document names (in `font-family` or `font`)
   * that no @font-face rule defines, that is not built in, and that is a Google Fonts family
   * (exact, case-sensitive) is fetched from the css2 API through the resource loader, and
   * cached on disk. `baseUrl` (default https://fonts.googleapis.com/css2) points it elsewhere,
   * `cacheDir` (default `~/.cache/quire/fonts`; null: none) and `maxCacheBytes` (default 200 MB)
   * set the cache; `false` turns it off (such names then use the fallback fonts).
   */
  readonly fontProvider?: FontProviderOptions | false;
  /** Text drawn large and light across every page (the server's development-key watermark); null or absent: none. */
  readonly watermark?: string | null;
  /** The PDF's title, author, subject, keywords, creator and language; each given field wins over the document's. */
  readonly metadata?: MetadataOptions;
  /**
   * The standard the PDF follows; wins over the request body's `pdfVariant`. A document that
   * cannot comply is a ValidationError naming why.
   */
  readonly pdfVariant?: PdfVariant;
  /** Files embedded in the PDF, before the document's `<link rel=attachment>` files. */
  readonly attachments?: readonly AttachmentOption[];
  /**
   * A Tagged PDF (ISO 32000-1 §14.8, PDF/UA-1 structure): the document's structure tree in
   * reading order, marked content around everything drawn, artifacts for decoration and
   * running heads. Default true; false writes the file without them.
   */
  readonly tagged?: boolean;
  /**
   * Stops the render: checked between the stages before layout and after each page, the
   * render then rejects with the signal's reason (an `AbortError` DOMException unless the
   * caller gave another), as fetch() does.
   */
  readonly signal?: AbortSignal;
  /** Called as the render moves through its stages, and after each page laid out or written. */
  readonly onProgress?: (progress: RenderProgress) => void;
}

/**
 * Where a render is: a stage before layout, `layout` while pages are laid out, painted and
 * written one by one, or `write` while the PDF's fonts and objects are finished: the stages of
 * the timings but `paint`, which alternates with layout page by page.
 */
export type RenderPhase = Exclude<RenderStage, 'paint'>;

/** What `onProgress` receives. */
export interface RenderProgress {
  readonly phase: RenderPhase;
  /** Pages laid out in this pass (a document that shows its page total may be laid out twice). */
  readonly pagesLaidOut: number;
  /** Pages handed to the PDF writer in this pass. */
  readonly pagesWritten: number;
}

/** How the built-in loader fetches. */
export interface NetworkOptions {
  /** Hosts, addresses or CIDR ranges that may be fetched although private or loopback (default none). */
  readonly allowPrivate?: readonly string[];
  /** Time limit per fetch and kind, ms (default: images 2000, fonts and style sheets 5000). */
  readonly timeoutMs?: Partial<Record<ResourceKind, number>>;
  /** Size limit per response, bytes (default 10 MB). */
  readonly maxBytes?: number;
}
