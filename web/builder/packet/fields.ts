// Which fields of one file a signer can be attached to: the file's template fields (fieldId is
// the aliasId), then any fieldIds the signer already has there that the template lacks (a
// signer may be attached to fields absent from the template, spec §4.4). Pure: no DOM.
import type { SignerField, TemplateField } from './types.js';

export interface FieldChoice {
  readonly fieldId: string;
  /** The checkbox's label. */
  readonly label: string;
  readonly inTemplate: boolean;
}

/** `template` is null while the template is loading or when the file has none. */
export function fieldChoices(fileId: string, template: readonly TemplateField[] | null, assigned: readonly SignerField[]): FieldChoice[] {
  const choices: FieldChoice[] = [];
  const seen = new Set<string>();
  for (const field of template ?? []) {
    const fieldId = field.aliasId || field.id;
    if (!fieldId || seen.has(fieldId)) continue;
    seen.add(fieldId);
    choices.push({ fieldId, label: fieldChoiceLabel(field.name?.trim() || fieldId, fieldId), inTemplate: true });
  }
  for (const field of assigned) {
    if (field.fileId !== fileId || seen.has(field.fieldId)) continue;
    seen.add(field.fieldId);
    choices.push({ fieldId: field.fieldId, label: `${field.fieldId} (not in the template)`, inTemplate: false });
  }
  return choices;
}

/** A template field as the builder names it: "Full name (name)", or its id alone when that is its name. */
export function fieldChoiceLabel(name: string, fieldId: string): string {
  return name === fieldId ? name : `${name} (${fieldId})`;
}
