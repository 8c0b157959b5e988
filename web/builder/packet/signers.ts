// The packet's signers as the builder edits them: read from the packet in signing order, moved,
// added, removed, attached to fields, checked before the server checks them, and written back
// in the shape PUT session/etch-packet takes. Pure: no DOM, unit-tested in node.
import type { PacketSigner, SignerField } from './types.js';

/** A signer being edited. `key` is the builder's own stable id (React-style list key, error owner). */
export interface SignerDraft {
  readonly key: string;
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly signerType?: string;
  readonly fields: readonly SignerField[];
}

/** The server's email check (server/graphql/resolvers/etch-packets.ts), so both agree. */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 320 && EMAIL.test(email.trim());
}

let nextKey = 0;
function newKey(): string {
  nextKey += 1;
  return `signer-key-${nextKey}`;
}

/** The packet's signers in signing order: `signerOrder` (or `routingOrder`) when given, else as listed. */
export function signersFromPacket(signers: readonly PacketSigner[]): SignerDraft[] {
  const order = (signer: PacketSigner, i: number): number => signer.signerOrder ?? signer.routingOrder ?? i + 1;
  return signers
    .map((signer, i) => ({ signer, i, rank: order(signer, i) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ signer }) => ({
      key: newKey(),
      id: signer.id,
      name: signer.name ?? '',
      email: signer.email ?? '',
      ...(signer.signerType !== undefined ? { signerType: signer.signerType } : {}),
      fields: (signer.fields ?? []).map(({ fileId, fieldId }) => ({ fileId, fieldId })),
    }));
}

/** The signers with the one at `index` moved by `delta` places (clamped to the list). */
export function moveSigner(signers: readonly SignerDraft[], index: number, delta: number): SignerDraft[] {
  const target = Math.max(0, Math.min(signers.length - 1, index + delta));
  const out = [...signers];
  if (index < 0 || index >= signers.length || target === index) return out;
  const [moved] = out.splice(index, 1);
  out.splice(target, 0, moved!);
  return out;
}

/** A new, empty signer at the end, with an id no other signer has (`signer<N>`). */
export function addSigner(signers: readonly SignerDraft[]): SignerDraft[] {
  const ids = new Set(signers.map((signer) => signer.id));
  let n = signers.length + 1;
  while (ids.has(`signer${n}`)) n += 1;
  return [...signers, { key: newKey(), id: `signer${n}`, name: '', email: '', signerType: 'email', fields: [] }];
}

export function removeSigner(signers: readonly SignerDraft[], key: string): SignerDraft[] {
  return signers.filter((signer) => signer.key !== key);
}

/** The signer `key` with its other properties changed. */
export function updateSigner(signers: readonly SignerDraft[], key: string, change: Partial<Pick<SignerDraft, 'name' | 'email'>>): SignerDraft[] {
  return signers.map((signer) => (signer.key === key ? { ...signer, ...change } : signer));
}

export function hasField(signer: SignerDraft, field: SignerField): boolean {
  return signer.fields.some((own) => own.fileId === field.fileId && own.fieldId === field.fieldId);
}

/** The signer `key` attached to `field` (on) or not (off); order of the other fields kept. */
export function setField(signers: readonly SignerDraft[], key: string, field: SignerField, on: boolean): SignerDraft[] {
  return signers.map((signer) => {
    if (signer.key !== key || hasField(signer, field) === on) return signer;
    const fields = on ? [...signer.fields, { fileId: field.fileId, fieldId: field.fieldId }] : signer.fields.filter((own) => own.fileId !== field.fileId || own.fieldId !== field.fieldId);
    return { ...signer, fields };
  });
}

/** Who the packet goes to first: the first signer in order, if any. */
export function firstSigner<T>(signers: readonly T[]): T | null {
  return signers[0] ?? null;
}

/** What is wrong with one signer, per input. */
export interface SignerProblems {
  readonly name?: string;
  readonly email?: string;
  readonly fields?: string;
}

export interface SignersCheck {
  /** Keyed by SignerDraft.key; only signers with a problem. */
  readonly bySigner: Readonly<Record<string, SignerProblems>>;
  /** Problems of the list as a whole (no signer at all). */
  readonly general: readonly string[];
}

/** The client-side checks run before the server's: every signer has a name, a valid email and a field. */
export function checkSigners(signers: readonly SignerDraft[]): SignersCheck {
  const bySigner: Record<string, SignerProblems> = {};
  for (const signer of signers) {
    const problems: { name?: string; email?: string; fields?: string } = {};
    if (signer.name.trim() === '') problems.name = 'Enter the signer\'s name.';
    if (signer.email.trim() === '') problems.email = 'Enter the signer\'s email address.';
    else if (!isValidEmail(signer.email)) problems.email = 'Enter a valid email address, such as name@example.com.';
    if (signer.fields.length === 0) problems.fields = 'Choose at least one field for this signer to sign.';
    if (Object.keys(problems).length > 0) bySigner[signer.key] = problems;
  }
  const general = signers.length === 0 ? ['Add at least one signer.'] : [];
  return { bySigner, general };
}

export function isClean(check: SignersCheck): boolean {
  return check.general.length === 0 && Object.keys(check.bySigner).length === 0;
}

/** The `signers` of PUT session/etch-packet: in signing order (`signerOrder` 1, 2, …), trimmed. */
export function signersPayload(signers: readonly SignerDraft[]): PacketSigner[] {
  return signers.map((signer, i) => ({
    id: signer.id,
    name: signer.name.trim(),
    email: signer.email.trim(),
    signerOrder: i + 1,
    ...(signer.signerType !== undefined ? { signerType: signer.signerType } : {}),
    fields: signer.fields.map(({ fileId, fieldId }) => ({ fileId, fieldId })),
  }));
}
