// The preset fields of the embed options, each a row: a button that places it on the current
// page (click, Enter or Space), a toggle that arms drawing it, and the row itself is draggable
// onto a page. Each row says the field's type, whether it is required, and whether it is placed.
import { useId } from 'preact/hooks';
import { typeLabel } from './fieldTypes.js';
import type { Preset } from './types.js';

/** The drag data type of a preset row; its value is the preset's aliasId. */
export const PRESET_MIME = 'application/x-quire-preset';

interface Props {
  readonly presets: readonly Preset[];
  /** How many fields of each aliasId are placed. */
  readonly placedCounts: ReadonlyMap<string, number>;
  /** The aliasId of the preset armed for drawing. */
  readonly drawing: string | null;
  readonly onPlace: (preset: Preset) => void;
  readonly onToggleDraw: (preset: Preset) => void;
}

export function PresetList({ presets, placedCounts, drawing, onPlace, onToggleDraw }: Props) {
  const id = useId();
  if (presets.length === 0) return <p class="tb-muted">There are no fields to place.</p>;
  return (
    <ul class="tb-presets" aria-label="Fields to place">
      {presets.map((preset, i) => {
        const count = placedCounts.get(preset.aliasId) ?? 0;
        const detailsId = `${id}-${i}`;
        return (
          <li key={preset.aliasId} class="tb-preset" draggable data-alias-id={preset.aliasId}
            onDragStart={(event) => {
              event.dataTransfer?.setData(PRESET_MIME, preset.aliasId);
              if (event.dataTransfer) event.dataTransfer.effectAllowed = 'copy';
            }}>
            <div class="tb-preset-main">
              <button type="button" class="tb-preset-add" aria-label={`Add ${preset.name}`} aria-describedby={detailsId} onClick={() => onPlace(preset)}>
                <span class="tb-preset-plus" aria-hidden="true">+</span> {preset.name}
              </button>
              <p class="tb-preset-details" id={detailsId}>
                <span>{typeLabel(preset.type)}</span>
                {preset.required && <span class="tb-badge tb-badge-required">Required</span>}
                <span class={count > 0 ? 'tb-badge tb-badge-placed' : 'tb-badge'}>{count === 0 ? 'Not placed' : count === 1 ? 'Placed' : `Placed ${count}×`}</span>
              </p>
            </div>
            <button type="button" class="tb-preset-draw" aria-pressed={drawing === preset.aliasId} aria-label={`Draw ${preset.name}`}
              title={`Draw ${preset.name} on a page`} onClick={() => onToggleDraw(preset)}>
              Draw
            </button>
          </li>
        );
      })}
    </ul>
  );
}
