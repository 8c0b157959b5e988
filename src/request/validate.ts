// Validates a generate-pdf request body (spec pdf-generation.md §2.1–2.4) and reduces it to a
// NormalizedRequest. Every problem is collected, each with its property path, and thrown as
// one ValidationError (spec §7; DESIGN.md invariant 7).

import { Failures, describe, enumMessage, expected, isRecord, optionalString, requiredString, type Body } from './checks.js';
import { PDF_VARIANTS, isPdfVariant, type PdfVariant } from '../pdf/variant.js';
import { ValidationError } from './errors.js';
import { checkMarginShorthand, checkPageMargin, checkPageSize } from './length.js';
import { pageRuleFromOptions } from './page-css.js';
import type { NormalizedRequest, PageCountPosition, PageOptions } from './types.js';
import { checkMarkdownRequest } from './validate-markdown.js';

/** The `page.pageCount` positions of spec §2.4. */
export const PAGE_COUNT_POSITIONS: readonly PageCountPosition[] = [
  'topLeft',
  'topCenter',
  'topRight',
  'bottomLeft',
  'bottomCenter',
  'bottomRight',
];

/**
 * Checks a request body and returns what the pipeline needs. Throws ValidationError listing
 * every problem. Unknown keys are ignored, and so are the markdown-only fields (fontSize,
 * logo, …) in html mode (spec §2.1).
 */
export function normalizeRequest(input: unknown): NormalizedRequest {
  const failures = new Failures();
  const body = checkBody(input, failures);
  if (!body) throw new ValidationError(failures.list);
  const title = checkTitle(body.title, failures);
  const mode = checkType(body.type, failures);
  const markdown = mode === 'markdown' ? checkMarkdownRequest(body, failures) : null;
  const data = mode === 'html' ? checkHtmlData(body.data, failures) : mode === null ? checkPresent(body.data, failures) : null;
  const page = checkPage(body.page, failures);
  const pdfVariant = checkPdfVariant(body.pdfVariant, failures);
  if (failures.list.length > 0) throw new ValidationError(failures.list);
  const common = { title, pageCss: pageRuleFromOptions(page), pageCount: page?.pageCount ?? null, pdfVariant };
  if (markdown) return { mode: 'markdown', ...common, ...markdown };
  if (!data) throw new ValidationError(failures.list);
  return { mode: 'html', ...common, html: data.html, css: data.css };
}

/** The body must be a JSON object; an empty body (undefined/null) counts as `{}` (spec §7.2). */
function checkBody(input: unknown, failures: Failures): Body | null {
  if (input === undefined || input === null) return {};
  if (!isRecord(input)) {
    failures.add('', `Expected the request body to be an object, received ${describe(input)}`);
    return null;
  }
  return input;
}

function checkTitle(title: unknown, failures: Failures): string | null {
  return optionalString(title, 'title', failures);
}

/** Quire's extension field (not in the spec; clients that do not send it are unaffected): the standard the PDF follows. */
export function checkPdfVariant(value: unknown, failures: Failures): PdfVariant | null {
  if (value === undefined || value === null) return null;
  if (isPdfVariant(value)) return value;
  failures.add('pdfVariant', typeof value === 'string' ? enumMessage(PDF_VARIANTS, value) : expected('string', value));
  return null;
}

/** The mode: `type` defaults to markdown (spec §2.1); null for a bad value. */
function checkType(type: unknown, failures: Failures): 'html' | 'markdown' | null {
  if (type === undefined || type === 'markdown') return 'markdown';
  if (type === 'html') return 'html';
  if (typeof type !== 'string') failures.add('type', expected('string', type));
  else failures.add('type', enumMessage(['html', 'markdown'], type));
  return null;
}

/** With a bad `type`, `data` is only checked to be there. */
function checkPresent(data: unknown, failures: Failures): null {
  if (data === undefined) failures.add('data', 'Required');
  return null;
}

/** HTML mode's data (spec §2.2): `{ html, css? }`. */
function checkHtmlData(data: unknown, failures: Failures): { html: string; css: string } | null {
  if (data === undefined) {
    failures.add('data', 'Required');
    return null;
  }
  if (typeof data === 'string') {
    // Spec §4.2: a string is RSA-encrypted data, which the server decrypts before rendering.
    failures.add('data', 'Expected object, received string (encrypted data must be decrypted before rendering)');
    return null;
  }
  if (!isRecord(data)) {
    failures.add('data', expected('object', data));
    return null;
  }
  const html = requiredString(data.html, 'data.html', failures);
  const css = optionalString(data.css, 'data.css', failures) ?? '';
  return html === null ? null : { html, css };
}

/** The page object (spec §2.4): each value a string; lengths checked with their unit. */
function checkPage(page: unknown, failures: Failures): PageOptions | undefined {
  if (page === undefined) return undefined;
  if (!isRecord(page)) {
    failures.add('page', expected('object', page));
    return undefined;
  }
  const checks: readonly [keyof PageOptions, (text: string) => string | null][] = [
    ['width', checkPageSize],
    ['height', checkPageSize],
    ['margin', checkMarginShorthand],
    ['marginTop', checkPageMargin],
    ['marginRight', checkPageMargin],
    ['marginBottom', checkPageMargin],
    ['marginLeft', checkPageMargin],
    ['pageCount', checkPageCount],
  ];
  const options: Record<string, string> = {};
  for (const [key, check] of checks) {
    const value = optionalString(page[key], `page.${key}`, failures);
    if (value === null) continue;
    const message = check(value);
    if (message) failures.add(`page.${key}`, message);
    else options[key] = value;
  }
  return options as PageOptions;
}

function checkPageCount(text: string): string | null {
  return PAGE_COUNT_POSITIONS.some((position) => position === text) ? null : enumMessage(PAGE_COUNT_POSITIONS, text);
}
