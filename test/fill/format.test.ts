import { describe, expect, it } from 'vitest';
import { formatDate, parseIsoDate } from '../../src/fill/format-date.js';
import { formatAddress, addressLines, formatDecimal, formatDollars, formatEin, formatFullName, formatInteger, formatPercent, formatPhone, formatSsn } from '../../src/fill/format-value.js';

describe('dates', () => {
  const date = parseIsoDate('2022-07-08')!;

  it('parses ISO dates and refuses impossible ones', () => {
    expect(date).toEqual({ year: 2022, month: 7, day: 8 });
    expect(parseIsoDate('2022-07-08T10:00:00Z')).toEqual(date);
    expect(parseIsoDate('2023-02-29')).toBeUndefined();
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('07/08/2022')).toBeUndefined();
  });

  it('prints the moment.js tokens', () => {
    expect(formatDate(date)).toBe('07/08/2022');
    expect(formatDate(date, 'MMMM Do YYYY')).toBe('July 8th 2022');
    expect(formatDate(date, 'dddd, D MMM YY')).toBe('Friday, 8 Jul 22');
    expect(formatDate(date, 'ddd M/D/YYYY')).toBe('Fri 7/8/2022');
    expect(formatDate(date, 'YYYY-MM-DD [at] Do')).toBe('2022-07-08 at 8th');
  });

  it('gives ordinals their suffixes', () => {
    const ordinal = (day: number) => formatDate({ year: 2022, month: 1, day }, 'Do');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st']);
  });
});

describe('values', () => {
  it('formats US phone numbers and leaves others as given', () => {
    expect(formatPhone({ num: '5554443333', region: 'US' })).toBe('(555) 444-3333');
    expect(formatPhone({ num: '+1 555 444 3333', region: 'US' })).toBe('(555) 444-3333');
    expect(formatPhone({ num: '020 7946 0958', region: 'GB' })).toBe('020 7946 0958');
  });

  it('formats names and addresses', () => {
    expect(formatFullName({ firstName: 'Robin', mi: 'W', lastName: 'Smith' })).toBe('Robin W Smith');
    expect(formatFullName({ firstName: 'Robin', lastName: 'Smith' })).toBe('Robin Smith');
    const address = { street1: '123 Main St #234', city: 'San Francisco', state: 'CA', zip: '94106', country: 'US' };
    expect(formatAddress(address)).toBe('123 Main St #234, San Francisco, CA 94106');
    expect(addressLines(address)).toEqual(['123 Main St #234', 'San Francisco, CA 94106']);
    expect(formatAddress({ ...address, street2: 'Floor 2', country: 'Canada' })).toBe('123 Main St #234 Floor 2, San Francisco, CA 94106, Canada');
  });

  it('formats identifiers and numbers', () => {
    expect(formatSsn('456454567')).toBe('456-45-4567');
    expect(formatSsn('456-45-4567')).toBe('456-45-4567');
    expect(formatSsn('12345')).toBe('12345');
    expect(formatEin('897654321')).toBe('89-7654321');
    expect(formatDollars(123.45)).toBe('$123.45');
    expect(formatDollars(12345)).toBe('$12,345.00');
    expect(formatDecimal(12345.67)).toBe('12,345.67');
    expect(formatInteger(12345)).toBe('12345');
    expect(formatPercent(50.3)).toBe('50.3%');
  });
});
