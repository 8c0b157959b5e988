// The template's fields drawn over the packet builder's pages (web/builder/packet/fieldBoxes.ts):
// which fields are drawn and in what order, which signers sign each, each box's colour, label
// and accessible name, where it goes on a (turned) page, and the palette's contrast.
import { describe, expect, it } from 'vitest';
import {
  boxPosition, fieldBoxView, fieldsByPage, listOf, placedTemplateFields, SIGNER_COLOURS, signerColour, signerName, signersOfField, UNASSIGNED_COLOUR,
} from '../../web/builder/packet/fieldBoxes.js';
import { fieldChoiceLabel } from '../../web/builder/packet/fields.js';
import { signersFromPacket } from '../../web/builder/packet/signers.js';
import type { TemplateField } from '../../web/builder/packet/types.js';

const rect = (x: number, y: number, width = 100, height = 20) => ({ x, y, width, height });

describe('placedTemplateFields', () => {
  it('keeps the fields with a page and a box, by aliasId, named (or by their id)', () => {
    const fields: TemplateField[] = [
      { id: 'f1', aliasId: 'name', name: 'Full name', type: 'shortText', pageNum: 0, rect: rect(10, 700) },
      { id: 'f2', aliasId: '', name: ' ', type: 'shortText', pageNum: 0, rect: rect(10, 600) },
      { id: 'f3', aliasId: 'nowhere', name: 'No page', type: 'shortText', rect: rect(10, 500) },
      { id: 'f4', aliasId: 'nobox', name: 'No box', type: 'shortText', pageNum: 0 },
      { id: 'f5', aliasId: 'flat', name: 'Flat', type: 'shortText', pageNum: 0, rect: rect(10, 400, 100, 0) },
      { id: 'f6', aliasId: 'bad', name: 'Bad page', type: 'shortText', pageNum: -1, rect: rect(10, 300) },
    ];
    expect(placedTemplateFields(fields)).toEqual([
      { fieldId: 'name', id: 'f1', name: 'Full name', pageNum: 0, rect: rect(10, 700) },
      { fieldId: 'f2', id: 'f2', name: 'f2', pageNum: 0, rect: rect(10, 600) },
    ]);
    expect(placedTemplateFields(null)).toEqual([]);
  });

  it('boxes a textPerLine field without a rect around its lines', () => {
    const lines = [rect(20, 500, 200, 12), rect(20, 486, 180, 12)];
    const [field] = placedTemplateFields([{ id: 'l', aliasId: 'notes', name: 'Notes', type: 'textPerLine', pageNum: 1, lines }]);
    expect(field!.rect).toEqual({ x: 20, y: 486, width: 200, height: 26 });
  });

  it('orders by page, then top to bottom, then left to right (a row within 2 points)', () => {
    const field = (aliasId: string, pageNum: number, x: number, y: number): TemplateField => ({ id: aliasId, aliasId, name: aliasId, type: 'shortText', pageNum, rect: rect(x, y) });
    const fields = [field('p2', 1, 0, 700), field('right', 0, 300, 600), field('low', 0, 0, 100), field('left', 0, 10, 601), field('top', 0, 400, 700)];
    expect(placedTemplateFields(fields).map((f) => f.fieldId)).toEqual(['top', 'left', 'right', 'low', 'p2']);
    const byPage = fieldsByPage(fields);
    expect([...byPage.keys()]).toEqual([0, 1]);
    expect(byPage.get(0)!.map((f) => f.fieldId)).toEqual(['top', 'left', 'right', 'low']);
    expect(byPage.get(1)!.map((f) => f.fieldId)).toEqual(['p2']);
  });
});

describe('signersOfField', () => {
  const signers = signersFromPacket([
    { id: 'a', name: 'Sally Employee', email: 'sally@example.com', fields: [{ fileId: 'offer', fieldId: 'name' }, { fileId: 'offer', fieldId: 'email' }] },
    { id: 'b', name: '  ', email: 'b@example.com', fields: [{ fileId: 'offer', fieldId: 'email' }, { fileId: 'other', fieldId: 'name' }] },
  ]);

  it('lists every signer that has the field of that file, in signing order', () => {
    expect(signersOfField(signers, { fileId: 'offer', fieldId: 'name' })).toEqual([{ index: 0, key: signers[0]!.key, name: 'Sally Employee' }]);
    expect(signersOfField(signers, { fileId: 'offer', fieldId: 'email' }).map((s) => s.name)).toEqual(['Sally Employee', 'Signer 2']);
    expect(signersOfField(signers, { fileId: 'offer', fieldId: 'phone' })).toEqual([]);
  });

  it('names a signer without a name by its number', () => {
    expect(signerName({ name: ' Harry ' }, 0)).toBe('Harry');
    expect(signerName({ name: '' }, 2)).toBe('Signer 3');
  });
});

describe('fieldBoxView', () => {
  const field = { fieldId: 'name', name: 'Full name' };
  const sally = { index: 0, key: 'k1', name: 'Sally Employee' };
  const harry = { index: 1, key: 'k2', name: 'Harry Manager' };

  it('draws a field nobody signs grey and dashed, "not assigned"', () => {
    expect(fieldBoxView(field, [], 'k1')).toEqual({ colour: UNASSIGNED_COLOUR, dashed: true, chips: [], label: 'Full name', accessibleName: 'Full name (name), not assigned', pressed: false });
  });

  it('draws a field in its first signer\'s colour, with every signer\'s number and name', () => {
    const one = fieldBoxView(field, [harry], 'k1');
    expect(one).toEqual({ colour: SIGNER_COLOURS[1], dashed: false, chips: [{ number: 2, colour: SIGNER_COLOURS[1] }], label: 'Full name', accessibleName: 'Full name (name), signed by Harry Manager', pressed: false });
    const both = fieldBoxView(field, [sally, harry], 'k2');
    expect(both.colour).toBe(SIGNER_COLOURS[0]);
    expect(both.chips.map((chip) => chip.number)).toEqual([1, 2]);
    expect(both.accessibleName).toBe('Full name (name), signed by Sally Employee and Harry Manager');
    expect(both.pressed).toBe(true);
  });

  it('is pressed only when the active signer signs it', () => {
    expect(fieldBoxView(field, [sally], 'k1').pressed).toBe(true);
    expect(fieldBoxView(field, [sally], null).pressed).toBe(false);
  });

  it('names a field whose name is its id once', () => {
    expect(fieldBoxView({ fieldId: 'email', name: 'email' }, [], null).accessibleName).toBe('email, not assigned');
    expect(fieldChoiceLabel('Email', 'email')).toBe('Email (email)');
  });

  it('lists names in a sentence', () => {
    expect(listOf([])).toBe('');
    expect(listOf(['A'])).toBe('A');
    expect(listOf(['A', 'B'])).toBe('A and B');
    expect(listOf(['A', 'B', 'C'])).toBe('A, B and C');
  });
});

describe('signer colours', () => {
  const luminance = (hex: string): number => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrastWithWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

  it('each has at least 4.5:1 contrast with white (white numbers on it, its outline on the page), and they differ', () => {
    for (const colour of [...SIGNER_COLOURS, UNASSIGNED_COLOUR]) expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(4.5);
    expect(new Set([...SIGNER_COLOURS, UNASSIGNED_COLOUR]).size).toBe(SIGNER_COLOURS.length + 1);
  });

  it('gives signer N the Nth colour, starting over after the last', () => {
    expect(signerColour(0)).toBe(SIGNER_COLOURS[0]);
    expect(signerColour(SIGNER_COLOURS.length + 2)).toBe(SIGNER_COLOURS[2]);
  });
});

describe('boxPosition', () => {
  it('places a rect from the page\'s bottom-left as percentages from its top-left', () => {
    expect(boxPosition(rect(61.2, 692, 122.4, 20), { width: 612, height: 792, rotation: 0 })).toEqual({ left: 10, top: (80 / 792) * 100, width: 20, height: (20 / 792) * 100 });
  });

  it('turns a rect of the unrotated page with the page', () => {
    // A 600×800 page turned 90°: shown 800×600; the page's bottom-left corner is shown at the top-left.
    const shown = { width: 800, height: 600, rotation: 90 as const };
    expect(boxPosition(rect(0, 0, 100, 50), shown)).toEqual({ left: 0, top: 0, width: (50 / 800) * 100, height: (100 / 600) * 100 });
  });
});
