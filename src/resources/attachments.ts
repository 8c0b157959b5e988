// Files to embed in the PDF: the `attachments` render option (bytes, base64 or a URL) and the
// document's `<link rel=attachment href title>` elements (WeasyPrint's convention). URLs are
// fetched through the resource loader, with its size cap, time limit and address rules. A
// file the caller asked for by option that cannot be had is an error naming it; one that a
// document links, like every other linked resource, a warning.

import { AF_RELATIONSHIPS, type AFRelationship, type EmbeddedAttachment } from '../pdf/embedded-files.js';
import { FACTUR_X_FILE_NAME } from '../pdf/factur-x.js';
import type { ValidationFailure } from '../request/errors.js';
import { isRecord } from '../request/checks.js';
import { absolute } from './css-urls.js';
import { decodeDataUri } from './data-uri.js';
import type { ResourceFetcher } from './gather.js';
import { redactUrl } from './net/index.js';

/** One file of the `attachments` render option: `data` or `url`, not both. */
export interface AttachmentOption {
  /** The file name shown by viewers; default the URL's last path segment (required with `data`). */
  readonly name?: string;
  /** The file: bytes, or a base64 string of them. */
  readonly data?: Uint8Array | string;
  /** Where to fetch the file (http(s), data:, or file: inside the render's fileRoot). */
  readonly url?: string;
  /** Default: from the HTTP response, else from the name's extension, else application/octet-stream. */
  readonly mimeType?: string;
  readonly description?: string;
  /** ISO 32000-2 /AFRelationship; default Unspecified (Data for factur-x.xml). */
  readonly relationship?: AFRelationship;
}

/** The attachments to write, and where each came from (for messages). */
export interface LoadedAttachments {
  readonly attachments: readonly EmbeddedAttachment[];
  readonly sources: readonly string[];
}

/** Bounds: attachments per document; a name's length. */
const MAX_ATTACHMENTS = 100;
const MAX_NAME_LENGTH = 255;

const MIME_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Every problem with an `attachments` option value, each naming its path (`attachments[1].data`). */
export function attachmentOptionFailures(value: unknown): ValidationFailure[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return [{ property: 'attachments', message: 'Expected an array of attachments' }];
  if (value.length > MAX_ATTACHMENTS) return [{ property: 'attachments', message: `At most ${MAX_ATTACHMENTS} attachments` }];
  const failures: ValidationFailure[] = [];
  value.forEach((item: unknown, i) => {
    const at = `attachments[${i}]`;
    if (!isRecord(item)) return void failures.push({ property: at, message: 'Expected an object { name, data | url, mimeType, description, relationship }' });
    const hasData = item.data !== undefined;
    if (hasData === (item.url !== undefined)) failures.push({ property: at, message: 'Expected exactly one of data and url' });
    if (hasData && !(item.data instanceof Uint8Array) && !(typeof item.data === 'string' && BASE64.test(item.data.replace(/\s+/g, '')))) {
      failures.push({ property: `${at}.data`, message: 'Expected a Uint8Array or a base64 string' });
    }
    if (item.url !== undefined && typeof item.url !== 'string') failures.push({ property: `${at}.url`, message: 'Expected a string' });
    if (item.name !== undefined && !(typeof item.name === 'string' && item.name.trim() !== '' && item.name.length <= MAX_NAME_LENGTH)) {
      failures.push({ property: `${at}.name`, message: `Expected a non-empty string of at most ${MAX_NAME_LENGTH} characters` });
    } else if (item.name === undefined && hasData && item.url === undefined) failures.push({ property: `${at}.name`, message: 'Required with data' });
    if (item.mimeType !== undefined && !(typeof item.mimeType === 'string' && MIME_TYPE.test(item.mimeType))) {
      failures.push({ property: `${at}.mimeType`, message: 'Expected a MIME type such as text/xml' });
    }
    if (item.description !== undefined && typeof item.description !== 'string') failures.push({ property: `${at}.description`, message: 'Expected a string' });
    if (item.relationship !== undefined && !(AF_RELATIONSHIPS as readonly unknown[]).includes(item.relationship)) {
      failures.push({ property: `${at}.relationship`, message: `Expected one of ${AF_RELATIONSHIPS.join(', ')}` });
    }
  });
  return failures;
}

/** What loading needs. */
export interface AttachmentSources {
  /** The render option, already checked with attachmentOptionFailures. */
  readonly options: readonly AttachmentOption[];
  readonly links: readonly { readonly href: string; readonly title: string | null }[];
  readonly fetcher: ResourceFetcher | null;
  /** What the links' relative URLs resolve against. */
  readonly baseUrl: string | null;
  /** The size cap for data given inline (the loader applies its own to fetched files). */
  readonly maxBytes: number;
  readonly warn: (message: string) => void;
}

/** The option's files, then the document's; rejects with the failures of option files that could not be had. */
export async function loadAttachments(sources: AttachmentSources): Promise<LoadedAttachments | { failures: ValidationFailure[] }> {
  const attachments: EmbeddedAttachment[] = [];
  const names: string[] = [];
  const failures: ValidationFailure[] = [];
  for (const [i, option] of sources.options.entries()) {
    const at = `attachments[${i}]`;
    const got = option.data !== undefined ? inlineData(option.data, sources.maxBytes) : await fetchFile(option.url!, null, sources);
    if ('error' in got) {
      failures.push({ property: option.data !== undefined ? `${at}.data` : `${at}.url`, message: got.error });
      continue;
    }
    const name = option.name?.trim() || fileNameOf(option.url ?? '');
    attachments.push(attachment(name, got.data, option.mimeType ?? got.mimeType, option.description ?? null, option.relationship));
    names.push(at);
  }
  if (failures.length > 0) return { failures };
  for (const link of sources.links.slice(0, Math.max(0, MAX_ATTACHMENTS - attachments.length))) {
    const got = await fetchFile(link.href, sources.baseUrl, sources);
    if ('error' in got) {
      sources.warn(`attachment ${describe(link.href)} left out: ${got.error}`);
      continue;
    }
    attachments.push(attachment(fileNameOf(link.href), got.data, got.mimeType, link.title, undefined));
    names.push(`<link rel=attachment href="${describe(link.href)}">`);
  }
  return { attachments, sources: names };
}

function attachment(name: string, data: Uint8Array, mimeType: string | null, description: string | null, relationship: AFRelationship | undefined): EmbeddedAttachment {
  return {
    name,
    data,
    mimeType: mimeType || mimeTypeOf(name),
    description,
    // Factur-X 1.0 §7.2.1: the invoice XML is the data of the document.
    relationship: relationship ?? (name === FACTUR_X_FILE_NAME ? 'Data' : 'Unspecified'),
  };
}

function inlineData(data: Uint8Array | string, maxBytes: number): { data: Uint8Array; mimeType: null } | { error: string } {
  const bytes = typeof data === 'string' ? new Uint8Array(Buffer.from(data.replace(/\s+/g, ''), 'base64')) : data;
  if (bytes.length >= maxBytes) return { error: `the file is ${bytes.length} bytes: it reached the size limit of ${maxBytes} bytes` };
  return { data: bytes, mimeType: null };
}

/** A file by URL through the loader; the media type from the response (none for `application/octet-stream`). */
async function fetchFile(url: string, baseUrl: string | null, sources: AttachmentSources): Promise<{ data: Uint8Array; mimeType: string | null } | { error: string }> {
  const trimmed = url.trim();
  if (/^data:/i.test(trimmed)) {
    const decoded = decodeDataUri(trimmed);
    if (!decoded) return { error: 'not a valid data: URI' };
    if (decoded.data.length >= sources.maxBytes) return { error: `reached the size limit of ${sources.maxBytes} bytes` };
    return { data: decoded.data, mimeType: decoded.mediaType };
  }
  const resolved = baseUrl ? absolute(trimmed, baseUrl) : trimmed;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(resolved)) return { error: 'a relative URL needs a base URL' };
  if (sources.fetcher === null) return { error: 'no resource loader' };
  try {
    const got = await sources.fetcher.fetch(resolved, 'attachment');
    return { data: got.data, mimeType: got.contentType === '' || got.contentType === 'application/octet-stream' ? null : got.contentType };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The last segment of a URL's path, decoded; `attachment` when there is none (a data: URI). */
function fileNameOf(url: string): string {
  try {
    const parsed = new URL(url, 'file:///');
    if (parsed.protocol === 'data:') return 'attachment';
    const last = parsed.pathname.split('/').pop() ?? '';
    const name = decodeURIComponent(last).trim();
    return name === '' ? 'attachment' : name.slice(0, MAX_NAME_LENGTH);
  } catch {
    return 'attachment';
  }
}

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  xml: 'text/xml',
  pdf: 'application/pdf',
  json: 'application/json',
  csv: 'text/csv',
  txt: 'text/plain',
  html: 'text/html',
  htm: 'text/html',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  zip: 'application/zip',
};

/** A media type from a file name's extension (XML as text/xml, which Factur-X names); octet-stream when unknown. */
export function mimeTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot >= 0 && MIME_BY_EXTENSION[name.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}

function describe(url: string): string {
  const safe = redactUrl(url);
  return safe.length > 80 ? `${safe.slice(0, 77)}...` : safe;
}
