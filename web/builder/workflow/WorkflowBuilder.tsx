// The workflow builder (edit-workflow): the Weld's name, slug, settings and files (drawn).
// Save writes the changes (PUT session/weld); Finish saves first when there are changes, then
// publishes (POST session/weld/finish), posts the server's `weldCreate` or `weldEdit` (it knows
// whether the Weld was a draft when the URL was made) and shows the thank-you page.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api.js';
import { ThankYou } from '../common/ThankYou.js';
import type { BuilderProps } from '../context.js';
import { BuilderBar } from '../form/BuilderBar.js';
import { failureMessage } from '../form/failure.js';
import { ProblemSummary } from '../form/ProblemSummary.js';
import { TextInput } from '../form/TextInput.js';
import { useBusy } from '../form/useBusy.js';
import { FileList } from './FileList.js';
import { checkWeld, hasProblems, NO_PROBLEMS, problemMessages, serverProblems, withoutEdited, type WeldProblems } from './problems.js';
import { SettingsEditor } from './SettingsEditor.js';
import { settingsFromWeld, settingsPayload, type SettingsDraft } from './settings.js';
import type { FinishResult, Weld } from './types.js';
import './workflow.css';

type Busy = null | 'saving' | 'finishing';

export function WorkflowBuilder({ api, messenger, loaded }: BuilderProps<Weld>) {
  const weld = loaded.object;
  const [name, setName] = useState(weld.name ?? '');
  const [settings, setSettings] = useState<SettingsDraft>(() => settingsFromWeld(weld.settings));
  const [saved, setSaved] = useState(() => snapshot(weld.name ?? '', settingsFromWeld(weld.settings)));
  const [problems, setProblems] = useState<WeldProblems>(NO_PROBLEMS);
  const [savedNote, setSavedNote] = useState('');
  const { busy, run } = useBusy<Exclude<Busy, null>>(() => setSavedNote(''));
  const [finished, setFinished] = useState(false);
  const focusProblem = useRef(false);
  const files = useMemo(() => weld.files ?? [], [weld]);
  const dirty = snapshot(name, settings) !== saved;

  useEffect(() => {
    if (!focusProblem.current || busy !== null) return; // inputs are disabled while busy
    focusProblem.current = false;
    const setting = settings.entries.find((entry) => problems.bySetting[entry.key]);
    const id = problems.name ? 'workflow-name' : setting ? `${setting.key}-value` : null;
    const element = id ? document.getElementById(id) : null;
    element?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: 'center' });
  });

  const editSettings = (next: SettingsDraft): void => {
    setProblems((current) => withoutEdited(current, settings, next));
    setSettings(next);
  };
  const editName = (next: string): void => {
    setProblems((current) => withoutEdited(current, settings, settings, true));
    setName(next);
  };

  const show = (found: WeldProblems): void => {
    setProblems(found);
    focusProblem.current = true;
  };

  const fail = (error: unknown): void => {
    if (error instanceof ApiError && error.status === 422) show(serverProblems(error.body.fields, settings, error.message));
    else setProblems({ ...NO_PROBLEMS, general: [failureMessage(error)] });
  };

  /** PUT the changes; true when they were saved. */
  const write = async (): Promise<boolean> => {
    const found = checkWeld(name, settings);
    if (hasProblems(found)) {
      show(found);
      return false;
    }
    try {
      const updated = await api.send<Weld>('PUT', 'weld', { name: name.trim(), settings: settingsPayload(settings) });
      setSaved(snapshot(updated.name ?? name, settingsFromWeld(updated.settings)));
      setProblems(NO_PROBLEMS);
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  };


  const save = (): Promise<void> => run('saving', async () => {
    if (await write()) setSavedNote('All changes saved.');
  });

  const finish = (): Promise<void> => run('finishing', async () => {
    const found = checkWeld(name, settings);
    if (hasProblems(found)) return show(found);
    if (dirty && !(await write())) return;
    try {
      const result = await api.send<FinishResult>('POST', 'weld/finish');
      messenger.post({ action: result.action, weldEid: result.weldEid || weld.eid });
      setFinished(true);
    } catch (error) {
      fail(error);
    }
  });

  if (finished) return <ThankYou title="Workflow published" message={`${name.trim() || 'The workflow'} is published. You can close this window.`} />;

  const locked = busy === 'finishing';
  const status = busy === 'saving' ? 'Saving…' : busy === 'finishing' ? 'Publishing…' : dirty ? 'Unsaved changes' : savedNote;
  const draft = weld.visibility === 'draft';
  return (
    <main class="workflow-builder">
      <BuilderBar title="Workflow" badge={draft ? 'Draft' : 'Published'} status={status}
        actions={<>
          {/* aria-disabled, not disabled: the button keeps the keyboard focus while the request runs. */}
          <button type="button" aria-disabled={busy !== null || !dirty} onClick={() => void (dirty && save())}>Save</button>
          <button type="button" class="primary" aria-disabled={busy !== null} aria-describedby="finish-hint" onClick={() => void finish()}>Finish</button>
          <span id="finish-hint" class="visually-hidden">{draft ? 'Saves and publishes the workflow.' : 'Saves and publishes the changes.'}</span>
        </>}>
        <TextInput id="workflow-name" label="Workflow name" value={name} error={problems.name} disabled={locked} onInput={editName} />
      </BuilderBar>
      <ProblemSummary title="Please check the following:" messages={problemMessages(problems, settings)} />
      <div class="workflow-body">
        <section class="workflow-files" aria-labelledby="files-heading">
          <h2 id="files-heading" class="visually-hidden">Files</h2>
          <FileList api={api} files={files} />
        </section>
        <section class="workflow-details" aria-labelledby="details-heading">
          <h2 id="details-heading">Details</h2>
          <dl class="weld-facts">
            <dt>Slug</dt>
            <dd><code>{weld.slug}</code></dd>
            <dt>Status</dt>
            <dd>{draft ? 'Draft: Finish publishes it' : 'Published'}</dd>
            <dt>Files</dt>
            <dd>{files.length}</dd>
          </dl>
          <h2 id="settings-heading">Settings</h2>
          <SettingsEditor settings={settings} problems={problems.bySetting} disabled={locked} onChange={editSettings} />
        </section>
      </div>
    </main>
  );
}

/** What Save compares with: the name and settings as they would be sent. */
function snapshot(name: string, settings: SettingsDraft): string {
  return JSON.stringify({ name: name.trim(), settings: settingsPayload(settings) });
}
