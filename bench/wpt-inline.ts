// Resource inlining for the WPT reftest runner: the engine does not fetch files, so the harness
// does, the way a browser would for the test. `<link rel=stylesheet>` becomes a `<style>` (with
// its `@import`s resolved recursively), and local images and fonts named by `<img src>`, a
// `background` attribute or a CSS `url()` become data: URIs. Relative URLs resolve against the
// file that names them; root-relative ones (`/fonts/ahem.css`) against the wpt folder.
// Edits are spliced into the original text at parse5's source offsets, so that the engine
// parses the test exactly as written apart from the inlined parts.

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { decodeStylesheet } from '../src/resources/css-decode.js';
import { charsetField } from '../src/resources/net/content-type.js';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Element = DefaultTreeAdapterMap['element'];

export interface InlinedDocument {
  readonly html: string;
  /** Resources that could not be inlined (missing files, cycles), for the per-test record. */
  readonly problems: readonly string[];
}

/** Media types by extension for the files we turn into data: URIs. */
const DATA_URI_TYPES: ReadonlyMap<string, string> = new Map([
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.gif', 'image/gif'],
  ['.svg', 'image/svg+xml'],
  ['.ttf', 'font/ttf'],
  ['.otf', 'font/otf'],
  ['.woff', 'font/woff'],
  ['.woff2', 'font/woff2'],
]);

/** Bigger files stay links: data: URIs of that size would only slow every render down. */
const MAX_DATA_URI_BYTES = 1 << 20;
/** `@import` chains deeper than this are cut (wpt has tests for import cycles). */
const MAX_IMPORT_DEPTH = 8;

interface Context {
  readonly wptRoot: string;
  readonly problems: string[];
}

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Reads `file` (inside `wptRoot`) and returns its HTML with every local resource inlined. */
export function inlineDocument(file: string, wptRoot: string): InlinedDocument {
  const source = readFileSync(file, 'utf8');
  const ctx: Context = { wptRoot, problems: [] };
  const edits: Edit[] = [];
  visit(parse(source, { sourceCodeLocationInfo: true }), (el) => collectEdits(el, file, ctx, edits));
  return { html: applyEdits(source, edits), problems: ctx.problems };
}

function visit(node: P5Node, onElement: (el: P5Element) => void): void {
  if ('tagName' in node) onElement(node);
  if ('childNodes' in node) for (const child of node.childNodes) visit(child, onElement);
}

function collectEdits(el: P5Element, file: string, ctx: Context, edits: Edit[]): void {
  const loc = el.sourceCodeLocation;
  if (!loc) return; // an element the parser implied has no text to edit
  if (el.tagName === 'link' && isStylesheetLink(el)) {
    const href = attr(el, 'href');
    const css = href === null ? null : loadStylesheet(href, file, ctx, 0);
    if (css === null) return; // left as is: the engine ignores links
    const media = attr(el, 'media');
    const open = media === null ? '<style>' : `<style media="${escapeAttribute(media)}">`;
    edits.push({ start: loc.startOffset, end: loc.endOffset, text: `${open}${protectStyleText(css)}</style>` });
    return;
  }
  if (el.tagName === 'style') {
    const text = el.childNodes[0];
    const textLoc = text?.sourceCodeLocation;
    if (!text || !textLoc || !('value' in text)) return;
    const css = rewriteCss(text.value, file, ctx, 0);
    if (css !== text.value) edits.push({ start: textLoc.startOffset, end: textLoc.endOffset, text: protectStyleText(css) });
  }
  for (const name of ['src', 'background', 'style']) {
    const value = attr(el, name);
    const attrLoc = loc.attrs?.[name];
    if (value === null || !attrLoc) continue;
    if (name === 'src' && el.tagName !== 'img') continue;
    const rewritten = name === 'style' ? rewriteUrls(value, file, ctx) : (dataUriFor(value, file, ctx) ?? value);
    if (rewritten === value) continue;
    edits.push({ start: attrLoc.startOffset, end: attrLoc.endOffset, text: `${name}="${escapeAttribute(rewritten)}"` });
  }
}

function isStylesheetLink(el: P5Element): boolean {
  const rel = (attr(el, 'rel') ?? '').toLowerCase().split(/\s+/);
  return rel.includes('stylesheet') && !rel.includes('alternate');
}

function attr(el: P5Element, name: string): string | null {
  return el.attrs.find((a) => a.name === name)?.value ?? null;
}

/** Applies non-overlapping edits, last first so that earlier offsets stay valid. */
function applyEdits(source: string, edits: readonly Edit[]): string {
  let out = source;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

// --- CSS -------------------------------------------------------------------------------------

/** The text of a local stylesheet with its imports and urls inlined, or null if unreadable. */
function loadStylesheet(href: string, fromFile: string, ctx: Context, depth: number): string | null {
  const file = resolveLocal(href, fromFile, ctx.wptRoot);
  if (file === null) return null;
  if (!isFile(file)) {
    ctx.problems.push(`missing stylesheet ${href}`);
    return null;
  }
  return rewriteCss(decodeStylesheet(readFileSync(file), { protocolCharset: servedCharset(file) }), file, ctx, depth);
}

/** The charset the wpt server would send for `file`: the Content-Type of its `.headers` file. */
function servedCharset(file: string): string | null {
  const headers = `${file}.headers`;
  if (!isFile(headers)) return null;
  const contentType = /^content-type:(.*)$/im.exec(readFileSync(headers, 'utf8'))?.[1];
  return charsetField(contentType).charset ?? null;
}

const IMPORT_RULE = /@import\s+(?:url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)|"([^"]*)"|'([^']*)')\s*([^;]*);/gi;

/** Replaces `@import`s by the imported text (in `@media` when the import has a media list), then urls. */
function rewriteCss(css: string, file: string, ctx: Context, depth: number): string {
  const withImports = css.replace(IMPORT_RULE, (rule, d1, s1, u1, d2, s2, mediaText: string) => {
    const href = (d1 ?? s1 ?? u1 ?? d2 ?? s2) as string;
    if (depth >= MAX_IMPORT_DEPTH) {
      ctx.problems.push(`@import nested too deep: ${href}`);
      return '';
    }
    const imported = loadStylesheet(href, file, ctx, depth + 1);
    if (imported === null) return rule;
    // Always in a block, as resources/gather.ts does: an imported sheet that is not CSS must
    // not run on into the importing sheet's rules.
    const media = mediaText.trim();
    return `@media ${media === '' ? 'all' : media} {\n${imported}\n}`;
  });
  return rewriteUrls(withImports, file, ctx);
}

const URL_TOKEN = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)/gi;

/** Turns every `url()` naming a local image or font into a data: URI; other urls stay. */
function rewriteUrls(css: string, file: string, ctx: Context): string {
  return css.replace(URL_TOKEN, (token, d, s, u) => {
    const uri = dataUriFor((d ?? s ?? u) as string, file, ctx);
    return uri === null ? token : `url("${uri}")`;
  });
}

/** `</style` inside inlined CSS would end the element early. */
function protectStyleText(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}

// --- files -----------------------------------------------------------------------------------

/** A data: URI for a local image or font URL, or null when it is not one (or is missing). */
function dataUriFor(url: string, fromFile: string, ctx: Context): string | null {
  const file = resolveLocal(url, fromFile, ctx.wptRoot);
  if (file === null) return null;
  const type = DATA_URI_TYPES.get(path.extname(file).toLowerCase());
  if (!type) return null;
  if (!isFile(file)) {
    ctx.problems.push(`missing file ${url}`);
    return null;
  }
  if (statSync(file).size > MAX_DATA_URI_BYTES) return null;
  return `data:${type};base64,${readFileSync(file).toString('base64')}`;
}

/**
 * The local file a URL names: relative to the naming file, or to the wpt folder when it
 * starts with `/`. Null for data:, http: and other URLs with a scheme, and for empty ones.
 */
export function resolveLocal(url: string, fromFile: string, wptRoot: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '' || trimmed.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return null;
  const withoutQuery = trimmed.replace(/[?#].*$/, '');
  let decoded: string;
  try {
    decoded = decodeURIComponent(withoutQuery);
  } catch {
    decoded = withoutQuery;
  }
  if (decoded.startsWith('//')) return null; // scheme-relative: a network URL
  return decoded.startsWith('/') ? path.join(wptRoot, decoded) : path.resolve(path.dirname(fromFile), decoded);
}

function isFile(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}
