// A new setting: its name and type (text, number, yes/no), added with Add setting or Enter.
import { useState } from 'preact/hooks';
import type { SettingType } from './settings.js';

interface Props {
  readonly disabled: boolean;
  /** Returns why the name cannot be used, or null when the setting was added. */
  readonly onAdd: (name: string, type: SettingType) => string | null;
}

export const NEW_SETTING_NAME_ID = 'new-setting-name';

export function AddSetting({ disabled, onAdd }: Props) {
  const [name, setName] = useState('');
  const [type, setType] = useState<SettingType>('text');
  const [error, setError] = useState<string | null>(null);
  const add = (): void => {
    const problem = onAdd(name, type);
    setError(problem);
    if (problem === null) setName('');
    else document.getElementById(NEW_SETTING_NAME_ID)?.focus();
  };
  return (
    <fieldset class="add-setting">
      <legend>Add a setting</legend>
      <div class="add-setting-row">
        <div class="add-setting-name">
          <label for={NEW_SETTING_NAME_ID}>Setting name</label>
          <input id={NEW_SETTING_NAME_ID} type="text" value={name} disabled={disabled} autocomplete="off" spellcheck={false}
            aria-invalid={error ? true : undefined} aria-describedby={error ? 'new-setting-error' : undefined}
            onInput={(event) => setName((event.currentTarget as HTMLInputElement).value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }} />
        </div>
        <div class="add-setting-type">
          <label for="new-setting-type">Type</label>
          <select id="new-setting-type" value={type} disabled={disabled} onChange={(event) => setType((event.currentTarget as HTMLSelectElement).value as SettingType)}>
            <option value="text">Text</option>
            <option value="number">Number</option>
            <option value="boolean">Yes or no</option>
          </select>
        </div>
        <button type="button" disabled={disabled} onClick={add}>Add setting</button>
      </div>
      {error && <p id="new-setting-error" class="field-error" role="alert">{error}</p>}
    </fieldset>
  );
}
