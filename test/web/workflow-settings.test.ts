// The workflow builder's settings (web/builder/workflow/settings.ts) and problems
// (web/builder/workflow/problems.ts).
import { describe, expect, it } from 'vitest';
import { checkWeld, hasProblems, problemMessages, serverProblems, withoutEdited } from '../../web/builder/workflow/problems.js';
import {
  addSetting, checkSettings, newSettingProblem, parseNumber, removeSetting, settingsFromWeld, settingsPayload, settingType, updateSetting,
} from '../../web/builder/workflow/settings.js';

const WELD_SETTINGS = { title: 'Onboarding', reminderDays: 3, sendEmails: true, nested: { a: 1 }, list: [1], nothing: null };

describe('settingsFromWeld', () => {
  it('edits the scalars by type and keeps the rest aside', () => {
    const draft = settingsFromWeld(WELD_SETTINGS);
    expect(draft.entries.map(({ name, type, value }) => ({ name, type, value }))).toEqual([
      { name: 'title', type: 'text', value: 'Onboarding' },
      { name: 'reminderDays', type: 'number', value: '3' },
      { name: 'sendEmails', type: 'boolean', value: true },
    ]);
    expect(draft.preserved).toEqual({ nested: { a: 1 }, list: [1], nothing: null });
  });
  it('has nothing for no settings', () => {
    expect(settingsFromWeld(undefined)).toEqual({ entries: [], preserved: {} });
    expect(settingsFromWeld(null).entries).toEqual([]);
  });
  it('types values', () => {
    expect([settingType('x'), settingType(1.5), settingType(false), settingType(Number.NaN), settingType({})]).toEqual(['text', 'number', 'boolean', null, null]);
  });
});

describe('editing', () => {
  it('updates, adds, removes and writes back with the preserved values', () => {
    let draft = settingsFromWeld(WELD_SETTINGS);
    draft = updateSetting(draft, draft.entries[1]!.key, ' 7.5 ');
    draft = updateSetting(draft, draft.entries[2]!.key, false);
    draft = removeSetting(draft, draft.entries[0]!.key);
    draft = addSetting(draft, ' region ', 'text');
    draft = addSetting(draft, 'limit', 'number');
    draft = addSetting(draft, 'strict', 'boolean');
    expect(settingsPayload(draft)).toEqual({ reminderDays: 7.5, sendEmails: false, region: '', limit: 0, strict: false, nested: { a: 1 }, list: [1], nothing: null });
  });
  it('refuses an empty, too long or taken name for a new setting', () => {
    const draft = settingsFromWeld(WELD_SETTINGS);
    expect(newSettingProblem(draft, ' ')).toMatch(/name/);
    expect(newSettingProblem(draft, 'x'.repeat(129))).toMatch(/128/);
    expect(newSettingProblem(draft, 'title')).toMatch(/already/);
    expect(newSettingProblem(draft, 'nested')).toMatch(/already/);
    expect(newSettingProblem(draft, 'fresh')).toBeNull();
  });
  it('checks numbers', () => {
    expect([parseNumber('12'), parseNumber(' -1e3 '), parseNumber(''), parseNumber('1,5'), parseNumber('Infinity')]).toEqual([12, -1000, null, null, null]);
    let draft = settingsFromWeld({ n: 1 });
    draft = updateSetting(draft, draft.entries[0]!.key, 'abc');
    expect(checkSettings(draft)).toEqual({ [draft.entries[0]!.key]: expect.stringContaining('number') });
  });
});

describe('workflow problems', () => {
  const draft = settingsFromWeld({ title: 'x', days: 1 });
  it('needs a name and valid numbers', () => {
    expect(checkWeld('', draft).name).toBeDefined();
    expect(hasProblems(checkWeld('Onboarding', draft))).toBe(false);
    const bad = updateSetting(draft, draft.entries[1]!.key, '');
    expect(problemMessages(checkWeld('', bad), bad)).toEqual(['Workflow name: Enter a name for the workflow.', 'Setting days: Enter a number, such as 30 or 2.5.']);
  });
  it('puts the server\'s setting errors on their inputs', () => {
    const problems = serverProblems([{ property: 'settings.days', message: 'Too big' }, { property: 'settings["title"]', message: 'Too long' }, { property: 'slug', message: 'Taken' }], draft, 'x');
    expect(problems.bySetting).toEqual({ [draft.entries[1]!.key]: 'Too big', [draft.entries[0]!.key]: 'Too long' });
    expect(problems.general).toEqual(['slug: Taken']);
  });
});

describe('withoutEdited (workflow)', () => {
  it('drops the problem of an edited setting or name only', () => {
    const draft = settingsFromWeld({ a: 1, b: 2 });
    const [a, b] = draft.entries;
    const problems = { name: 'Enter a name.', bySetting: { [a!.key]: 'Enter a number.', [b!.key]: 'Enter a number.' }, general: ['Offline'] };
    const edited = updateSetting(draft, a!.key, '3');
    expect(withoutEdited(problems, draft, edited)).toEqual({ name: 'Enter a name.', bySetting: { [b!.key]: 'Enter a number.' }, general: ['Offline'] });
    expect(withoutEdited(problems, draft, draft, true).name).toBeUndefined();
    expect(withoutEdited(problems, draft, removeSetting(draft, b!.key))).toEqual({ name: 'Enter a name.', bySetting: { [a!.key]: 'Enter a number.' }, general: [] });
  });
});
