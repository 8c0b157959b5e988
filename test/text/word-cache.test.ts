import { describe, expect, it } from 'vitest';
import { WordCache, hashRange } from '../../src/text/word-cache.js';

describe('WordCache', () => {
  it('finds a word by its range of a longer string, and only the same text', () => {
    const cache = new WordCache<{ text: string; n: number }>(100);
    cache.add(hashRange('fox', 0, 3), { text: 'fox', n: 1 });
    const source = 'the quick fox';
    expect(cache.get(source, 10, 13, hashRange(source, 10, 13))?.n).toBe(1);
    // Same hash given, other text: no hit.
    expect(cache.get('box', 0, 3, hashRange('fox', 0, 3))).toBeUndefined();
  });

  it('keeps colliding words apart and stops caching a slot that collides too often', () => {
    const cache = new WordCache<{ text: string }>(1000);
    const words = Array.from({ length: 20 }, (_, i) => `w${i}`);
    for (const text of words) cache.add(7, { text });
    const cached = words.filter((text) => cache.get(text, 0, text.length, 7)?.text === text);
    expect(cached).toEqual(words.slice(0, 8));
  });

  it('holds at most its limit: the oldest generation goes', () => {
    const cache = new WordCache<{ text: string }>(4);
    for (const text of ['a', 'b', 'c', 'd', 'e']) cache.add(hashRange(text, 0, 1), { text });
    expect(cache.get('a', 0, 1, hashRange('a', 0, 1))).toBeUndefined();
    expect(cache.get('e', 0, 1, hashRange('e', 0, 1))?.text).toBe('e');
  });
});
