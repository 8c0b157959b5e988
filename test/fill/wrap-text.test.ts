import { describe, expect, it } from 'vitest';
import { characters, wrapText } from '../../src/fill/wrap-text.js';

// Every character is 1 unit wide, so widths are character counts.
const measure = (text: string) => characters(text).length;

describe('wrapText', () => {
  it('breaks at spaces, keeping each line within its width', () => {
    const { lines, overflow } = wrapText('aaa bbb ccc ddd', () => 7, measure);
    expect(lines).toEqual(['aaa bbb', 'ccc ddd']);
    expect(overflow).toBe(false);
  });

  it('gives each line its own width and keeps hard line breaks', () => {
    expect(wrapText('aa bb cc dd\nee', (i) => (i === 0 ? 2 : 5), measure).lines).toEqual(['aa', 'bb cc', 'dd', 'ee']);
  });

  it('breaks a word longer than the line between its characters', () => {
    expect(wrapText('abcdefghij k', () => 4, measure).lines).toEqual(['abcd', 'efgh', 'ij k']);
  });

  it('stops at maxLines and says text was left out', () => {
    const result = wrapText('a b c d e', () => 1, measure, 3);
    expect(result.lines).toEqual(['a', 'b', 'c']);
    expect(result.overflow).toBe(true);
    expect(wrapText('a b c', () => 1, measure, 3).overflow).toBe(false);
  });

  it('cuts a word longer than all its lines without asking for a line past maxLines', () => {
    // textPerLine passes its line boxes' widths: there is no width for a line after the last.
    const widthOf = (i: number) => {
      if (i >= 2) throw new Error(`asked for the width of line ${i}`);
      return 4;
    };
    const result = wrapText('x'.repeat(300), widthOf, measure, 2);
    expect(result.lines).toEqual(['xxxx', 'xxxx']);
    expect(result.overflow).toBe(true);
  });

  it('keeps an empty text as one empty line', () => {
    expect(wrapText('', () => 5, measure).lines).toEqual(['']);
  });
});
