import { describe, expect, it } from 'vitest';
import { placedGlyphs } from '../../src/paint/glyph-runs.js';
import { flatten, layout, pageText, runWith, runs } from './helpers.js';

// 300px × 200px pages without margins: 10 lines of 20px per page.
const small = { width: '300px', height: '200px', margin: '0' };
const base = 'body { margin: 0; font-size: 12px; line-height: 20px } p { margin: 0 }';
const lines = (n: number, prefix = 'L') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`).join('<br>');

describe('pagination with break tokens', () => {
  it('splits a paragraph between lines and continues on the next page', async () => {
    const pages = await layout(`<p>${lines(25)}</p>`, base, small);
    expect(pages).toHaveLength(3);
    expect(pageText(pages, 0)).toContain('L10');
    expect(pageText(pages, 0)).not.toContain('L11');
    expect(runWith(pages, 'L11').page).toBe(1);
    expect(runWith(pages, 'L11').y).toBeLessThan(20);
  });

  it('places every line exactly once and in order', async () => {
    const pages = await layout(Array.from({ length: 40 }, (_, i) => `<p>Para ${i + 1} ${lines(3, `p${i + 1}-`)}</p>`).join(''), base, small);
    const texts = runs(pages).map((r) => r.text);
    const all = texts.join(' ');
    for (let i = 1; i <= 40; i++) expect(all.match(new RegExp(`Para ${i} `, 'g'))).toHaveLength(1);
    const order = runs(pages).filter((r) => r.text.startsWith('Para')).map((r) => Number(r.text.split(' ')[1]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('break-before: page starts a new page', async () => {
    const pages = await layout('<p>One</p><p style="break-before: page">Two</p><p style="page-break-before: always">Three</p>', base, small);
    expect(pages).toHaveLength(3);
    expect(runWith(pages, 'Two').page).toBe(1);
    expect(runWith(pages, 'Three').page).toBe(2);
  });

  it('break-after: page on a nested last child propagates', async () => {
    const pages = await layout('<section><p style="break-after: page">One</p></section><p>Two</p>', base, small);
    expect(runWith(pages, 'Two').page).toBe(1);
  });

  it('break-inside: avoid moves a block that would split', async () => {
    const pages = await layout(`<p>${lines(6)}</p><div style="break-inside: avoid">${lines(6, 'K')}</div>`, base, small);
    expect(runWith(pages, 'K1').page).toBe(1);
  });

  it('orphans keep at least two lines at the bottom of a page', async () => {
    const pages = await layout(`<p>${lines(9)}</p><p>${lines(5, 'Q')}</p>`, base, small);
    // Only one line of the second paragraph would fit; orphans: 2 moves it whole.
    expect(runWith(pages, 'Q1').page).toBe(1);
  });

  it('widows keep at least two lines at the top of the next page', async () => {
    const pages = await layout(`<p>${lines(5)}</p><p>${lines(6, 'W')}</p>`, base, small);
    // 5 of W fit, leaving one widow: the break moves up one line.
    expect(runWith(pages, 'W4').page).toBe(0);
    expect(runWith(pages, 'W5').page).toBe(1);
  });

  it('a heading is not left alone at the bottom of a page (break-after: avoid)', async () => {
    const pages = await layout(`<p>${lines(8)}</p><h2 style="margin:0;font-size:12px;line-height:20px">Heading</h2><p>${lines(4, 'H')}</p>`, base, small);
    expect(runWith(pages, 'Heading').page).toBe(1);
  });

  it('a chain of avoided breaks moves back as far as it goes: heading and subheading go on with their text', async () => {
    const h = (tag: string, text: string) => `<${tag} style="margin:0;font-size:12px;line-height:20px">${text}</${tag}>`;
    // 7 lines, then H2 and H3 fit (9 lines) but the paragraph's two orphan lines do not.
    const pages = await layout(`<p>${lines(7)}</p>${h('h2', 'Heading')}${h('h3', 'Subheading')}<p>${lines(4, 'H')}</p>`, base, small);
    expect(runWith(pages, 'Heading').page).toBe(1);
    expect(runWith(pages, 'Subheading').page).toBe(1);
    expect(runWith(pages, 'H1').page).toBe(1);
    expect(runWith(pages, 'L7').page).toBe(0);
  });

  it('a chain of avoided breaks back to the first child on a page is broken at its end, so layout progresses', async () => {
    const h = (tag: string, text: string) => `<${tag} style="margin:0;font-size:12px;line-height:20px">${text}</${tag}>`;
    const pages = await layout(`${h('h2', 'Heading')}${h('h3', 'Subheading')}<div style="height: 500px">Tall</div>`, base, small);
    expect(runWith(pages, 'Heading').page).toBe(0);
    expect(pages.length).toBeGreaterThanOrEqual(2);
  });

  it('a heading that opens a section moves to the next page with its section (break-after: avoid one level up)', async () => {
    const h = '<h2 style="margin:0;font-size:12px;line-height:20px">Heading</h2>';
    const pages = await layout(`<section><p>${lines(8)}</p></section><section>${h}<p>${lines(4, 'H')}</p></section>`, base, small);
    expect(runWith(pages, 'Heading').page).toBe(1);
    expect(runWith(pages, 'H1').page).toBe(1);
  });

  it('a heading first in a section at the top of a page stays (no break to avoid into)', async () => {
    const h = '<h2 style="margin:0;font-size:12px;line-height:20px">Heading</h2>';
    const pages = await layout(`<section>${h}<p>${lines(12, 'H')}</p></section>`, base, small);
    expect(runWith(pages, 'Heading').page).toBe(0);
    expect(runWith(pages, 'H12').page).toBe(1);
  });

  // Chromium's choice (its break appeal): an avoided break is taken only when no earlier break
  // on the page is free; otherwise the chain goes on whole, however much space it leaves.
  it('a chain of headings after a code block moves on with its text while the break before it is free, as in Chromium', async () => {
    const h = (tag: string, text: string) => `<${tag} style="margin:0;font-size:12px;line-height:20px">${text}</${tag}>`;
    const pre = `<pre style="margin:0;font:12px/20px sans-serif">${Array.from({ length: 11 }, (_, i) => `code ${i + 1}`).join('\n')}</pre>`;
    // The code ends 80px down page 2; three headings fit, the paragraph's two orphan lines do not.
    const pages = await layout(`${pre}${h('h2', 'Part')}${h('h3', 'Chapter')}${h('h4', 'Topic')}<p>${lines(4, 'T')}</p>`, 'body { margin: 0; font-size: 12px; line-height: 20px } p { margin: 0 }', { width: '300px', height: '140px', margin: '0' });
    expect(runWith(pages, 'code 11').page).toBe(1);
    for (const t of ['Part', 'Chapter', 'Topic', 'T1']) expect(runWith(pages, t).page, t).toBe(2);
  });

  it('content taller than a page still makes progress', async () => {
    const pages = await layout(`<div style="height: 900px; background: #eee">Tall</div><p>After</p>`, base, small);
    expect(pages.length).toBeGreaterThanOrEqual(5);
    expect(runWith(pages, 'After').page).toBe(pages.length - 1);
  });

  it('an unbreakable word wider than the page overflows instead of looping', async () => {
    const pages = await layout(`<p>${'x'.repeat(400)}</p>`, base, small);
    expect(pages).toHaveLength(1);
  });

  it('overflow-wrap: break-word splits a long word', async () => {
    const pages = await layout(`<p style="overflow-wrap: break-word">${'x'.repeat(200)}</p>`, base, small);
    expect(runs(pages).length).toBeGreaterThan(2);
    for (const r of runs(pages)) expect(r.x + placedGlyphs(r.item).at(-1)!.x).toBeLessThan(300 * 0.75);
  });
});

// css-break-3 §4.4 with box-decoration-break: slice: a box's end edges (bottom padding,
// border, and the margins inside it that a break does not truncate) belong to its last
// fragment, which must fit in the page with them; otherwise the break comes earlier.
describe('a box ends on the page together with its bottom padding and border', () => {
  /** Bottom edge of every background rect of the colour `hex` on each page, pt. */
  const rectBottoms = (pages: Awaited<ReturnType<typeof layout>>, red: number) => pages.map((p) =>
    flatten(p.items).filter((i) => i.kind === 'rect' && Math.abs((i.color as { r: number }).r - red) < 0.01).map((i) => (i as { y: number; height: number }).y + (i as { height: number }).height));

  it('the last lines move to the next page when the bottom padding would not fit', async () => {
    // 10 lines fill the page exactly; the section's 20px bottom padding does not fit after them.
    const pages = await layout(`<section style="padding-bottom: 20px; background: #f00"><p>${lines(10)}</p></section>`, base, small);
    // The break falls before the last line, then widows (2) move one more.
    expect(runWith(pages, 'L8').page).toBe(0);
    expect(runWith(pages, 'L9').page).toBe(1);
    for (const bottoms of rectBottoms(pages, 1)) for (const b of bottoms) expect(b).toBeLessThanOrEqual(150 + 1e-6);
  });

  it('a bottom border and the last child\'s bottom margin count too', async () => {
    const pages = await layout(`<section style="border-bottom: 4px solid; padding: 0"><p style="margin-bottom: 8px">${lines(10)}</p></section><p>After</p>`, base, small);
    expect(runWith(pages, 'L9').page).toBe(1);
    expect(runWith(pages, 'After').page).toBe(1);
  });

  it('nested boxes that end together each bring their own bottom padding', async () => {
    // 9 lines (180px) + 10px + 10px of padding: 200px fits exactly; a tenth line does not.
    const fits = await layout(`<div style="padding-bottom: 10px"><div style="padding-bottom: 10px"><p>${lines(9)}</p></div></div><p>After</p>`, base, small);
    expect(runWith(fits, 'L9').page).toBe(0);
    expect(runWith(fits, 'After').page).toBe(1);
    const pages = await layout(`<div style="padding-bottom: 10px"><div style="padding-bottom: 10px"><p>${lines(10)}</p></div></div>`, base, small);
    expect(runWith(pages, 'L8').page).toBe(0);
    expect(runWith(pages, 'L9').page).toBe(1);
  });

  it('a last child that cannot break moves on with the end edges', async () => {
    const pages = await layout(`<section style="padding-bottom: 20px"><p>${lines(6)}</p><div style="break-inside: avoid">${lines(4, 'K')}</div></section>`, base, small);
    expect(runWith(pages, 'L6').page).toBe(0);
    expect(runWith(pages, 'K1').page).toBe(1);
  });

  it('an empty padded box that does not fit moves to the next page', async () => {
    const pages = await layout(`<p>${lines(9)}</p><div style="padding: 15px; background: #f00"></div>`, base, small);
    expect(pages).toHaveLength(2);
    expect(rectBottoms(pages, 1)[0]).toEqual([]);
  });

  it('at the top of a page the box still makes progress when its end cannot fit', async () => {
    const pages = await layout(`<section style="padding-bottom: 300px"><p>${lines(3)}</p></section><p>After</p>`, base, small);
    // The end never fits: the break before the last line is taken, then the rest overflows.
    expect(runWith(pages, 'L1').page).toBe(0);
    expect(runs(pages).filter((r) => /^L\d$/.test(r.text))).toHaveLength(3);
    expect(runWith(pages, 'After').page).toBeGreaterThanOrEqual(1);
  });

  it('a long run of padded sections loses no line and repeats none', async () => {
    const html = Array.from({ length: 30 }, (_, i) => `<section style="padding: 7px 0 13px; border-bottom: 3px solid; margin-bottom: 5px"><p style="margin-bottom: 6px">${lines(i % 7 + 1, `s${i}-`)}</p></section>`).join('');
    const pages = await layout(html, base, small);
    const all = runs(pages).map((r) => r.text);
    for (let i = 0; i < 30; i++) for (let l = 1; l <= i % 7 + 1; l++) expect(all.filter((t) => t === `s${i}-${l}`)).toHaveLength(1);
  });
});
