// What the parent is told when the fields change (castEditFieldsAdded, …Removed, …Changed), as a
// pure function of the field lists before and after: an undo or redo reports itself for free.
// A move or resize on the page changes no record (records carry no geometry), so it reports
// nothing; a move to another page changes the record's pageNum, so it reports the fields changed.
import { toRecord } from './records.js';
import type { FieldRecord, PlacedField } from './types.js';

export interface FieldDiff {
  readonly added: readonly FieldRecord[];
  readonly removed: readonly FieldRecord[];
  readonly changed: readonly FieldRecord[];
}

export function diffFields(before: readonly PlacedField[], after: readonly PlacedField[]): FieldDiff {
  const old = new Map(before.map((field) => [field.id, field]));
  const now = new Set(after.map((field) => field.id));
  const added: FieldRecord[] = [];
  const changed: FieldRecord[] = [];
  for (const field of after) {
    const previous = old.get(field.id);
    if (!previous) added.push(toRecord(field));
    else if (recordChanged(previous, field)) changed.push(toRecord(field));
  }
  const removed = before.filter((field) => !now.has(field.id)).map(toRecord);
  return { added, removed, changed };
}

function recordChanged(a: PlacedField, b: PlacedField): boolean {
  const x = toRecord(a);
  const y = toRecord(b);
  return x.name !== y.name || x.type !== y.type || x.aliasId !== y.aliasId || x.required !== y.required || x.pageNum !== y.pageNum;
}

/**
 * The castEditSelectedFieldsChanged payload when the selection changed from `before` to `after`
 * (ids), in the fields' order: records, null for an empty selection, undefined when the set of
 * selected ids is the same.
 */
export function selectionChange(before: readonly string[], after: readonly string[], fields: readonly PlacedField[]): readonly FieldRecord[] | null | undefined {
  const old = new Set(before);
  const now = new Set(after);
  if (old.size === now.size && [...now].every((id) => old.has(id))) return undefined;
  if (now.size === 0) return null;
  return fields.filter((field) => now.has(field.id)).map(toRecord);
}
