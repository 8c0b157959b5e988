// A packet's signers, checked one way for createEtchPacket and for the packet builder
// (embedded-builders.md §4.4: a signer attached to no fields is an error) and stored in one
// shape in the packet's document. The two callers differ only in the names they take: the
// GraphQL payload says `routingOrder` and may carry more keys (kept as `extra`), the builder
// says `signerOrder`, may attach fields to the packet's own files only, and keeps each
// signer's eid by id.
import { invalid } from './graphql/errors.js';
import { checkKeys, describe, isObject, requireKeys, text, type Check } from './embed/field-checks.js';
import { newEid } from './store/ids.js';
import type { JsonObject } from './store/types.js';

/** What an email address must look like (one @, a dot in the domain, nothing a header would split on). */
export const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

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
  /** createEtchPacket's keys beyond these, kept as given. */
  readonly extra: JsonObject;
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

const order: Check = (value, property) => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 1000) throw invalid(property, `Expected a whole number from 1 to 1000, received ${describe(value)}`);
};

const SIGNER_KEYS: Readonly<Record<string, Check>> = {
  id,
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
  fields: (value, property) => {
    if (!Array.isArray(value) || value.length === 0) throw invalid(property, 'A signer must be attached to at least one field: [{ fileId, fieldId }]');
    if (value.length > MAX_SIGNER_FIELDS) throw invalid(property, `At most ${MAX_SIGNER_FIELDS} fields`);
  },
};

/** How a caller names things: see the header. */
export interface SignerRules {
  /** The key of a signer's place in the signing order. */
  readonly orderKey: 'routingOrder' | 'signerOrder';
  /** Keys beyond the known ones: kept as `extra` (createEtchPacket) or refused (the builder, which reads back `eid` too). */
  readonly otherKeys: 'keep' | 'refuse';
  /** The packet's files, when fields may be attached to those only. */
  readonly fileIds?: ReadonlySet<string>;
  /** The signers the packet has now: one with the same id keeps its eid and extra keys. */
  readonly current?: readonly StoredSigner[];
}

/** The signers as stored; a ValidationError naming the first bad one (`signers[1].email`). */
export function checkSigners(value: unknown, rules: SignerRules): StoredSigner[] {
  if (!Array.isArray(value)) throw invalid('signers', `Expected an array of signers, received ${describe(value)}`);
  if (value.length > MAX_SIGNERS) throw invalid('signers', `At most ${MAX_SIGNERS} signers`);
  const known: Readonly<Record<string, Check>> = { ...SIGNER_KEYS, [rules.orderKey]: order, ...(rules.otherKeys === 'refuse' ? { eid: text } : {}) };
  const byId = new Map((rules.current ?? []).map((signer) => [signer.id, signer]));
  const ids = new Set<string>();
  return value.map((raw: unknown, i) => {
    const at = `signers[${i}]`;
    if (!isObject(raw)) throw invalid(at, `Expected a signer { id, name, email, fields }, received ${describe(raw)}`);
    requireKeys(raw, ['id', 'name', 'email', 'fields'], at);
    const extra: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) if (!Object.hasOwn(known, key) && rules.otherKeys === 'keep') extra[key] = value;
    checkKeys(rules.otherKeys === 'keep' ? withoutKeys(raw, extra) : raw, known, at);
    const signerId = raw.id as string;
    if (ids.has(signerId)) throw invalid(`${at}.id`, `"${signerId}" is the id of another signer`);
    ids.add(signerId);
    const fields = (raw.fields as unknown[]).map((field, j) => attachedField(field, rules.fileIds, `${at}.fields[${j}]`));
    const before = byId.get(signerId);
    return {
      eid: before?.eid ?? newEid(),
      id: signerId,
      name: (raw.name as string).trim(),
      email: raw.email as string,
      signerType: (raw.signerType as string | undefined) ?? before?.signerType ?? 'email',
      routingOrder: (raw[rules.orderKey] as number | undefined) ?? i + 1,
      fields,
      extra: rules.otherKeys === 'keep' ? (extra as JsonObject) : (before?.extra ?? {}),
    };
  });
}

function withoutKeys(object: Record<string, unknown>, drop: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !Object.hasOwn(drop, key)));
}

function attachedField(value: unknown, fileIds: ReadonlySet<string> | undefined, at: string): { fileId: string; fieldId: string } {
  if (!isObject(value)) throw invalid(at, `Expected { fileId, fieldId }, received ${describe(value)}`);
  requireKeys(value, ['fileId', 'fieldId'], at);
  checkKeys(value, { fileId: id, fieldId: id }, at);
  const fileId = value.fileId as string;
  if (fileIds && !fileIds.has(fileId)) throw invalid(`${at}.fileId`, `The packet has no file "${fileId.slice(0, 64)}"; its files: ${[...fileIds].join(', ')}`);
  return { fileId, fieldId: value.fieldId as string };
}

/** Who a sent packet goes to first: the lowest signerOrder, then the first in the list. */
export function firstSigner(signers: readonly StoredSigner[]): StoredSigner | undefined {
  return signers.reduce<StoredSigner | undefined>((first, signer) => (!first || signer.routingOrder < first.routingOrder ? signer : first), undefined);
}
