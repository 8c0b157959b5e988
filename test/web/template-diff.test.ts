// The events' field records (web/builder/template/records.ts, fieldDiff.ts, announce.ts,
// validation.ts): what castEditFieldsAdded/Removed/Changed and castEditSelectedFieldsChanged carry.
import { describe, expect, it } from 'vitest';
import { announcement } from '../../web/builder/template/announce.js';
import { diffFields, selectionChange } from '../../web/builder/template/fieldDiff.js';
import { placedFields, toCastFields, toRecord } from '../../web/builder/template/records.js';
import type { PlacedField } from '../../web/builder/template/types.js';
import { missingFieldsMessage, missingRequiredFields, orphansMessage } from '../../web/builder/template/validation.js';

const LETTER_PAGES = [{ width: 612, height: 792, rotation: 0 as const }, { width: 612, height: 792, rotation: 0 as const }];

const rect = { x: 10, y: 10, width: 100, height: 20 };
const a: PlacedField = { id: 'a', aliasId: 'fullName', name: 'Full name', type: 'fullName', required: true, pageNum: 0, rect };
const b: PlacedField = { id: 'b', aliasId: 'email', name: 'Email', type: 'email', pageNum: 1, rect };

describe('records', () => {
  it('carries id, aliasId, name, type, required (always a boolean) and a 0-based pageNum', () => {
    expect(toRecord(a)).toEqual({ id: 'a', aliasId: 'fullName', name: 'Full name', type: 'fullName', required: true, pageNum: 0 });
    expect(toRecord(b).required).toBe(false);
  });

  it('loads only placed fields, not the PDF form fields', () => {
    const loaded = placedFields([
      { id: 'f1', aliasId: 'x', name: 'X', type: 'shortText', acroFieldName: 'form.x' },
      { id: 'f2', aliasId: 'y', name: 'Y', type: 'date', pageNum: 0, rect, format: 'MM/DD' },
      { id: 'f3', aliasId: 'z', name: 'Z', type: 'shortText', pageNum: 0 },
    ], LETTER_PAGES);
    expect(loaded.map((f) => f.id)).toEqual(['f2']);
    expect(loaded[0]!.format).toBe('MM/DD');
  });

  it('turns rects to the displayed page on load and back on save', () => {
    const stored = { id: 'r', aliasId: 'r', name: 'R', type: 'shortText', pageNum: 0, rect: { x: 50, y: 100, width: 200, height: 20 } };
    const turned = [{ width: 792, height: 612, rotation: 90 as const }];
    const [shown] = placedFields([stored], turned);
    expect(shown!.rect).toEqual({ x: 100, y: 362, width: 20, height: 200 });
    expect(toCastFields([shown!], turned)[0]!.rect).toEqual(stored.rect);
  });

  it('saves only the Cast field keys, required always set, format only on date fields', () => {
    const extra = { ...a, maxLength: 4, format: 'YYYY', fontSize: 12 } as PlacedField;
    expect(toCastFields([extra, { ...b, type: 'date', format: 'YYYY' }], LETTER_PAGES)).toEqual([
      { id: 'a', aliasId: 'fullName', name: 'Full name', type: 'fullName', required: true, pageNum: 0, rect, fontSize: 12 },
      { id: 'b', aliasId: 'email', name: 'Email', type: 'date', required: false, pageNum: 1, rect, format: 'YYYY' },
    ]);
  });
});

describe('diffFields', () => {
  it('reports added, removed, and changed (name, type, aliasId) fields; not moves', () => {
    const moved = { ...a, rect: { ...rect, x: 50 } };
    expect(diffFields([a], [moved])).toEqual({ added: [], removed: [], changed: [] });
    const renamed = { ...a, name: 'Name' };
    const retyped = { ...b, type: 'shortText' };
    const c = { ...a, id: 'c' };
    expect(diffFields([a, b], [renamed, retyped, c])).toEqual({ added: [toRecord(c)], removed: [], changed: [toRecord(renamed), toRecord(retyped)] });
    expect(diffFields([a, b], [b])).toEqual({ added: [], removed: [toRecord(a)], changed: [] });
    expect(diffFields([a], [{ ...a, aliasId: 'other' }]).changed).toHaveLength(1);
  });

  it('reports a field moved to another page as changed, with its new pageNum', () => {
    const moved = { ...a, pageNum: 1, rect: { ...rect, y: 500 } };
    expect(diffFields([a, b], [moved, b])).toEqual({ added: [], removed: [], changed: [{ ...toRecord(a), pageNum: 1 }] });
    expect(diffFields([moved, b], [a, b])).toEqual({ added: [], removed: [], changed: [toRecord(a)] });
  });

  it('an undo is the reverse diff', () => {
    const after = [a, b];
    expect(diffFields(after, [a]).removed).toEqual([toRecord(b)]);
    expect(diffFields([a], after).added).toEqual([toRecord(b)]);
  });
});

describe('selectionChange', () => {
  it('is undefined when the same ids are selected, null when none, else the records in the fields order', () => {
    expect(selectionChange(['a', 'b'], ['b', 'a'], [a, b])).toBeUndefined();
    expect(selectionChange(['a'], [], [a, b])).toBeNull();
    expect(selectionChange([], ['b', 'a'], [a, b])).toEqual([toRecord(a), toRecord(b)]);
    expect(selectionChange([], [], [a])).toBeUndefined();
  });
});

describe('announcement', () => {
  const none = { added: [], removed: [], changed: [] };
  it('names one field and its page, counts several', () => {
    expect(announcement('add', { ...none, added: [toRecord(a)] }, [toRecord(a)])).toBe('Full name added on page 1');
    expect(announcement('remove', { ...none, removed: [toRecord(a), toRecord(b)] }, null)).toBe('2 fields removed');
    expect(announcement('undo', { ...none, removed: [toRecord(a)] }, null)).toBe('Undone. Full name removed');
    expect(announcement('redo', none, undefined)).toBe('Redone');
    expect(announcement('select', none, null)).toBe('Selection cleared');
    expect(announcement('select', none, [toRecord(a), toRecord(b)])).toBe('2 fields selected');
    expect(announcement('geometry', none, undefined)).toBeNull();
  });

  it('says where fields moved to another page went', () => {
    const moved = { ...a, pageNum: 1 };
    expect(announcement('page', { ...none, changed: [toRecord(moved)] }, undefined)).toBe('Full name moved to page 2');
    expect(announcement('page', { ...none, changed: [toRecord(moved), toRecord({ ...b, pageNum: 1 })] }, undefined)).toBe('2 fields moved to page 2');
    expect(announcement('page', { ...none, changed: [toRecord(moved), toRecord({ ...b, pageNum: 2 })] }, undefined)).toBe('2 fields moved to other pages');
    expect(announcement('undo', { ...none, changed: [toRecord(a)] }, undefined)).toBe('Undone. Full name changed');
  });
});

describe('missingRequiredFields', () => {
  it('names the required presets with no field placed', () => {
    const presets = [
      { name: 'Full name', type: 'fullName', aliasId: 'fullName', required: true },
      { name: 'Signature', type: 'signature', aliasId: 'sig', required: true },
      { name: 'Email', type: 'email', aliasId: 'email' },
    ];
    expect(missingRequiredFields(presets, [a])).toEqual(['Signature']);
    expect(missingRequiredFields(presets, [])).toEqual(['Full name', 'Signature']);
    expect(missingFieldsMessage(['Signature'])).toBe('Place the required field Signature before saving.');
    expect(missingFieldsMessage(['Full name', 'Signature'])).toBe('Place the required fields Full name, Signature before saving.');
  });
});

describe('orphansMessage', () => {
  it('names the field or counts them, and lists their pages', () => {
    expect(orphansMessage([b], (them) => `Remove ${them}.`)).toBe('The field Email is on page 2, which the document does not have. Remove it.');
    expect(orphansMessage([b, { ...a, id: 'c', pageNum: 4 }, { ...b, id: 'd' }], (them) => `Remove ${them}.`)).toBe('3 fields are on page 2, page 5, which the document does not have. Remove them.');
  });
});
