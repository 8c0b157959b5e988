import { describe, expect, it } from 'vitest';
import { parseLeader } from '../../src/boxes/leader.js';
import type { InlineLevelBox, LeaderBox, TextBox } from '../../src/boxes/types.js';
import { processWhiteSpace } from '../../src/boxes/white-space.js';
import type { ComputedStyle } from '../../src/css/types.js';
import { segmentAdvance } from '../../src/paint/glyph-runs.js';
import type { PageDisplayList } from '../../src/paint/types.js';
import { PX, layout, runs } from './helpers.js';

// 400px = 300pt wide pages without margins: a paragraph's content box spans x 0…300pt.
const page = { width: '400px', height: '400px', margin: '0' };
const base = 'body { margin: 0; font-size: 16px; line-height: 20px } p { margin: 0 }';
const WIDTH = 400 * PX;

interface Glyph {
  readonly text: string;
  readonly left: number;
  readonly right: number;
  readonly y: number;
}

/** Every glyph on the pages with its advance box in page coordinates, in paint order. */
function glyphs(pages: readonly PageDisplayList[]): Glyph[] {
  const out: Glyph[] = [];
  for (const run of runs(pages)) {
    const { item } = run;
    const scale = item.size / item.face.unitsPerEm;
    for (const segment of item.segments) {
      let pen = segment.x;
      segment.glyphs.forEach((g, k) => {
        const advance = segmentAdvance(segment, k, scale);
        out.push({ text: g.text, left: item.x + pen, right: item.x + pen + advance, y: item.y });
        pen += advance;
      });
    }
  }
  return out;
}

/** The glyphs of the first occurrence of `text` (one glyph per character). */
function find(all: readonly Glyph[], text: string): Glyph[] {
  const chars = [...text];
  for (let i = 0; i + chars.length <= all.length; i++) {
    if (chars.every((c, k) => all[i + k]!.text === c)) return all.slice(i, i + chars.length);
  }
  throw new Error(`no glyphs ${JSON.stringify(text)} in ${JSON.stringify(all.map((g) => g.text).join(''))}`);
}

function count(all: readonly Glyph[], text: string): number {
  return all.filter((g) => g.text === text).length;
}

const toc = (leader: string, extra = '') => `${base} a { color: black; text-decoration: none } a::after { content: ${leader} "12" } ${extra}`;
const entry = (title: string, attrs = '') => `<p${attrs}><a href="#x">${title}</a></p><p id="x">Target</p>`;

describe('leader()', () => {
  it('fills a table-of-contents line with dots and puts the page number at the right edge', async () => {
    const pages = await layout(entry('Chapter'), toc("leader('.')"), page);
    const all = glyphs(pages);
    const title = find(all, 'Chapter');
    const number = find(all, '12');
    expect(title[0]!.left).toBeCloseTo(0, 3);
    expect(Math.abs(number[1]!.right - WIDTH)).toBeLessThan(0.5);
    expect(number[0]!.y).toBe(title[0]!.y);

    const dots = all.filter((g) => g.text === '.' && g.y === number[0]!.y);
    const dot = dots[0]!.right - dots[0]!.left;
    const gap = number[0]!.left - title.at(-1)!.right;
    // Whole dots only, as many as fit in the gap, all of them between the title and the number.
    expect(dot).toBeGreaterThan(0);
    expect(dots.length).toBe(Math.floor(gap / dot + 1e-6));
    expect(dots.length).toBeGreaterThan(40);
    for (const d of dots) {
      expect(d.left).toBeGreaterThanOrEqual(title.at(-1)!.right - 1e-6);
      expect(d.right).toBeLessThanOrEqual(number[0]!.left + 1e-6);
    }
    // Flush with the number: the last dot ends where the number starts.
    expect(dots.at(-1)!.right).toBeCloseTo(number[0]!.left, 3);
  });

  it('fills the line regardless of text-align, so centred and right-aligned entries look the same', async () => {
    for (const align of ['center', 'right', 'justify']) {
      const pages = await layout(entry('Chapter', ` style="text-align: ${align}"`), toc("leader('.')"), page);
      const all = glyphs(pages);
      expect(find(all, 'Chapter')[0]!.left).toBeCloseTo(0, 3);
      expect(Math.abs(find(all, '12')[1]!.right - WIDTH)).toBeLessThan(0.5);
    }
  });

  it('lines up the dots of entries whose numbers have the same width', async () => {
    const html = '<p><a href="#x">Intro</a></p><p><a href="#x">A longer chapter</a></p><p id="x">Target</p>';
    const all = glyphs(await layout(html, toc("leader('.')"), page));
    const lines = [...new Set(all.filter((g) => g.text === '.').map((g) => g.y))];
    expect(lines.length).toBe(2);
    const lastDot = (y: number) => all.filter((g) => g.text === '.' && g.y === y).at(-1)!;
    expect(lastDot(lines[0]!).left).toBeCloseTo(lastDot(lines[1]!).left, 3);
    expect(count(all, '.')).toBeGreaterThan(60);
  });

  it('leader(solid) repeats underscores and leader(dotted) dots with spaces', async () => {
    const solid = glyphs(await layout(entry('Chapter'), toc('leader(solid)'), page));
    expect(count(solid, '_')).toBeGreaterThan(10);
    expect(count(solid, '.')).toBe(0);
    expect(Math.abs(find(solid, '12')[1]!.right - WIDTH)).toBeLessThan(0.5);

    const dotted = glyphs(await layout(entry('Chapter'), toc('leader(dotted)'), page));
    const number = find(dotted, '12');
    const i = dotted.indexOf(number[0]!);
    // ". . . . 12": the pattern ends with its space right before the number.
    expect(dotted.slice(i - 4, i).map((g) => g.text).join('')).toBe('. . ');
    expect(count(dotted, '.')).toBeGreaterThan(20);
    expect(Math.abs(number[1]!.right - WIDTH)).toBeLessThan(0.5);

    const custom = glyphs(await layout(entry('Chapter'), toc('leader("-~")'), page));
    expect(find(custom, '-~-~12')).toHaveLength(6);
  });

  it('leader(space) pushes the number to the edge without visible marks', async () => {
    const all = glyphs(await layout(entry('Chapter'), toc('leader(space)'), page));
    expect(Math.abs(find(all, '12')[1]!.right - WIDTH)).toBeLessThan(0.5);
    expect(all.filter((g) => g.text.trim() !== '').map((g) => g.text).join('')).toBe('Chapter12Target');
  });

  it('shows no dots where the line has no free space, and does not crash', async () => {
    // Shrink-to-fit: the inline-block is exactly as wide as its content, leaving no free space.
    const fit = glyphs(await layout(entry('Chapter'), toc("leader('.')", 'a { display: inline-block }'), page));
    expect(count(fit, '.')).toBe(0);
    expect(find(fit, 'Chapter12')).toHaveLength(9);
    // An overflowing line that may not wrap.
    const narrow = glyphs(await layout(entry('Chapter', ' style="width: 30px; white-space: nowrap"'), toc("leader('.')"), page));
    expect(count(narrow, '.')).toBe(0);
    expect(find(narrow, 'Chapter12')[7]!.left).toBeCloseTo(find(narrow, 'Chapter')[6]!.right, 3);
  });

  it('a wrapped entry ends with its number at the right edge of the last line', async () => {
    const title = 'A rather long chapter title that needs more than one line';
    const all = glyphs(await layout(entry(title, ' style="width: 200px"'), toc("leader('.')"), page));
    const number = find(all, '12');
    const first = find(all, 'A rather')[0]!;
    expect(number[0]!.y).toBeGreaterThan(first.y);
    expect(Math.abs(number[1]!.right - 200 * PX)).toBeLessThan(0.5);
    // Dots only on the number's line, after the title's last word.
    const dots = all.filter((g) => g.text === '.');
    expect(dots.length).toBeGreaterThan(0);
    expect(dots.every((d) => d.y === number[0]!.y)).toBe(true);
    expect(dots[0]!.left).toBeGreaterThanOrEqual(find(all, 'line')[3]!.right - 1e-6);
    for (const g of all.filter((g) => g.text.trim() !== '')) expect(g.right).toBeLessThanOrEqual(200 * PX + 0.5);
  });

  it('takes the number to the next line with the leader when it does not fit after the title', async () => {
    const measured = glyphs(await layout(entry('Chapter'), toc("leader('.')"), page));
    const titleEnd = find(measured, 'Chapter')[6]!.right;
    const numberWidth = find(measured, '12')[1]!.right - find(measured, '12')[0]!.left;
    // Room for the title and half the number.
    const width = (titleEnd + numberWidth / 2) / PX;
    const all = glyphs(await layout(entry('Chapter', ` style="width: ${width}px"`), toc("leader('.')"), page));
    const title = find(all, 'Chapter');
    const number = find(all, '12');
    expect(number[0]!.y).toBeGreaterThan(title[0]!.y);
    expect(Math.abs(number[1]!.right - width * PX)).toBeLessThan(0.5);
    // The leader went along and fills the new line before the number.
    const dots = all.filter((g) => g.text === '.');
    expect(dots.length).toBeGreaterThan(3);
    expect(dots.every((d) => d.y === number[0]!.y)).toBe(true);
  });

  it('survives white-space processing', async () => {
    for (const ws of ['normal', 'pre', 'pre-wrap', 'pre-line', 'nowrap']) {
      const all = glyphs(await layout(entry('Chapter'), toc("leader('.')", `p { white-space: ${ws} }`), page));
      expect(count(all, '.')).toBeGreaterThan(40);
      expect(Math.abs(find(all, '12')[1]!.right - WIDTH)).toBeLessThan(0.5);
    }
  });

  it('white-space processing keeps the leader box and the space after it', () => {
    const style = { whiteSpace: 'normal' } as ComputedStyle;
    const text = (t: string): TextBox => ({ kind: 'text', style, element: null, text: t, decorations: [] });
    const leader: LeaderBox = { kind: 'leader', style, element: null, pattern: '.', decorations: [] };
    const out = processWhiteSpace([text('a  '), leader, text('  b')]);
    expect(out.map((b: InlineLevelBox) => (b.kind === 'text' ? b.text : b.kind))).toEqual(['a ', 'leader', ' b']);
    expect(out[1]).toBe(leader);
  });

  it('parses keywords and strings, and rejects anything else', () => {
    expect(parseLeader('dotted')).toBe('. ');
    expect(parseLeader(' SOLID ')).toBe('_');
    expect(parseLeader('space')).toBe(' ');
    expect(parseLeader('"."')).toBe('.');
    expect(parseLeader("'. '")).toBe('. ');
    expect(parseLeader('"\\2014 x"')).toBe('\u2014x');
    expect(parseLeader('"a\\"b"')).toBe('a"b');
    expect(parseLeader('""')).toBeNull();
    expect(parseLeader('double')).toBeNull();
    expect(parseLeader('"a" "b"')).toBeNull();
    expect(parseLeader('12')).toBeNull();
  });
});
