// The field types a preset or field can have, their names for people, and the size a new field
// of each type gets (PDF points).
import type { PageSize } from './types.js';

const TYPE_LABELS: Readonly<Record<string, string>> = {
  fullName: 'Full name',
  email: 'Email',
  signature: 'Signature',
  initial: 'Initials',
  signatureDate: 'Signature date',
  date: 'Date',
  shortText: 'Short text',
  longText: 'Long text',
  textPerLine: 'Text per line',
  textPerLetter: 'Text per letter',
  phone: 'Phone',
  usAddress: 'US address',
  ssn: 'Social Security number',
  ein: 'EIN',
  integer: 'Whole number',
  decimalNumber: 'Decimal number',
  dollar: 'Dollar amount',
  percent: 'Percentage',
  checkbox: 'Checkbox',
  radioGroup: 'Radio group',
  imageUrl: 'Image',
};

/** Every type, in the order the type menu lists them. */
export const FIELD_TYPES: readonly string[] = Object.keys(TYPE_LABELS);

export function typeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type;
}

const DEFAULT_SIZES: Readonly<Record<string, PageSize>> = {
  signature: { width: 180, height: 36 },
  initial: { width: 72, height: 36 },
  checkbox: { width: 14, height: 14 },
  date: { width: 110, height: 22 },
  signatureDate: { width: 110, height: 22 },
  longText: { width: 240, height: 60 },
  imageUrl: { width: 120, height: 80 },
};
const DEFAULT_SIZE: PageSize = { width: 160, height: 22 };

/** The size of a field of `type` placed without drawing it. */
export function defaultSize(type: string): PageSize {
  return DEFAULT_SIZES[type] ?? DEFAULT_SIZE;
}

/** The smallest a field can be drawn or resized to, in points. */
export const MIN_FIELD_SIZE = 8;
