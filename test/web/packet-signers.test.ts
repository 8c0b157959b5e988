// The packet builder's signer editing (web/builder/packet/signers.ts): signing order read from
// the packet, moves, adds, removals, field attachment, the checks made before the server's,
// and the PUT payload.
import { describe, expect, it } from 'vitest';
import {
  addSigner, checkSigners, firstSigner, hasField, isClean, isValidEmail, moveSigner, removeSigner, setField, signersFromPacket, signersPayload, updateSigner,
} from '../../web/builder/packet/signers.js';
import type { PacketSigner } from '../../web/builder/packet/types.js';

const ALICE: PacketSigner = { id: 'a', name: 'Alice', email: 'alice@example.com', signerType: 'email', fields: [{ fileId: 'f1', fieldId: 'sig1' }] };
const BOB: PacketSigner = { id: 'b', name: 'Bob', email: 'bob@example.com', fields: [{ fileId: 'f1', fieldId: 'sig2' }] };
const CAROL: PacketSigner = { id: 'c', name: 'Carol', email: 'carol@example.com', fields: [{ fileId: 'f2', fieldId: 'x' }] };

describe('signersFromPacket', () => {
  it('keeps the listed order when no order is given', () => {
    expect(signersFromPacket([ALICE, BOB, CAROL]).map((s) => s.id)).toEqual(['a', 'b', 'c']);
  });

  it('sorts by signerOrder (or routingOrder), ties in listed order', () => {
    const signers = [{ ...ALICE, signerOrder: 3 }, { ...BOB, signerOrder: 1 }, { ...CAROL, routingOrder: 1 }];
    expect(signersFromPacket(signers).map((s) => s.id)).toEqual(['b', 'c', 'a']);
  });

  it('gives each signer a distinct key and copies its fields', () => {
    const drafts = signersFromPacket([ALICE, BOB]);
    expect(new Set(drafts.map((s) => s.key)).size).toBe(2);
    expect(drafts[0]!.fields).toEqual(ALICE.fields);
    expect(drafts[0]!.fields).not.toBe(ALICE.fields);
  });
});

describe('moveSigner', () => {
  const drafts = signersFromPacket([ALICE, BOB, CAROL]);
  it('moves up and down', () => {
    expect(moveSigner(drafts, 1, -1).map((s) => s.id)).toEqual(['b', 'a', 'c']);
    expect(moveSigner(drafts, 1, 1).map((s) => s.id)).toEqual(['a', 'c', 'b']);
  });
  it('stays within the list and never changes the input', () => {
    expect(moveSigner(drafts, 0, -1).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(moveSigner(drafts, 2, 1).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(moveSigner(drafts, 7, -1).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(drafts.map((s) => s.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('addSigner, removeSigner, updateSigner', () => {
  it('adds an empty email signer with an unused id', () => {
    const drafts = signersFromPacket([{ ...ALICE, id: 'signer2' }]);
    const added = addSigner(drafts);
    expect(added).toHaveLength(2);
    expect(added[1]).toMatchObject({ id: 'signer3', name: '', email: '', signerType: 'email', fields: [] });
    expect(addSigner(added)[2]!.id).toBe('signer4');
  });
  it('removes by key and updates by key', () => {
    const drafts = signersFromPacket([ALICE, BOB]);
    expect(removeSigner(drafts, drafts[0]!.key).map((s) => s.id)).toEqual(['b']);
    expect(updateSigner(drafts, drafts[1]!.key, { email: 'robert@example.com' })[1]!.email).toBe('robert@example.com');
  });
});

describe('setField', () => {
  it('attaches and detaches a field once', () => {
    const drafts = signersFromPacket([ALICE]);
    const key = drafts[0]!.key;
    const field = { fileId: 'f2', fieldId: 'date' };
    const on = setField(drafts, key, field, true);
    expect(hasField(on[0]!, field)).toBe(true);
    expect(setField(on, key, field, true)[0]!.fields).toHaveLength(2);
    const off = setField(on, key, { fileId: 'f1', fieldId: 'sig1' }, false);
    expect(off[0]!.fields).toEqual([field]);
  });
  it('tells the same fieldId in another file apart', () => {
    const drafts = signersFromPacket([ALICE]);
    expect(hasField(drafts[0]!, { fileId: 'f2', fieldId: 'sig1' })).toBe(false);
  });
});

describe('checks', () => {
  it('accepts complete signers', () => {
    expect(isClean(checkSigners(signersFromPacket([ALICE, BOB])))).toBe(true);
  });
  it('asks for a name, a valid email and a field, per signer', () => {
    const drafts = addSigner(signersFromPacket([ALICE, { ...BOB, email: 'bob@', name: '  ' }]));
    const check = checkSigners(drafts);
    expect(check.bySigner[drafts[0]!.key]).toBeUndefined();
    expect(check.bySigner[drafts[1]!.key]).toEqual({ name: expect.any(String), email: expect.stringContaining('valid email') });
    expect(Object.keys(check.bySigner[drafts[2]!.key]!)).toEqual(['name', 'email', 'fields']);
    expect(isClean(check)).toBe(false);
  });
  it('needs at least one signer', () => {
    expect(checkSigners([]).general).toEqual(['Add at least one signer.']);
  });
  it('checks emails like the server', () => {
    expect(isValidEmail('a.b+c@example.co.uk')).toBe(true);
    for (const bad of ['', 'a', 'a@b', 'a b@example.com', '<a>@example.com', 'a@example.com,b@example.com']) expect(isValidEmail(bad)).toBe(false);
  });
});

describe('firstSigner and signersPayload', () => {
  it('sends the signers in order with signerOrder 1, 2, … and trimmed text', () => {
    const drafts = moveSigner(signersFromPacket([ALICE, { ...BOB, name: ' Bob ', email: ' bob@example.com ' }]), 1, -1);
    expect(firstSigner(drafts)!.id).toBe('b');
    expect(signersPayload(drafts)).toEqual([
      { id: 'b', name: 'Bob', email: 'bob@example.com', signerOrder: 1, fields: [{ fileId: 'f1', fieldId: 'sig2' }] },
      { id: 'a', name: 'Alice', email: 'alice@example.com', signerOrder: 2, signerType: 'email', fields: [{ fileId: 'f1', fieldId: 'sig1' }] },
    ]);
  });
  it('has no first signer when there are none', () => {
    expect(firstSigner([])).toBeNull();
  });
});
