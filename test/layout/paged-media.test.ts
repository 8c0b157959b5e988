// CSS paged media end to end (css-page-3, css-gcpm-3 through renderToDisplayLists): named
// pages, :first/:left/:right/:blank, blank pages from left/right breaks, the page counter in
// margin boxes and in the flow, counter(pages), target-counter() tables of contents,
// `position: fixed` on every page, bookmarks, the request's pageCount option, and a 200-page
// document. Margin-box layout itself (alignment, strings, running elements) is in
// margin-boxes.test.ts. Every expected position is computed from the page geometry the CSS sets.
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { BookmarkItem, PageDisplayList } from '../../src/paint/types.js';
import { renderDocument } from '../../src/render.js';
import { flatten, layout, pageText, runOn, runs, runsInBand, runWidth, runWith } from './helpers.js';

// US Letter in pt.
const W = 612;
const H = 792;


/** Text in the bottom margin of each page (the page area ends `marginBottom` above the page edge). */
function footers(pages: readonly PageDisplayList[], marginBottom: number): string[] {
  return pages.map((p, i) => runsInBand(pages, i, p.height - marginBottom, p.height).map((r) => r.text).join('|'));
}

function bookmarks(pages: readonly PageDisplayList[]): (BookmarkItem & { page: number })[] {
  return pages.flatMap((p, page) => flatten(p.items).filter((i): i is BookmarkItem => i.kind === 'bookmark').map((b) => ({ ...b, page })));
}

const base = 'body { margin: 0; font-size: 10pt; line-height: 20pt } p, h1, h2, h3 { margin: 0; font-size: 10pt; line-height: 20pt }';
/** Letter, 72pt margins all round: a 468 × 648pt page area holding 32 lines of 20pt. */
const page72 = '@page { size: letter; margin: 72pt }';

describe('named pages', () => {
  const css = `${base} ${page72}
    @page landscape { size: letter landscape; margin: 36pt; @bottom-center { content: "L" counter(page) } }
    .land { page: landscape }
    .r { text-align: right }`;

  it('gives a named page its own size, margins, page area and margin boxes', async () => {
    const pages = await layout('<p>Portrait</p><div class="land"><p class="r">Wide</p></div><p>Back</p>', css);
    expect(pages).toHaveLength(3);
    expect([pages[0]!.width, pages[0]!.height]).toEqual([W, H]);
    expect([pages[1]!.width, pages[1]!.height]).toEqual([H, W]);
    expect([pages[2]!.width, pages[2]!.height]).toEqual([W, H]);
    // The landscape page area is 792 − 2·36 wide: right-aligned text ends at 792 − 36.
    const wide = runOn(pages, 1, 'Wide');
    expect(wide.x + runWidth(wide.item)).toBeCloseTo(H - 36, 1);
    expect(wide.y).toBeGreaterThan(36);
    expect(wide.y).toBeLessThan(36 + 20);
    // Its bottom-center box is centred on the landscape page and lies in its 36pt bottom margin.
    const folio = runOn(pages, 1, 'L2');
    expect(folio.x + runWidth(folio.item) / 2).toBeCloseTo(H / 2, 1);
    expect(folio.y).toBeGreaterThan(W - 36);
    expect(pageText(pages, 0)).not.toContain('L1');
    expect(pageText(pages, 2)).not.toContain('L3');
  });

  it('a change of page name between siblings forces a break, even with room to spare', async () => {
    const pages = await layout('<p>A</p><div class="land"><p>B</p></div><p>C</p>', css);
    expect(pages.map((_, i) => pageText(pages, i).split('|')[0])).toEqual(['A', 'B', 'C']);
  });

  it('consecutive siblings with the same name share a page', async () => {
    const pages = await layout('<div class="land"><p>B1</p></div><div class="land"><p>B2</p></div><section class="land"><p>B3</p></section><p>C</p>', css);
    expect(pages).toHaveLength(2);
    expect(runWith(pages, 'B1').page).toBe(0);
    expect(runWith(pages, 'B2').page).toBe(0);
    expect(runWith(pages, 'B3').page).toBe(0);
    expect(runWith(pages, 'B3').y - runWith(pages, 'B1').y).toBeCloseTo(40, 3);
    expect(pages[0]!.width).toBe(H);
    expect(runWith(pages, 'C').page).toBe(1);
    expect(pages[1]!.width).toBe(W);
  });

  it('a named element that spans pages names every page it is on', async () => {
    // 40 landscape lines: the landscape page area is 612 − 72 = 540pt tall, 27 lines.
    const lines = Array.from({ length: 40 }, (_, i) => `w${i + 1}`).join('<br>');
    const pages = await layout(`<p>Intro</p><div class="land"><p>${lines}</p></div><p>After</p>`, css);
    expect(pages.map((p) => p.width)).toEqual([W, H, H, W]);
    expect(runWith(pages, 'w27').page).toBe(1);
    expect(runWith(pages, 'w28').page).toBe(2);
    expect(runWith(pages, 'After').page).toBe(3);
  });

  it('a nested element with another name breaks inside its named parent', async () => {
    const pages = await layout('<div class="land"><p>L1</p><p style="page: auto">L2</p><p style="page: other">O</p><p>L3</p></div>', css);
    // page: auto inherits the parent's name; "other" is a different (unstyled) name.
    expect(pages).toHaveLength(3);
    expect(runWith(pages, 'L2').page).toBe(0);
    expect(runWith(pages, 'O').page).toBe(1);
    expect(pages[1]!.width).toBe(W);
    expect(runWith(pages, 'L3').page).toBe(2);
    expect(pages[2]!.width).toBe(H);
  });

  it('@page wide, @page :first and @page wide:first cascade by page-selector specificity', async () => {
    const wideCss = `${base}
      @page { size: letter; margin: 72pt }
      @page :first { margin-left: 100pt; margin-top: 100pt }
      @page wide { margin-left: 50pt }
      @page wide:first { margin-top: 150pt }
      .wide { page: wide }`;
    // The document starts on a wide page: wide:first > wide > :first > (none).
    const pages = await layout('<div class="wide"><p>W1</p><p style="break-before: page">W2</p></div><p>N</p>', wideCss);
    expect(pages).toHaveLength(3);
    const w1 = runOn(pages, 0, 'W1');
    expect(w1.x).toBeCloseTo(50, 3); // `wide` beats `:first` for margin-left
    expect(w1.y).toBeGreaterThan(150); // `wide:first` sets margin-top
    expect(w1.y).toBeLessThan(170);
    const w2 = runOn(pages, 1, 'W2');
    expect(w2.x).toBeCloseTo(50, 3);
    expect(w2.y).toBeGreaterThan(72); // not the first page any more
    expect(w2.y).toBeLessThan(92);
    const n = runOn(pages, 2, 'N');
    expect(n.x).toBeCloseTo(72, 3);
    expect(n.y).toBeLessThan(92);

    // The same rules on a document that starts unnamed: :first applies, wide:first never does.
    const later = await layout('<p>U</p><div class="wide"><p>W</p></div>', wideCss);
    expect(runOn(later, 0, 'U').x).toBeCloseTo(100, 3);
    expect(runOn(later, 0, 'U').y).toBeGreaterThan(100);
    expect(runOn(later, 0, 'U').y).toBeLessThan(120);
    expect(runOn(later, 1, 'W').x).toBeCloseTo(50, 3);
    expect(runOn(later, 1, 'W').y).toBeLessThan(92);
  });
});

describe(':left and :right pages', () => {
  // Page 1 is a right page; the binding edge (inside) gets the wider margin.
  const css = `${base}
    @page { size: letter; margin: 72pt }
    @page :right { margin-left: 108pt; margin-right: 36pt; @bottom-right { content: "R" counter(page) } }
    @page :left { margin-left: 36pt; margin-right: 108pt; @bottom-left { content: "L" counter(page) } }
    .r { text-align: right }`;

  it('alternates margins and folios between right and left pages', async () => {
    const html = [1, 2, 3, 4].map((n) => `<p class="r"${n > 1 ? ' style="break-before: page"' : ''}>Page${n}</p>`).join('');
    const pages = await layout(html, css);
    expect(pages).toHaveLength(4);
    for (let i = 0; i < 4; i++) {
      const right = i % 2 === 0;
      const text = runOn(pages, i, `Page${i + 1}`);
      // Right-aligned text ends at the page area's right edge.
      expect(text.x + runWidth(text.item), `page ${i + 1}`).toBeCloseTo(W - (right ? 36 : 108), 1);
      const folio = runOn(pages, i, `${right ? 'R' : 'L'}${i + 1}`);
      if (right) expect(folio.x + runWidth(folio.item)).toBeCloseTo(W - 36, 1);
      else expect(folio.x).toBeCloseTo(36, 1);
      expect(pageText(pages, i)).not.toContain(right ? `L${i + 1}` : `R${i + 1}`);
    }
  });

  it('a left-aligned paragraph starts at the left margin of its side', async () => {
    const pages = await layout('<p>one</p><p style="break-before: page">two</p>', css);
    expect(runOn(pages, 0, 'one').x).toBeCloseTo(108, 3);
    expect(runOn(pages, 1, 'two').x).toBeCloseTo(36, 3);
  });
});

describe('blank pages from left/right breaks', () => {
  const css = `${base} ${page72}
    @page { @bottom-center { content: counter(page) } }
    @page :blank { @top-center { content: "intentionally blank" } @bottom-center { content: none } }
    .chapter { break-before: right }
    .left { break-before: left }`;

  it('break-before: right that would land on a left page inserts a blank page', async () => {
    const pages = await layout('<p>Intro</p><h1 class="chapter">Chapter</h1><p>Body</p>', css);
    expect(pages).toHaveLength(3);
    expect(runWith(pages, 'Chapter').page).toBe(2);
    // The blank page shows no document content, only its :blank margin box.
    const blank = runs(pages).filter((r) => r.page === 1);
    expect(blank.map((r) => r.text)).toEqual(['intentionally blank']);
    expect(blank[0]!.y).toBeLessThan(72);
    expect(flatten(pages[1]!.items).filter((i) => i.kind !== 'glyphs')).toEqual([]);
    // The blank page still counts: the chapter's page is number 3.
    expect(footers(pages, 72)).toEqual(['1', '', '3']);
    expect(pageText(pages, 0)).not.toContain('intentionally blank');
    expect(pageText(pages, 2)).not.toContain('intentionally blank');
  });

  it('break-before: right that already lands on a right page inserts nothing', async () => {
    const pages = await layout('<p>One</p><p style="break-before: page">Two</p><h1 class="chapter">Chapter</h1>', css);
    expect(pages).toHaveLength(3);
    expect(runWith(pages, 'Chapter').page).toBe(2);
    expect(pageText(pages, 1)).toBe('Two|2');
  });

  it('break-before: left that would land on a right page inserts a blank page', async () => {
    const pages = await layout('<p>One</p><p style="break-before: page">Two</p><p class="left">Left</p>', css);
    expect(pages).toHaveLength(4);
    expect(runWith(pages, 'Left').page).toBe(3);
    expect(pageText(pages, 2)).toBe('intentionally blank');
    expect(footers(pages, 72)).toEqual(['1', '2', '', '4']);
  });

  it('two right-hand chapters in a row each get their own blank page when needed', async () => {
    const pages = await layout('<p>Intro</p><h1 class="chapter">C1</h1><h1 class="chapter">C2</h1>', css);
    expect(pages).toHaveLength(5);
    expect(runWith(pages, 'C1').page).toBe(2);
    expect(runWith(pages, 'C2').page).toBe(4);
    expect([1, 3].map((i) => pageText(pages, i))).toEqual(['intentionally blank', 'intentionally blank']);
  });
});

describe('the page counter in margin boxes', () => {
  const threePages = '<p>A</p><p style="break-before: page">B</p><p style="break-before: page">C</p>';
  const footerCss = (extra: string) => `${base} ${page72} @page { @bottom-center { content: ${extra} } }`;

  it('counter(page) reads 1, 2, 3, centred in the bottom margin', async () => {
    const pages = await layout(threePages, `${base} @page { size: letter; margin: 72pt 54pt 72pt 90pt; @bottom-center { content: counter(page) } }`);
    expect(footers(pages, 72)).toEqual(['1', '2', '3']);
    for (let i = 0; i < 3; i++) {
      const folio = runOn(pages, i, String(i + 1));
      // Centred in the span between the left (90) and right (54) margins.
      expect(folio.x + runWidth(folio.item) / 2).toBeCloseTo((90 + (W - 54)) / 2, 1);
      expect(folio.y).toBeGreaterThan(H - 72);
    }
  });

  it('counter(pages) is the total on every page', async () => {
    const pages = await layout(threePages, footerCss('"Page " counter(page) " of " counter(pages)'));
    expect(footers(pages, 72)).toEqual(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);
  });

  it('counter(page, upper-roman) and lower-alpha', async () => {
    const pages = await layout(threePages, footerCss('counter(page, upper-roman) "-" counter(page, lower-alpha)'));
    expect(footers(pages, 72)).toEqual(['I-a', 'II-b', 'III-c']);
  });

  it('@page :first { counter-reset: page 10 } resets, then the implicit increment applies (css-page-3)', async () => {
    // css-page-3 §4.4: the page counter is incremented on every page unless the page context's
    // counter-increment names it; CSS 2.1 §12.4: a reset happens before the increment.
    const pages = await layout(threePages, `${footerCss('counter(page)')} @page :first { counter-reset: page 10 }`);
    expect(footers(pages, 72)).toEqual(['11', '12', '13']);
  });

  it('counter-reset: page 0 on the first page numbers from 1, and counter-increment: page 2 steps by two', async () => {
    expect(footers(await layout(threePages, `${footerCss('counter(page)')} @page :first { counter-reset: page 0 }`), 72)).toEqual(['1', '2', '3']);
    expect(footers(await layout(threePages, `${footerCss('counter(page)')} @page { counter-increment: page 2 }`), 72)).toEqual(['2', '4', '6']);
  });

  it('an element\'s counter-reset: page 1 numbers the page where it starts 1 (front matter in roman)', async () => {
    const css = `${base} ${page72}
      @page front { @bottom-center { content: counter(page, lower-roman) } }
      @page { @bottom-center { content: counter(page) } }
      .front { page: front }
      main { counter-reset: page 1 }`;
    const html = '<div class="front"><p>Title</p><p style="break-before: page">Preface</p></div>'
      + '<main><p>Ch1</p><p style="break-before: page">Ch2</p></main><p style="break-before: page">End</p>';
    const pages = await layout(html, css);
    expect(footers(pages, 72)).toEqual(['i', 'ii', '1', '2', '3']);
  });

  it('an element\'s counter-reset: page applies to the page it starts on even mid-page', async () => {
    const css = `${footerCss('counter(page)')} .reset { counter-reset: page 7 }`;
    const pages = await layout('<p>A</p><p style="break-before: page">B</p><p class="reset">R</p><p style="break-before: page">C</p>', css);
    expect(footers(pages, 72)).toEqual(['1', '7', '8']);
  });
});

describe('page counters in the flow (::before / ::after)', () => {
  const css = `${base} ${page72} .n::after { content: " [" counter(page) "/" counter(pages) "]" }`;

  it('counter(page) and counter(pages) in ::after read the page each element lands on', async () => {
    const pages = await layout('<p class="n">A</p><p class="n" style="break-before: page">B</p><p class="n">B2</p><p class="n" style="break-before: page">C</p>', css);
    expect(pages).toHaveLength(3);
    expect(runOn(pages, 0, 'A').text).toBe('A [1/3]');
    expect(runOn(pages, 1, 'B').text).toBe('B [2/3]');
    expect(runOn(pages, 1, 'B2').text).toBe('B2 [2/3]');
    expect(runOn(pages, 2, 'C').text).toBe('C [3/3]');
  });

  it('a paragraph split across pages reads each page where its generated text lands', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `x${i + 1}`).join('<br>');
    const pages = await layout(`<p class="n">${lines}</p>`, css);
    expect(pages).toHaveLength(2);
    // The ::after text follows the last line, on page 2.
    expect(runOn(pages, 1, 'x40').text).toBe('x40 [2/2]');
  });

  it('the flow counter agrees with the margin boxes after an element resets the page counter', async () => {
    const resetCss = `${css} @page { @bottom-center { content: counter(page) } } section { counter-reset: page 1 }`;
    const html = '<p class="n">A</p><section style="break-before: page"><p class="n">S1</p><p class="n" style="break-before: page">S2</p></section>';
    const pages = await layout(html, resetCss);
    expect(footers(pages, 72)).toEqual(['1', '1', '2']);
    // The section starts page 2 and resets it to 1: its own ::after must say so too.
    expect(runOn(pages, 1, 'S1').text).toBe('S1 [1/3]');
    expect(runOn(pages, 2, 'S2').text).toBe('S2 [2/3]');
  });

  it('counter(page) in a position: fixed footer stretched between left and right reads each page', async () => {
    const fixedCss = `${base} ${page72} .foot { position: fixed; bottom: 0; left: 0; right: 0 } .foot::after { content: "folio " counter(page) " of " counter(pages) }`;
    const pages = await layout('<div class="foot"></div><p>A</p><p style="break-before: page">B</p><p style="break-before: page">C</p>', fixedCss);
    expect(pages.map((_, i) => runOn(pages, i, 'folio').text)).toEqual(['folio 1 of 3', 'folio 2 of 3', 'folio 3 of 3']);
  });

  it('counter(page) in a shrink-to-fit position: fixed box reads each page', async () => {
    // Only `left` is set: the box is shrink-to-fit (laid out as an atomic box).
    const fixedCss = `${base} ${page72} .foot { position: fixed; bottom: 0; left: 0 } .foot::after { content: "folio " counter(page) " of " counter(pages) }`;
    const pages = await layout('<div class="foot"></div><p>A</p><p style="break-before: page">B</p><p style="break-before: page">C</p>', fixedCss);
    expect(pages.map((_, i) => runOn(pages, i, 'folio').text)).toEqual(['folio 1 of 3', 'folio 2 of 3', 'folio 3 of 3']);
  });

  it('counter(page) in a position: fixed footer follows an element\'s page counter reset', async () => {
    const fixedCss = `${base} ${page72} .foot { position: fixed; bottom: 0; left: 0; right: 0 } .foot::after { content: "folio " counter(page) } main { counter-reset: page 5 }`;
    const html = '<div class="foot"></div><p>A</p><main style="break-before: page"><p>B</p></main><p style="break-before: page">C</p>';
    const pages = await layout(html, `${fixedCss} @page { @bottom-center { content: counter(page) } }`);
    expect(footers(pages, 72)).toEqual(['1', '5', '6']);
    expect(pages.map((_, i) => runOn(pages, i, 'folio').text)).toEqual(['folio 1', 'folio 5', 'folio 6']);
  });

  it('counter(page) and counter(pages) inside an inline-block read the page', async () => {
    const ibCss = `${base} ${page72} .ib { display: inline-block } .ib::after { content: " p" counter(page) "/" counter(pages) }`;
    const pages = await layout('<p>A <span class="ib">x</span></p><p style="break-before: page">B <span class="ib">y</span></p>', ibCss);
    expect(runOn(pages, 0, 'x').text).toBe('x p1/2');
    expect(runOn(pages, 1, 'y').text).toBe('y p2/2');
  });

  it('counter(page) in a table cell and a list item reads the page', async () => {
    const cellCss = `${base} ${page72} .n::after { content: " p" counter(page) }`;
    const pages = await layout('<p>A</p><table style="break-before: page"><tr><td class="n">cell</td></tr></table><ul><li class="n">item</li></ul>', cellCss);
    expect(runOn(pages, 1, 'cell').text).toBe('cell p2');
    expect(runOn(pages, 1, 'item').text).toBe('item p2');
  });
});

describe('target-counter() in a table of contents', () => {
  const css = `${base} ${page72}
    .toc a { color: black; text-decoration: none }
    .toc a::after { content: " ... " target-counter(attr(href), page) }
    .roman a::after { content: " / " target-counter(attr(href), page, upper-roman) }
    h2 { break-before: page }`;
  const filler = Array.from({ length: 40 }, (_, i) => `f${i + 1}`).join('<br>');
  // TOC on page 1, chapter 1 on page 2, chapter 2 on page 3, chapter 3 on page 3 as well (no
  // break), chapter 4 after 40 lines (32 fit a page) on page 4, chapter 5 on page 5.
  const html = `<div class="toc">
      <p><a href="#c1">One</a></p><p><a href="#c2">Two</a></p><p><a href="#c3">Three</a></p>
      <p><a href="#c4">Four</a></p><p><a href="#c5">Five</a></p></div>
    <h2 id="c1">Chapter one</h2><p>text</p>
    <h2 id="c2">Chapter two</h2><p>text</p><h3 id="c3">Chapter three</h3><p>${filler}</p><h3 id="c4">Chapter four</h3>
    <h2 id="c5">Chapter five</h2>`;

  it('resolves every entry to the page its target starts on', async () => {
    const pages = await layout(html, css);
    expect(pages).toHaveLength(5);
    expect(runWith(pages, 'Chapter one').page).toBe(1);
    expect(runWith(pages, 'Chapter two').page).toBe(2);
    expect(runWith(pages, 'Chapter three').page).toBe(2);
    expect(runWith(pages, 'Chapter four').page).toBe(3);
    expect(runWith(pages, 'Chapter five').page).toBe(4);
    const toc = runs(pages).filter((r) => r.page === 0).map((r) => r.text);
    expect(toc).toEqual(['One ... 2', 'Two ... 3', 'Three ... 3', 'Four ... 4', 'Five ... 5']);
  });

  it('uses the page counter value, not the page index, and its counter style', async () => {
    const pages = await layout(html.replace('class="toc"', 'class="toc roman"'), `${css} @page :first { counter-reset: page 10 }`);
    const toc = runs(pages).filter((r) => r.page === 0).map((r) => r.text);
    // `.roman a::after` is more specific than `.toc a::after`: its content replaces the other.
    expect(toc).toEqual(['One / XII', 'Two / XIII', 'Three / XIII', 'Four / XIV', 'Five / XV']);
  });

  it('a target on a page whose number an element reset reads the reset number', async () => {
    const pages = await layout(html.replace('<h2 id="c2">', '<h2 id="c2" style="counter-reset: page 1">'), css);
    const toc = runs(pages).filter((r) => r.page === 0).map((r) => r.text);
    expect(toc).toEqual(['One ... 2', 'Two ... 1', 'Three ... 1', 'Four ... 2', 'Five ... 3']);
  });
});

describe('position: fixed in paged media', () => {
  it('repeats on every page at its offsets from the page area', async () => {
    const css = `${base} @page { size: letter; margin: 72pt 54pt 60pt 90pt }
      .fx { position: fixed; top: 20pt; right: 30pt; width: 100pt; height: 25pt; background: rgb(255, 0, 0) }
      .fy { position: fixed; bottom: 10pt; left: 15pt; width: 80pt; height: 12pt; background: rgb(0, 0, 255) }`;
    const html = '<div class="fx">FX</div><div class="fy"></div><p>A</p><p style="break-before: page">B</p><p style="break-before: page">C</p>';
    const pages = await layout(html, css);
    expect(pages).toHaveLength(3);
    const areaRight = W - 54;
    const areaBottom = H - 60;
    for (let i = 0; i < 3; i++) {
      const rects = flatten(pages[i]!.items).filter((it) => it.kind === 'rect');
      const red = rects.filter((r) => r.kind === 'rect' && r.color.r === 255 && r.color.b === 0);
      const blue = rects.filter((r) => r.kind === 'rect' && r.color.b === 255 && r.color.r === 0);
      expect(red, `page ${i + 1}`).toHaveLength(1);
      expect(blue, `page ${i + 1}`).toHaveLength(1);
      expect(red[0]).toMatchObject({ x: areaRight - 30 - 100, y: 72 + 20, width: 100, height: 25 });
      expect(blue[0]).toMatchObject({ x: 90 + 15, y: areaBottom - 10 - 12, width: 80, height: 12 });
      expect(runOn(pages, i, 'FX').x).toBeCloseTo(areaRight - 30 - 100, 3);
    }
    // Out of the flow: the first paragraph starts at the top of the page area.
    expect(runOn(pages, 0, 'A').y).toBeLessThan(72 + 20);
  });

  it('follows each page\'s own page area (a named landscape page)', async () => {
    const css = `${base} ${page72} @page land { size: letter landscape; margin: 36pt } .land { page: land }
      .fx { position: fixed; right: 0; bottom: 0; width: 50pt; height: 10pt; background: rgb(255, 0, 0) }`;
    const pages = await layout('<div class="fx"></div><p>A</p><p class="land">B</p>', css);
    const red = (i: number) => flatten(pages[i]!.items).find((it) => it.kind === 'rect' && it.color.r === 255);
    expect(red(0)).toMatchObject({ x: W - 72 - 50, y: H - 72 - 10 });
    expect(red(1)).toMatchObject({ x: H - 36 - 50, y: W - 36 - 10 });
  });
});

describe('bookmarks', () => {
  const css = `${base} ${page72} h1, h2 { break-before: page } h1:first-child { break-before: auto }`;

  it('h1 and h2 make bookmarks with their levels, labels and pages', async () => {
    const pages = await layout('<h1>Part one</h1><p>x</p><h2>Section <em>A</em></h2><h3>Sub</h3><h1>Part two</h1>', css);
    expect(bookmarks(pages).map(({ level, label, page }) => ({ level, label, page }))).toEqual([
      { level: 1, label: 'Part one', page: 0 },
      { level: 2, label: 'Section A', page: 1 },
      { level: 3, label: 'Sub', page: 1 },
      { level: 1, label: 'Part two', page: 2 },
    ]);
    // At the heading's top-left corner.
    const partTwo = bookmarks(pages)[3]!;
    expect(partTwo.x).toBeCloseTo(72, 3);
    expect(partTwo.y).toBeCloseTo(72, 3);
  });

  it('bookmark-level: none removes one; bookmark-label and bookmark-level override', async () => {
    const more = `${css} .quiet { bookmark-level: none } .named { bookmark-label: "Custom label" } .lifted { bookmark-level: 1 }`;
    const pages = await layout('<h1>Kept</h1><h2 class="quiet">Hidden</h2><h2 class="named">Original</h2><div class="lifted">Div mark</div>', more);
    const marks = bookmarks(pages).map(({ level, label }) => ({ level, label }));
    expect(marks).toEqual([
      { level: 1, label: 'Kept' },
      { level: 2, label: 'Custom label' },
      { level: 1, label: 'Div mark' },
    ]);
    expect(runWith(pages, 'Hidden').page).toBe(1); // still rendered, just not bookmarked
  });

  it('the PDF gets an /Outlines tree with the headings nested by level', async () => {
    const body = { type: 'html' as const, data: { html: '<h1>Alpha</h1><h2>Beta</h2><h2 style="bookmark-level: none">Gamma</h2><h1>Delta</h1>', css } };
    const { pdf, pageCount } = await renderDocument(body, { deterministic: true });
    expect(pageCount).toBe(4);
    const doc = await PDFDocument.load(pdf);
    const outlines = doc.catalog.lookup(PDFName.of('Outlines'), PDFDict);
    const title = (d: PDFDict) => {
      const t = d.lookup(PDFName.of('Title'));
      return t instanceof PDFHexString || t instanceof PDFString ? t.decodeText() : String(t);
    };
    const children = (d: PDFDict): PDFDict[] => {
      const out: PDFDict[] = [];
      let c = d.lookupMaybe(PDFName.of('First'), PDFDict);
      while (c) {
        out.push(c);
        c = c.lookupMaybe(PDFName.of('Next'), PDFDict);
      }
      return out;
    };
    const top = children(outlines);
    expect(top.map(title)).toEqual(['Alpha', 'Delta']);
    expect(children(top[0]!).map(title)).toEqual(['Beta']);
    expect(children(top[1]!)).toEqual([]);
    expect(outlines.lookup(PDFName.of('Count'), PDFNumber).asNumber()).toBeGreaterThanOrEqual(2);
  });
});

describe('the pageCount request option', () => {
  const html = '<p>A</p><p style="break-before: page">B</p>';

  it('bottomRight shows "Page N of M" ending at the right margin, in 9pt', async () => {
    const pages = await layout(html, 'body { margin: 0 }', { pageCount: 'bottomRight' });
    expect(pages).toHaveLength(2);
    for (let i = 0; i < 2; i++) {
      const run = runOn(pages, i, `Page ${i + 1} of 2`);
      expect(run.text).toBe(`Page ${i + 1} of 2`);
      expect(run.item.size).toBe(9);
      // Default margins are 50px = 37.5pt.
      expect(run.x + runWidth(run.item)).toBeCloseTo(W - 37.5, 1);
      expect(run.y).toBeGreaterThan(H - 37.5);
    }
  });

  it('topLeft starts at the left margin in the top margin, with the page margin options', async () => {
    const pages = await layout(html, 'body { margin: 0 }', { pageCount: 'topLeft', margin: '1in' });
    const run = runOn(pages, 1, 'Page 2 of 2');
    expect(run.x).toBeCloseTo(72, 1);
    expect(run.y).toBeLessThan(72);
    expect(runOn(pages, 0, 'A').x).toBeCloseTo(72, 3);
  });

  it('document CSS for the same margin box wins', async () => {
    const pages = await layout(html, 'body { margin: 0 } @page { @bottom-center { content: "mine " counter(page) } }', { pageCount: 'bottomCenter' });
    expect(footers(pages, 37.5)).toEqual(['mine 1', 'mine 2']);
  });

  it('renderDocument reports the page count', async () => {
    const result = await renderDocument({ type: 'html', data: { html }, page: { pageCount: 'bottomCenter' } }, { deterministic: true });
    expect(result.pageCount).toBe(2);
  });
});

describe('a 200-page document with margin boxes (shape, not timed)', () => {
  it('renders 200 pages, each with its "Page N of 200" and its running string', async () => {
    const n = 200;
    const html = Array.from({ length: n }, (_, i) => `<h2 class="s"${i > 0 ? ' style="break-before: page"' : ''}>Section ${i + 1}</h2><p>Body of section ${i + 1}.</p>`).join('');
    const css = `${base} .s { string-set: sec content(text) } @page { @top-center { content: string(sec) } }`;
    const pages = await layout(html, css, { pageCount: 'bottomCenter' });
    expect(pages).toHaveLength(n);
    const all = runs(pages);
    const byPage = new Map<number, string[]>();
    for (const r of all) (byPage.get(r.page) ?? byPage.set(r.page, []).get(r.page)!).push(r.text);
    for (let i = 0; i < n; i++) {
      const texts = byPage.get(i) ?? [];
      expect(texts, `page ${i + 1}`).toContain(`Page ${i + 1} of ${n}`);
      // The heading once in the flow, once in the top-center margin box.
      expect(texts.filter((t) => t === `Section ${i + 1}`), `page ${i + 1}`).toHaveLength(2);
    }
    expect(bookmarks(pages)).toHaveLength(n);
  }, 120_000);
});
