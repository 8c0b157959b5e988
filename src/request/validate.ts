// Validates a generate-pdf request body (spec pdf-generation.md §2.1–2.4) and reduces it to a
// NormalizedRequest. Every problem is collected, each with its property path, and thrown as
// one ValidationError (spec §7; DESIGN.md invariant 7).

import { ValidationError, type ValidationFailure } from './errors.js';
import { checkMarginShorthand, checkPageMargin, checkPageSize } from './length.js';
import { pageRuleFromOptions } from './page-css.js';
import type { NormalizedRequest, PageOptions } from './types.js';

/** The `page.pageCount` positions of spec §2.4. */
export const PAGE_COUNT_POSITIONS: readonly string[] = [
  'topLeft',
  'topCenter',
  'topRight',
  'bottomLeft',
  'bottomCenter',
  'bottomRight',
];

type Body = Readonly<Record<string, unknown>>;

/** Collects failures while the request is walked; property paths are dotted (`page.marginTop`). */
class Failures {
  readonly list: ValidationFailure[] = [];
  add(property: string, message: string): void {
    this.list.push({ property, message });
  }
}

/**
 * Checks a request body and returns what the pipeline needs. Throws ValidationError listing
 * every problem. Unknown keys and markdown-only fields (fontSize, logo, …) are ignored.
 */
export function normalizeRequest(input: unknown): NormalizedRequest {
  const failures = new Failures();
  const body = checkBody(input, failures);
  const title = body ? checkTitle(body.title, failures) : null;
  const isHtml = body ? checkType(body.type, failures) : false;
  const data = body ? checkData(body.data, isHtml, failures) : null;
  const page = body ? checkPage(body.page, failures) : undefined;
  if (failures.list.length > 0 || !data) throw new ValidationError(failures.list);
  return {
    title,
    html: data.html,
    css: data.css,
    pageCss: pageRuleFromOptions(page),
    pageCount: page?.pageCount ?? null,
  };
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
  if (title === undefined) return null;
  if (typeof title !== 'string') {
    failures.add('title', expected('string', title));
    return null;
  }
  return title;
}

/** True for html mode. `type` defaults to markdown (spec §2.1), which is not rendered yet. */
function checkType(type: unknown, failures: Failures): boolean {
  if (type === 'html') return true;
  if (type === undefined || type === 'markdown') {
    const how = type === undefined ? 'markdown mode (the default when type is absent)' : 'markdown mode';
    failures.add('type', `${how} is not supported yet; set type to "html"`);
  } else if (typeof type !== 'string') {
    failures.add('type', expected('string', type));
  } else {
    failures.add('type', `Invalid enum value. Expected 'html' | 'markdown', received '${type}'`);
  }
  return false;
}

/** `data` is required in every mode; its shape is checked only in html mode (spec §2.2). */
function checkData(data: unknown, isHtml: boolean, failures: Failures): { html: string; css: string } | null {
  if (data === undefined) {
    failures.add('data', 'Required');
    return null;
  }
  if (!isHtml) return null;
  if (typeof data === 'string') {
    // Spec §4.2: a string is RSA-encrypted data, which needs key registration first.
    failures.add('data', 'Expected object, received string (encrypted data is not supported yet)');
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
  if (PAGE_COUNT_POSITIONS.includes(text)) return null;
  return `Invalid enum value. Expected ${PAGE_COUNT_POSITIONS.map((p) => `'${p}'`).join(' | ')}, received '${text}'`;
}

function requiredString(value: unknown, property: string, failures: Failures): string | null {
  if (value === undefined) {
    failures.add(property, 'Required');
    return null;
  }
  return optionalString(value, property, failures);
}

function optionalString(value: unknown, property: string, failures: Failures): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') {
    failures.add(property, expected('string', value));
    return null;
  }
  return value;
}

function isRecord(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function expected(what: string, value: unknown): string {
  return `Expected ${what}, received ${describe(value)}`;
}

/** A JSON-ish type name for messages: `array` and `null` are named apart from `object`. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
