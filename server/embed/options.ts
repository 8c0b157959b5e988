// The `options` of generateEmbedURL, checked per builder (embedded-builders.md §4.1, §2.3).
// The template builder's options are known, so an unknown or ill-typed one is an error naming
// it; the packet and workflow builders' options are not specified, so any flat object of
// scalars is kept for them.
import { invalid } from '../graphql/errors.js';
import type { JsonObject } from '../store/types.js';
import { aliasId, checkFormatType, checkKeys, describe, FIELD_STYLE_CHECKS, fieldType, flag, isObject, oneOf, requireKeys, text, type Check } from './field-checks.js';

const MAX_PRESET_FIELDS = 500;

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
  type: fieldType,
  aliasId,
  required: flag,
  ...FIELD_STYLE_CHECKS,
};

/** A preset field definition as the token keeps it. */
export interface PresetField {
  readonly name: string;
  readonly type: string;
  readonly aliasId: string;
  readonly required?: boolean;
}

function presetFields(value: unknown, property: string): void {
  if (!Array.isArray(value)) throw invalid(property, `Expected an array of field definitions, received ${describe(value)}`);
  if (value.length > MAX_PRESET_FIELDS) throw invalid(property, `At most ${MAX_PRESET_FIELDS} fields`);
  const aliasIds = new Set<string>();
  value.forEach((field: unknown, i) => {
    const at = `${property}[${i}]`;
    if (!isObject(field)) throw invalid(at, `Expected a field definition { name, type, aliasId }, received ${describe(field)}`);
    requireKeys(field, ['name', 'type', 'aliasId'], at);
    checkKeys(field, PRESET_FIELD_KEYS, at);
    checkFormatType(field, at);
    const id = field.aliasId as string;
    if (aliasIds.has(id)) throw invalid(`${at}.aliasId`, `"${id}" is used by another field`);
    aliasIds.add(id);
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

/** The token's preset fields (checked when the token was made). */
export function presetFieldsOf(options: JsonObject): readonly PresetField[] {
  return Array.isArray(options.fields) ? (options.fields as PresetField[]) : [];
}
