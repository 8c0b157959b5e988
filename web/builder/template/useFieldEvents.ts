// Tells the parent what the user did, after each render that changed the fields or the
// selection: castEditLoad first (once the pages and fields are on screen), then for every change
// castEditFieldsAdded / …Removed / …Changed (from diffFields, so undo and redo report themselves)
// and castEditSelectedFieldsChanged; and announces the change in the live region.
import { useEffect, useRef } from 'preact/hooks';
import type { Messenger } from '../messenger.js';
import { announcement } from './announce.js';
import { diffFields, selectionChange } from './fieldDiff.js';
import type { EditorState, Snapshot } from './state.js';

export function useFieldEvents(messenger: Messenger, state: EditorState, announce: (text: string) => void): void {
  const posted = useRef<Snapshot | null>(null);
  useEffect(() => {
    const before = posted.current;
    posted.current = { fields: state.fields, selection: state.selection };
    if (!before) {
      messenger.post({ action: 'castEditLoad' });
      return;
    }
    const diff = diffFields(before.fields, state.fields);
    if (diff.added.length > 0) messenger.post({ action: 'castEditFieldsAdded', fieldsAdded: diff.added });
    if (diff.removed.length > 0) messenger.post({ action: 'castEditFieldsRemoved', fieldsRemoved: diff.removed });
    if (diff.changed.length > 0) messenger.post({ action: 'castEditFieldsChanged', fieldsChanged: diff.changed });
    const selected = selectionChange(before.selection, state.selection, state.fields);
    if (selected !== undefined) messenger.post({ action: 'castEditSelectedFieldsChanged', fieldsSelected: selected });
    const text = announcement(state.last, diff, selected);
    if (text) announce(text);
  }, [messenger, state.fields, state.selection]);
}
