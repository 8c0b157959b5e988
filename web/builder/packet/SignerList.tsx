// The packet's signers in signing order, each editable, plus Add signer. Keeps the keyboard
// user's place: focus follows a moved signer's button, goes to a new signer's name, and to the
// next signer (or Add signer) after a removal.
import { useEffect, useRef } from 'preact/hooks';
import type { SignableDocument } from './FieldAssignment.js';
import { SignerEditor } from './SignerEditor.js';
import { addSigner, moveSigner, removeSigner, setField, updateSigner, type SignerDraft, type SignerProblems } from './signers.js';

interface Props {
  readonly signers: readonly SignerDraft[];
  readonly documents: readonly SignableDocument[];
  readonly problems: Readonly<Record<string, SignerProblems>>;
  readonly disabled: boolean;
  readonly onChange: (signers: SignerDraft[]) => void;
}

const ADD_ID = 'add-signer';

export function SignerList({ signers, documents, problems, disabled, onChange }: Props) {
  // Element ids to try, in order, once the change is drawn.
  const focusNext = useRef<string[] | null>(null);
  useEffect(() => {
    const ids = focusNext.current;
    if (!ids) return;
    focusNext.current = null;
    for (const id of ids) {
      const element = document.getElementById(id) as HTMLButtonElement | HTMLInputElement | null;
      if (element && !element.disabled) {
        element.focus();
        return;
      }
    }
  });

  const move = (index: number, delta: -1 | 1): void => {
    const key = signers[index]!.key;
    const [same, other] = delta < 0 ? ['up', 'down'] : ['down', 'up'];
    focusNext.current = [`${key}-${same}`, `${key}-${other}`];
    onChange(moveSigner(signers, index, delta));
  };
  const remove = (index: number): void => {
    const next = signers[index + 1] ?? signers[index - 1];
    focusNext.current = next ? [`${next.key}-name`] : [ADD_ID];
    onChange(removeSigner(signers, signers[index]!.key));
  };
  const add = (): void => {
    const added = addSigner(signers);
    focusNext.current = [`${added[added.length - 1]!.key}-name`];
    onChange(added);
  };

  return (
    <div class="signer-list">
      {signers.length === 0 && <p class="hint">No signers yet. Add the people who sign, in the order they sign.</p>}
      {signers.length > 0 && <ol class="signers">
        {signers.map((signer, i) => (
          <li key={signer.key}>
            <SignerEditor signer={signer} index={i} count={signers.length} documents={documents} problems={problems[signer.key]} disabled={disabled}
              onChange={(change) => onChange(updateSigner(signers, signer.key, change))}
              onToggleField={(field, on) => onChange(setField(signers, signer.key, field, on))}
              onMove={(delta) => move(i, delta)}
              onRemove={() => remove(i)} />
          </li>
        ))}
      </ol>}
      <button type="button" id={ADD_ID} disabled={disabled} onClick={add}>Add signer</button>
    </div>
  );
}
