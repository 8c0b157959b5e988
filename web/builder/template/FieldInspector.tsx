// The selected field(s) in the sidebar: name, type and the preset ("field") they stand for, the
// optional alignment and styling tools, and delete. With several selected, a change applies to
// all of them; a value they do not share shows as blank. Text commits on change (Enter or
// leaving the box), so typing is one change, not one per key.
import { useEffect, useId, useState } from 'preact/hooks';
import { FIELD_TYPES, typeLabel } from './fieldTypes.js';
import type { FieldPatch } from './state.js';
import type { Alignment, FontWeight, PlacedField, Preset } from './types.js';

interface Props {
  readonly fields: readonly PlacedField[];
  readonly presets: readonly Preset[];
  readonly showAlignment: boolean;
  readonly showStyling: boolean;
  readonly onPatch: (patch: FieldPatch) => void;
  readonly onChoosePreset: (preset: Preset) => void;
  readonly onDelete: () => void;
}

/** The value every field has for `key`, or undefined when they differ. */
function shared<K extends keyof PlacedField>(fields: readonly PlacedField[], key: K): PlacedField[K] | undefined {
  const first = fields[0]?.[key];
  return fields.every((field) => field[key] === first) ? first : undefined;
}

export function FieldInspector({ fields, presets, showAlignment, showStyling, onPatch, onChoosePreset, onDelete }: Props) {
  const id = useId();
  const many = fields.length > 1;
  const name = shared(fields, 'name');
  const type = shared(fields, 'type');
  const aliasId = shared(fields, 'aliasId');
  const [draftName, setDraftName] = useState(name ?? '');
  useEffect(() => setDraftName(name ?? ''), [name]);

  const commitName = (): void => {
    const value = draftName.trim();
    if (value === '' || value === name) {
      setDraftName(name ?? '');
      return;
    }
    onPatch({ name: value });
  };
  const types = type === undefined || FIELD_TYPES.includes(type) ? FIELD_TYPES : [type, ...FIELD_TYPES];
  const aliasOptions = [...presets.map((p) => ({ aliasId: p.aliasId, label: `${p.name} (${p.aliasId})` }))];
  for (const field of fields) {
    if (!aliasOptions.some((option) => option.aliasId === field.aliasId)) aliasOptions.push({ aliasId: field.aliasId, label: field.aliasId });
  }

  return (
    <div class="tb-inspector">
      <label for={`${id}-name`}>Name</label>
      <input id={`${id}-name`} type="text" class="tb-inspector-name" value={draftName} placeholder={name === undefined ? 'Several names' : undefined}
        onInput={(event) => setDraftName(event.currentTarget.value)} onChange={commitName}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitName();
          if (event.key === 'Escape') {
            setDraftName(name ?? '');
            event.stopPropagation();
          }
        }} />

      <label for={`${id}-type`}>Type</label>
      <select id={`${id}-type`} value={type ?? ''} onChange={(event) => event.currentTarget.value && onPatch({ type: event.currentTarget.value })}>
        {type === undefined && <option value="" disabled>Several types</option>}
        {types.map((t) => <option key={t} value={t}>{typeLabel(t)}</option>)}
      </select>

      <label for={`${id}-field`}>Field</label>
      <select id={`${id}-field`} value={aliasId ?? ''} onChange={(event) => {
        const preset = presets.find((p) => p.aliasId === event.currentTarget.value);
        if (preset) onChoosePreset(preset);
      }}>
        {aliasId === undefined && <option value="" disabled>Several fields</option>}
        {aliasOptions.map((option) => <option key={option.aliasId} value={option.aliasId}>{option.label}</option>)}
      </select>

      {showAlignment && (
        <>
          <label for={`${id}-align`}>Alignment</label>
          <select id={`${id}-align`} value={shared(fields, 'alignment') ?? ''} onChange={(event) => onPatch({ alignment: (event.currentTarget.value || undefined) as Alignment | undefined })}>
            <option value="">Default</option>
            <option value="left">Left</option>
            <option value="center">Centre</option>
            <option value="right">Right</option>
          </select>
        </>
      )}
      {showStyling && <StylingTools id={id} fields={fields} onPatch={onPatch} />}

      <button type="button" class="danger tb-inspector-delete" onClick={onDelete}>{many ? `Delete ${fields.length} fields` : 'Delete field'}</button>
    </div>
  );
}

function StylingTools({ id, fields, onPatch }: { id: string; fields: readonly PlacedField[]; onPatch: (patch: FieldPatch) => void }) {
  const fontSize = shared(fields, 'fontSize');
  return (
    <>
      <label for={`${id}-size`}>Font size (points)</label>
      <input id={`${id}-size`} type="number" min={1} max={200} step={0.5} value={fontSize ?? ''} placeholder="Default"
        onChange={(event) => {
          const value = event.currentTarget.valueAsNumber;
          onPatch({ fontSize: Number.isFinite(value) && value >= 1 && value <= 200 ? value : undefined });
        }} />
      <label for={`${id}-weight`}>Font weight</label>
      <select id={`${id}-weight`} value={shared(fields, 'fontWeight') ?? ''} onChange={(event) => onPatch({ fontWeight: (event.currentTarget.value || undefined) as FontWeight | undefined })}>
        <option value="">Default</option>
        <option value="normal">Normal</option>
        <option value="bold">Bold</option>
        <option value="italic">Italic</option>
        <option value="boldItalic">Bold italic</option>
      </select>
      <label for={`${id}-color`}>Text colour</label>
      <input id={`${id}-color`} type="color" class="tb-color" value={expandHex(shared(fields, 'textColor')) ?? '#000000'}
        onChange={(event) => onPatch({ textColor: event.currentTarget.value })} />
    </>
  );
}

/** `#abc` → `#aabbcc` (an input of type color takes only the long form). */
function expandHex(color: string | undefined): string | undefined {
  if (!color) return undefined;
  return /^#[0-9a-f]{3}$/i.test(color) ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color.toLowerCase();
}
