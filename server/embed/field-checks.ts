// Checks shared by the builders' inputs: generateEmbedURL's preset field definitions and the
// fields the template builder saves. Each throws a ValidationError naming `property`.
import { invalid } from '../graphql/errors.js';

export type Check = (value: unknown, property: string) => void;

/** Preset field types the template builder offers (§2.3's, and every type a Cast field can have). */
export const PRESET_FIELD_TYPES = new Set([
  'fullName', 'email', 'signature', 'initial', 'signatureDate', 'date', 'shortText', 'longText', 'textPerLine',
  'textPerLetter', 'phone', 'usAddress', 'ssn', 'ein', 'integer', 'decimalNumber', 'dollar', 'percent',
  'checkbox', 'radioGroup', 'imageUrl',
]);

const MAX_TEXT = 2000;

export const text: Check = (value, property) => {
  if (typeof value !== 'string') throw invalid(property, `Expected a string, received ${describe(value)}`);
  if (value.length > MAX_TEXT) throw invalid(property, `At most ${MAX_TEXT} characters`);
  if (value.includes('\u0000')) throw invalid(property, 'Must not contain NUL characters');
};

export const flag: Check = (value, property) => {
  if (typeof value !== 'boolean') throw invalid(property, `Expected true or false, received ${describe(value)}`);
};

export const oneOf = (...allowed: string[]): Check => (value, property) => {
  if (typeof value !== 'string' || !allowed.includes(value)) throw invalid(property, `Expected one of ${allowed.join(', ')}, received ${describe(value)}`);
};

export const fieldType: Check = (value, property) => {
  if (typeof value !== 'string' || !PRESET_FIELD_TYPES.has(value)) throw invalid(property, `Expected a field type (${[...PRESET_FIELD_TYPES].join(', ')}), received ${describe(value)}`);
};

export const aliasId: Check = (value, property) => {
  text(value, property);
  if (!/^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/.test(value as string)) throw invalid(property, 'Expected an id: letters, digits, _ . -, starting with a letter or _');
};

/** How a field's text looks: the keys a preset and a placed field share. */
export const FIELD_STYLE_CHECKS: Readonly<Record<string, Check>> = {
  alignment: oneOf('left', 'center', 'right'),
  fontSize: (value, property) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 1 || value > 200) throw invalid(property, `Expected a size in points from 1 to 200, received ${describe(value)}`);
  },
  fontWeight: oneOf('normal', 'bold', 'italic', 'boldItalic'),
  fontFamily: text,
  textColor: (value, property) => {
    if (typeof value !== 'string' || !/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value)) throw invalid(property, `Expected a hex colour such as #1a2b3c, received ${describe(value)}`);
  },
  format: text,
};

/** Only date fields take a `format` (moment.js tokens). */
export function checkFormatType(field: Record<string, unknown>, at: string): void {
  if (field.format !== undefined && field.type !== 'date' && field.type !== 'signatureDate') throw invalid(`${at}.format`, 'Only date fields take a format');
}

/** Every key known and valid; the first unknown or bad one is the error. `at` '' names top-level keys alone. */
export function checkKeys(object: Record<string, unknown>, checks: Readonly<Record<string, Check>>, at: string): void {
  for (const [key, value] of Object.entries(object)) {
    const check = Object.prototype.hasOwnProperty.call(checks, key) ? checks[key] : undefined;
    if (!check) throw invalid(path(at, key), `Unknown option; known: ${Object.keys(checks).join(', ')}`);
    if (value !== undefined) check(value, path(at, key));
  }
}

export function requireKeys(object: Record<string, unknown>, keys: readonly string[], at: string): void {
  for (const key of keys) if (object[key] === undefined) throw invalid(path(at, key), 'Required');
}

/** A JSON request body that must be an object (an empty body is an empty object). */
export function bodyObject(body: unknown, expected: string): Record<string, unknown> {
  if (body === undefined) return {};
  if (!isObject(body)) throw invalid('', `The body must be a JSON object ${expected}, received ${describe(body)}`);
  return body;
}

/** A name: non-empty once trimmed, at most 1000 characters. */
export const name: Check = (value, property) => {
  text(value, property);
  if ((value as string).trim() === '' || (value as string).length > 1000) throw invalid(property, 'Expected a name of 1 to 1000 characters');
};

function path(at: string, key: string): string {
  return at === '' ? key : `${at}.${key}`;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return typeof value === 'object' ? 'an object' : String(value);
}
