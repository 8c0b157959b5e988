// The template's fields placed on one page, drawn over it: an outlined box per field in the
// colour of the signer who signs it (grey and dashed when nobody does), labelled with its name
// and the signers' numbers. Each box is a toggle button (Enter or Space too): it adds the field
// to the active signer's fields, or removes it — the same state the checkbox lists edit.
import type { PageSize } from '../pdf/document.js';
import { boxPosition, fieldBoxView, signersOfField, type PlacedTemplateField } from './fieldBoxes.js';
import type { SignerDraft } from './signers.js';
import type { SignerField } from './types.js';

interface Props {
  readonly fileId: string;
  /** The fields on this page. */
  readonly fields: readonly PlacedTemplateField[];
  readonly size: PageSize;
  readonly signers: readonly SignerDraft[];
  /** The signer a box toggles the field for; none while there is no signer. */
  readonly activeKey: string | null;
  readonly disabled: boolean;
  /** The element that says what pressing a box does. */
  readonly hintId: string;
  readonly onToggle: (field: SignerField) => void;
}

export function PageFields({ fileId, fields, size, signers, activeKey, disabled, hintId, onToggle }: Props) {
  if (fields.length === 0) return null;
  const inert = disabled || activeKey === null;
  return (
    <div class="pf-layer">
      {fields.map((field) => {
        const signerField = { fileId, fieldId: field.fieldId };
        const view = fieldBoxView(field, signersOfField(signers, signerField), activeKey);
        const at = boxPosition(field.rect, size);
        return (
          <div key={field.id} class={`pf-field${view.dashed ? ' is-unassigned' : ''}${view.pressed ? ' is-active-signer' : ''}`}
            style={{ left: `${at.left}%`, top: `${at.top}%`, width: `${at.width}%`, height: `${at.height}%`, '--pf-colour': view.colour }}>
            {/* The button's visible text is the start of its accessible name; the signers' numbers (in its name by their names) are beside it. */}
            <button type="button" class="pf-box" data-field-id={field.fieldId} aria-label={view.accessibleName}
              aria-pressed={activeKey === null ? undefined : view.pressed} aria-describedby={hintId} aria-disabled={inert ? true : undefined}
              onClick={() => {
                if (!inert) onToggle(signerField);
              }}>
              <span class="pf-name">{view.label}</span>
            </button>
            {view.chips.length > 0 && (
              <span class="pf-chips" aria-hidden="true">
                {view.chips.map((chip) => <span key={chip.number} class="pf-chip" style={{ background: chip.colour }}>{chip.number}</span>)}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
