// Submitting the template (the finish button or the parent's castEditSubmit command):
// castEditSubmit, then either castEditSubmitError — required presets not placed, fields on pages
// the document lacks, or the server's refusal — shown to the user, or, once the server saved
// it, castEditSubmitSuccess and castEditComplete.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Api } from '../api.js';
import type { Messenger } from '../messenger.js';
import { blurFormControl } from './dom.js';
import { saveFailure, saveFields } from './submit.js';
import type { PlacedField, Preset } from './types.js';
import { missingFieldsMessage, missingRequiredFields, orphansMessage } from './validation.js';
import type { PageGeometry } from './records.js';

export interface Problem {
  readonly missing: readonly string[];
  readonly message: string;
  /** Counts problems, so that the same message shown again is announced again. */
  readonly serial: number;
}

interface Input {
  readonly api: Api;
  readonly messenger: Messenger;
  readonly presets: readonly Preset[];
  /** The fields and the document's page count as they are now. */
  readonly latest: { readonly current: { readonly fields: readonly PlacedField[]; readonly pageCount: number; readonly pageSizes: readonly PageGeometry[] } };
  /** The Cast version the builder edits (a save or a replaced document moves it on). */
  readonly version: { current: number };
  readonly onDone: () => void;
}

export function useSubmit({ api, messenger, presets, latest, version, onDone }: Input) {
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const busy = useRef(false);
  const fields = latest.current.fields;

  // A "required fields missing" problem goes away once they are placed.
  useEffect(() => {
    if (problem && problem.missing.length > 0 && missingRequiredFields(presets, fields).length === 0) setProblem(null);
  }, [problem, presets, fields]);

  const fail = (missing: readonly string[], message: string): void => {
    setProblem((previous) => ({ missing, message, serial: (previous?.serial ?? 0) + 1 }));
    messenger.post({ action: 'castEditSubmitError', missingRequiredFields: missing, errorMessage: message });
  };

  const submit = async (): Promise<void> => {
    if (busy.current) return;
    busy.current = true;
    messenger.post({ action: 'castEditSubmit' });
    // A name being typed (the parent's command comes without a click that ends it) is part of what is saved.
    if (blurFormControl()) await new Promise((resolve) => setTimeout(resolve, 0));
    const { fields: current, pageCount, pageSizes } = latest.current;
    const missing = missingRequiredFields(presets, current);
    const beyond = current.filter((field) => field.pageNum >= pageCount);
    if (missing.length > 0 || beyond.length > 0) {
      busy.current = false;
      if (missing.length > 0) fail(missing, missingFieldsMessage(missing));
      else fail([], orphansMessage(beyond, (them) => `Remove ${them} before saving.`));
      return;
    }
    setSubmitting(true);
    setProblem(null);
    try {
      const saved = await saveFields(api, current, pageSizes, version.current);
      version.current = saved.versionNumber;
    } catch (error) {
      busy.current = false;
      setSubmitting(false);
      const failure = saveFailure(error);
      fail(failure.missing, failure.message);
      return;
    }
    messenger.post({ action: 'castEditSubmitSuccess' });
    messenger.post({ action: 'castEditComplete' });
    onDone();
  };

  return { submit, submitting, problem, busy };
}
