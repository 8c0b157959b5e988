// What stops the packet from being saved or sent, wherever it was found — the builder's own
// checks or the server's 422 (`fields: [{ property, message }]`) — attached to the input it is
// about: the packet's name, a signer's name, email or fields, or the packet as a whole. Pure.
import { checkSigners, type SignerDraft, type SignerProblems } from './signers.js';

export interface PacketProblems {
  readonly name?: string;
  readonly bySigner: Readonly<Record<string, SignerProblems>>;
  readonly general: readonly string[];
}

export const NO_PROBLEMS: PacketProblems = { bySigner: {}, general: [] };

export function hasProblems(problems: PacketProblems): boolean {
  return problems.name !== undefined || problems.general.length > 0 || Object.keys(problems.bySigner).length > 0;
}

/** The checks run before the server's. */
export function checkPacket(name: string, signers: readonly SignerDraft[]): PacketProblems {
  const check = checkSigners(signers);
  return {
    ...(name.trim() === '' ? { name: 'Enter a name for the packet.' } : {}),
    bySigner: check.bySigner,
    general: check.general,
  };
}

type SignerInput = keyof SignerProblems;
const SIGNER_PROPERTY = /^signers(?:\[(\d+)\]|\.(\d+))(?:\.(\w+))?/;

/**
 * The server's 422 `fields` on the inputs they name. `sent` is the signer list as it was sent
 * (the server's indexes are positions in it); what matches no input becomes a general problem.
 */
export function serverProblems(fields: readonly { readonly property: string; readonly message: string }[] | undefined, sent: readonly SignerDraft[], fallback: string): PacketProblems {
  let name: string | undefined;
  const bySigner: Record<string, { name?: string; email?: string; fields?: string }> = {};
  const general: string[] = [];
  for (const { property, message } of fields ?? []) {
    if (property === 'name') {
      name = message;
      continue;
    }
    const match = SIGNER_PROPERTY.exec(property);
    const index = match ? Number(match[1] ?? match[2]) : -1;
    const signer = sent[index];
    const input = match?.[3] as string | undefined;
    if (signer && (input === 'name' || input === 'email' || input === 'fields')) {
      bySigner[signer.key] = { ...bySigner[signer.key], [input as SignerInput]: message };
    } else if (signer) {
      general.push(`Signer ${index + 1}: ${message}`);
    } else {
      general.push(message);
    }
  }
  if (name === undefined && general.length === 0 && Object.keys(bySigner).length === 0) general.push(fallback);
  return { ...(name !== undefined ? { name } : {}), bySigner, general };
}

/** Every problem as one sentence, in the order of the page (for the alert summary). */
export function problemMessages(problems: PacketProblems, signers: readonly SignerDraft[]): string[] {
  const messages = [...problems.general];
  if (problems.name) messages.push(`Packet name: ${problems.name}`);
  signers.forEach((signer, i) => {
    const own = problems.bySigner[signer.key];
    if (!own) return;
    for (const input of ['name', 'email', 'fields'] as const) {
      if (own[input]) messages.push(`Signer ${i + 1}: ${own[input]}`);
    }
  });
  return messages;
}

/** The problems left once the user has edited: a changed input's problem goes (the next check finds it again if it stays). */
export function withoutEdited(problems: PacketProblems, before: readonly SignerDraft[], after: readonly SignerDraft[], nameEdited = false): PacketProblems {
  const previous = new Map(before.map((signer) => [signer.key, signer]));
  const bySigner: Record<string, SignerProblems> = {};
  for (const signer of after) {
    const own = problems.bySigner[signer.key];
    const old = previous.get(signer.key);
    if (!own || !old) continue;
    const kept: { name?: string; email?: string; fields?: string } = {};
    if (own.name && old.name === signer.name) kept.name = own.name;
    if (own.email && old.email === signer.email) kept.email = own.email;
    if (own.fields && old.fields === signer.fields) kept.fields = own.fields;
    if (Object.keys(kept).length > 0) bySigner[signer.key] = kept;
  }
  const listChanged = before.length !== after.length || before.some((signer, i) => signer.key !== after[i]?.key);
  return {
    ...(problems.name !== undefined && !nameEdited ? { name: problems.name } : {}),
    bySigner,
    general: listChanged ? [] : problems.general,
  };
}
