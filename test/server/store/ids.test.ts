// Public identifiers and slugs.
import { describe, expect, it } from 'vitest';
import { isEid, newEid, randomSlugSuffix, slugCandidates, slugify, SLUG_MAX_BASE_LENGTH } from '../../../server/store/ids.js';

describe('eids', () => {
  it('are 20 characters of [0-9A-Za-z], different every time', () => {
    const eids = Array.from({ length: 2000 }, newEid);
    for (const eid of eids) expect(eid).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(new Set(eids).size).toBe(eids.length);
    expect(eids.every(isEid)).toBe(true);
    expect(isEid('short')).toBe(false);
    expect(isEid('AAAAAAAAAAAAAAAAAAA-')).toBe(false);
  });

  it('use every character about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 3100; i++) for (const char of newEid()) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 62,000 characters: 1,000 expected each; a 6-sigma band (σ ≈ 31) never fails by chance.
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(190);
  });
});

describe('slugs', () => {
  it('fold the name to lowercase letters, digits and dashes', () => {
    expect(slugify('Acme Widgets, Inc.')).toBe('acme-widgets-inc');
    expect(slugify('  Crème Brûlée Ltd  ')).toBe('creme-brulee-ltd');
    expect(slugify('ÆON ﬁnance №1')).toBe('aeon-finance-no1');
    expect(slugify('Øresund Straße Łódź')).toBe('oresund-strasse-lodz');
    expect(slugify('a--b__c')).toBe('a-b-c');
    expect(slugify('株式会社')).toBe('org');
    expect(slugify('')).toBe('org');
  });

  it('are cut to a bounded length without a trailing dash', () => {
    const slug = slugify(`${'a'.repeat(SLUG_MAX_BASE_LENGTH - 1)} bcd`);
    expect(slug).toBe('a'.repeat(SLUG_MAX_BASE_LENGTH - 1));
    expect(slugify('x'.repeat(500))).toHaveLength(SLUG_MAX_BASE_LENGTH);
  });

  it('have numbered candidates and random suffixes', () => {
    expect(slugCandidates('acme', 4)).toEqual(['acme', 'acme-2', 'acme-3', 'acme-4']);
    expect(randomSlugSuffix()).toMatch(/^[a-z0-9]{6}$/);
  });
});
