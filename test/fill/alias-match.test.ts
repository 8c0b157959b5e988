// The built-in alias matcher: synonyms, typos, one-to-one assignment, the threshold, attribute
// overrides, determinism and explanations.
import { describe, expect, it } from 'vitest';
import {
  ALIAS_MATCH_THRESHOLD,
  deterministicAliasMatcher,
  matchAliases,
  normalizeAliases,
  wordsOf,
  type AliasList,
  type MatchableField,
} from '../../src/fill/alias-match.js';

function fields(...names: string[]): MatchableField[] {
  return names.map((name, i) => ({ id: `f${i + 1}`, aliasId: `field${i + 1}`, name, type: 'shortText', pageNum: 0, rect: { x: 0, y: 0, width: 100, height: 20 } }));
}

/** field name → alias id of each applied match. */
function pairs(list: readonly MatchableField[], aliases: AliasList): Record<string, string> {
  const { matches } = matchAliases(list, aliases);
  return Object.fromEntries(matches.map((m) => [list.find((f) => f.id === m.fieldId)!.name, m.aliasId]));
}

describe('matchAliases', () => {
  it('splits and normalises names: camelCase, snake_case, kebab-case, accents, punctuation', () => {
    expect(wordsOf('clientSignatureDate')).toEqual(['client', 'signature', 'date']);
    expect(wordsOf('SSN_number-2')).toEqual(['ssn', 'number', '2']);
    expect(wordsOf('Prénom (déposant):')).toEqual(['prenom', 'deposant']);
    expect(wordsOf('HTMLParser')).toEqual(['html', 'parser']);
    expect(wordsOf('Total $')).toEqual(['total', 'amount']);
  });

  it('matches through synonyms', () => {
    const list = fields('Date of Birth', 'E-mail address', 'Telephone', 'Postal code', 'Social Security Number', 'Qty', 'Amount', 'Surname', 'Given name', 'Addr.');
    const aliases = ['dob', 'email', 'mobile', 'zip', 'ssn', 'quantity', 'amt', 'lastName', 'firstName', 'address'];
    expect(pairs(list, aliases)).toEqual({
      'Date of Birth': 'dob',
      'E-mail address': 'email',
      Telephone: 'mobile',
      'Postal code': 'zip',
      'Social Security Number': 'ssn',
      Qty: 'quantity',
      Amount: 'amt',
      Surname: 'lastName',
      'Given name': 'firstName',
      'Addr.': 'address',
    });
  });

  it('forgives typos', () => {
    expect(pairs(fields('Emial', 'Adress', 'Signture', 'Phnoe number'), ['email', 'address', 'signature', 'phoneNumber'])).toEqual({
      Emial: 'email',
      Adress: 'address',
      Signture: 'signature',
      'Phnoe number': 'phoneNumber',
    });
  });

  it('assigns one to one, the best pair first: each alias and each field at most once', () => {
    // "Name" is the better match for `name`, so "Full name" gets nothing rather than a second `name`.
    const { matches } = matchAliases(fields('Full name', 'Name', 'Signature', 'Client signature'), ['name', 'clientSignature']);
    expect(matches.map((m) => [m.fieldId, m.aliasId, m.score])).toEqual([
      ['f2', 'name', 1],
      ['f4', 'clientSignature', 1],
    ]);
  });

  it('refuses matches under the threshold', () => {
    expect(ALIAS_MATCH_THRESHOLD).toBe(0.65);
    expect(pairs(fields('Company name', 'Effective Date', 'Field 1', 'Employee signature'), ['name', 'dob', 'firstName', 'clientSignature'])).toEqual({});
    // The same pairs are there below it, with their scores.
    const loose = matchAliases(fields('Company name'), ['name'], { threshold: 0.5 });
    expect(loose.matches[0]!.score).toBeGreaterThan(0.5);
    expect(loose.matches[0]!.score).toBeLessThan(ALIAS_MATCH_THRESHOLD);
  });

  it('replaces a matched field’s aliasId and attributes with the alias’s, and leaves the others alone', () => {
    const list = fields('Date of birth', 'Signature date', 'Notes');
    const result = matchAliases(list, {
      dob: { type: 'date', format: 'MMMM Do YYYY', name: 'Birthday', fontSize: 9, textColor: '#112233', alignment: 'center' },
      clientSignatureDate: { type: 'signatureDate', textStyle: { fontWeight: 'bold', fontFamily: 'Courier', fontSize: 8 }, fontSize: 12 },
    });
    expect(result.warnings).toEqual([]);
    expect(result.fields[0]).toEqual({
      ...list[0],
      aliasId: 'dob',
      type: 'date',
      format: 'MMMM Do YYYY',
      name: 'Birthday',
      fontSize: 9,
      textColor: '#112233',
      alignment: 'center',
    });
    // signatureDate is filled as a date; an explicit attribute wins over textStyle's.
    expect(result.fields[1]).toEqual({ ...list[1], aliasId: 'clientSignatureDate', type: 'date', fontWeight: 'bold', fontFamily: 'Courier', fontSize: 12 });
    expect(result.fields[2]).toBe(list[2]);
  });

  it('uses the detected label as well as the name, the alias name, and its type and description as evidence', () => {
    const list: MatchableField[] = [
      { ...fields('topmostSubform[0].f1_01[0]')[0]!, label: 'Full name' },
      { ...fields('Consent')[0]!, id: 'box', type: 'checkbox' },
    ];
    const result = matchAliases(list, {
      signerName: { name: 'Full name' },
      agree: { name: 'Consent', type: 'checkbox', description: 'Tick to consent' },
      consentDate: { name: 'Consent date', type: 'date' },
    });
    expect(result.matches.map((m) => [m.fieldId, m.aliasId])).toEqual([
      ['f1', 'signerName'],
      ['box', 'agree'],
    ]);
    expect(result.matches[0]!.explanation).toBe('label "Full name" ~ alias name "Full name": full name');
    expect(result.matches[1]!.explanation).toBe('name "Consent" ~ alias name "Consent": consent; description +0.10, type +0.10');
  });

  it('explains each match: equal words, synonyms and typos', () => {
    const { matches } = matchAliases(fields('Date signed', 'Billing adress', 'Emial'), ['clientSignatureDate', 'billingAddress', 'email']);
    expect(matches.map((m) => m.explanation)).toEqual([
      'name "Date signed" ~ alias id "clientSignatureDate": date, signed=signature (synonyms: signature)',
      'name "Billing adress" ~ alias id "billingAddress": billing, adress≈address (typo, 0.86)',
      'name "Emial" ~ alias id "email": emial≈email (typo, 0.80)',
    ]);
  });

  it('is deterministic: the same answer every time, ties to the earlier field and alias', async () => {
    const list = fields('Signature', 'Signature', 'Name');
    const aliases = ['sig', 'signature', 'name'];
    const first = matchAliases(list, aliases);
    for (let i = 0; i < 5; i++) expect(matchAliases(list, aliases)).toEqual(first);
    expect(first.matches.map((m) => [m.fieldId, m.aliasId])).toEqual([
      ['f1', 'signature'], // an exact spelling beats a synonym
      ['f2', 'sig'],
      ['f3', 'name'],
    ]);
    expect(await deterministicAliasMatcher.match(list, aliases)).toEqual(first);
  });

  it('takes aliases as ids or as attributes by id, and warns about what it drops', () => {
    const { aliases, warnings } = normalizeAliases({
      email: null,
      dob: { type: 'birthday', fontSize: -3, format: 'YYYY', colour: 'red' },
      sig: { textStyle: { fontWeight: 'heavy', shadow: true } },
      bad: 'oops',
    } as unknown as AliasList); // what a JSON argument can hold
    expect(aliases).toEqual([
      { id: 'email', attributes: {} },
      { id: 'dob', attributes: { format: 'YYYY' } },
      { id: 'sig', attributes: { textStyle: {} } },
      { id: 'bad', attributes: {} },
    ]);
    expect(warnings).toEqual([
      'alias "dob": type "birthday" is not valid; ignored',
      'alias "dob": fontSize -3 is not valid; ignored',
      'alias "dob": unknown attribute "colour" ignored',
      'alias "sig.textStyle": fontWeight "heavy" is not valid; ignored',
      'alias "sig.textStyle": unknown attribute "shadow" ignored',
      'alias "bad": attributes must be an object; ignored',
    ]);
    expect(normalizeAliases(['a', 'a', '', 7 as never]).warnings).toEqual([
      'alias "a" ignored: a repeat',
      'alias "" ignored: not a non-empty string',
      'alias 7 ignored: not a non-empty string',
    ]);
  });

  it('stays fast on the largest lists', () => {
    const many = fields(...Array.from({ length: 2000 }, (_, i) => `Question ${i} answer text`));
    const aliases = Array.from({ length: 500 }, (_, i) => `reply${i}Value`);
    const start = performance.now();
    matchAliases(many, aliases);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
