// The template builder's signing field types on the fill endpoint: `signature` and `initial`
// are signed in e-signature packets, so a fill leaves them empty and ignores any value given
// for them (no error, no warning); `signatureDate` is filled like `date`, with its format.
import { describe, expect, it } from 'vitest';
import { fillPdf } from '../../src/fill/fill-pdf.js';
import { ValidationError } from '../../src/index.js';
import type { CastField } from '../../src/fill/types.js';
import { fixturePdf } from './cast-fixture.js';
import { pageWords, wordsIn } from './pdf-probe.js';

const TEMPLATE = fixturePdf('node-anvil__test__assets__dummy.pdf');
const PAGE_HEIGHT = 842;
const SIGNATURE = { x: 50, y: 288, width: 240, height: 20 };
const INITIAL = { x: 50, y: 260, width: 60, height: 20 };
const SIGNED_ON = { x: 310, y: 288, width: 240, height: 20 };

const FIELDS: CastField[] = [
  { id: 's', aliasId: 'sig', name: 'Signature', type: 'signature', pageNum: 0, rect: SIGNATURE },
  { id: 'i', aliasId: 'ini', name: 'Initials', type: 'initial', pageNum: 0, rect: INITIAL },
  { id: 'd', aliasId: 'signedOn', name: 'Date signed', type: 'signatureDate', pageNum: 0, rect: SIGNED_ON, format: 'MMMM Do YYYY' },
];

const textIn = (pdf: Uint8Array, rect: typeof SIGNATURE) => wordsIn(pageWords(pdf, 1), rect, PAGE_HEIGHT).map((w) => w.text).join(' ');

describe('fill: signing field types', () => {
  it('leaves signature and initial empty whatever they are given, silently; formats signatureDate like a date', async () => {
    for (const given of ['Jane Signer', 42, { image: 'x' }, ['a'], true]) {
      const { pdf, warnings } = await fillPdf(TEMPLATE, FIELDS, { data: { sig: given, ini: given, signedOn: '2024-03-05' } }, { deterministic: true });
      expect(warnings).toEqual([]);
      expect(textIn(pdf, SIGNATURE)).toBe('');
      expect(textIn(pdf, INITIAL)).toBe('');
      expect(textIn(pdf, SIGNED_ON)).toBe('March 5th 2024');
    }
  });

  it('checks a signatureDate value as a date: a wrong type names the key, a non-ISO string is drawn with a warning', async () => {
    const error = await fillPdf(TEMPLATE, FIELDS, { data: { signedOn: 20240305 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual([{ property: 'data.signedOn', message: expect.stringMatching(/date string.*signatureDate field/) }]);
    const { pdf, warnings } = await fillPdf(TEMPLATE, FIELDS, { data: { signedOn: 'soon' } }, { deterministic: true });
    expect(warnings).toEqual([expect.stringMatching(/^data\.signedOn: "soon" is not a YYYY-MM-DD date/)]);
    expect(textIn(pdf, SIGNED_ON)).toBe('soon');
  });

  it('uses MM/DD/YYYY for a signatureDate without a format', async () => {
    const fields = FIELDS.map((field) => (field.type === 'signatureDate' ? { ...field, format: undefined } : field));
    const { pdf } = await fillPdf(TEMPLATE, fields, { data: { signedOn: '2024-03-05' } }, { deterministic: true });
    expect(textIn(pdf, SIGNED_ON)).toBe('03/05/2024');
  });
});
