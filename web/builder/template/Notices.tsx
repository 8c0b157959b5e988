// What the builder tells the user above the workspace: a failed submit or replacement (an alert
// region, present from the start so that screen readers announce what appears in it), fields
// left on pages a replaced document does not have (with a button that removes them), and a
// replacement in progress.
import type { Problem } from './useSubmit.js';
import type { PlacedField } from './types.js';
import { orphansMessage } from './validation.js';

interface Props {
  readonly problem: Problem | null;
  readonly replaceError: string | null;
  readonly replacing: boolean;
  readonly orphans: readonly PlacedField[];
  readonly onRemoveOrphans: () => void;
}

export function Notices({ problem, replaceError, replacing, orphans, onRemoveOrphans }: Props) {
  return (
    <>
      <div class="tb-alerts" role="alert">
        {problem && <p key={problem.serial} class="alert tb-error">{problem.message}</p>}
        {replaceError && <p class="alert">{replaceError}</p>}
      </div>
      {orphans.length > 0 && (
        <div class="tb-warning" role="status">
          <p>{orphansMessage(orphans, (them) => `${them === 'it' ? 'It is' : 'They are'} kept: remove ${them}, or replace the document again.`)}</p>
          <button type="button" onClick={onRemoveOrphans}>
            Remove {orphans.length === 1 ? 'that field' : `those ${orphans.length} fields`}
          </button>
        </div>
      )}
      {replacing && <p class="tb-progress" role="status">Replacing the document…</p>}
    </>
  );
}
