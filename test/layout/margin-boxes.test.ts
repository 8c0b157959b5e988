// Page-margin boxes end to end (css-page-3 §6, css-gcpm-3): the UA default text-align and
// vertical-align of each box, margin box background and border, named strings (string-set
// with content(text) and the first/start/last/first-except policies) and running elements
// (position: running(), element() with its policies). Expected positions come from the page
// geometry set in the CSS: US Letter (612 × 792pt) with the margins given per test.
import { describe, expect, it } from 'vitest';
import type { DisplayItem, PageDisplayList } from '../../src/paint/types.js';
import { flatten, layout, runOn, runsInBand, runWidth } from './helpers.js';

const W = 612;
const H = 792;

/** Texts of a page's runs whose baselines lie in the band top < y < bottom. */
function textsInBand(pages: readonly PageDisplayList[], page: number, top: number, bottom: number): string[] {
  return runsInBand(pages, page, top, bottom).map((r) => r.text);
}

const base = 'body { margin: 0; font-size: 10pt; line-height: 20pt } p, h1, h2 { margin: 0; font-size: 10pt; line-height: 20pt }';
// Asymmetric margins so that a box centred on the page and one centred between the margins differ.
const MT = 60;
const MR = 54;
const MB = 48;
const ML = 90;
const geometry = `@page { size: letter; margin: ${MT}pt ${MR}pt ${MB}pt ${ML}pt }`;
/** Margin boxes in 10pt type on 20pt lines, like the flow. */
const type = 'font-size: 10pt; line-height: 20pt;';

/** The baseline offset of a 10pt/20pt line from its line box top, measured in the flow. */
async function baselineOffset(): Promise<number> {
  const pages = await layout('<p>x</p>', `${base} ${geometry}`);
  return runOn(pages, 0, 'x').y - MT;
}

describe('margin box text-align defaults (css-page-3 §6.3.2)', () => {
  it('top-left starts at the left margin edge, top-right ends at the right one, top-center is centred', async () => {
    const css = `${base} ${geometry} @page {
      @top-left { content: "Left text"; ${type} }
      @top-center { content: "Centre text"; ${type} }
      @top-right { content: "Right text"; ${type} } }`;
    const pages = await layout('<p>body</p>', css);
    const left = runOn(pages, 0, 'Left text');
    const centre = runOn(pages, 0, 'Centre text');
    const right = runOn(pages, 0, 'Right text');
    expect(left.x).toBeCloseTo(ML, 1);
    expect(right.x + runWidth(right.item)).toBeCloseTo(W - MR, 1);
    expect(centre.x + runWidth(centre.item) / 2).toBeCloseTo((ML + W - MR) / 2, 1);
    for (const r of [left, centre, right]) expect(r.y).toBeLessThan(MT);
  });

  it('a lone top-center box is centred between the margins, not on the page', async () => {
    const pages = await layout('<p>body</p>', `${base} ${geometry} @page { @top-center { content: "Only centre"; ${type} } }`);
    const centre = runOn(pages, 0, 'Only centre');
    expect(centre.x + runWidth(centre.item) / 2).toBeCloseTo((ML + W - MR) / 2, 1);
  });

  it('bottom-left, bottom-center and bottom-right align the same way in the bottom margin', async () => {
    const css = `${base} ${geometry} @page {
      @bottom-left { content: "BL"; ${type} } @bottom-center { content: "BC"; ${type} } @bottom-right { content: "BR"; ${type} } }`;
    const pages = await layout('<p>body</p>', css);
    const [bl, bc, br] = ['BL', 'BC', 'BR'].map((t) => runOn(pages, 0, t));
    expect(bl!.x).toBeCloseTo(ML, 1);
    expect(bc!.x + runWidth(bc!.item) / 2).toBeCloseTo((ML + W - MR) / 2, 1);
    expect(br!.x + runWidth(br!.item)).toBeCloseTo(W - MR, 1);
    for (const r of [bl!, bc!, br!]) expect(r.y).toBeGreaterThan(H - MB);
  });

  it('corner boxes: top-left-corner is right-aligned against the page area, top-right-corner left-aligned', async () => {
    const css = `${base} ${geometry} @page { @top-left-corner { content: "TLC"; ${type} } @top-right-corner { content: "TRC"; ${type} } }`;
    const pages = await layout('<p>body</p>', css);
    const tlc = runOn(pages, 0, 'TLC');
    const trc = runOn(pages, 0, 'TRC');
    expect(tlc.x + runWidth(tlc.item)).toBeCloseTo(ML, 1);
    expect(trc.x).toBeCloseTo(W - MR, 1);
  });

  it('left-top is centred across the left margin; right-bottom across the right one', async () => {
    const css = `${base} ${geometry} @page { @left-top { content: "LT"; ${type} } @right-bottom { content: "RB"; ${type} } }`;
    const pages = await layout('<p>body</p>', css);
    const lt = runOn(pages, 0, 'LT');
    const rb = runOn(pages, 0, 'RB');
    expect(lt.x + runWidth(lt.item) / 2).toBeCloseTo(ML / 2, 1);
    expect(rb.x + runWidth(rb.item) / 2).toBeCloseTo(W - MR / 2, 1);
  });

  it('text-align set on the margin box overrides the default', async () => {
    const css = `${base} ${geometry} @page { @top-left { content: "Moved"; text-align: right; ${type} } }`;
    const pages = await layout('<p>body</p>', css);
    const moved = runOn(pages, 0, 'Moved');
    // The lone top-left box spans the whole top edge.
    expect(moved.x + runWidth(moved.item)).toBeCloseTo(W - MR, 1);
  });
});

describe('margin box vertical-align', () => {
  it('defaults to middle for the top and bottom boxes; top and bottom move the line', async () => {
    const d = await baselineOffset();
    const css = `${base} ${geometry} @page {
      @top-left { content: "TOP"; vertical-align: top; ${type} }
      @top-center { content: "MID"; ${type} }
      @top-right { content: "BOT"; vertical-align: bottom; ${type} }
      @bottom-center { content: "FOOT"; ${type} } }`;
    const pages = await layout('<p>body</p>', css);
    // A 20pt line in a box as tall as the margin.
    expect(runOn(pages, 0, 'TOP').y).toBeCloseTo(d, 2);
    expect(runOn(pages, 0, 'MID').y).toBeCloseTo((MT - 20) / 2 + d, 2);
    expect(runOn(pages, 0, 'BOT').y).toBeCloseTo(MT - 20 + d, 2);
    expect(runOn(pages, 0, 'FOOT').y).toBeCloseTo(H - MB + (MB - 20) / 2 + d, 2);
  });

  it('left-top defaults to top, left-bottom to bottom, left-middle to middle', async () => {
    const d = await baselineOffset();
    const css = `${base} ${geometry} @page {
      @left-top { content: "LT"; ${type} } @left-middle { content: "LM"; ${type} } @left-bottom { content: "LB"; ${type} } }`;
    const pages = await layout('<p>body</p>', css);
    // Three auto boxes on the left edge share its span (MT to H − MB): top, middle and
    // bottom slots; whatever their heights, top starts at MT, bottom ends at H − MB and
    // middle is centred on the span.
    expect(runOn(pages, 0, 'LT').y).toBeCloseTo(MT + d, 2);
    expect(runOn(pages, 0, 'LB').y).toBeCloseTo(H - MB - 20 + d, 2);
    expect(runOn(pages, 0, 'LM').y).toBeCloseTo((MT + H - MB) / 2 - 10 + d, 2);
  });

  it('padding on a margin box shifts its content', async () => {
    const d = await baselineOffset();
    const css = `${base} ${geometry} @page { @top-left { content: "PAD"; vertical-align: top; padding: 7pt 0 0 11pt; ${type} } }`;
    const pages = await layout('<p>body</p>', css);
    expect(runOn(pages, 0, 'PAD').y).toBeCloseTo(7 + d, 2);
    expect(runOn(pages, 0, 'PAD').x).toBeCloseTo(ML + 11, 2);
  });
});

describe('margin box background and border', () => {
  const blue = (i: DisplayItem) => i.kind === 'rect' && i.color.r === 0 && i.color.g === 0 && i.color.b === 255;
  const isGreen = (c: { r: number; g: number; b: number }) => c.r === 0 && c.g === 255 && c.b === 0;

  it('paints a margin box\'s background over its border box', async () => {
    const css = `${base} ${geometry} @page { @top-left { content: "Boxed"; width: 100pt; background-color: rgb(0, 0, 255); ${type} } }`;
    const pages = await layout('<p>A</p><p style="break-before: page">B</p>', css);
    for (let i = 0; i < 2; i++) {
      const rects = flatten(pages[i]!.items).filter(blue);
      // Width 100pt from the left margin edge; auto height fills the 60pt top margin.
      expect(rects, `page ${i + 1}`).toEqual([expect.objectContaining({ x: ML, y: 0, width: 100, height: MT })]);
    }
  });

  it('paints the `background` shorthand and an empty-string box too', async () => {
    const css = `${base} ${geometry} @page { @bottom-center { content: ""; background: rgb(0, 0, 255) } }`;
    const pages = await layout('<p>A</p>', css);
    // The only box on the bottom edge: it spans the whole edge.
    expect(flatten(pages[0]!.items).filter(blue)).toEqual([expect.objectContaining({ x: ML, y: H - MB, width: W - ML - MR, height: MB })]);
  });

  it('draws a margin box\'s border around its border box, below its content', async () => {
    const css = `${base} ${geometry} @page { @top-right { content: "Bordered"; width: 120pt; border: 2pt solid rgb(0, 255, 0); ${type} } }`;
    const pages = await layout('<p>A</p>', css);
    const items = flatten(pages[0]!.items);
    const green = items.filter((i) => (i.kind === 'path' && ((i.fill && isGreen(i.fill)) || (i.stroke && isGreen(i.stroke.color)))) || (i.kind === 'line' && isGreen(i.color)) || (i.kind === 'rect' && isGreen(i.color)));
    expect(green.length).toBeGreaterThan(0);
    // Outer edges of everything green (a stroked path covers half its width either side).
    const xs: number[] = [];
    const ys: number[] = [];
    for (const g of green) {
      if (g.kind === 'path') {
        const half = g.fill ? 0 : (g.stroke?.width ?? 0) / 2;
        for (const op of g.ops) if (op.op !== 'Z') { xs.push(op.x - half, op.x + half); ys.push(op.y - half, op.y + half); }
      }
      if (g.kind === 'line') { xs.push(g.x1 - g.width / 2, g.x2 + g.width / 2, g.x1 + g.width / 2, g.x2 - g.width / 2); ys.push(g.y1 - g.width / 2, g.y2 + g.width / 2, g.y1 + g.width / 2, g.y2 - g.width / 2); }
      if (g.kind === 'rect') { xs.push(g.x, g.x + g.width); ys.push(g.y, g.y + g.height); }
    }
    // content-box width 120 + 2·2 of border, flush with the right end of the top edge; the
    // auto height fills the top margin.
    expect(Math.max(...xs)).toBeCloseTo(W - MR, 3);
    expect(Math.min(...xs)).toBeCloseTo(W - MR - 124, 3);
    expect(Math.min(...ys)).toBeCloseTo(0, 3);
    expect(Math.max(...ys)).toBeCloseTo(MT, 3);
    // The text is right-aligned inside the border.
    const text = runOn(pages, 0, 'Bordered');
    expect(text.x + runWidth(text.item)).toBeCloseTo(W - MR - 2, 1);
    // The border is painted before the text.
    expect(items.indexOf(green[0]!)).toBeLessThan(items.indexOf(text.item));
  });

  it('a box with content: none generates nothing (no background)', async () => {
    const css = `${base} ${geometry} @page { @top-left { content: none; background-color: rgb(0, 0, 255) } @top-right { background-color: rgb(0, 0, 255) } }`;
    const pages = await layout('<p>A</p>', css);
    expect(flatten(pages[0]!.items).filter(blue)).toEqual([]);
  });
});

describe('named strings (string-set, string())', () => {
  // Three pages: page 1 sets Alpha at its top and Beta lower down; page 2 starts with other
  // content and sets Gamma lower down; page 3 sets nothing.
  const html = '<h2>Alpha</h2><p>x</p><h2>Beta</h2><p style="break-before: page">y</p><h2>Gamma</h2><p style="break-before: page">z</p>';
  const css = (policy: string) => `${base} ${geometry} h2 { string-set: sec content(text) }
    @page { @top-center { content: "[" string(sec${policy ? `, ${policy}` : ''}) "]"; ${type} } }`;
  const headers = (pages: readonly PageDisplayList[]) => pages.map((_, i) => textsInBand(pages, i, 0, MT).join('|'));

  it.each([
    ['first', ['[Alpha]', '[Gamma]', '[Gamma]']],
    ['', ['[Alpha]', '[Gamma]', '[Gamma]']], // no policy: first
    ['start', ['[Alpha]', '[Beta]', '[Gamma]']],
    ['last', ['[Beta]', '[Gamma]', '[Gamma]']],
    ['first-except', ['[]', '[]', '[Gamma]']],
  ])('string(sec, %j) across three pages', async (policy, expected) => {
    const pages = await layout(html, css(policy));
    expect(pages).toHaveLength(3);
    expect(headers(pages)).toEqual(expected);
  });

  it('content(text) collapses white space and takes descendants\' text; literals and attr() combine', async () => {
    const pages = await layout(
      '<h2 data-n="7">  Deep\n   <em>nested</em>   title </h2><p>x</p>',
      `${base} ${geometry} h2 { string-set: sec "Ch. " attr(data-n) ": " content(text) } @page { @top-center { content: string(sec); ${type} } }`,
    );
    expect(textsInBand(pages, 0, 0, MT)).toEqual(['Ch. 7: Deep nested title']);
  });

  it('a string set before any page is shown is empty on pages before its element', async () => {
    const pages = await layout('<p>x</p><p style="break-before: page">y</p><h2>Late</h2>', css('first'));
    expect(headers(pages)).toEqual(['[]', '[Late]']);
  });

  it('two strings set by one element are independent', async () => {
    const pages = await layout(
      '<h2 title="T1">One</h2><p style="break-before: page">y</p>',
      `${base} ${geometry} h2 { string-set: a content(text), b attr(title) } @page { @top-left { content: string(a); ${type} } @top-right { content: string(b); ${type} } }`,
    );
    expect(headers(pages)).toEqual(['One|T1', 'One|T1']);
  });
});

describe('running elements (position: running(), element())', () => {
  const css = `${base} ${geometry} .hdr { position: running(hdr) }
    @page { @top-center { content: element(hdr); ${type} } @bottom-center { content: element(hdr, last); ${type} } }`;
  const top = (pages: readonly PageDisplayList[]) => pages.map((_, i) => textsInBand(pages, i, 0, MT).join('|'));
  const bottom = (pages: readonly PageDisplayList[]) => pages.map((_, i) => textsInBand(pages, i, H - MB, H).join('|'));

  it('a running element placed first shows on every page, and leaves the flow', async () => {
    const pages = await layout('<div class="hdr">Header</div><p>a</p><p style="break-before: page">b</p><p style="break-before: page">c</p>', css);
    expect(pages).toHaveLength(3);
    expect(top(pages)).toEqual(['Header', 'Header', 'Header']);
    // Not in the flow: "a" is the first line of the page area, and "Header" appears only in margins.
    expect(runOn(pages, 0, 'a').y).toBeLessThan(MT + 20);
    for (let i = 0; i < 3; i++) expect(textsInBand(pages, i, MT, H - MB)).not.toContain('Header');
  });

  it('is shown from the page where it occurs onward, not before', async () => {
    const pages = await layout('<p>a</p><p style="break-before: page">b</p><div class="hdr">Late</div><p style="break-before: page">c</p>', css);
    expect(top(pages)).toEqual(['', 'Late', 'Late']);
  });

  it('element(hdr) takes the page\'s first, element(hdr, last) its last', async () => {
    const html = '<div class="hdr">H1</div><p>a</p><p style="break-before: page">b</p><div class="hdr">H2</div><div class="hdr">H3</div><p style="break-before: page">c</p>';
    const pages = await layout(html, css);
    expect(top(pages)).toEqual(['H1', 'H2', 'H3']);
    expect(bottom(pages)).toEqual(['H1', 'H3', 'H3']);
  });

  it.each([
    // css-gcpm-3 §2.2: the policies mean what they mean for string(). H1 opens page 1, H2
    // comes after other content on page 2, page 3 places none.
    ['first', ['H1', 'H2', 'H2']],
    ['last', ['H1', 'H2', 'H2']],
    ['first-except', ['', '', 'H2']],
    // start: the page's first assignment only when nothing precedes it on the page, else the entry value.
    ['start', ['H1', 'H1', 'H2']],
  ])('element(hdr, %s) across three pages', async (policy, expected) => {
    const more = `${base} ${geometry} .hdr { position: running(hdr) } @page { @top-center { content: element(hdr, ${policy}); ${type} } }`;
    const html = '<div class="hdr">H1</div><p>a</p><p style="break-before: page">b</p><div class="hdr">H2</div><p style="break-before: page">c</p>';
    const pages = await layout(html, more);
    expect(top(pages)).toEqual(expected);
  });

  it('counter(page) and counter(pages) inside a running element read the page it is shown on', async () => {
    const more = `${base} ${geometry} .hdr { position: running(hdr) } .hdr::after { content: " " counter(page) "/" counter(pages) }
      @page { @top-center { content: element(hdr); ${type} } }`;
    const pages = await layout('<div class="hdr">Head</div><p>a</p><p style="break-before: page">b</p><p style="break-before: page">c</p>', more);
    expect(top(pages)).toEqual(['Head 1/3', 'Head 2/3', 'Head 3/3']);
  });

  it('keeps its own styles: a running element inherits from where it was, not from the margin box', async () => {
    const more = `${base} ${geometry} header { position: running(hdr); color: rgb(255, 0, 0); text-align: right }
      @page { @top-center { content: element(hdr); color: rgb(0, 0, 255); ${type} } }`;
    const pages = await layout('<header>Styled</header><p>a</p>', more);
    const run = runOn(pages, 0, 'Styled');
    expect(run.item.color).toMatchObject({ r: 255, g: 0, b: 0 });
    // Right-aligned within the top-center box, which spans the whole top edge.
    expect(run.x + runWidth(run.item)).toBeCloseTo(W - MR, 1);
  });
});

describe('margin boxes with the same content on several pages', () => {
  // A document's pages share the box a margin box's content generates (and its shaped
  // lines); each page still lays it out in its own margin box rectangle.
  it('the same header on pages of different widths is centred on each page', async () => {
    const css = `${base} ${geometry} @page wide { size: 792pt 612pt }
      @page { @top-center { content: "Same header"; ${type} } }
      .wide { page: wide }`;
    const pages = await layout('<p>a</p><p class="wide">b</p><p style="break-before: page">c</p>', css);
    expect(pages.map((p) => p.width)).toEqual([W, H, W]);
    for (let i = 0; i < 3; i++) {
      const header = runOn(pages, i, 'Same header');
      const width = pages[i]!.width;
      expect(header.x + runWidth(header.item) / 2).toBeCloseTo((ML + (width - MR)) / 2, 1);
    }
  });

  it('a header that changes back and forth shows each page\'s own text', async () => {
    const html = '<h2>One</h2><p style="break-before: page">x</p><h2>Two</h2><p style="break-before: page">y</p><h2>One</h2>';
    const pages = await layout(html, `${base} ${geometry} h2 { string-set: sec content(text) } @page { @top-center { content: string(sec, last); ${type} } }`);
    expect(pages.map((_, i) => textsInBand(pages, i, 0, MT).join('|'))).toEqual(['One', 'Two', 'One']);
  });
});
