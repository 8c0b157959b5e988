// The packet builder's problems (web/builder/packet/problems.ts) and field choices
// (web/builder/packet/fields.ts): client checks, the server's 422 fields on the right inputs,
// the alert's sentences, and the checkbox list of a file's fields.
import { describe, expect, it } from 'vitest';
import { fieldChoices } from '../../web/builder/packet/fields.js';
import { checkPacket, hasProblems, problemMessages, serverProblems, withoutEdited } from '../../web/builder/packet/problems.js';
import { addSigner, setField, signersFromPacket, updateSigner } from '../../web/builder/packet/signers.js';

const SIGNERS = signersFromPacket([
  { id: 'a', name: 'Alice', email: 'alice@example.com', fields: [{ fileId: 'f1', fieldId: 'sig1' }] },
  { id: 'b', name: 'Bob', email: 'bob@example.com', fields: [{ fileId: 'f1', fieldId: 'sig2' }] },
]);

describe('checkPacket', () => {
  it('needs a name', () => {
    expect(checkPacket('  ', SIGNERS).name).toBeDefined();
    expect(hasProblems(checkPacket('Lease', SIGNERS))).toBe(false);
  });
});

describe('serverProblems', () => {
  it('puts each field error on its signer input, by position in the list sent', () => {
    const problems = serverProblems([
      { property: 'signers[1].email', message: 'Expected an email address' },
      { property: 'signers[0].fields', message: 'A signer must be attached to at least one field' },
      { property: 'signers[0].fields[0].fileId', message: 'No such file' },
      { property: 'name', message: 'Too long' },
    ], SIGNERS, 'Invalid');
    expect(problems.name).toBe('Too long');
    expect(problems.bySigner[SIGNERS[1]!.key]).toEqual({ email: 'Expected an email address' });
    expect(problems.bySigner[SIGNERS[0]!.key]).toEqual({ fields: 'No such file' });
    expect(problems.general).toEqual([]);
  });
  it('keeps what names no input as a general problem, and the message when there are no fields', () => {
    expect(serverProblems([{ property: 'signers[0].id', message: 'Duplicate' }, { property: 'signers', message: 'At most 50' }], SIGNERS, 'x').general)
      .toEqual(['Signer 1: Duplicate', 'At most 50']);
    expect(serverProblems(undefined, SIGNERS, 'The packet is invalid').general).toEqual(['The packet is invalid']);
  });
});

describe('problemMessages', () => {
  it('lists general, name, then signer problems in page order', () => {
    const problems = { name: 'Enter a name.', general: ['Add at least one signer.'], bySigner: { [SIGNERS[1]!.key]: { fields: 'Choose a field.', name: 'Enter a name.' } } };
    expect(problemMessages(problems, SIGNERS)).toEqual(['Add at least one signer.', 'Packet name: Enter a name.', 'Signer 2: Enter a name.', 'Signer 2: Choose a field.']);
  });
});

describe('fieldChoices', () => {
  const template = [
    { id: 'f-1', aliasId: 'sig1', name: 'Signature', type: 'signature' },
    { id: 'f-2', aliasId: 'date', name: 'date', type: 'signatureDate' },
    { id: 'f-3', aliasId: '', name: 'No alias', type: 'shortText' },
    { id: 'f-4', aliasId: 'sig1', name: 'Duplicate alias', type: 'signature' },
  ];
  it('lists the template fields by name and aliasId, once each', () => {
    expect(fieldChoices('f1', template, [])).toEqual([
      { fieldId: 'sig1', label: 'Signature (sig1)', inTemplate: true },
      { fieldId: 'date', label: 'date', inTemplate: true },
      { fieldId: 'f-3', label: 'No alias (f-3)', inTemplate: true },
    ]);
  });
  it('adds the fields this file has attached that the template lacks, labelled as such', () => {
    const assigned = [{ fileId: 'f1', fieldId: 'sig1' }, { fileId: 'f1', fieldId: 'extra' }, { fileId: 'f2', fieldId: 'other' }];
    expect(fieldChoices('f1', template, assigned).slice(3)).toEqual([{ fieldId: 'extra', label: 'extra (not in the template)', inTemplate: false }]);
    expect(fieldChoices('f2', null, assigned)).toEqual([{ fieldId: 'other', label: 'other (not in the template)', inTemplate: false }]);
  });
});

describe('withoutEdited', () => {
  const problems = {
    name: 'Enter a name.',
    general: ['The server could not be reached.'],
    bySigner: { [SIGNERS[0]!.key]: { email: 'Bad email', fields: 'Choose a field.' }, [SIGNERS[1]!.key]: { name: 'Enter a name.' } },
  };
  it('drops the problem of the input that changed, and keeps the others', () => {
    const edited = updateSigner(SIGNERS, SIGNERS[0]!.key, { email: 'alice@example.org' });
    expect(withoutEdited(problems, SIGNERS, edited)).toEqual({ ...problems, bySigner: { [SIGNERS[0]!.key]: { fields: 'Choose a field.' }, [SIGNERS[1]!.key]: { name: 'Enter a name.' } } });
    const attached = setField(SIGNERS, SIGNERS[0]!.key, { fileId: 'f1', fieldId: 'x' }, true);
    expect(withoutEdited(problems, SIGNERS, attached).bySigner[SIGNERS[0]!.key]).toEqual({ email: 'Bad email' });
  });
  it('drops the name problem when the name is edited, and general ones when the list changes', () => {
    expect(withoutEdited(problems, SIGNERS, SIGNERS, true).name).toBeUndefined();
    const added = addSigner(SIGNERS);
    expect(withoutEdited(problems, SIGNERS, added).general).toEqual([]);
    expect(withoutEdited(problems, SIGNERS, added.slice(1)).bySigner[SIGNERS[0]!.key]).toBeUndefined();
  });
});
