// The PDF's descriptive metadata (title, author, subject, keywords, creator, language) from
// the document — `<title>`, `<meta name=author|description|keywords|generator>`, `<html lang>`
// — and from the caller, who wins: the request body's `title`, then the `metadata` render
// option over both.

import type { DomDocument } from './dom/types.js';
import type { DocumentProperties } from './pdf/metadata.js';
import { describe, isRecord } from './request/checks.js';
import type { ValidationFailure } from './request/errors.js';

/** The `metadata` render option: each given field overrides what the document says. */
export interface MetadataOptions {
  readonly title?: string;
  readonly author?: string;
  readonly subject?: string;
  /** A string as it is, or a list joined with ", ". */
  readonly keywords?: string | readonly string[];
  /** The application that made the source document (Info /Creator); default the document's generator, else "Quire". */
  readonly creator?: string;
  /** A BCP 47 language tag; default `<html lang>`. */
  readonly lang?: string;
}

/** The properties the PDF carries. */
export function documentProperties(doc: DomDocument, requestTitle: string | null, options: MetadataOptions = {}): DocumentProperties {
  const keywords = options.keywords === undefined ? undefined : typeof options.keywords === 'string' ? options.keywords : options.keywords.join(', ');
  return {
    title: options.title ?? requestTitle ?? doc.title,
    author: options.author ?? doc.meta.get('author') ?? null,
    subject: options.subject ?? doc.meta.get('description') ?? null,
    keywords: keywords ?? doc.meta.get('keywords') ?? null,
    creator: options.creator ?? doc.meta.get('generator') ?? null,
    lang: options.lang ?? (doc.root.attrs.get('lang')?.trim() || null),
  };
}

const TEXT_FIELDS = ['title', 'author', 'subject', 'creator', 'lang'] as const;

/** Every problem with a `metadata` option value (JavaScript callers can pass anything), each naming its path. */
export function metadataOptionFailures(value: unknown): ValidationFailure[] {
  if (value === undefined) return [];
  if (!isRecord(value)) return [{ property: 'metadata', message: `Expected object, received ${describe(value)}` }];
  const failures: ValidationFailure[] = [];
  for (const key of TEXT_FIELDS) {
    if (value[key] !== undefined && typeof value[key] !== 'string') failures.push({ property: `metadata.${key}`, message: `Expected string, received ${describe(value[key])}` });
  }
  const { keywords } = value;
  if (keywords !== undefined && typeof keywords !== 'string' && !(Array.isArray(keywords) && keywords.every((k) => typeof k === 'string'))) {
    failures.push({ property: 'metadata.keywords', message: 'Expected a string or an array of strings' });
  }
  return failures;
}
