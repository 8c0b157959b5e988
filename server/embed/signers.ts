// A packet's signers as the packet builder edits them (PUT /embed/session/etch-packet): checked
// like createEtchPacket's (embedded-builders.md §4.4: a signer attached to no fields is an
// error), attached only to the packet's own files, and stored in createEtchPacket's shape
// (`routingOrder`, which the builder calls `signerOrder`), each keeping its eid by id.
import { invalid } from '../graphql/errors.js';
import { EMAIL } from '../graphql/resolvers/etch-packets.js';
import { newEid } from '../store/ids.js';
import type { JsonObject } from '../store/types.js';
import { checkKeys, describe, isObject, requireKeys, text, type Check } from './field-checks.js';

export const MAX_SIGNERS = 50;
const MAX_SIGNER_FIELDS = 1000;

/** A signer as createEtchPacket stores it in the packet's document. */
export interface StoredSigner {
  readonly eid: string;
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly signerType: string;
  readonly routingOrder: number;
  readonly fields: readonly { readonly fileId: string; readonly fieldId: string }[];
  readonly extra?: JsonObject;
}

/** A signer as the builder reads and sends it. */
export interface SignerView {
  readonly id: string;
  readonly eid: string;
  readonly name: string;
  readonly email: string;
  readonly signerType: string;
  readonly signerOrder: number;
  readonly fields: readonly { readonly fileId: string; readonly fieldId: string }[];
}

export function signerView(signer: StoredSigner): SignerView {
  return { id: signer.id, eid: signer.eid, name: signer.name, email: signer.email, signerType: signer.signerType, signerOrder: signer.routingOrder, fields: signer.fields };
}

const id: Check = (value, property) => {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 128) throw invalid(property, `Expected a non-empty id of at most 128 characters, received ${describe(value)}`);
};

const SIGNER_KEYS: Readonly<Record<string, Check>> = {
  id,
  // Read back from the object; each signer keeps the eid it has by id, so the value is not used.
  eid: text,
  name: (value, property) => {
    text(value, property);
    if ((value as string).trim() === '' || (value as string).length > 500) throw invalid(property, "Expected the signer's name (at most 500 characters)");
  },
  email: (value, property) => {
    if (typeof value !== 'string' || value.length > 320 || !EMAIL.test(value)) throw invalid(property, `Expected an email address, received ${describe(value)}`);
  },
  signerType: (value, property) => {
    if (value !== 'email' && value !== 'embedded') throw invalid(property, `Expected "email" or "embedded", received ${describe(value)}`);
  },
  signerOrder: (value, property) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 1000) throw invalid(property, `Expected a whole number from 1 to 1000, received ${describe(value)}`);
  },
  fields: (value, property) => {
    if (!Array.isArray(value) || value.length === 0) throw invalid(property, 'A signer must be attached to at least one field: [{ fileId, fieldId }]');
    if (value.length > MAX_SIGNER_FIELDS) throw invalid(property, `At most ${MAX_SIGNER_FIELDS} fields`);
  },
};

/** The signers as stored; `fileIds`: the packet's files; `current`: the signers it has now. */
export function checkSigners(value: unknown, fileIds: ReadonlySet<string>, current: readonly StoredSigner[]): StoredSigner[] {
  if (!Array.isArray(value)) throw invalid('signers', `Expected an array of signers, received ${describe(value)}`);
  if (value.length > MAX_SIGNERS) throw invalid('signers', `At most ${MAX_SIGNERS} signers`);
  const byId = new Map(current.map((signer) => [signer.id, signer]));
  const ids = new Set<string>();
  return value.map((raw: unknown, i) => {
    const at = `signers[${i}]`;
    if (!isObject(raw)) throw invalid(at, `Expected a signer { id, name, email, fields }, received ${describe(raw)}`);
    requireKeys(raw, ['id', 'name', 'email', 'fields'], at);
    checkKeys(raw, SIGNER_KEYS, at);
    const signerId = raw.id as string;
    if (ids.has(signerId)) throw invalid(`${at}.id`, `"${signerId}" is the id of another signer`);
    ids.add(signerId);
    const fields = (raw.fields as unknown[]).map((field, j) => attachedField(field, fileIds, `${at}.fields[${j}]`));
    const before = byId.get(signerId);
    return {
      eid: before?.eid ?? newEid(),
      id: signerId,
      name: (raw.name as string).trim(),
      email: raw.email as string,
      signerType: (raw.signerType as string | undefined) ?? before?.signerType ?? 'email',
      routingOrder: (raw.signerOrder as number | undefined) ?? i + 1,
      fields,
      extra: before?.extra ?? {},
    };
  });
}

function attachedField(value: unknown, fileIds: ReadonlySet<string>, at: string): { fileId: string; fieldId: string } {
  if (!isObject(value)) throw invalid(at, `Expected { fileId, fieldId }, received ${describe(value)}`);
  requireKeys(value, ['fileId', 'fieldId'], at);
  checkKeys(value, { fileId: id, fieldId: id }, at);
  const fileId = value.fileId as string;
  if (!fileIds.has(fileId)) throw invalid(`${at}.fileId`, `The packet has no file "${fileId.slice(0, 64)}"; its files: ${[...fileIds].join(', ')}`);
  return { fileId, fieldId: value.fieldId as string };
}

/** Who a sent packet goes to first: the lowest signerOrder, then the first in the list. */
export function firstSigner(signers: readonly StoredSigner[]): StoredSigner | undefined {
  return signers.reduce<StoredSigner | undefined>((first, signer) => (!first || signer.routingOrder < first.routingOrder ? signer : first), undefined);
}
