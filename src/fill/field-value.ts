// One payload value, checked against its field's type and turned into what gets drawn: text
// (formatted for the type), a check, a chosen option, or an image URL. A value of the wrong
// JSON type is an error the caller must fix; a string the type cannot format (a date that is
// not YYYY-MM-DD) is drawn as given, with a warning.

import { DEFAULT_DATE_FORMAT, formatDate, parseIsoDate } from './format-date.js';
import {
  addressLines,
  formatAddress,
  formatDecimal,
  formatDollars,
  formatEin,
  formatFullName,
  formatInteger,
  formatPercent,
  formatPhone,
  formatSsn,
  type AddressValue,
  type FullNameValue,
  type PhoneValue,
} from './format-value.js';
import { MAX_VALUE_LENGTH } from './limits.js';
import type { CastField } from './types.js';

/** What a field shows. `lines` is the text broken where the type breaks it (an address on two lines). */
export type FieldValue =
  | { readonly kind: 'text'; readonly text: string; readonly lines?: readonly string[] }
  | { readonly kind: 'check'; readonly checked: boolean }
  | { readonly kind: 'choice'; readonly option: string }
  | { readonly kind: 'image'; readonly url: string };

/** A value that could be used (with a note when it was not formatted), or why it cannot. */
export type ParsedValue = { readonly value: FieldValue; readonly warning?: string } | { readonly error: string };

/** Fields signed in e-signature packets: the fill endpoint never fills them, and ignores a value given for them. */
export function isSignedField(field: CastField): boolean {
  return field.type === 'signature' || field.type === 'initial';
}

/** Parses `raw` (not null or undefined) as a value of `field`. */
export function parseFieldValue(field: CastField, raw: unknown): ParsedValue {
  if (typeof raw === 'string' && raw.length > MAX_VALUE_LENGTH) return { error: `must be at most ${MAX_VALUE_LENGTH} characters` };
  switch (field.type) {
    case 'checkbox':
      return parseCheck(raw);
    case 'radioGroup':
      return typeof raw === 'string' || typeof raw === 'number' ? { value: { kind: 'choice', option: String(raw) } } : { error: 'expected the id of an option (a string)' };
    case 'imageUrl':
      return typeof raw === 'string' ? { value: { kind: 'image', url: raw.trim() } } : { error: 'expected an image URL (a string)' };
    case 'date':
    case 'signatureDate':
      return parseDate(raw, field.format);
    case 'integer':
    case 'decimalNumber':
    case 'dollar':
    case 'percent':
      return parseNumber(raw, field.type);
    case 'ssn':
    case 'ein':
      if (typeof raw !== 'string' && typeof raw !== 'number') return { error: 'expected a string of 9 digits' };
      return text((field.type === 'ssn' ? formatSsn : formatEin)(typeof raw === 'number' ? String(raw).padStart(9, '0') : raw));
    case 'phone':
      return typeof raw === 'object' && !isPhone(raw) ? { error: 'expected a string or { num, region }' } : parseText(raw);
    case 'fullName':
      return typeof raw === 'object' && !isFullName(raw) ? { error: 'expected a string or { firstName, mi, lastName }' } : parseText(raw);
    case 'usAddress':
      return typeof raw === 'object' && !isAddress(raw) ? { error: 'expected a string or { street1, street2, city, state, zip }' } : parseText(raw);
    default:
      return parseText(raw);
  }
}

/** Text: a string, number or boolean as it is, or a name, address or phone object formatted. */
function parseText(raw: unknown): ParsedValue {
  if (typeof raw === 'string') return text(raw);
  if (typeof raw === 'number' || typeof raw === 'boolean') return text(String(raw));
  if (isPhone(raw)) return text(formatPhone({ ...stringProps(raw), num: String(raw.num) } as PhoneValue));
  if (isFullName(raw)) return text(formatFullName(stringProps(raw) as FullNameValue));
  if (isAddress(raw)) {
    const address = stringProps(raw) as AddressValue;
    return { value: { kind: 'text', text: formatAddress(address), lines: addressLines(address) } };
  }
  return { error: 'expected a string, or a name, address or phone object' };
}

function parseCheck(raw: unknown): ParsedValue {
  if (typeof raw === 'boolean') return { value: { kind: 'check', checked: raw } };
  if (typeof raw === 'string' && /^(true|false)$/i.test(raw.trim())) return { value: { kind: 'check', checked: raw.trim().toLowerCase() === 'true' } };
  return { error: 'expected true or false' };
}

function parseDate(raw: unknown, format: string | undefined): ParsedValue {
  if (typeof raw !== 'string') return { error: 'expected a date string (YYYY-MM-DD)' };
  const date = parseIsoDate(raw);
  if (!date) return { value: { kind: 'text', text: raw }, warning: `"${raw.slice(0, 40)}" is not a YYYY-MM-DD date; drawn as given` };
  return text(formatDate(date, format || DEFAULT_DATE_FORMAT));
}

const NUMBER_FORMATS = { integer: formatInteger, decimalNumber: formatDecimal, dollar: formatDollars, percent: formatPercent } as const;

function parseNumber(raw: unknown, type: keyof typeof NUMBER_FORMATS): ParsedValue {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim().replace(/[,$%]/g, '')) : Number.NaN;
  if (!Number.isFinite(value)) return { error: 'expected a number' };
  return text(NUMBER_FORMATS[type](value));
}

function text(value: string): ParsedValue {
  return { value: { kind: 'text', text: value } };
}

type Shape = Record<string, unknown>;

function isPhone(raw: unknown): raw is Shape & { num: string | number } {
  return isShape(raw, ['num'], ['num', 'region', 'baseRegion']) && (typeof raw.num === 'string' || typeof raw.num === 'number');
}

function isFullName(raw: unknown): raw is Shape {
  return isShape(raw, ['firstName', 'lastName'], ['firstName', 'mi', 'lastName']);
}

function isAddress(raw: unknown): raw is Shape {
  return isShape(raw, ['street1', 'city', 'zip'], ['street1', 'street2', 'city', 'state', 'zip', 'country']);
}

/** A plain object with one of `some` keys, whose every known key holds a string or number. */
function isShape(raw: unknown, some: readonly string[], known: readonly string[]): raw is Shape {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
  const shape = raw as Shape;
  if (!some.some((key) => shape[key] !== undefined && shape[key] !== null)) return false;
  return known.every((key) => shape[key] === undefined || shape[key] === null || typeof shape[key] === 'string' || typeof shape[key] === 'number');
}

/** The string and number properties as strings (a numeric zip code prints as it is). */
function stringProps(shape: Shape): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(shape)) {
    if (typeof value === 'string') out[key] = value.slice(0, MAX_VALUE_LENGTH);
    else if (typeof value === 'number') out[key] = String(value);
  }
  return out;
}
