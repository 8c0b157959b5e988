// UAX #14 break opportunities, and the ASCII fast path agreeing with the linebreak package.
import LineBreaker from 'linebreak';
import { describe, expect, it } from 'vitest';
import { breakOpportunities } from '../../src/text/line-break.js';

function packageBreaks(text: string): { position: number; required: boolean }[] {
  const breaker = new LineBreaker(text);
  const out: { position: number; required: boolean }[] = [];
  for (let b = breaker.nextBreak(); b; b = breaker.nextBreak()) out.push({ position: b.position, required: b.required });
  return out;
}

describe('breakOpportunities', () => {
  it('breaks after spaces and after the hyphen of "world-wide"', () => {
    const text = 'Hello world-wide web';
    expect(breakOpportunities(text).map((b) => text.slice(0, b.position))).toEqual(['Hello ', 'Hello world-', 'Hello world-wide ', text]);
    expect(breakOpportunities(text).every((b) => !b.required)).toBe(true);
  });

  it('reports a mandatory break after "\\n"', () => {
    expect(breakOpportunities('one\ntwo')).toEqual([
      { position: 4, required: true },
      { position: 7, required: false },
    ]);
  });

  it('does not break before punctuation or inside numbers', () => {
    expect(breakOpportunities('Wait , 3.14 ok').map((b) => b.position)).toEqual([7, 12, 14]);
    expect(breakOpportunities('')).toEqual([]);
  });

  it('fast path for plain text agrees with the linebreak package', () => {
    const alphabet = 'ab Z9 .,:; ';
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let n = 0; n < 3000; n++) {
      let text = '';
      for (let i = 0, len = 1 + Math.floor(random() * 12); i < len; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      expect(breakOpportunities(text), JSON.stringify(text)).toEqual(packageBreaks(text));
    }
  });
});
