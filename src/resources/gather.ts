// The resources stage (DESIGN.md invariant 4): every external thing a document names is
// fetched here, before layout — linked style sheets and their @imports first (they name more
// resources), then the font families the document names that only a font provider has (Google
// Fonts), then font files and images all at once, a few at a time. A resource that cannot be
// had is a warning and is left out; the document still renders.
import type { ResolvedSheet } from '../css/style-document.js';
import type { DomDocument, DomElement } from '../dom/types.js';
import type { ImageResource, SvgImage } from '../paint/types.js';
import { absolute, declarationUrls, sheetUrls, splitImports } from './css-urls.js';
import { isBuiltInFamily } from '../text/font-registry.js';
import { decodeStylesheet } from './css-decode.js';
import { decodeDataUri } from './data-uri.js';
import { documentFontFamilies } from './font-families.js';
import type { FontProvider } from './google-fonts.js';
import { decodeImage } from './image.js';
import { redactUrl, type FetchedResource, type ResourceKind } from './net/index.js';
import { decodeInlineSvg } from './svg/inline.js';

export type { ResourceKind };

/** What the stage fetches with (`net/` implements it over undici with the network rules). */
export interface ResourceFetcher {
  fetch(url: string, kind: ResourceKind): Promise<FetchedResource>;
}

export interface GatherOptions {
  /** Fetches http(s): and file: URLs; null leaves only data: URIs (every other URL is a warning). */
  readonly fetcher: ResourceFetcher | null;
  /** What relative URLs of the document resolve against; null: they cannot be fetched. */
  readonly baseUrl: string | null;
  /** The request's `css`, which may @import. */
  readonly requestCss: string;
  readonly warn: (message: string) => void;
  /**
   * Where family names that no @font-face rule defines and that are not built in come from
   * (google-fonts.ts); absent or null: nowhere, they use the fallback fonts.
   */
  readonly fontProvider?: FontProvider | null;
}

/** A font file, by the url() its @font-face rule names. */
export interface FontFile {
  readonly data: Uint8Array;
  readonly contentType: string;
}

export interface LoadedResources {
  /** Decoded images by the URL as written (in `src` or url()). */
  readonly images: ReadonlyMap<string, ImageResource>;
  /** The request's css with its @imports inlined. */
  readonly requestCss: string;
  /**
   * The document's `<style>` and linked sheets in document order, @imports inlined; first, when
   * the font provider gave any, a sheet of its @font-face rules.
   */
  readonly sheets: readonly ResolvedSheet[];
  /** Font files by the URL as written in `src: url(...)`. */
  readonly fonts: ReadonlyMap<string, FontFile>;
  /** Every inline `<svg>` element's image; elements with the same markup share one (one XObject). */
  readonly inlineSvgs: ReadonlyMap<DomElement, SvgImage>;
}

/** Bounds: on distinct images, on style sheets (imports included), on @import depth, on fetches in flight. */
const MAX_IMAGES = 10_000;
const MAX_SHEETS = 64;
const MAX_IMPORT_DEPTH = 8;
const MAX_FONTS = 256;
const CONCURRENCY = 8;

/** Fetches and decodes everything the document and its CSS name. */
export async function gatherResources(doc: DomDocument, options: GatherOptions): Promise<LoadedResources> {
  const g = new Gatherer(options);
  const requestCss = await g.resolveImports(options.requestCss, null, 0);
  const sheets: ResolvedSheet[] = [];
  for (const [i, sheet] of doc.styleSheets.entries()) {
    if (sheet.kind === 'style') {
      sheets.push({ text: await g.resolveImports(sheet.text, null, 0), media: sheet.media, label: `<style> #${i + 1}` });
      continue;
    }
    const fetched = await g.sheet(sheet.href, null);
    if (fetched !== null) sheets.push({ text: await g.resolveImports(fetched.text, fetched.url, 0), media: sheet.media, label: `<link> ${describe(sheet.href)}` });
  }
  const provided = await providedFonts(doc, requestCss, sheets, options);
  const fontUrls = new Set<string>();
  const imageUrls = new Set<string>();
  for (const text of [requestCss, ...sheets.map((s) => s.text)]) {
    const found = sheetUrls(text);
    for (const url of found.fonts) fontUrls.add(url);
    for (const url of found.images) imageUrls.add(url);
  }
  collectElementImages(doc.root, imageUrls);
  const [images, fonts, inlineSvgs] = await Promise.all([g.images([...imageUrls]), g.fonts([...fontUrls]), inlineSvgImages(doc.inlineSvgs, options.warn)]);
  if (provided !== null) {
    sheets.unshift({ text: provided.css, media: null, label: 'font provider' });
    for (const [url, file] of provided.fonts) fonts.set(url, file);
  }
  return { images, requestCss, sheets, fonts, inlineSvgs };
}

/** Decodes each distinct inline `<svg>` markup once, a few at a time. */
async function inlineSvgImages(markups: ReadonlyMap<DomElement, string>, warn: (message: string) => void): Promise<Map<DomElement, SvgImage>> {
  const distinct = [...new Set(markups.values())];
  const decoded = new Map<string, SvgImage>();
  await eachLimited(distinct.map((markup, i) => [markup, i] as const), async ([markup, i]) => {
    decoded.set(markup, await decodeInlineSvg(markup, `inline-svg-${i + 1}`, warn));
  });
  return new Map([...markups].map(([el, markup]) => [el, decoded.get(markup)!]));
}

/**
 * The @font-face rules and files of the families the document names (in its sheets, `style`
 * attributes and `<font face>`) that no @font-face rule of it defines, that are not built in,
 * and that the font provider has; null when there are none.
 */
async function providedFonts(doc: DomDocument, requestCss: string, sheets: readonly ResolvedSheet[], options: GatherOptions) {
  const provider = options.fontProvider;
  if (!provider) return null;
  const families = documentFontFamilies([requestCss, ...sheets.map((s) => s.text)], doc.root);
  const wanted = families.used.filter((name) => !families.defined.has(name.toLowerCase()) && !isBuiltInFamily(name) && provider.serves(name));
  if (wanted.length === 0) return null;
  const provided = await provider.load(wanted, options.fetcher, options.warn);
  return provided.css === '' ? null : provided;
}

class Gatherer {
  private sheetCount = 0;

  constructor(private readonly options: GatherOptions) {}

  /** Inlines a sheet's @imports (each wrapped in its media), fetched in order; `base` is the sheet's own URL. */
  async resolveImports(text: string, base: string | null, depth: number): Promise<string> {
    const split = splitImports(text, base);
    if (split.imports.length === 0) return split.text;
    const parts: string[] = [];
    for (const imp of split.imports) {
      if (depth >= MAX_IMPORT_DEPTH) {
        this.options.warn(`@import ${describe(imp.url)} ignored: imports nested more than ${MAX_IMPORT_DEPTH} deep`);
        continue;
      }
      const fetched = await this.sheet(imp.url, base);
      if (fetched === null) continue;
      const inner = await this.resolveImports(fetched.text, fetched.url, depth + 1);
      // Always in a block: a sheet that is not CSS (read in the wrong encoding) must not run
      // on into the rules of the sheet that imports it, as it cannot across sheets.
      parts.push(`@media ${imp.media ?? 'all'} {\n${inner}\n}`);
    }
    return `${parts.join('\n')}\n${split.text}`;
  }

  /** A style sheet's text and final URL, or null (warned). */
  async sheet(url: string, base: string | null): Promise<{ text: string; url: string } | null> {
    if (++this.sheetCount > MAX_SHEETS) {
      this.options.warn(`style sheet ${describe(url)} ignored: more than ${MAX_SHEETS} style sheets`);
      return null;
    }
    const got = await this.fetch(url, base, 'stylesheet');
    // The document arrives as text, so its encoding, the sheets' environment, is UTF-8.
    return got && { text: decodeStylesheet(got.data, { protocolCharset: got.charset ?? null }), url: got.url };
  }

  async images(urls: readonly string[]): Promise<Map<string, ImageResource>> {
    const out = new Map<string, ImageResource>();
    if (urls.length > MAX_IMAGES) this.options.warn(`more than ${MAX_IMAGES} distinct images; the rest are left out`);
    let n = 0;
    await eachLimited(urls.slice(0, MAX_IMAGES), async (url) => {
      // The key is taken before any await: the PDF writer tells images apart by it.
      const key = `img${n++}`;
      const got = await this.fetch(url, null, 'image');
      if (got === null) return;
      const image = await decodeImage(got.data, key, (m) => this.options.warn(`image ${describe(url)}: ${m}`));
      if (image) out.set(url, image);
      else this.options.warn(`image ${describe(url)} could not be decoded`);
    });
    return out;
  }

  async fonts(urls: readonly string[]): Promise<Map<string, FontFile>> {
    const out = new Map<string, FontFile>();
    if (urls.length > MAX_FONTS) this.options.warn(`more than ${MAX_FONTS} font files; the rest are left out`);
    await eachLimited(urls.slice(0, MAX_FONTS), async (url) => {
      const got = await this.fetch(url, null, 'font');
      if (got !== null) out.set(url, { data: got.data, contentType: got.contentType });
    });
    return out;
  }

  /** One fetch; any failure becomes a warning and null. */
  private async fetch(url: string, base: string | null, kind: ResourceKind): Promise<FetchedResource | null> {
    const trimmed = url.trim();
    if (trimmed.startsWith('data:')) {
      const decoded = decodeDataUri(trimmed);
      if (decoded) return { url: trimmed, contentType: decoded.mediaType, data: decoded.data };
      this.options.warn(`${kind} ${describe(trimmed)}: not a valid data: URI`);
      return null;
    }
    const resolveAgainst = base ?? this.options.baseUrl;
    const resolved = resolveAgainst ? absolute(trimmed, resolveAgainst) : trimmed;
    if (!/^[a-z][a-z0-9+.-]*:/i.test(resolved)) {
      this.options.warn(`${kind} ${describe(trimmed)} could not be loaded: a relative URL needs a base URL`);
      return null;
    }
    if (this.options.fetcher === null) {
      this.options.warn(`${kind} ${describe(trimmed)} could not be loaded: no resource loader`);
      return null;
    }
    try {
      return await this.options.fetcher.fetch(resolved, kind);
    } catch (error) {
      this.options.warn(`could not load ${error instanceof Error ? error.message : `${kind} ${describe(resolved)}: ${String(error)}`}`);
      return null;
    }
  }
}

/** `<img src>`, and the images of `style` attributes. */
function collectElementImages(root: DomElement, out: Set<string>): void {
  const stack: DomElement[] = [root];
  // Iterative: element trees are up to 512 deep and wide without bound.
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (el.tagName === 'img') {
      const src = el.attrs.get('src');
      if (src) out.add(src);
    }
    const style = el.attrs.get('style');
    if (style) for (const url of declarationUrls(style)) out.add(url);
    for (let i = el.children.length - 1; i >= 0; i--) {
      const child = el.children[i]!;
      if (child.kind === 'element') stack.push(child);
    }
  }
}

/** Runs `work` over `items`, at most CONCURRENCY at a time. */
async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

/** A short, log-safe description of a URL: no credentials, data: URIs cut short. */
function describe(src: string): string {
  const safe = redactUrl(src);
  return safe.length > 80 ? `${safe.slice(0, 77)}...` : safe;
}
