// The workflow's settings: one row per scalar setting, and a way to add one. Focus goes to a new
// setting's input, and after a removal to the next setting (or the new setting's name).
import { useEffect, useRef } from 'preact/hooks';
import { AddSetting, NEW_SETTING_NAME_ID } from './AddSetting.js';
import { SettingRow } from './SettingRow.js';
import { addSetting, newSettingProblem, removeSetting, updateSetting, type SettingsDraft } from './settings.js';

interface Props {
  readonly settings: SettingsDraft;
  readonly problems: Readonly<Record<string, string>>;
  readonly disabled: boolean;
  readonly onChange: (settings: SettingsDraft) => void;
}

export function SettingsEditor({ settings, problems, disabled, onChange }: Props) {
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const id = focusNext.current;
    focusNext.current = null;
    const element = id ? document.getElementById(id) : null;
    element?.focus();
    // A new text or number setting starts with a value ('' or 0) that typing should replace.
    if (element instanceof HTMLInputElement && element.type !== 'checkbox') element.select();
  });
  const preserved = Object.keys(settings.preserved);
  return (
    <div class="settings-editor">
      {settings.entries.length === 0 && <p class="hint">This workflow has no settings yet.</p>}
      {settings.entries.length > 0 && (
        <ul class="settings-list">
          {settings.entries.map((entry, i) => (
            <SettingRow key={entry.key} entry={entry} error={problems[entry.key]} disabled={disabled}
              onChange={(value) => onChange(updateSetting(settings, entry.key, value))}
              onRemove={() => {
                const next = settings.entries[i + 1] ?? settings.entries[i - 1];
                focusNext.current = next ? `${next.key}-value` : NEW_SETTING_NAME_ID;
                onChange(removeSetting(settings, entry.key));
              }} />
          ))}
        </ul>
      )}
      {preserved.length > 0 && <p class="hint">Also kept as they are (not editable here): {preserved.join(', ')}.</p>}
      <AddSetting disabled={disabled} onAdd={(name, type) => {
        const problem = newSettingProblem(settings, name);
        if (problem) return problem;
        const added = addSetting(settings, name, type);
        focusNext.current = `${added.entries[added.entries.length - 1]!.key}-value`;
        onChange(added);
        return null;
      }} />
    </div>
  );
}
