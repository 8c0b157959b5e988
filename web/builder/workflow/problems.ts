// What stops the workflow from being saved or finished — the builder's checks or the server's
// 422 (`fields: [{ property, message }]`) — on the input it is about: the name, a setting's
// value, or the workflow as a whole. Pure.
import { checkSettings, type SettingsDraft } from './settings.js';

export interface WeldProblems {
  readonly name?: string;
  /** Keyed by SettingDraft.key. */
  readonly bySetting: Readonly<Record<string, string>>;
  readonly general: readonly string[];
}

export const NO_PROBLEMS: WeldProblems = { bySetting: {}, general: [] };

export function hasProblems(problems: WeldProblems): boolean {
  return problems.name !== undefined || problems.general.length > 0 || Object.keys(problems.bySetting).length > 0;
}

export function checkWeld(name: string, settings: SettingsDraft): WeldProblems {
  return { ...(name.trim() === '' ? { name: 'Enter a name for the workflow.' } : {}), bySetting: checkSettings(settings), general: [] };
}

const SETTING_PROPERTY = /^settings(?:\.(.+)|\[["']?(.+?)["']?\])$/;

export function serverProblems(fields: readonly { readonly property: string; readonly message: string }[] | undefined, settings: SettingsDraft, fallback: string): WeldProblems {
  let name: string | undefined;
  const bySetting: Record<string, string> = {};
  const general: string[] = [];
  for (const { property, message } of fields ?? []) {
    if (property === 'name') {
      name = message;
      continue;
    }
    const match = SETTING_PROPERTY.exec(property);
    const settingName = match ? (match[1] ?? match[2]) : undefined;
    const entry = settingName === undefined ? undefined : settings.entries.find((own) => own.name === settingName);
    if (entry) bySetting[entry.key] = message;
    else general.push(property ? `${property}: ${message}` : message);
  }
  if (name === undefined && general.length === 0 && Object.keys(bySetting).length === 0) general.push(fallback);
  return { ...(name !== undefined ? { name } : {}), bySetting, general };
}

/** Every problem as one sentence, in page order. */
export function problemMessages(problems: WeldProblems, settings: SettingsDraft): string[] {
  const messages = [...problems.general];
  if (problems.name) messages.push(`Workflow name: ${problems.name}`);
  for (const entry of settings.entries) {
    const message = problems.bySetting[entry.key];
    if (message) messages.push(`Setting ${entry.name}: ${message}`);
  }
  return messages;
}

/** The problems left once the user has edited: a changed setting's (or the name's) problem goes. */
export function withoutEdited(problems: WeldProblems, before: SettingsDraft, after: SettingsDraft, nameEdited = false): WeldProblems {
  const previous = new Map(before.entries.map((entry) => [entry.key, entry]));
  const bySetting: Record<string, string> = {};
  for (const entry of after.entries) {
    const message = problems.bySetting[entry.key];
    if (message && previous.get(entry.key)?.value === entry.value) bySetting[entry.key] = message;
  }
  const listChanged = before.entries.length !== after.entries.length;
  return { ...(problems.name !== undefined && !nameEdited ? { name: problems.name } : {}), bySetting, general: listChanged ? [] : problems.general };
}
