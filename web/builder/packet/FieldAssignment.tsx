// Which fields one signer signs: per document, a checkbox for each of its template's fields
// (by name and aliasId), the fields already attached that the template lacks (labelled as
// such), and an input to attach a field by id (a document without a template has no list).
import { useState } from 'preact/hooks';
import { fieldChoices } from './fields.js';
import { hasField, type SignerDraft } from './signers.js';
import type { SignerField } from './types.js';
import type { TemplateState } from './useTemplates.js';

export interface SignableDocument {
  readonly fileId: string;
  readonly title: string;
  /** Null when the file has no template. */
  readonly template: TemplateState | null;
}

interface Props {
  readonly signer: SignerDraft;
  readonly documents: readonly SignableDocument[];
  readonly error?: string | undefined;
  readonly disabled: boolean;
  readonly onToggle: (field: SignerField, on: boolean) => void;
}

export function FieldAssignment({ signer, documents, error, disabled, onToggle }: Props) {
  const errorId = `${signer.key}-fields-error`;
  return (
    <fieldset class="signer-fields" id={`${signer.key}-fields`} aria-describedby={error ? errorId : undefined}>
      <legend>Fields to sign</legend>
      {documents.length === 0 && <p class="hint">The packet has no documents.</p>}
      {documents.map((doc, d) => (
        <DocumentFields key={doc.fileId} signer={signer} doc={doc} idPrefix={`${signer.key}-doc${d}`} disabled={disabled} onToggle={onToggle} />
      ))}
      {error && <p id={errorId} class="field-error">{error}</p>}
    </fieldset>
  );
}

function DocumentFields({ signer, doc, idPrefix, disabled, onToggle }: { signer: SignerDraft; doc: SignableDocument; idPrefix: string; disabled: boolean; onToggle: Props['onToggle'] }) {
  const template = doc.template?.state === 'ready' ? doc.template.cast.fields : null;
  const choices = fieldChoices(doc.fileId, template, signer.fields);
  return (
    <fieldset class="document-fields">
      <legend>{doc.title}</legend>
      {doc.template?.state === 'loading' && <p class="hint" role="status">Loading the fields of {doc.title}…</p>}
      {doc.template?.state === 'failed' && <p class="hint">The fields of {doc.title} could not be loaded: {doc.template.message}</p>}
      {doc.template?.state === 'ready' && choices.length === 0 && <p class="hint">This document's template has no fields.</p>}
      {choices.length > 0 && (
        <ul class="field-choices">
          {choices.map((choice, i) => {
            const id = `${idPrefix}-field${i}`;
            const field = { fileId: doc.fileId, fieldId: choice.fieldId };
            return (
              <li key={choice.fieldId} class={choice.inTemplate ? undefined : 'not-in-template'}>
                <input type="checkbox" id={id} checked={hasField(signer, field)} disabled={disabled}
                  onChange={(event) => onToggle(field, (event.currentTarget as HTMLInputElement).checked)} />
                <label for={id} class="choice-label">{choice.label}</label>
              </li>
            );
          })}
        </ul>
      )}
      <OtherField idPrefix={idPrefix} disabled={disabled} open={doc.template === null} onAdd={(fieldId) => onToggle({ fileId: doc.fileId, fieldId }, true)} />
    </fieldset>
  );
}

/** Attaches a field by its id, for a field the template does not list (folded away unless the document has no template). */
function OtherField({ idPrefix, disabled, open, onAdd }: { idPrefix: string; disabled: boolean; open: boolean; onAdd: (fieldId: string) => void }) {
  const [value, setValue] = useState('');
  const id = `${idPrefix}-other`;
  const add = (): void => {
    const fieldId = value.trim();
    if (!fieldId) return;
    onAdd(fieldId);
    setValue('');
  };
  return (
    <details class="other-field" open={open}>
      <summary>Attach a field by id</summary>
      <label for={id} class="choice-label">Field id</label>
      <div class="inline">
        <input id={id} type="text" value={value} disabled={disabled} autocomplete="off" spellcheck={false}
          onInput={(event) => setValue((event.currentTarget as HTMLInputElement).value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }} />
        <button type="button" disabled={disabled || value.trim() === ''} onClick={add}>Add field</button>
      </div>
    </details>
  );
}
