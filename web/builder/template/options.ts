// Reads generateEmbedURL's options for the template builder (§4.1) into TemplateOptions, with
// the defaults applied. The server checked their types; this only fills in what is missing.
import type { Preset, TemplateOptions } from './types.js';

export function readOptions(options: Readonly<Record<string, unknown>>): TemplateOptions {
  const text = (key: string): string | null => (typeof options[key] === 'string' && options[key] !== '' ? (options[key] as string) : null);
  const flag = (key: string, fallback: boolean): boolean => (typeof options[key] === 'boolean' ? (options[key] as boolean) : fallback);
  return {
    presets: Array.isArray(options.fields) ? (options.fields as Preset[]).filter(isPreset) : [],
    pageTitle: text('pageTitle'),
    finishButtonText: text('finishButtonText') ?? 'Save',
    showPageTitleBar: flag('showPageTitleBar', true),
    title: text('title') ?? 'Fields',
    description: text('description'),
    selectionDescription: text('selectionDescription'),
    selectionAddAnotherFieldText: text('selectionAddAnotherFieldText'),
    showReplaceDocumentAction: flag('showReplaceDocumentAction', false),
    showFieldAlignmentTools: flag('showFieldAlignmentTools', false),
    showFieldStylingTools: flag('showFieldStylingTools', false),
  };
}

function isPreset(value: unknown): value is Preset {
  const preset = value as Partial<Preset> | null;
  return typeof preset === 'object' && preset !== null && typeof preset.name === 'string' && typeof preset.type === 'string' && typeof preset.aliasId === 'string';
}
