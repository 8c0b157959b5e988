// Test fixtures for the fill engine: the anvil example files, and a Cast of placed fields
// covering every field type, laid out in the blank lower half of a page (pt, y up from the
// page's bottom-left corner).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { CastField, FieldRect, FillPayload } from '../../src/fill/types.js';

const EXAMPLES = join(import.meta.dirname, '../../../shared/examples/anvil');

export function fixturePdf(name: 'sample-template-fillable.pdf' | 'test-pdf-nda.pdf' | 'node-anvil__test__assets__dummy.pdf'): Uint8Array {
  return new Uint8Array(readFileSync(join(EXAMPLES, 'fixtures', name)));
}

export const FILL_EXAMPLES = [
  'api-usage-examples__java__pdf-fill.json',
  'api-usage-examples__javascript__fill-pdf.json',
  'node-anvil__README__fill-payload.json',
  'python-anvil__examples__fill_pdf.camelCase.json',
] as const;

export function examplePayload(name: (typeof FILL_EXAMPLES)[number]): FillPayload {
  return JSON.parse(readFileSync(join(EXAMPLES, 'fill-pdf', name), 'utf8')) as FillPayload;
}

export const CHOSEN_RADIO = 'cast68d7e540afba11ecaf289fa5a354293a';

/** Where each placed field of `placedCast` is, by id. */
export const RECTS = {
  shortText: rect(50, 288, 240, 20),
  date: rect(310, 288, 240, 20),
  dateLong: rect(310, 266, 240, 20),
  dateWeekday: rect(310, 244, 240, 20),
  name: rect(50, 266, 240, 20),
  email: rect(50, 244, 240, 20),
  phone: rect(50, 222, 240, 20),
  usAddress: rect(310, 200, 240, 44),
  ssn: rect(50, 200, 115, 20),
  ein: rect(175, 200, 115, 20),
  decimalNumber: rect(50, 176, 115, 20),
  dollar: rect(175, 176, 115, 20),
  integer: rect(310, 176, 115, 20),
  percent: rect(435, 176, 115, 20),
  checkbox: rect(50, 150, 20, 20),
  radioYes: rect(100, 150, 20, 20),
  radioNo: rect(140, 150, 20, 20),
  image: rect(180, 130, 100, 40),
  textPerLetter: rect(50, 100, 500, 22),
  longText: rect(300, 122, 120, 48),
  line1: rect(50, 80, 220, 16),
  line2: rect(50, 64, 220, 16),
  line3: rect(50, 48, 220, 16),
} satisfies Record<string, FieldRect>;

/** A Cast of placed fields on page `pageNum` covering every CastFieldType, keyed like the example payloads. */
export function placedCast(pageNum: number): CastField[] {
  const at = (id: keyof typeof RECTS) => ({ pageNum, rect: RECTS[id] });
  return [
    { id: 'f1', aliasId: 'shortText', name: 'Short text', type: 'shortText', ...at('shortText') },
    { id: 'f2', aliasId: 'date', name: 'Date', type: 'date', ...at('date') },
    { id: 'f3', aliasId: 'date', name: 'Date (long)', type: 'date', format: 'MMMM Do YYYY', ...at('dateLong') },
    { id: 'f4', aliasId: 'date', name: 'Date (weekday)', type: 'date', format: 'dddd, D MMM YY', ...at('dateWeekday') },
    { id: 'f5', aliasId: 'name', name: 'Name', type: 'fullName', ...at('name') },
    { id: 'f6', aliasId: 'email', name: 'Email', type: 'email', ...at('email') },
    { id: 'f7', aliasId: 'phone', name: 'Phone', type: 'phone', ...at('phone') },
    { id: 'f8', aliasId: 'usAddress', name: 'Address', type: 'usAddress', ...at('usAddress') },
    { id: 'f9', aliasId: 'ssn', name: 'SSN', type: 'ssn', ...at('ssn') },
    { id: 'f10', aliasId: 'ein', name: 'EIN', type: 'ein', ...at('ein') },
    { id: 'f11', aliasId: 'decimalNumber', name: 'Decimal', type: 'decimalNumber', ...at('decimalNumber') },
    { id: 'f12', aliasId: 'dollar', name: 'Dollar', type: 'dollar', ...at('dollar') },
    { id: 'f13', aliasId: 'integer', name: 'Integer', type: 'integer', ...at('integer') },
    { id: 'f14', aliasId: 'percent', name: 'Percent', type: 'percent', ...at('percent') },
    { id: 'f15', aliasId: 'checkbox', name: 'Checkbox', type: 'checkbox', ...at('checkbox') },
    {
      id: 'f16', aliasId: 'radioGroup', name: 'Radio', type: 'radioGroup', pageNum,
      options: [
        { id: CHOSEN_RADIO, name: 'Yes', pageNum, rect: RECTS.radioYes },
        { id: 'castOther', name: 'No', pageNum, rect: RECTS.radioNo },
      ],
    },
    { id: 'f17', aliasId: 'image', name: 'Image', type: 'imageUrl', ...at('image') },
    { id: 'f18', aliasId: 'textPerLetter', name: 'Per letter', type: 'textPerLetter', maxLength: 20, fontFamily: 'Courier', ...at('textPerLetter') },
    { id: 'f19', aliasId: 'longText', name: 'Long text', type: 'longText', ...at('longText') },
    { id: 'f20', aliasId: 'textPerLine', name: 'Per line', type: 'textPerLine', pageNum, lines: [RECTS.line1, RECTS.line2, RECTS.line3] },
  ];
}

/** An 80×40 pure red PNG. */
export async function redPng(): Promise<Uint8Array> {
  return new Uint8Array(await sharp({ create: { width: 80, height: 40, channels: 3, background: { r: 255, g: 0, b: 0 } } }).png().toBuffer());
}

function rect(x: number, y: number, width: number, height: number): FieldRect {
  return { x, y, width, height };
}
