// One signer: name, email, its place in the signing order (Move up / Move down), removal, and
// the fields it signs; its legend shows its colour (that of its fields on the pages). Problems
// show under their input, which points at them (aria-describedby).
import { FieldAssignment, type SignableDocument } from './FieldAssignment.js';
import { signerColour } from './fieldBoxes.js';
import { TextInput } from '../form/TextInput.js';
import type { SignerDraft, SignerProblems } from './signers.js';
import type { SignerField } from './types.js';

interface Props {
  readonly signer: SignerDraft;
  /** 0-based place in the signing order. */
  readonly index: number;
  readonly count: number;
  readonly documents: readonly SignableDocument[];
  readonly problems: SignerProblems | undefined;
  readonly disabled: boolean;
  readonly onChange: (change: Partial<Pick<SignerDraft, 'name' | 'email'>>) => void;
  readonly onToggleField: (field: SignerField, on: boolean) => void;
  readonly onMove: (delta: -1 | 1) => void;
  readonly onRemove: () => void;
}

export function SignerEditor({ signer, index, count, documents, problems, disabled, onChange, onToggleField, onMove, onRemove }: Props) {
  const id = signer.key;
  return (
    <fieldset class="signer" id={id} data-signer-id={signer.id}>
      <legend><span class="signer-swatch" aria-hidden="true" style={{ background: signerColour(index) }} />Signer {index + 1}</legend>
      {index === 0 && <p class="hint first-signer">Signs first: the packet is sent to this signer.</p>}
      <TextInput id={`${id}-name`} label="Name" value={signer.name} error={problems?.name} disabled={disabled}
        onInput={(name) => onChange({ name })} />
      <TextInput id={`${id}-email`} label="Email" type="email" value={signer.email} error={problems?.email} disabled={disabled}
        onInput={(email) => onChange({ email })} />
      <FieldAssignment signer={signer} documents={documents} error={problems?.fields} disabled={disabled} onToggle={onToggleField} />
      <div class="signer-actions">
        <button type="button" id={`${id}-up`} disabled={disabled || index === 0} onClick={() => onMove(-1)}>Move up</button>
        <button type="button" id={`${id}-down`} disabled={disabled || index === count - 1} onClick={() => onMove(1)}>Move down</button>
        <button type="button" id={`${id}-remove`} class="danger" disabled={disabled} onClick={onRemove}>Remove signer</button>
      </div>
    </fieldset>
  );
}
