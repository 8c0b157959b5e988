// What stops a submit before it reaches the server: required presets with no field placed.
import type { PlacedField, Preset } from './types.js';

/** The names of the required presets none of whose fields is placed, in the presets' order. */
export function missingRequiredFields(presets: readonly Preset[], fields: readonly PlacedField[]): string[] {
  const placed = new Set(fields.map((field) => field.aliasId));
  return presets.filter((preset) => preset.required === true && !placed.has(preset.aliasId)).map((preset) => preset.name);
}

/** The message the user and the parent get for missing required fields. */
export function missingFieldsMessage(missing: readonly string[]): string {
  return missing.length === 1
    ? `Place the required field ${missing[0]} before saving.`
    : `Place the required fields ${missing.join(', ')} before saving.`;
}

/** Fields on pages the document does not have (after a replacement), in words; `advice` gets "it" or "them". */
export function orphansMessage(orphans: readonly PlacedField[], advice: (them: 'it' | 'them') => string): string {
  const pages = [...new Set(orphans.map((field) => field.pageNum + 1))].sort((a, b) => a - b).map((n) => `page ${n}`).join(', ');
  const subject = orphans.length === 1 ? `The field ${orphans[0]!.name} is` : `${orphans.length} fields are`;
  return `${subject} on ${pages}, which the document does not have. ${advice(orphans.length === 1 ? 'it' : 'them')}`;
}
