// The workflow's settings as the builder edits them: the scalar values of `settings` (text,
// number, yes/no), each with an input of its type; settings added and removed; numbers checked;
// written back with the non-scalar values the builder does not edit left as they were. Pure.
import type { SettingValue } from './types.js';

export type SettingType = 'text' | 'number' | 'boolean';

export interface SettingDraft {
  /** The builder's own stable id (list key, element ids, error owner). */
  readonly key: string;
  /** The setting's name: its key in `settings`. */
  readonly name: string;
  readonly type: SettingType;
  /** Text as typed for text and number settings; true/false for yes/no ones. */
  readonly value: string | boolean;
}

export interface SettingsDraft {
  readonly entries: readonly SettingDraft[];
  /** Values that are not scalars (objects, arrays, null): kept, not edited. */
  readonly preserved: Readonly<Record<string, unknown>>;
}

export const MAX_SETTING_NAME = 128;

let nextKey = 0;
function newKey(): string {
  nextKey += 1;
  return `setting-key-${nextKey}`;
}

export function settingType(value: unknown): SettingType | null {
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number' && Number.isFinite(value)) return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return null;
}

export function settingsFromWeld(settings: Readonly<Record<string, unknown>> | null | undefined): SettingsDraft {
  const entries: SettingDraft[] = [];
  const preserved: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(settings ?? {})) {
    const type = settingType(value);
    if (type === null) preserved[name] = value;
    else entries.push({ key: newKey(), name, type, value: type === 'boolean' ? (value as boolean) : String(value) });
  }
  return { entries, preserved };
}

/** Why `name` cannot be the name of a new setting, or null when it can. */
export function newSettingProblem(draft: SettingsDraft, name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Enter a name for the setting.';
  if (trimmed.length > MAX_SETTING_NAME) return `Use at most ${MAX_SETTING_NAME} characters.`;
  if (draft.entries.some((entry) => entry.name === trimmed) || Object.hasOwn(draft.preserved, trimmed)) return `There is already a setting named ${trimmed}.`;
  return null;
}

/** The draft with a new setting `name` of `type` at the end (empty text, 0, or no). */
export function addSetting(draft: SettingsDraft, name: string, type: SettingType): SettingsDraft {
  const value = type === 'boolean' ? false : type === 'number' ? '0' : '';
  return { ...draft, entries: [...draft.entries, { key: newKey(), name: name.trim(), type, value }] };
}

export function updateSetting(draft: SettingsDraft, key: string, value: string | boolean): SettingsDraft {
  return { ...draft, entries: draft.entries.map((entry) => (entry.key === key ? { ...entry, value } : entry)) };
}

export function removeSetting(draft: SettingsDraft, key: string): SettingsDraft {
  return { ...draft, entries: draft.entries.filter((entry) => entry.key !== key) };
}

/** A number setting's value, or null when its text is not a number. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** The settings whose value cannot be saved, keyed by SettingDraft.key. */
export function checkSettings(draft: SettingsDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const entry of draft.entries) {
    if (entry.type === 'number' && parseNumber(String(entry.value)) === null) problems[entry.key] = 'Enter a number, such as 30 or 2.5.';
  }
  return problems;
}

function valueOf(entry: SettingDraft): SettingValue {
  if (entry.type === 'boolean') return entry.value === true;
  if (entry.type === 'number') return parseNumber(String(entry.value)) ?? String(entry.value);
  return String(entry.value);
}

/** The `settings` of PUT session/weld: the edited values in order, then the preserved ones. */
export function settingsPayload(draft: SettingsDraft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const entry of draft.entries) out[entry.name] = valueOf(entry);
  for (const [name, value] of Object.entries(draft.preserved)) if (!Object.hasOwn(out, name)) out[name] = value;
  return out;
}
