// The fields a template upload starts with (createCast): after checking that the bytes are a
// usable PDF, its own form fields (detectFields), the blanks drawn for filling on it
// (detectBoxes: underscores, rules, empty boxes and table cells next to labels), and then the
// caller's aliases matched to them — only confident matches are applied.
import { matchAliases, type AliasList, type MatchableField } from './alias-match.js';
import { detectFieldBoxes, detectedToCastFields } from './detect-boxes.js';
import { acroFormFieldsOf } from './extract-fields.js';
import { pageSizesOf, type PageSize } from './page-box.js';
import { checkReadableByPdfjs } from './pdf-check.js';
import { loadTemplate } from './template.js';
import type { CastField, FieldRect } from './types.js';
import { ValidationError } from '../request/errors.js';

export interface TemplateFieldOptions {
  readonly detectFields: boolean;
  readonly detectBoxes: boolean;
  /** Alias ids, or { aliasId: { description, …overrides } }; null to match nothing. */
  readonly aliases: unknown;
}

export async function templateFields(pdf: Uint8Array, options: TemplateFieldOptions): Promise<{ fields: CastField[]; warnings: string[]; pageSizes: PageSize[] }> {
  const aliases = aliasList(options.aliases);
  // One parse by pdf-lib (the check, and the form's fields) and one by pdf.js (the check, or
  // the detection, which opens it anyway).
  const doc = await loadTemplate(pdf);
  const pageSizes = pageSizesOf(doc);
  const warnings: string[] = [];
  let fields: MatchableField[] = options.detectFields ? acroFormFieldsOf(doc) : [];
  if (!options.detectBoxes) await checkReadableByPdfjs(pdf);
  else {
    const detected = await detectFieldBoxes(pdf);
    const boxes = detectedToCastFields(detected).map((field, i) => ({ ...field, label: detected[i]!.label }));
    // A blank under a form field is that field: the form's own field wins.
    const taken = new Set(fields.map((field) => field.aliasId));
    const fresh = boxes.filter((box) => !fields.some((field) => field.pageNum === box.pageNum && field.rect && box.rect && overlaps(field.rect, box.rect)));
    fields = [...fields, ...fresh.map((box) => (taken.has(box.aliasId) ? { ...box, id: `${box.id}${fields.length}`, aliasId: `${box.aliasId}${fields.length}` } : box))];
  }
  if (aliases && fields.length > 0) {
    const matched = matchAliases(fields, aliases);
    warnings.push(...matched.warnings);
    fields = matched.fields;
  }
  return { fields: fields.map(({ label: _label, ...field }) => field as CastField), warnings, pageSizes };
}

/** createCast's `aliasIds`: an array of ids or an object keyed by id; anything else is the caller's error. */
export function aliasList(value: unknown): AliasList | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value) || (typeof value === 'object' && value !== null)) return value as AliasList;
  throw new ValidationError([{ property: 'aliasIds', message: 'Expected an array of alias ids, or an object { aliasId: { description, … } }' }]);
}

function overlaps(a: FieldRect, b: FieldRect): boolean {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 && width * height > 0.3 * Math.min(a.width * a.height, b.width * b.height);
}
