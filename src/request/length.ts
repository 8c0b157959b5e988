// Checks the lengths of the request's `page` object (spec pdf-generation.md §2.4): a number
// with one of the supported units, or a bare zero. Each check returns an error message, or
// null when the text is valid, so the validator can collect every problem at once.

/** The units spec §2.4 allows in `page`; lower case, compared case-insensitively like CSS. */
export const SUPPORTED_PAGE_UNITS: readonly string[] = ['mm', 'cm', 'in', 'px', 'em', 'rem', 'pt', 'pc'];

const UNIT_LIST = SUPPORTED_PAGE_UNITS.join(', ');

// A CSS <number> (sign, digits, fraction, exponent) followed by letters or '%'.
const LENGTH_PATTERN = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)([a-z%]*)$/i;

/** A length split into its number and unit ('' for a bare number). */
interface ParsedLength {
  readonly value: number;
  readonly unit: string;
}

type LengthCheck = { readonly ok: true; readonly length: ParsedLength } | { readonly ok: false; readonly message: string };

function parseLength(text: string): LengthCheck {
  const match = LENGTH_PATTERN.exec(text);
  if (!match) {
    return { ok: false, message: `Expected a length such as "8.5in" or "20mm", received "${text}"` };
  }
  const value = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  if (unit === '') {
    // CSS allows a unitless length only for zero.
    if (value === 0) return { ok: true, length: { value, unit } };
    return { ok: false, message: `Missing unit in "${text}"; use one of ${UNIT_LIST}` };
  }
  if (!SUPPORTED_PAGE_UNITS.includes(unit)) {
    return { ok: false, message: `Unsupported unit "${unit}" in "${text}"; use one of ${UNIT_LIST}` };
  }
  return { ok: true, length: { value, unit } };
}

/** A page width or height: one length greater than zero. */
export function checkPageSize(text: string): string | null {
  const parsed = parseLength(text.trim());
  if (!parsed.ok) return parsed.message;
  if (parsed.length.value <= 0) return `Must be greater than 0, received "${text.trim()}"`;
  return null;
}

/** One page margin: a length that is not negative. */
export function checkPageMargin(text: string): string | null {
  const parsed = parseLength(text.trim());
  if (!parsed.ok) return parsed.message;
  if (parsed.length.value < 0) return `Must not be negative, received "${text.trim()}"`;
  return null;
}

/** The `margin` shorthand: one to four margins separated by spaces (CSS 2.1 §8.3). */
export function checkMarginShorthand(text: string): string | null {
  const parts = splitShorthand(text);
  if (parts.length < 1 || parts.length > 4) {
    return `Expected 1 to 4 lengths, received ${parts.length} in "${text.trim()}"`;
  }
  for (const part of parts) {
    const message = checkPageMargin(part);
    if (message) return message;
  }
  return null;
}

/** The shorthand's lengths, for checking and for writing them back with single spaces. */
export function splitShorthand(text: string): string[] {
  return text.trim().split(/\s+/).filter((part) => part !== '');
}
