// Between the Cast's fields as the server holds them and the builder's placed fields, and the
// records events carry (§2.4).
import { toDisplayed, toUnrotated, type Rotation } from '../pdf/page-space.js';
import type { FieldRecord, PlacedField, Rect } from './types.js';

/** What converting a page's rects needs: its displayed size and its rotation. */
export interface PageGeometry {
  readonly width: number;
  readonly height: number;
  readonly rotation: Rotation;
}

export function toRecord(field: PlacedField): FieldRecord {
  return { id: field.id, aliasId: field.aliasId, name: field.name, type: field.type, required: field.required === true, pageNum: field.pageNum };
}

export function toRecords(fields: readonly PlacedField[]): FieldRecord[] {
  return fields.map(toRecord);
}

/**
 * The Cast's placed fields (a page and a rect), which the builder edits, their rects turned to
 * the displayed pages (`pages`); the PDF's own form fields (`acroFieldName`) are the server's to
 * keep and stay out of the editor.
 */
export function placedFields(castFields: readonly Readonly<Record<string, unknown>>[], pages: readonly PageGeometry[]): PlacedField[] {
  const placed: PlacedField[] = [];
  for (const field of castFields) {
    if (field.acroFieldName !== undefined && field.acroFieldName !== null) continue;
    if (typeof field.id !== 'string' || typeof field.aliasId !== 'string' || typeof field.pageNum !== 'number' || !isRect(field.rect)) continue;
    const page = pages[field.pageNum];
    const rect = page ? toDisplayed(field.rect, page.rotation, page) : field.rect;
    placed.push({ ...field, rect, name: typeof field.name === 'string' ? field.name : field.aliasId, type: typeof field.type === 'string' ? field.type : 'shortText' } as PlacedField);
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
 * set, `format` only on date fields (a field whose type changed from a date drops it), rects
 * back in their pages' unrotated space.
 */
export function toCastFields(fields: readonly PlacedField[], pages: readonly PageGeometry[]): PlacedField[] {
  return fields.map((field) => {
    const saved: Record<string, unknown> = {};
    for (const key of SAVED_KEYS) if (field[key] !== undefined) saved[key] = field[key];
    const page = pages[field.pageNum];
    if (page) saved.rect = toUnrotated(field.rect, page.rotation, page);
    saved.required = field.required === true;
    if (!DATE_TYPES.has(field.type)) delete saved.format;
    return saved as unknown as PlacedField;
  });
}
