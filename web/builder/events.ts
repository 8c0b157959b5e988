// What the builders post to the parent (embedded-builders.md §6) — types only, no DOM, so the
// pure modules that build events are unit-tested in node.

/** A field as events carry it (spec §2.4; `pageNum` is 0-based). */
export interface FieldRecord {
  readonly id: string;
  readonly aliasId: string;
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly pageNum: number;
}

export type BuilderEvent =
  | { readonly action: 'castEditLoad' }
  | { readonly action: 'castEditFieldsAdded'; readonly fieldsAdded: readonly FieldRecord[] }
  | { readonly action: 'castEditFieldsRemoved'; readonly fieldsRemoved: readonly FieldRecord[] }
  | { readonly action: 'castEditFieldsChanged'; readonly fieldsChanged: readonly FieldRecord[] }
  | { readonly action: 'castEditSelectedFieldsChanged'; readonly fieldsSelected: readonly FieldRecord[] | null }
  | { readonly action: 'castEditGetFields'; readonly fields: readonly FieldRecord[] }
  | { readonly action: 'castEditSubmit' }
  | { readonly action: 'castEditSubmitError'; readonly missingRequiredFields: readonly string[]; readonly errorMessage: string }
  | { readonly action: 'castEditSubmitSuccess' }
  | { readonly action: 'castEditComplete' }
  | { readonly action: 'etchPacketSent'; readonly etchPacketEid: string }
  | { readonly action: 'weldCreate' | 'weldEdit'; readonly weldEid: string };
