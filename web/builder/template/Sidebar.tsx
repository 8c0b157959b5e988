// The sidebar: with nothing selected, the title, the description and the presets to place; with
// a selection, the selection text, the inspector, and the presets again below the "add another"
// text.
import { useId } from 'preact/hooks';
import { FieldInspector } from './FieldInspector.js';
import { PresetList } from './PresetList.js';
import type { FieldPatch } from './state.js';
import type { PlacedField, Preset, TemplateOptions } from './types.js';

interface Props {
  readonly options: TemplateOptions;
  readonly selected: readonly PlacedField[];
  readonly placedCounts: ReadonlyMap<string, number>;
  readonly drawing: string | null;
  readonly onPlace: (preset: Preset) => void;
  readonly onToggleDraw: (preset: Preset) => void;
  readonly onPatch: (patch: FieldPatch) => void;
  readonly onChoosePreset: (preset: Preset) => void;
  readonly onDelete: () => void;
}

export function Sidebar(props: Props) {
  const { options, selected } = props;
  const headingId = useId();
  const presets = (
    <PresetList presets={options.presets} placedCounts={props.placedCounts} drawing={props.drawing} onPlace={props.onPlace} onToggleDraw={props.onToggleDraw} />
  );
  if (selected.length === 0) {
    return (
      <aside class="tb-sidebar" aria-labelledby={headingId}>
        <h2 id={headingId}>{options.title}</h2>
        {options.description && <p class="tb-description">{options.description}</p>}
        {presets}
      </aside>
    );
  }
  return (
    <aside class="tb-sidebar" aria-labelledby={headingId}>
      <h2 id={headingId}>{selected.length === 1 ? 'Selected field' : `${selected.length} selected fields`}</h2>
      {options.selectionDescription && <p class="tb-description">{options.selectionDescription}</p>}
      <FieldInspector key={selected.map((field) => field.id).join(' ')} fields={selected} presets={options.presets}
        showAlignment={options.showFieldAlignmentTools} showStyling={options.showFieldStylingTools}
        onPatch={props.onPatch} onChoosePreset={props.onChoosePreset} onDelete={props.onDelete} />
      <h3 class="tb-add-heading">Add a field</h3>
      {options.selectionAddAnotherFieldText && <p class="tb-description">{options.selectionAddAnotherFieldText}</p>}
      {presets}
    </aside>
  );
}
