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
    const alphabet = 'ab Z9 .,:;!? ';
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let n = 0; n < 3000; n++) {
      let text = '';
      for (let i = 0, len = 1 + Math.floor(random() * 12); i < len; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      expect(breakOpportunities(text), JSON.stringify(text)).toEqual(packageBreaks(text));
    }
  });
});

describe('breakOpportunities: mixed Latin and CJK (UAX #14 classes ID, CJ, NS, OP, CL)', () => {
  /** The text cut at every opportunity. */
  const pieces = (text: string): string[] => {
    let from = 0;
    return breakOpportunities(text).map((b) => text.slice(from, (from = b.position)));
  };

  it('breaks between ideographs and kana, and keeps Latin words whole', () => {
    expect(pieces('Quire 渲染 PDF：中文、日本語のかな mixed with Latin.')).toEqual([
      'Quire ', '渲', '染 ', 'PDF：', '中', '文、', '日', '本', '語', 'の', 'か', 'な ', 'mixed ', 'with ', 'Latin.',
    ]);
  });

  it('breaks between an ideograph and a Latin word with no space, on both sides', () => {
    expect(pieces('型号ABC-1234的价格')).toEqual(['型', '号', 'ABC-1234', '的', '价', '格']);
  });

  it('never puts closing punctuation or small kana at a line start, nor opening punctuation at a line end', () => {
    const text = '「日本語」です。ちゃんと（税込）、ok';
    const starts = breakOpportunities(text).map((b) => text[b.position]).filter((ch) => ch !== undefined);
    for (const ch of '」。ゃ）、') expect(starts, ch).not.toContain(ch);
    const ends = breakOpportunities(text).map((b) => text[b.position - 1]);
    for (const ch of '「（') expect(ends, ch).not.toContain(ch);
    expect(pieces(text)).toEqual(['「日', '本', '語」', 'で', 'す。', 'ちゃ', 'ん', 'と', '（税', '込）、', 'ok']);
  });

  it('agrees with the linebreak package on CJK text (no fast path there)', () => {
    for (const text of ['中文、日本語のかな。', 'Model X200（税込）¥1,280です', '한국어 텍스트']) {
      expect(breakOpportunities(text)).toEqual(packageBreaks(text));
    }
  });
});

describe('breakOpportunities in Thai, Lao, Khmer and Myanmar (no spaces between words)', () => {
  const words = (text: string) => {
    let start = 0;
    return breakOpportunities(text).map((b) => text.slice(start, (start = b.position)));
  };

  it('breaks between the words Intl.Segmenter finds inside a run, keeping UAX #14 at its ends', () => {
    expect(words('กรุงเทพมหานครเป็นเมืองหลวง ของไทย')).toEqual(['กรุงเทพมหานคร', 'เป็น', 'เมือง', 'หลวง ', 'ของ', 'ไทย']);
    expect(words('ພາສາລາວເປັນພາສາທາງການ')).toEqual(['ພາສາ', 'ລາວ', 'ເປັນ', 'ພາສາ', 'ທາງການ']);
    expect(words('Hello สวัสดี world')).toEqual(['Hello ', 'สวัสดี ', 'world']);
  });

  it('never breaks inside a grapheme cluster (marks stay with their base)', () => {
    const text = 'น้ำที่นี่ญี่ปุ่นก่ำ';
    const graphemes = new Set([...new Intl.Segmenter('th', { granularity: 'grapheme' }).segment(text)].map((s) => s.index));
    for (const b of breakOpportunities(text)) if (b.position < text.length) expect(graphemes.has(b.position)).toBe(true);
  });
});
