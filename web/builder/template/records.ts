// Between the Cast's fields as the server holds them and the builder's placed fields, and the
// records events carry (§2.4).
import type { FieldRecord, PlacedField, Rect } from './types.js';

export function toRecord(field: PlacedField): FieldRecord {
  return { id: field.id, aliasId: field.aliasId, name: field.name, type: field.type, required: field.required === true, pageNum: field.pageNum };
}

export function toRecords(fields: readonly PlacedField[]): FieldRecord[] {
  return fields.map(toRecord);
}

/**
 * The Cast's placed fields (a page and a rect), which the builder edits; the PDF's own form
 * fields (`acroFieldName`) are the server's to keep and stay out of the editor.
 */
export function placedFields(castFields: readonly Readonly<Record<string, unknown>>[]): PlacedField[] {
  const placed: PlacedField[] = [];
  for (const field of castFields) {
    if (field.acroFieldName !== undefined && field.acroFieldName !== null) continue;
    if (typeof field.id !== 'string' || typeof field.aliasId !== 'string' || typeof field.pageNum !== 'number' || !isRect(field.rect)) continue;
    placed.push({ ...field, name: typeof field.name === 'string' ? field.name : field.aliasId, type: typeof field.type === 'string' ? field.type : 'shortText' } as PlacedField);
  }
  return placed;
}

function isRect(value: unknown): value is Rect {
  const rect = value as Partial<Rect> | null;
  return typeof rect === 'object' && rect !== null && [rect.x, rect.y, rect.width, rect.height].every((n) => typeof n === 'number' && Number.isFinite(n));
}

/** The keys a saved field may have (the server refuses others). */
const SAVED_KEYS = ['id', 'aliasId', 'name', 'type', 'required', 'pageNum', 'rect', 'alignment', 'fontSize', 'fontWeight', 'fontFamily', 'textColor', 'format'] as const;
const DATE_TYPES: ReadonlySet<string> = new Set(['date', 'signatureDate']);

/**
 * The fields as POST session/cast/fields takes them: the Cast field keys only, `required` always
 * set, and `format` only on date fields (a field whose type changed from a date drops it).
 */
export function toCastFields(fields: readonly PlacedField[]): PlacedField[] {
  return fields.map((field) => {
    const saved: Record<string, unknown> = {};
    for (const key of SAVED_KEYS) if (field[key] !== undefined) saved[key] = field[key];
    saved.required = field.required === true;
    if (!DATE_TYPES.has(field.type)) delete saved.format;
    return saved as unknown as PlacedField;
  });
}
