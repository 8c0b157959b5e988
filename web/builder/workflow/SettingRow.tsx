// One setting: its name as the label of an input of its type (text, number, or a yes/no
// checkbox), its problem under it, and Remove.
import type { SettingDraft } from './settings.js';

interface Props {
  readonly entry: SettingDraft;
  readonly error: string | undefined;
  readonly disabled: boolean;
  readonly onChange: (value: string | boolean) => void;
  readonly onRemove: () => void;
}

export function SettingRow({ entry, error, disabled, onChange, onRemove }: Props) {
  const id = `${entry.key}-value`;
  const errorId = `${entry.key}-error`;
  const described = error ? errorId : undefined;
  const text = (event: Event): void => onChange((event.currentTarget as HTMLInputElement).value);
  return (
    <li class={`setting setting-${entry.type}`}>
      {entry.type === 'boolean' ? (
        <div class="setting-check">
          <input id={id} type="checkbox" checked={entry.value === true} disabled={disabled} aria-describedby={described}
            onChange={(event) => onChange((event.currentTarget as HTMLInputElement).checked)} />
          <label for={id}>{entry.name}</label>
        </div>
      ) : (
        <div class="setting-field">
          <label for={id}>{entry.name}</label>
          {entry.type === 'number'
            ? <input id={id} type="number" step="any" inputMode="decimal" value={String(entry.value)} disabled={disabled}
                aria-invalid={error ? true : undefined} aria-describedby={described} onInput={text} />
            : <input id={id} type="text" value={String(entry.value)} disabled={disabled} autocomplete="off"
                aria-invalid={error ? true : undefined} aria-describedby={described} onInput={text} />}
        </div>
      )}
      <button type="button" id={`${entry.key}-remove`} class="danger" aria-label={`Remove setting ${entry.name}`} disabled={disabled} onClick={onRemove}>
        Remove
      </button>
      {error && <p id={errorId} class="field-error">{error}</p>}
    </li>
  );
}
