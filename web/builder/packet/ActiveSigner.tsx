// Above the pages: which signer a field box on the page assigns its field to (a radio group, one
// radio per signer with its number and colour), and a key to the boxes. `hintId` names the
// sentence the boxes are described by.
import { signerColour, signerName } from './fieldBoxes.js';
import type { SignerDraft } from './signers.js';

interface Props {
  readonly signers: readonly SignerDraft[];
  readonly activeKey: string | null;
  readonly disabled: boolean;
  readonly hintId: string;
  readonly onChange: (key: string) => void;
}

export function ActiveSigner({ signers, activeKey, disabled, hintId, onChange }: Props) {
  const activeIndex = signers.findIndex((signer) => signer.key === activeKey);
  const active = signers[activeIndex];
  return (
    <div class="pf-chooser">
      {signers.length === 0
        ? <p class="hint">Add a signer to assign the fields on the pages.</p>
        : (
          <fieldset>
            <legend>Assign fields on the pages to</legend>
            <div class="pf-options">
              {signers.map((signer, i) => (
                <label key={signer.key} class="pf-option">
                  <input type="radio" name="packet-active-signer" id={`${signer.key}-active`} checked={signer.key === activeKey} disabled={disabled}
                    onChange={() => onChange(signer.key)} />
                  <span class="pf-chip" style={{ background: signerColour(i) }}><span class="visually-hidden">Signer </span>{i + 1}</span>{' '}
                  <span class="pf-option-name">{signer.name.trim() || <em>no name yet</em>}</span>
                </label>
              ))}
              <span class="pf-key" aria-hidden="true"><span class="pf-key-box" /> not assigned</span>
            </div>
          </fieldset>
        )}
      <p id={hintId} class="visually-hidden">
        {active ? `Adds the field to, or removes it from, the fields of signer ${activeIndex + 1}, ${signerName(active, activeIndex)}.` : 'Add a signer to assign fields.'}
      </p>
    </div>
  );
}
