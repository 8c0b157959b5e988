import { describe, expect, it } from 'vitest';
import { camelCaseId, uniqueIds } from '../../src/fill/alias-id.js';

describe('camelCaseId', () => {
  it('makes payload keys of the sample template field names', () => {
    expect(['Short text', 'Tax ID', 'SSN', 'Date', 'Email', 'Zip'].map(camelCaseId)).toEqual(['shortText', 'taxId', 'ssn', 'date', 'email', 'zip']);
  });

  it('splits at punctuation and case changes, keeps other scripts, never returns ""', () => {
    expect(camelCaseId('form1.page1.First_Name')).toBe('form1Page1FirstName');
    expect(camelCaseId('firstName')).toBe('firstName');
    expect(camelCaseId('HTMLParser')).toBe('htmlParser');
    expect(camelCaseId('氏名 (漢字)')).toBe('氏名漢字');
    expect(camelCaseId('---')).toBe('field');
  });
});

describe('uniqueIds', () => {
  it('suffixes repeats with the first free number', () => {
    expect(uniqueIds(['name', 'name', 'name2', 'name'])).toEqual(['name', 'name2', 'name22', 'name3']);
  });
});
