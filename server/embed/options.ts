// The `options` of generateEmbedURL, checked per builder (embedded-builders.md §4.1, §2.3).
// The template builder's options are known, so an unknown or ill-typed one is an error naming
// it; the packet and workflow builders' options are not specified, so any flat object of
// scalars is kept for them.
import { invalid } from '../graphql/errors.js';
import type { JsonObject } from '../store/types.js';

/** Preset field types the template builder offers (§2.3's, and every type a Cast field can have). */
export const PRESET_FIELD_TYPES = new Set([
  'fullName', 'email', 'signature', 'initial', 'signatureDate', 'date', 'shortText', 'longText', 'textPerLine',
  'textPerLetter', 'phone', 'usAddress', 'ssn', 'ein', 'integer', 'decimalNumber', 'dollar', 'percent',
  'checkbox', 'radioGroup', 'imageUrl',
]);

const MAX_PRESET_FIELDS = 500;
const MAX_TEXT = 2000;

type Check = (value: unknown, property: string) => void;

const text: Check = (value, property) => {
  if (typeof value !== 'string') throw invalid(property, `Expected a string, received ${describe(value)}`);
  if (value.length > MAX_TEXT) throw invalid(property, `At most ${MAX_TEXT} characters`);
};
const flag: Check = (value, property) => {
  if (typeof value !== 'boolean') throw invalid(property, `Expected true or false, received ${describe(value)}`);
};
const oneOf = (...allowed: string[]): Check => (value, property) => {
  if (typeof value !== 'string' || !allowed.includes(value)) throw invalid(property, `Expected one of ${allowed.join(', ')}, received ${describe(value)}`);
};

const TEMPLATE_OPTIONS: Readonly<Record<string, Check>> = {
  mode: oneOf('preset-fields'),
  fields: presetFields,
  pageTitle: text,
  finishButtonText: text,
  showPageTitleBar: flag,
  title: text,
  description: text,
  selectionDescription: text,
  selectionAddAnotherFieldText: text,
  showReplaceDocumentAction: flag,
  showFieldAlignmentTools: flag,
  showFieldStylingTools: flag,
};

const PRESET_FIELD_KEYS: Readonly<Record<string, Check>> = {
  name: text,
  type: (value, property) => {
    if (typeof value !== 'string' || !PRESET_FIELD_TYPES.has(value)) throw invalid(property, `Expected a field type (${[...PRESET_FIELD_TYPES].join(', ')}), received ${describe(value)}`);
  },
  aliasId: (value, property) => {
    text(value, property);
    if (!/^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/.test(value as string)) throw invalid(property, 'Expected an id: letters, digits, _ . -, starting with a letter or _');
  },
  required: flag,
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

function presetFields(value: unknown, property: string): void {
  if (!Array.isArray(value)) throw invalid(property, `Expected an array of field definitions, received ${describe(value)}`);
  if (value.length > MAX_PRESET_FIELDS) throw invalid(property, `At most ${MAX_PRESET_FIELDS} fields`);
  const aliasIds = new Set<string>();
  value.forEach((field: unknown, i) => {
    const at = `${property}[${i}]`;
    if (!isObject(field)) throw invalid(at, `Expected a field definition { name, type, aliasId }, received ${describe(field)}`);
    for (const key of ['name', 'type', 'aliasId']) if (field[key] === undefined) throw invalid(`${at}.${key}`, 'Required');
    checkKeys(field, PRESET_FIELD_KEYS, at);
    if (field.format !== undefined && field.type !== 'date' && field.type !== 'signatureDate') throw invalid(`${at}.format`, 'Only date fields take a format');
    const aliasId = field.aliasId as string;
    if (aliasIds.has(aliasId)) throw invalid(`${at}.aliasId`, `"${aliasId}" is used by another field`);
    aliasIds.add(aliasId);
  });
}

/** The options as stored; throws a ValidationError naming the first bad option. */
export function checkEmbedOptions(embedType: string, options: unknown): JsonObject {
  if (options === undefined || options === null) return {};
  if (!isObject(options)) throw invalid('options', `Expected an object, received ${describe(options)}`);
  if (embedType === 'edit-pdf-template') {
    checkKeys(options, TEMPLATE_OPTIONS, 'options');
    if (Object.keys(options).length > 0 && options.mode === undefined) throw invalid('options.mode', "Required: 'preset-fields' (the template builder's options apply in that mode)");
    return options;
  }
  for (const [key, value] of Object.entries(options)) {
    if (value !== null && typeof value === 'object') throw invalid(`options.${key}`, `Expected a string, number or boolean, received ${describe(value)}`);
    if (typeof value === 'string') text(value, `options.${key}`);
  }
  return options;
}

function checkKeys(object: Record<string, unknown>, checks: Readonly<Record<string, Check>>, at: string): void {
  for (const [key, value] of Object.entries(object)) {
    const check = Object.prototype.hasOwnProperty.call(checks, key) ? checks[key] : undefined;
    if (!check) throw invalid(`${at}.${key}`, `Unknown option; known: ${Object.keys(checks).join(', ')}`);
    if (value !== undefined) check(value, `${at}.${key}`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return typeof value === 'object' ? 'an object' : String(value);
}
