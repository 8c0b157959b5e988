// describeFirstDifference: the message a golden mismatch prints.
import { describe, expect, it } from 'vitest';
import { describeFirstDifference } from './helpers/first-difference.js';

describe('describeFirstDifference', () => {
  it('shows the common context, then expected and actual lines from the first difference', () => {
    const expected = 'a\nb\nc\nd\ne\n';
    const actual = 'a\nb\nC\nd\ne\n';
    expect(describeFirstDifference(expected, actual, 1).split('\n')).toEqual([
      'first difference at line 3 (expected 6 lines, got 6)',
      '  b',
      '- c',
      '- d',
      '+ C',
      '+ d',
    ]);
  });

  it('reports a text that only grew at the end', () => {
    const message = describeFirstDifference('a\n', 'a\nb\n', 2);
    expect(message).toContain('first difference at line 2 (expected 2 lines, got 3)');
    expect(message).toContain('+ b');
  });
});
