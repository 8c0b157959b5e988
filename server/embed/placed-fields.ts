// The fields the template builder saves (POST /embed/session/cast/fields): fields placed on the
// template's pages, each checked — its type and text style as a preset's, its aliasId among the
// Cast's allowedAliasIds, its rectangle on its page — and the preset fields the template needs
// (`required: true`) that have no instance.
import type { PageSize } from '../../src/fill/page-box.js';
import type { CastField, CastFieldType, FieldRect } from '../../src/fill/types.js';
import { invalid } from '../graphql/errors.js';
import { aliasId, checkFormatType, checkKeys, describe, FIELD_STYLE_CHECKS, fieldType, flag, isObject, requireKeys, text, type Check } from './field-checks.js';
import type { PresetField } from './options.js';

/** How far a rectangle may reach past its page's edge, in points (a field drawn flush with the edge, rounded). */
const EDGE_SLACK = 1;
const MAX_ID_LENGTH = 64;

/** What a saved field must fit. */
export interface PlacementRules {
  /** The template's pages: a field's pageNum indexes them. */
  readonly pageSizes: readonly PageSize[];
  /** The Cast's allowedAliasIds; null for any. */
  readonly allowedAliasIds: readonly string[] | null;
  /** Ids the template's other fields (its form's) hold. */
  readonly takenIds: ReadonlySet<string>;
  /** How many fields may be saved. */
  readonly maxFields: number;
}

const STYLE_KEYS = ['alignment', 'fontSize', 'fontWeight', 'fontFamily', 'textColor', 'format'] as const;

/** The fields as stored; throws a ValidationError naming the first bad property (`fields[3].rect.width`). */
export function checkPlacedFields(value: unknown, rules: PlacementRules): CastField[] {
  if (!Array.isArray(value)) throw invalid('fields', `Expected an array of fields, received ${describe(value)}`);
  if (value.length > rules.maxFields) throw invalid('fields', `At most ${rules.maxFields} fields`);
  const ids = new Set<string>();
  return value.map((raw: unknown, i) => {
    const at = `fields[${i}]`;
    const field = checkPlacedField(raw, rules, at);
    if (ids.has(field.id) || rules.takenIds.has(field.id)) throw invalid(`${at}.id`, `"${field.id}" is the id of another field of the template`);
    ids.add(field.id);
    return field;
  });
}

function checkPlacedField(raw: unknown, rules: PlacementRules, at: string): CastField {
  if (!isObject(raw)) throw invalid(at, `Expected a field { id, aliasId, name, type, pageNum, rect }, received ${describe(raw)}`);
  requireKeys(raw, ['id', 'aliasId', 'name', 'type', 'pageNum', 'rect'], at);
  checkKeys(raw, fieldKeys(rules), at);
  checkFormatType(raw, at);
  const pageNum = raw.pageNum as number;
  const rect = checkRect(raw.rect, rules.pageSizes[pageNum]!, `${at}.rect`);
  const style = Object.fromEntries(STYLE_KEYS.filter((key) => raw[key] !== undefined).map((key) => [key, raw[key]]));
  return {
    id: raw.id as string,
    aliasId: raw.aliasId as string,
    name: raw.name as string,
    type: raw.type as CastFieldType,
    ...(raw.required !== undefined ? { required: raw.required as boolean } : {}),
    pageNum,
    rect,
    ...style,
  };
}

function fieldKeys(rules: PlacementRules): Record<string, Check> {
  return {
    id: (value, property) => {
      if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_ID_LENGTH) throw invalid(property, `Expected a non-empty id of at most ${MAX_ID_LENGTH} characters, received ${describe(value)}`);
    },
    aliasId: (value, property) => {
      aliasId(value, property);
      if (rules.allowedAliasIds !== null && !rules.allowedAliasIds.includes(value as string)) throw invalid(property, `"${value as string}" is not one of the template's allowedAliasIds`);
    },
    name: text,
    type: fieldType,
    required: flag,
    pageNum: (value, property) => {
      const pages = rules.pageSizes.length;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= pages) throw invalid(property, `Expected a page index from 0 to ${pages - 1} (the template has ${pages} page${pages === 1 ? '' : 's'}), received ${describe(value)}`);
    },
    // Checked against its page once pageNum is known.
    rect: () => undefined,
    ...FIELD_STYLE_CHECKS,
  };
}

/** `{ x, y, width, height }` in points from the page's bottom-left, inside the page. */
function checkRect(value: unknown, page: PageSize, at: string): FieldRect {
  if (!isObject(value)) throw invalid(at, `Expected { x, y, width, height } in points, received ${describe(value)}`);
  requireKeys(value, ['x', 'y', 'width', 'height'], at);
  const number: Check = (n, property) => {
    if (typeof n !== 'number' || !Number.isFinite(n)) throw invalid(property, `Expected a number of points, received ${describe(n)}`);
  };
  checkKeys(value, { x: number, y: number, width: number, height: number }, at);
  const { x, y, width, height } = value as unknown as FieldRect;
  if (width <= 0) throw invalid(`${at}.width`, `Expected more than 0, received ${width}`);
  if (height <= 0) throw invalid(`${at}.height`, `Expected more than 0, received ${height}`);
  const size = `the page is ${page.width} × ${page.height} pt`;
  if (x < -EDGE_SLACK || x + width > page.width + EDGE_SLACK) throw invalid(`${at}.x`, `The field does not fit across its page: x ${x} + width ${width}, ${size}`);
  if (y < -EDGE_SLACK || y + height > page.height + EDGE_SLACK) throw invalid(`${at}.y`, `The field does not fit up its page: y ${y} + height ${height}, ${size}`);
  return { x, y, width, height };
}

/** The names of the required preset fields with no field of their aliasId. */
export function missingRequiredFields(presets: readonly PresetField[], fields: readonly CastField[]): string[] {
  const placed = new Set(fields.map((field) => field.aliasId));
  return presets.filter((preset) => preset.required === true && !placed.has(preset.aliasId)).map((preset) => preset.name);
}
