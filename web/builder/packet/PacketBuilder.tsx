// The packet builder (edit-etch-packet): the draft packet's name, its documents (pages drawn
// lazily, the template's placed fields drawn over them in their signers' colours), its signers
// in signing order and the fields each signs — chosen from each signer's list, or by pressing a
// field on the page, which gives it to the active signer (or takes it away). Save writes the
// draft (PUT session/etch-packet); Send saves first when there are changes, then sends the packet to the
// first signer (POST session/etch-packet/send), posts `etchPacketSent` and shows the thank-you
// page — so a second Send is impossible. A packet that is already sent shows only a notice.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api.js';
import { ThankYou } from '../common/ThankYou.js';
import type { BuilderProps } from '../context.js';
import { DocumentTabs, type DocumentItem } from '../documents/DocumentTabs.js';
import type { PageSize } from '../pdf/document.js';
import { BuilderBar } from '../form/BuilderBar.js';
import { failureMessage } from '../form/failure.js';
import { ProblemSummary } from '../form/ProblemSummary.js';
import { TextInput } from '../form/TextInput.js';
import { useBusy } from '../form/useBusy.js';
import { ActiveSigner } from './ActiveSigner.js';
import type { SignableDocument } from './FieldAssignment.js';
import { fieldsByPage } from './fieldBoxes.js';
import { PageFields } from './PageFields.js';
import { checkPacket, hasProblems, NO_PROBLEMS, problemMessages, serverProblems, withoutEdited, type PacketProblems } from './problems.js';
import { SignerList } from './SignerList.js';
import { firstSigner, hasField, setField, signersFromPacket, signersPayload, type SignerDraft } from './signers.js';
import type { Packet, PacketFile, SendResult, SignerField } from './types.js';
import { useTemplates, type TemplateState } from './useTemplates.js';
import './packet.css';

const FIELD_HINT_ID = 'page-field-hint';

type Busy = null | 'saving' | 'sending';
type Done = { readonly kind: 'sent'; readonly to: string } | { readonly kind: 'already-sent'; readonly to: string | null };

export function PacketBuilder({ api, messenger, loaded }: BuilderProps<Packet>) {
  const initial = loaded.object;
  const [name, setName] = useState(initial.name ?? '');
  const [signers, setSigners] = useState<SignerDraft[]>(() => signersFromPacket(initial.signers ?? []));
  const [saved, setSaved] = useState(() => snapshot(initial.name ?? '', signersFromPacket(initial.signers ?? [])));
  const [problems, setProblems] = useState<PacketProblems>(NO_PROBLEMS);
  const [savedNote, setSavedNote] = useState('');
  const { busy, run } = useBusy<Exclude<Busy, null>>(() => setSavedNote(''));
  const [done, setDone] = useState<Done | null>(() => (initial.status === 'sent' ? { kind: 'already-sent', to: sentToText(initial.sentTo) } : null));
  const focusProblem = useRef(false);
  const files = initial.files ?? [];
  const templates = useTemplates(api, files);
  const dirty = snapshot(name, signers) !== saved;

  const documents = useMemo(() => files.map((file) => documentOf(file, templates)), [files, templates]);
  const signable = useMemo<SignableDocument[]>(() => documents.map((doc) => ({ fileId: doc.id, title: doc.title, template: doc.castEid ? templates.get(doc.castEid) ?? null : null })), [documents, templates]);
  // Each file's placed template fields, by page.
  const placed = useMemo(() => new Map(signable.map((doc) => [doc.fileId, fieldsByPage(doc.template?.state === 'ready' ? doc.template.cast.fields : null)])), [signable]);
  // The signer a click on a field box assigns the field to: the one chosen, else the first.
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const active = signers.find((signer) => signer.key === chosenKey) ?? signers[0] ?? null;

  // After a failed check, focus the first input with a problem (its message is read with it).
  useEffect(() => {
    if (!focusProblem.current || busy !== null) return; // inputs are disabled while busy
    focusProblem.current = false;
    const element = firstProblemElement(problems, signers);
    element?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: 'center' });
  });

  const editSigners = (next: SignerDraft[]): void => {
    setProblems((current) => withoutEdited(current, signers, next));
    setSigners(next);
  };
  /** A field box on a page was pressed: the active signer gets the field, or loses it. */
  const toggleOnPage = (field: SignerField): void => {
    if (active) editSigners(setField(signers, active.key, field, !hasField(active, field)));
  };
  const editName = (next: string): void => {
    setProblems((current) => withoutEdited(current, signers, signers, true));
    setName(next);
  };

  const show = (found: PacketProblems): void => {
    setProblems(found);
    focusProblem.current = true;
  };

  /** PUT the draft; true when it was saved. Leaves `busy` alone. */
  const write = async (): Promise<boolean> => {
    const sent = signers;
    const found = checkPacket(name, sent);
    if (hasProblems(found)) {
      show(found);
      return false;
    }
    try {
      const updated = await api.send<Packet>('PUT', 'etch-packet', { name: name.trim(), signers: signersPayload(sent) });
      setSaved(snapshot(updated.name ?? name, signersFromPacket(updated.signers ?? [])));
      setProblems(NO_PROBLEMS);
      return true;
    } catch (error) {
      fail(error, sent);
      return false;
    }
  };

  const fail = (error: unknown, sent: readonly SignerDraft[]): void => {
    if (error instanceof ApiError && error.status === 409) {
      setDone({ kind: 'already-sent', to: null });
    } else if (error instanceof ApiError && error.status === 422) {
      show(serverProblems(error.body.fields, sent, error.message));
    } else {
      setProblems({ ...NO_PROBLEMS, general: [failureMessage(error)] });
    }
  };


  const save = (): Promise<void> => run('saving', async () => {
    if (await write()) setSavedNote('All changes saved.');
  });

  const send = (): Promise<void> => run('sending', async () => {
    const found = checkPacket(name, signers);
    if (hasProblems(found)) return show(found);
    if (dirty && !(await write())) return;
    const first = firstSigner(signers);
    try {
      const result = await api.send<SendResult>('POST', 'etch-packet/send');
      messenger.post({ action: 'etchPacketSent', etchPacketEid: result.etchPacketEid || initial.eid });
      setDone({ kind: 'sent', to: sentToText(result.sentTo) ?? sentToText(first) ?? 'the first signer' });
    } catch (error) {
      fail(error, signers);
    }
  });

  if (done?.kind === 'sent') return <ThankYou title="Packet sent" message={`Sent to ${done.to}. They are the first to sign.`} />;
  if (done?.kind === 'already-sent') {
    return <ThankYou title="This packet was sent" message={done.to ? `It was sent to ${done.to} and can no longer be edited.` : 'It can no longer be edited.'} />;
  }

  const locked = busy === 'sending';
  const status = busy === 'saving' ? 'Saving…' : busy === 'sending' ? 'Sending…' : dirty ? 'Unsaved changes' : savedNote;
  return (
    <main class="packet-builder">
      <BuilderBar title="E-signature packet" badge={initial.isTest ? 'Test' : undefined} status={status}
        actions={<>
          {/* aria-disabled, not disabled: the button keeps the keyboard focus while the request runs. */}
          <button type="button" aria-disabled={busy !== null || !dirty} onClick={() => void (dirty && save())}>Save</button>
          <button type="button" class="primary" aria-disabled={busy !== null} aria-describedby="send-hint" onClick={() => void send()}>Send</button>
          <span id="send-hint" class="visually-hidden">Sends the packet to the first signer; it can no longer be edited afterwards.</span>
        </>}>
        <TextInput id="packet-name" label="Packet name" value={name} error={problems.name} disabled={locked} onInput={editName} />
      </BuilderBar>
      <ProblemSummary title="Please check the following:" messages={problemMessages(problems, signers)} />
      <div class="packet-body">
        <section class="packet-documents" aria-labelledby="documents-heading">
          <h2 id="documents-heading" class="visually-hidden">Documents</h2>
          <ActiveSigner signers={signers} activeKey={active?.key ?? null} disabled={locked} hintId={FIELD_HINT_ID} onChange={setChosenKey} />
          <DocumentTabs api={api} documents={documents} label="Documents"
            overlay={(doc: DocumentItem, pageIndex: number, size: PageSize) => (
              <PageFields fileId={doc.id} fields={placed.get(doc.id)?.get(pageIndex) ?? []} size={size} signers={signers} activeKey={active?.key ?? null}
                disabled={locked} hintId={FIELD_HINT_ID} onToggle={toggleOnPage} />
            )} />
        </section>
        <section class="packet-signers" aria-labelledby="signers-heading">
          <h2 id="signers-heading">Signers</h2>
          <SignerList signers={signers} documents={signable} problems={problems.bySigner} disabled={locked} onChange={editSigners} />
        </section>
      </div>
    </main>
  );
}

/** What Save compares with: the draft as it would be sent. */
function snapshot(name: string, signers: readonly SignerDraft[]): string {
  return JSON.stringify({ name: name.trim(), signers: signersPayload(signers) });
}

function sentToText(to: { readonly name?: string; readonly email?: string } | null | undefined): string | null {
  if (!to) return null;
  const name = to.name?.trim();
  const email = to.email?.trim();
  if (name && email) return `${name} (${email})`;
  return name || email || null;
}

function documentOf(file: PacketFile, templates: ReadonlyMap<string, TemplateState>): DocumentItem {
  const template = file.castEid ? templates.get(file.castEid) : undefined;
  const cast = template?.state === 'ready' ? template.cast : null;
  const title = file.title?.trim() || cast?.title?.trim() || cast?.name?.trim() || file.filename?.trim() || file.id;
  return { id: file.id, title, ...(file.castEid ? { castEid: file.castEid } : {}) };
}

/** The input the first problem is about: the packet's name, then each signer's name, email, first field. */
function firstProblemElement(problems: PacketProblems, signers: readonly SignerDraft[]): HTMLElement | null {
  if (problems.name) return document.getElementById('packet-name');
  for (const signer of signers) {
    const own = problems.bySigner[signer.key];
    if (!own) continue;
    if (own.name) return document.getElementById(`${signer.key}-name`);
    if (own.email) return document.getElementById(`${signer.key}-email`);
    if (own.fields) return document.querySelector<HTMLElement>(`#${CSS.escape(signer.key)}-fields input:not(:disabled)`);
  }
  return null;
}
