// The fill request body (spec embedded-builders.md §4.6): its top-level options checked, and
// its `data` matched to the template's fields. Keys no field has are ignored and fields
// without a key stay empty (the spec allows both); every wrong value is reported at once,
// each under its property path, as one ValidationError.

import { ValidationError, type ValidationFailure } from '../request/errors.js';
import { isSignedField, parseFieldValue, type FieldValue } from './field-value.js';
import { MAX_DATA_KEYS } from './limits.js';
import type { CastField, FillPayload } from './types.js';

/** A field with the value it is filled with. */
export interface FilledField {
  readonly field: CastField;
  readonly value: FieldValue;
}

/** What the payload fills: the fields that have a value, and notes on values drawn as given. */
export interface MatchedPayload {
  readonly filled: readonly FilledField[];
  readonly warnings: readonly string[];
}

/**
 * Checks the payload and matches its data to `fields` (by aliasId, or an AcroForm field's
 * exact name); throws a ValidationError listing every problem.
 */
export function matchPayload(payload: unknown, fields: readonly CastField[]): MatchedPayload {
  const failures = payloadFailures(payload);
  // The values are checked too unless `data` itself is unusable: every problem at once.
  if (failures.some((f) => f.property === 'data' || f.property === '')) throw new ValidationError(failures);
  const data = (payload as FillPayload).data;
  const filled: FilledField[] = [];
  const warnings: string[] = [];
  const reported = new Set<string>();
  for (const field of fields) {
    const key = keyOf(field, data);
    const raw = key === undefined ? undefined : data[key];
    if (key === undefined || raw === undefined || raw === null) continue;
    // A signature is made by signing the packet, not by a payload: ignored, like an unknown key.
    if (isSignedField(field)) continue;
    const parsed = parseFieldValue(field, raw);
    if ('error' in parsed) {
      if (!reported.has(key)) failures.push({ property: `data.${key}`, message: `${parsed.error} for a ${field.type} field` });
      reported.add(key);
      continue;
    }
    if (parsed.warning) warnings.push(`data.${key}: ${parsed.warning}`);
    filled.push({ field, value: parsed.value });
  }
  if (failures.length > 0) throw new ValidationError(failures);
  return { filled, warnings };
}

/** Problems with the body itself: `data` an object, `fontSize` 1–72, `textColor` #rrggbb, `title` a string. */
export function payloadFailures(payload: unknown): ValidationFailure[] {
  if (!isObject(payload)) return [{ property: '', message: 'the request body must be a JSON object' }];
  const failures: ValidationFailure[] = [];
  const { data, fontSize, textColor, title } = payload;
  if (data === undefined || data === null) failures.push({ property: 'data', message: 'Required' });
  else if (!isObject(data)) failures.push({ property: 'data', message: 'must be an object of { aliasId: value }' });
  else if (Object.keys(data).length > MAX_DATA_KEYS) failures.push({ property: 'data', message: `must have at most ${MAX_DATA_KEYS} keys` });
  if (fontSize !== undefined && !(typeof fontSize === 'number' && fontSize >= 1 && fontSize <= 72)) {
    failures.push({ property: 'fontSize', message: 'must be a number from 1 to 72' });
  }
  if (textColor !== undefined && !(typeof textColor === 'string' && HEX_COLOR.test(textColor))) {
    failures.push({ property: 'textColor', message: 'must be a hex colour #rrggbb' });
  }
  if (title !== undefined && typeof title !== 'string') failures.push({ property: 'title', message: 'must be a string' });
  return failures;
}

/** `#rrggbb` (the # may be left out). */
export const HEX_COLOR = /^#?[0-9a-f]{6}$/i;

/** The data key that fills the field: its aliasId, else its AcroForm field's exact name. */
function keyOf(field: CastField, data: Readonly<Record<string, unknown>>): string | undefined {
  if (Object.hasOwn(data, field.aliasId)) return field.aliasId;
  if (field.acroFieldName !== undefined && Object.hasOwn(data, field.acroFieldName)) return field.acroFieldName;
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
