// Hyphenation and breaking inside words (css-text-3 §5, css-text-4 §6): `hyphens: auto` by the
// content language, soft hyphens, hyphenate-character, hyphenate-limit-chars, word-break,
// overflow-wrap, line-break: anywhere (their min-content widths included) and text-overflow.
// Geometry is read back from the display list (pt; the HTML is in px, PX = 0.75).
import { describe, expect, it } from 'vitest';
import { segmentAdvance } from '../../src/paint/glyph-runs.js';
import type { GlyphRunItem, PageDisplayList, RectItem } from '../../src/paint/types.js';
import { FontRegistry } from '../../src/text/font-registry.js';
import { hyphenationPoints } from '../../src/text/hyphenation.js';
import { shapeText } from '../../src/text/shape.js';
import { flatten, layout as render, PX, runs } from './helpers.js';

const base = 'body { margin: 0; font: 16px/20px serif } p { margin: 0 }';
const layout = (html: string, css = '') => render(html, base + css, { margin: '0' });

interface Line {
  readonly text: string;
  /** Left and right edges of the line's ink advance, px. */
  readonly left: number;
  readonly right: number;
}

/** The page's lines of text, top to bottom: runs on one baseline joined. */
function lines(pages: readonly PageDisplayList[]): Line[] {
  const byBaseline = new Map<number, { text: string; left: number; right: number }>();
  for (const r of runs(pages)) {
    const key = Math.round(r.y * 10);
    const line = byBaseline.get(key) ?? { text: '', left: Infinity, right: -Infinity };
    line.text += r.text;
    line.left = Math.min(line.left, r.x / PX);
    line.right = Math.max(line.right, inkRight(r.item) / PX);
    byBaseline.set(key, line);
  }
  return [...byBaseline.entries()].sort((a, b) => a[0] - b[0]).map(([, l]) => l);
}

/** Where a run's advance ends without the spaces that hang at its end, pt. */
function inkRight(item: GlyphRunItem): number {
  const scale = item.size / item.face.unitsPerEm;
  let right = item.x;
  for (const s of item.segments) {
    let pen = item.x + s.x;
    for (let k = 0; k < s.glyphs.length; k++) {
      pen += segmentAdvance(s, k, scale);
      if (s.glyphs[k]!.text !== ' ') right = Math.max(right, pen);
    }
  }
  return right;
}

/** The background rectangle painted in pure red, px. */
function redBox(pages: readonly PageDisplayList[]): { x: number; width: number } {
  const found = flatten(pages[0]!.items).find((i): i is RectItem => i.kind === 'rect' && i.color.r > 0.99 && i.color.g === 0 && i.color.b === 0);
  if (!found) throw new Error('no red rect');
  return { x: found.x / PX, width: found.width / PX };
}

const HYPHENS = /[\u2010-]$/;

/** Each line break after a hyphen, as the word it split and the offset of the split. */
function hyphenatedBreaks(all: readonly Line[]): { word: string; at: number }[] {
  const out: { word: string; at: number }[] = [];
  for (let i = 0; i + 1 < all.length; i++) {
    const text = all[i]!.text.trimEnd();
    if (!HYPHENS.test(text)) continue;
    const head = /\p{L}+$/u.exec(text.slice(0, -1))![0];
    const tail = /^\p{L}+/u.exec(all[i + 1]!.text)![0];
    out.push({ word: head + tail, at: head.length });
  }
  return out;
}

const ENGLISH = 'Hyphenation makes narrow justified columns of extraordinary typographic quality possible: unhyphenated paragraphs contain conspicuous gaps between individual words, particularly whenever international communication requires considerable responsibility.';

describe('hyphens: auto', () => {
  it('hyphenates a narrow justified English column at pattern points, and no line overflows', async () => {
    const pages = await layout(`<div lang="en" style="width: 120px; text-align: justify; hyphens: auto">${ENGLISH}</div>`);
    const all = lines(pages);
    const breaks = hyphenatedBreaks(all);
    expect(breaks.length).toBeGreaterThan(3);
    for (const line of all) expect(line.right).toBeLessThanOrEqual(120 + 0.01);
    // Justification counts the hyphen: a hyphenated line ends flush with the right edge.
    for (const line of all.filter((l) => HYPHENS.test(l.text))) expect(line.right).toBeCloseTo(120, 1);
    for (const { word, at } of breaks) expect(hyphenationPoints(word, 'en-us'), word).toContain(at);
    // The paragraph's words, put back together, are the source's.
    expect(all.map((l) => l.text.trimEnd().replace(/(\p{L})[\u2010-]$/u, '$1\u0000')).join(' ').replace(/\u0000 /g, '')).toBe(ENGLISH);
  });

  it('splits "hyphenation" as hy-phen-ation in a column just wide enough for one part', async () => {
    const all = lines(await layout('<div lang="en-US" style="width: 52px; hyphens: auto">hyphenation</div>'));
    // hyphenate-character: auto is U+2010 where the font has it; Tinos (serif) has only '-'.
    expect(all.map((l) => l.text)).toEqual(['hy-', 'phen-', 'ation']);
  });

  it('hyphenates a word across inline boxes, at their edges too', async () => {
    const all = lines(await layout('<div lang="en" style="width: 52px; hyphens: auto">hy<b>phen</b>ation</div>'));
    expect(all.map((l) => l.text)).toEqual(['hy-', 'phen-', 'ation']);
    // The hyphen after "phen" is drawn in its bold face.
    const bold = runs(await layout('<div lang="en" style="width: 52px; hyphens: auto">hy<b>phen</b>ation</div>')).find((r) => r.text === 'phen-');
    expect(bold?.item.face.weight).toBe(700);
  });

  it('does not hyphenate without a language, or with hyphens: manual', async () => {
    for (const html of [`<div style="width: 120px; hyphens: auto">${ENGLISH}</div>`, `<div lang="en" style="width: 120px">${ENGLISH}</div>`]) {
      expect(hyphenatedBreaks(lines(await layout(html)))).toEqual([]);
    }
  });

  it('hyphenates German compounds with the German patterns', async () => {
    const text = 'Die Donaudampfschifffahrtsgesellschaft und das Bundesverfassungsgericht vereinbarten eine Zusammenarbeit zur Rechtschreibreform.';
    const all = lines(await layout(`<div lang="de-DE" style="width: 130px; hyphens: auto">${text}</div>`));
    const breaks = hyphenatedBreaks(all);
    expect(breaks.length).toBeGreaterThan(2);
    for (const { word, at } of breaks) expect(hyphenationPoints(word, 'de'), word).toContain(at);
    for (const line of all) expect(line.right).toBeLessThanOrEqual(130 + 0.01);
  });

  it('keeps to hyphenate-limit-chars', async () => {
    const text = 'window ability bicycle hyphenation democratic';
    const loose = hyphenatedBreaks(lines(await layout(`<div lang="en" style="width: 45px; hyphens: auto">${text}</div>`)));
    expect(loose.some((b) => b.word.length < 8)).toBe(true);
    const strict = hyphenatedBreaks(lines(await layout(`<div lang="en" style="width: 45px; hyphens: auto; hyphenate-limit-chars: 8 3 3">${text}</div>`)));
    expect(strict.length).toBeGreaterThan(0);
    for (const { word, at } of strict) {
      expect(word.length).toBeGreaterThanOrEqual(8);
      expect(at).toBeGreaterThanOrEqual(3);
      expect(word.length - at).toBeGreaterThanOrEqual(3);
    }
  });

  it('draws hyphenate-character, in the style of the text before it', async () => {
    const all = lines(await layout('<div lang="en" style="width: 52px; hyphens: auto; hyphenate-character: \'=\'">hyphenation</div>'));
    expect(all.map((l) => l.text)).toEqual(['hy=', 'phen=', 'ation']);
  });

  it('counts the hyphen in min-content widths', async () => {
    const pages = await layout('<table style="width: 1px; border-spacing: 0"><tr><td lang="en" style="padding: 0; hyphens: auto; background: red">hyphenation</td></tr></table>');
    const face = FontRegistry.current().match({ families: ['serif'], weight: 400, style: 'normal' });
    const px = (text: string) => (shapeText(face, text).advance * 16) / face.unitsPerEm;
    const hyphen = face.hasGlyph(0x2010) ? '\u2010' : '-';
    expect(redBox(pages).width).toBeCloseTo(Math.max(px(`hy${hyphen}`), px(`phen${hyphen}`), px('ation')), 1);
  });
});

describe('soft hyphens', () => {
  const word = 'super&shy;cali&shy;fragi&shy;listic&shy;expi&shy;ali&shy;docious';

  it('break with a visible hyphen only at the line end', async () => {
    const all = lines(await layout(`<div style="width: 90px">${word}</div>`));
    expect(all.length).toBeGreaterThan(2);
    for (const line of all.slice(0, -1)) expect(line.text).toMatch(/^[a-z]+-$/);
    expect(all.map((l) => l.text.replace(/-$/, '')).join('')).toBe('supercalifragilisticexpialidocious');
    for (const line of all) expect(line.right).toBeLessThanOrEqual(90 + 0.01);
  });

  it('are invisible and take no room mid-line', async () => {
    const [line] = lines(await layout(`<div>${word}</div>`));
    expect(line!.text).toBe('supercalifragilisticexpialidocious');
    const [plain] = lines(await layout('<div>supercalifragilisticexpialidocious</div>'));
    // Only the kerning across the soft hyphens' break opportunities may differ.
    expect(Math.abs(line!.right - plain!.right)).toBeLessThan(1);
  });

  it('are ignored under hyphens: none', async () => {
    const all = lines(await layout(`<div style="width: 90px; hyphens: none">${word}</div>`));
    expect(all.map((l) => l.text)).toEqual(['supercalifragilisticexpialidocious']);
  });

  it('leave hyphen-minus drawn in the same font (fontkit hid it after a soft hyphen)', () => {
    const face = FontRegistry.current().match({ families: ['serif'], weight: 400, style: 'normal' });
    expect(shapeText(face, 'hy\u00ADphen').glyphs[2]!.advance).toBe(0);
    const dash = shapeText(face, 'well-known').glyphs[4]!;
    expect(dash.text).toBe('-');
    expect(dash.advance).toBeGreaterThan(0);
  });
});

describe('breaking inside words', () => {
  const long = 'abcdefghijklmnopqrstuvwxyz';
  /** The width of a shrink-to-fit float holding `text` under `css`, px. */
  const floatWidth = async (css: string, text = long) => redBox(await layout(`<div style="float: left; background: red; ${css}">${text}</div>`, 'body { width: 1px }')).width;

  it('word-break: break-all fills the line and lowers min-content to one letter', async () => {
    const all = lines(await layout(`<div style="width: 100px; word-break: break-all">ab ${long}</div>`));
    expect(all[0]!.text.startsWith('ab a')).toBe(true);
    for (const line of all) expect(line.right).toBeLessThanOrEqual(100 + 0.01);
    expect(await floatWidth('word-break: break-all')).toBeLessThan(20);
    expect(await floatWidth('')).toBeGreaterThan(150);
  });

  it('overflow-wrap: anywhere lowers min-content, break-word does not', async () => {
    expect(await floatWidth('overflow-wrap: anywhere')).toBeLessThan(20);
    expect(await floatWidth('overflow-wrap: break-word')).toBeGreaterThan(150);
    const all = lines(await layout(`<div style="width: 100px; overflow-wrap: break-word">ab ${long}</div>`));
    // break-word breaks only a word that overflows a line of its own.
    expect(all[0]!.text.trim()).toBe('ab');
    for (const line of all) expect(line.right).toBeLessThanOrEqual(100 + 0.01);
  });

  it('line-break: anywhere breaks between any characters, punctuation included', async () => {
    expect(await floatWidth('line-break: anywhere', '(((((((((((((')).toBeLessThan(20);
    expect(await floatWidth('word-break: break-all', '(((((((((((((')).toBeGreaterThan(40);
  });

  it('keeps grapheme clusters whole', async () => {
    const text = 'e\u0301'.repeat(20);
    const all = lines(await layout(`<div style="width: 30px; overflow-wrap: anywhere">${text}</div>`));
    expect(all.length).toBeGreaterThan(1);
    for (const line of all) expect(line.text.normalize('NFC')).toMatch(/^\u00e9+$/);
  });

  it('word-break: keep-all keeps ideographs together', async () => {
    const text = '日本語の文章です日本語の文章です';
    expect(lines(await layout(`<div style="width: 50px">${text}</div>`)).length).toBeGreaterThan(1);
    expect(lines(await layout(`<div style="width: 50px; word-break: keep-all">${text}</div>`)).length).toBe(1);
  });
});

describe('text-overflow', () => {
  const text = 'A line of text much too long for its box';

  it('ellipsis cuts the line inside the content box and draws …', async () => {
    const all = lines(await layout(`<div style="width: 150px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">${text}</div>`));
    expect(all).toHaveLength(1);
    expect(all[0]!.text.endsWith('\u2026')).toBe(true);
    expect(text.startsWith(all[0]!.text.slice(0, -1))).toBe(true);
    expect(all[0]!.right).toBeLessThanOrEqual(150 + 0.01);
    expect(all[0]!.right).toBeGreaterThan(130);
  });

  it('cuts the lines of a paragraph that holds floats too (laid out line by line)', async () => {
    const pages = await layout(`<div style="width: 200px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis"><div style="float: left; width: 60px; height: 10px"></div>${text}</div>`);
    const [line] = lines(pages);
    expect(line!.text.endsWith('\u2026')).toBe(true);
    expect(line!.right).toBeLessThanOrEqual(200 + 0.01);
  });

  it('draws a string, and nothing when the box does not clip or for clip', async () => {
    const [custom] = lines(await layout(`<div style="width: 150px; overflow: hidden; white-space: nowrap; text-overflow: '>>'">${text}</div>`));
    expect(custom!.text.endsWith('>>')).toBe(true);
    for (const css of ['overflow: visible; text-overflow: ellipsis', 'overflow: hidden; text-overflow: clip']) {
      const [line] = lines(await layout(`<div style="width: 150px; white-space: nowrap; ${css}">${text}</div>`));
      expect(line!.text).toBe(text);
    }
  });
});

describe('white-space: nowrap', () => {
  it('keeps words whole whatever hyphens, word-break or overflow-wrap say', async () => {
    const css = 'width: 40px; white-space: nowrap; hyphens: auto; word-break: break-all; overflow-wrap: anywhere';
    const all = lines(await layout(`<div lang="en" style="${css}">hyphenation super&shy;calif</div>`));
    expect(all.map((l) => l.text)).toEqual(['hyphenation supercalif']);
  });
});

describe('overlong words', () => {
  it('are not hyphenated in part (a word of more than 64 letters)', async () => {
    const word = 'hyphenation'.repeat(8);
    const all = lines(await layout(`<div lang="en" style="width: 100px; hyphens: auto">${word}</div>`));
    expect(all.map((l) => l.text)).toEqual([word]);
  });
});
