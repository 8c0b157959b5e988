import { describe, expect, it } from 'vitest';
import { placedGlyphs } from '../../src/paint/glyph-runs.js';
import { PX, flatten, layout, runWith, runs } from './helpers.js';

const page = { width: '400px', height: '400px', margin: '0' };
const base = 'body { margin: 0; font-size: 16px; line-height: 20px } p { margin: 0 }';

function runWidth(r: ReturnType<typeof runWith>): number {
  return placedGlyphs(r.item).at(-1)!.x;
}

describe('inline layout', () => {
  it('wraps text at the container width', async () => {
    const pages = await layout('<p style="width: 120px">one two three four five six seven</p>', base, page);
    const ys = new Set(runs(pages).map((r) => r.y));
    expect(ys.size).toBeGreaterThan(2);
    for (const r of runs(pages)) expect(r.x + runWidth(r)).toBeLessThanOrEqual(120 * PX + 1e-6);
  });

  it('an overflowing line starts at the start edge: the right one in a right-to-left block (CSS Text 3 §7.1)', async () => {
    const box = '<span style="display: inline-block; width: 100px; height: 10px; background: rgb(255, 0, 0)"></span>';
    const rect = (pages: Awaited<ReturnType<typeof layout>>) => flatten(pages[0]!.items).find((i) => i.kind === 'rect' && i.color.r === 255);
    const rtl = await layout(`<p style="direction: rtl; width: 60px; margin-left: 100px">${box}</p>`, base, page);
    expect(rect(rtl)).toMatchObject({ x: 60 * PX, width: 100 * PX });
    const ltrRight = await layout(`<p style="text-align: right; width: 60px; margin-left: 100px">${box}</p>`, base, page);
    expect(rect(ltrRight)).toMatchObject({ x: 100 * PX });
  });

  it('white-space: nowrap keeps atomic inlines on one line, even one that overflows (css-text-3 §5.1)', async () => {
    const box = (c: number) => `<span style="display: inline-block; width: 50px; height: 10px; background: rgb(${c}, 0, 0)"></span>`;
    const rects = (pages: Awaited<ReturnType<typeof layout>>) => flatten(pages[0]!.items).flatMap((i) => (i.kind === 'rect' && i.color.g === 0 && i.color.r > 0 ? [i] : []));
    const nowrap = rects(await layout(`<p style="white-space: nowrap; width: 80px">${box(255)}${box(254)}${box(253)}</p>`, base, page));
    expect(nowrap.map((r) => r.y)).toEqual([nowrap[0]!.y, nowrap[0]!.y, nowrap[0]!.y]);
    expect(nowrap.map((r) => r.x)).toEqual([0, 50 * PX, 100 * PX]);
    const normal = rects(await layout(`<p style="width: 80px">${box(255)}${box(254)}</p>`, base, page));
    expect(normal[1]!.y).toBeGreaterThan(normal[0]!.y);
  });

  it('text-align: right and center place the line against the edges', async () => {
    const right = await layout('<p style="text-align: right">Edge</p>', base, page);
    const center = await layout('<p style="text-align: center">Edge</p>', base, page);
    const left = await layout('<p>Edge</p>', base, page);
    const r = runWith(right, 'Edge').x;
    const c = runWith(center, 'Edge').x;
    expect(runWith(left, 'Edge').x).toBe(0);
    expect(c).toBeCloseTo(r / 2, 1);
    expect(r).toBeGreaterThan(250);
  });

  it('justify stretches all but the last line to the full width', async () => {
    const text = 'aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp qq rr ss tt uu vv ww xx yy zz';
    const pages = await layout(`<p style="text-align: justify; width: 200px">${text}</p>`, base, page);
    const lines = runs(pages);
    expect(lines.length).toBeGreaterThan(1);
    const first = lines[0]!;
    const lastGlyph = placedGlyphs(first.item).filter((g) => g.text.trim() !== '').pop()!;
    // The last visible glyph of the first line ends near the right edge (within one glyph).
    expect(lastGlyph.x).toBeGreaterThan(200 * PX - 12);
  });

  it('white-space: pre keeps spaces and newlines', async () => {
    const pages = await layout('<pre style="margin:0">a    b\nc</pre>', base, page);
    const texts = runs(pages).map((r) => r.text);
    expect(texts).toContain('a    b');
    expect(texts).toContain('c');
  });

  it('white-space: normal collapses spaces across elements', async () => {
    const pages = await layout('<p>a   <b> b</b>   c</p>', base, page);
    expect(runs(pages).map((r) => r.text).join('')).toBe('a b c');
  });

  it('vertical-align: super raises and sub lowers', async () => {
    const pages = await layout('<p>x<sup>up</sup><sub>down</sub></p>', base, page);
    const x = runWith(pages, 'x').y;
    expect(runWith(pages, 'up').y).toBeLessThan(x);
    expect(runWith(pages, 'down').y).toBeGreaterThan(x);
  });

  it('letter-spacing widens a run', async () => {
    const plain = await layout('<p>spacing</p>', base, page);
    const spaced = await layout('<p style="letter-spacing: 4px">spacing</p>', base, page);
    expect(runWidth(runWith(spaced, 'spacing')) - runWidth(runWith(plain, 'spacing'))).toBeCloseTo(6 * 4 * PX, 1);
  });

  it('text-indent shifts only the first line', async () => {
    const pages = await layout('<p style="text-indent: 40px; width: 100px">alpha beta gamma delta epsilon</p>', base, page);
    const rs = runs(pages);
    expect(rs[0]!.x).toBeCloseTo(40 * PX, 2);
    expect(rs[1]!.x).toBe(0);
  });

  it('links become link items over their text', async () => {
    const pages = await layout('<p>See <a href="https://example.com/">the site</a> and <a href="#end">the end</a>.</p><p id="end">End</p>', base, page);
    const items = flatten(pages[0]!.items);
    const links = items.filter((i) => i.kind === 'link');
    expect(links.map((l) => (l.kind === 'link' ? l.target : null))).toEqual([{ uri: 'https://example.com/' }, { dest: 'end' }]);
    expect(items.some((i) => i.kind === 'anchor' && i.name === 'end')).toBe(true);
  });

  it('list items get markers in every style', async () => {
    const pages = await layout('<ol style="list-style-type: upper-roman"><li>one</li><li>two</li><li>three</li></ol><ul><li>dot</li></ul><ol start="4" style="list-style-position: inside"><li>four</li></ol>', base, page);
    const texts = runs(pages).map((r) => r.text);
    expect(texts).toEqual(expect.arrayContaining(['I. ', 'II. ', 'III. ']));
    expect(texts.some((t) => t.startsWith('4. '))).toBe(true);
    expect(flatten(pages[0]!.items).some((i) => i.kind === 'path')).toBe(true);
  });

  it('::before and ::after content with counters and attr()', async () => {
    const css = `${base} body { counter-reset: sec } h2 { counter-increment: sec; margin: 0; font-size: 16px } h2::before { content: "§" counter(sec) " " } a::after { content: " (" attr(href) ")" }`;
    const pages = await layout('<h2>Intro</h2><h2>Method</h2><p><a href="x.html">link</a></p>', css, page);
    const all = runs(pages).map((r) => r.text).join('|');
    expect(all).toContain('§1 Intro');
    expect(all).toContain('§2 Method');
    expect(all).toContain('link (x.html)');
  });
});

describe('lists and quotes', () => {
  it('<ol reversed> counts down from the number of items', async () => {
    const pages = await layout('<ol reversed><li>a</li><li>b</li><li>c</li></ol><ol reversed start="10"><li>x</li><li>y</li></ol>', base, page);
    const markers = runs(pages).map((r) => r.text).filter((t) => /^\d+\. $/.test(t));
    expect(markers).toEqual(['3. ', '2. ', '1. ', '10. ', '9. ']);
  });

  it('open-quote and close-quote follow the quotes property and nesting', async () => {
    const css = `${base} q::before { content: open-quote } q::after { content: close-quote } .fr { quotes: "«" "»" "‹" "›" }`;
    const pages = await layout('<p>a <q>b <q>c</q></q></p><p class="fr">d <q>e <q>f</q></q></p>', css, page);
    const all = runs(pages).map((r) => r.text).join('');
    expect(all).toContain('a “b ‘c’”');
    expect(all).toContain('d «e ‹f›»');
  });
});

describe('vertical-align: top and bottom', () => {
  it('moves a box and its text to the top or bottom of the line box', async () => {
    const css = `${base} .big { font-size: 48px; line-height: 60px }`;
    const pages = await layout('<p>x <span class="big">BIG</span> <span style="vertical-align: top">up</span> <span style="vertical-align: bottom">down</span></p>', css, page);
    const big = runWith(pages, 'BIG');
    const up = runWith(pages, 'up');
    const down = runWith(pages, 'down');
    // The line is 60px tall; 'up' sits at its top edge, 'down' at its bottom edge.
    expect(up.y).toBeLessThan(big.y - 20);
    expect(down.y).toBeGreaterThan(big.y);
    expect(down.y).toBeLessThanOrEqual(60 * PX);
    expect(up.y).toBeGreaterThan(0);
  });
});

describe('inline-block margins', () => {
  it('a percentage right margin on an inline-block pushes what follows', async () => {
    const pages = await layout('<p><span style="display: inline-block; width: 40px; margin-right: 10%">a</span>b</p>', base, page);
    // 40px box + 10% of the 400px line = 80px before "b".
    expect(runWith(pages, 'b').x).toBeCloseTo(80 * PX, 1);
  });
});

describe('inline box open across the end of a line', () => {
  it('keeps its own baseline, not that of a bottom-aligned image inside it', async () => {
    // The image fills the line exactly, so the span's trailing space and its end go past the
    // line's end: the span's background must still sit on the line's baseline (as on a line
    // where the span closes), not follow the image's vertical-align.
    const img = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const html = (w: string) => `<div style="width: 200px"><span style="background: red"> <img style="vertical-align: bottom; height: 20px; width: ${w}" src="${img}"> </span></div>`;
    const background = async (w: string) => {
      const pages = await layout(html(w), base, page);
      return flatten(pages[0]!.items).find((i) => i.kind === 'rect' && i.color.r === 255) as { y: number; height: number };
    };
    const closes = await background('50px');
    const exactFit = await background('200px');
    expect(exactFit.y).toBeCloseTo(closes.y, 3);
    expect(exactFit.height).toBeCloseTo(closes.height, 3);
  });
});

describe('line-height: normal', () => {
  // Blink rounds a font's ascent, descent and line gap to whole CSS px (SimpleFontData), so a
  // line box of line-height: normal is whole px tall and its baseline sits on a whole px.
  it.each([13, 15, 17.5, 23])('makes whole-px line boxes and baselines at font-size %spx', async (size) => {
    const html = `<p style="line-height: normal; font-size: ${size}px">Text</p><p style="line-height: normal; font-size: ${size}px">Two</p>`
      + '<div style="height: 10px; background: #ff0000"></div>';
    const pages = await layout(html, base, page);
    const red = flatten(pages[0]!.items).find((i) => i.kind === 'rect')!;
    const top = (red as { y: number }).y / PX;
    expect(top).toBeCloseTo(Math.round(top), 6);
    for (const word of ['Text', 'Two']) {
      const y = runWith(pages, word).y / PX;
      expect(y).toBeCloseTo(Math.round(y), 6);
    }
  });
});
