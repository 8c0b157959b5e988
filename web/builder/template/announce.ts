// What the polite live region says after a change (DOM-free): the kind of change and what it
// did to the fields and the selection.
import type { FieldDiff } from './fieldDiff.js';
import type { ChangeKind } from './state.js';
import type { FieldRecord } from './types.js';

function fieldsPhrase(records: readonly FieldRecord[], verb: string, withPage: boolean): string {
  if (records.length === 1) {
    const only = records[0]!;
    return `${only.name} ${verb}${withPage ? ` on page ${only.pageNum + 1}` : ''}`;
  }
  return `${records.length} fields ${verb}`;
}

/** Fields moved to another page: "Full name moved to page 2", "3 fields moved to page 2". */
function movedPhrase(records: readonly FieldRecord[]): string {
  const pages = new Set(records.map((record) => record.pageNum));
  const subject = records.length === 1 ? records[0]!.name : `${records.length} fields`;
  return pages.size === 1 ? `${subject} moved to page ${records[0]!.pageNum + 1}` : `${subject} moved to other pages`;
}

/** The effects of a change, in words (empty when it changed no field). */
function describeDiff(diff: FieldDiff, kind: ChangeKind): string[] {
  const parts: string[] = [];
  if (diff.added.length > 0) parts.push(fieldsPhrase(diff.added, kind === 'paste' ? 'pasted' : kind === 'undo' || kind === 'redo' ? 'restored' : 'added', true));
  if (diff.removed.length > 0) parts.push(fieldsPhrase(diff.removed, 'removed', false));
  if (diff.changed.length > 0) parts.push(kind === 'page' ? movedPhrase(diff.changed) : fieldsPhrase(diff.changed, 'changed', false));
  return parts;
}

/**
 * The announcement for a change of kind `kind` whose field effects are `diff` and whose
 * selection payload is `selected` (undefined: the selection did not change); null for none.
 */
export function announcement(kind: ChangeKind, diff: FieldDiff, selected: readonly FieldRecord[] | null | undefined): string | null {
  const parts = describeDiff(diff, kind);
  if (kind === 'undo' || kind === 'redo') return [kind === 'undo' ? 'Undone' : 'Redone', ...parts].join('. ');
  if (parts.length > 0) return parts.join('. ');
  if (kind === 'select' && selected !== undefined) {
    if (selected === null) return 'Selection cleared';
    if (selected.length > 1) return `${selected.length} fields selected`;
  }
  return null;
}
