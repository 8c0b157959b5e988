// Liang's algorithm over the `hyphen` package's TeX patterns, and the content language → pattern set table.
import { describe, expect, it } from 'vitest';
import { hyphenationPatternsFor, hyphenationPoints } from '../../src/text/hyphenation.js';

const split = (word: string, patterns: string) => {
  let out = '';
  let last = 0;
  for (const p of hyphenationPoints(word, patterns)) {
    out += `${word.slice(last, p)}-`;
    last = p;
  }
  return out + word.slice(last);
};

describe('hyphenation points', () => {
  it('follow the patterns of each language', () => {
    expect(split('hyphenation', 'en-us')).toBe('hy-phen-ation');
    expect(split('Hyphenation', 'en-us')).toBe('Hy-phen-ation');
    expect(split('hyphenation', 'en-gb')).toBe('hy-phen-a-tion');
    expect(split('Silbentrennung', 'de')).toBe('Sil-ben-tren-nung');
    expect(split('développement', 'fr')).toBe('dé-ve-lop-pe-ment');
    expect(split('desarrollo', 'es')).toBe('de-sa-rro-llo');
  });

  it('read the exception lists at the right offsets', () => {
    // TeX's ushyphex: as-so-ciate, dec-li-na-tion (the package stores offsets counting the hyphens).
    expect(split('associate', 'en-us')).toBe('as-so-ciate');
    expect(split('declination', 'en-us')).toBe('dec-li-na-tion');
    expect(split('university', 'en-gb')).toBe('uni-ver-sity');
  });

  it('leave short, overlong and case-changing words whole', () => {
    expect(hyphenationPoints('a', 'en-us')).toEqual([]);
    expect(hyphenationPoints('hyphenation'.repeat(10), 'en-us')).toEqual([]);
    expect(hyphenationPoints('İstanbulumuz', 'en-us')).toEqual([]);
  });
});

describe('pattern sets by language', () => {
  it('map the primary subtag, and the region where the patterns differ', () => {
    expect(hyphenationPatternsFor('en')).toBe('en-us');
    expect(hyphenationPatternsFor('en-us')).toBe('en-us');
    expect(hyphenationPatternsFor('en-gb')).toBe('en-gb');
    expect(hyphenationPatternsFor('de-ch')).toBe('de');
    expect(hyphenationPatternsFor('pt-br')).toBe('pt');
    expect(hyphenationPatternsFor('nl')).toBe('nl');
    expect(hyphenationPatternsFor('it')).toBe('it');
  });

  it('know no language for an unknown or empty tag', () => {
    expect(hyphenationPatternsFor('')).toBeNull();
    expect(hyphenationPatternsFor('xx')).toBeNull();
    expect(hyphenationPatternsFor('../../etc')).toBeNull();
    expect(hyphenationPatternsFor('constructor')).toBeNull();
  });
});
