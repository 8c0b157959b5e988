// @page resolution: matching by name and :first/:left/:right/:blank, page-selector
// specificity, sizes and keywords, margins.
import { describe, expect, it } from 'vitest';
import { resolvePageStyle, type PageInfo } from '../../src/css/index.js';
import type { PageRule, PageStyle } from '../../src/css/types.js';
import { style } from './helpers.js';

const rulesOf = (css: string): readonly PageRule[] => style('<p>x</p>', css).pageRules;
const resolve = (css: string, page: Partial<PageInfo> = {}): PageStyle =>
  resolvePageStyle(rulesOf(css), { index: 0, name: null, ...page }, { fontSize: 12 });
const MM = 72 / 25.4;

describe('page size', () => {
  it('defaults to US Letter with 50px margins', () => {
    expect(resolve('')).toEqual({ width: 612, height: 792, marginTop: 37.5, marginRight: 37.5, marginBottom: 37.5, marginLeft: 37.5 });
  });

  it.each([
    ['A4', 210 * MM, 297 * MM],
    ['a5', 148 * MM, 210 * MM],
    ['A3', 297 * MM, 420 * MM],
    ['B4', 250 * MM, 353 * MM],
    ['B5', 176 * MM, 250 * MM],
    ['letter', 612, 792],
    ['legal', 612, 1008],
    ['ledger', 792, 1224],
    ['A4 landscape', 297 * MM, 210 * MM],
    ['landscape A4', 297 * MM, 210 * MM],
    ['ledger portrait', 792, 1224],
    ['landscape', 792, 612],
    ['auto', 612, 792],
    ['5in', 360, 360],
    ['100mm 50mm', 100 * MM, 50 * MM],
    ['10cm 2in', (10 * 72) / 2.54, 144],
  ])('size: %s', (value, width, height) => {
    const page = resolve(`@page { size: ${value} }`);
    expect(page.width).toBeCloseTo(width, 6);
    expect(page.height).toBeCloseTo(height, 6);
  });

  it('an orientation alone turns the size lower-precedence rules give (the request page), not Letter', () => {
    const request = '@page { size: 5in 3in }';
    expect(resolve(`${request} @page { size: landscape }`)).toMatchObject({ width: 360, height: 216 });
    expect(resolve(`${request} @page { size: portrait }`)).toMatchObject({ width: 216, height: 360 });
    // page-rule-specificity-002: :first outweighs the bare rule, whatever the order.
    const css = `${request} @page :first { size: portrait } @page { size: landscape }`;
    expect(resolve(css, { index: 0 })).toMatchObject({ width: 216, height: 360 });
    expect(resolve(css, { index: 1 })).toMatchObject({ width: 360, height: 216 });
    expect(resolve('@page { size: A5 } @page { size: landscape !important } @page :first { size: A4 }')).toMatchObject({ width: 297 * MM, height: 210 * MM });
  });

  it('size: auto keeps the size lower-precedence rules give', () => {
    expect(resolve('@page { size: 5in 3in } @page { size: auto }')).toMatchObject({ width: 360, height: 216 });
    expect(resolve('@page { size: 5in 3in } @page { size: initial }')).toMatchObject({ width: 360, height: 216 });
  });

  it('invalid sizes are ignored', () => {
    for (const bad of ['A4 A5', '10%', '-5in', 'landscape portrait', 'huge', '1in 2in 3in']) {
      expect(resolve(`@page { size: A5 } @page { size: ${bad} }`).width).toBeCloseTo(148 * MM, 6);
    }
  });
});

describe('page margins', () => {
  it('margin shorthand and longhands, em against the base font size', () => {
    const page = resolve('@page { margin: 1in 2cm; margin-left: 3em }');
    expect(page.marginTop).toBe(72);
    expect(page.marginRight).toBeCloseTo(72 * 2 / 2.54, 6);
    expect(page.marginBottom).toBe(72);
    expect(page.marginLeft).toBe(36);
  });

  it('percentages: left/right of the page width, top/bottom of its height', () => {
    const page = resolve('@page { size: 400pt 800pt; margin: 10% }');
    expect(page.marginLeft).toBeCloseTo(40);
    expect(page.marginTop).toBeCloseTo(80);
  });
});

describe('page context inheritance (css-page-3 §4.4)', () => {
  const withRoot = (css: string, rootCss: string): PageStyle => {
    const doc = style('<p>x</p>', [css, rootCss]);
    return resolvePageStyle(doc.pageRules, { index: 0, name: null }, { fontSize: doc.root.style.fontSize, root: doc.root.style });
  };

  it('margin: inherit takes the root element\'s margins', () => {
    const page = withRoot('@page { size: 6in; margin: 13px; margin: inherit }', 'html { margin: 0.5in }');
    expect(page).toMatchObject({ marginTop: 36, marginRight: 36, marginBottom: 36, marginLeft: 36 });
  });

  it('inherited percentages resolve against the page; longhands inherit alone', () => {
    const page = withRoot('@page { size: 400pt 800pt; margin: 1pt; margin-top: inherit; margin-left: inherit }', 'html { margin: 10% 0 0 5% }');
    expect(page.marginTop).toBeCloseTo(80);
    expect(page.marginLeft).toBeCloseTo(20);
    expect(page.marginRight).toBe(1);
  });

  it('margin: initial and unset give 0; auto page margins are 0 (CSS 2.1 §10.3.3, auto width)', () => {
    expect(resolve('@page { margin: 1in; margin: initial }').marginTop).toBe(0);
    expect(resolve('@page { margin: 1in; margin-left: unset }').marginLeft).toBe(0);
    expect(resolve('@page { margin: 1in; margin: auto }').marginLeft).toBe(0);
  });

  it('without the root style, inherit gives the initial value', () => {
    expect(resolve('@page { margin: 1in; margin: inherit }').marginTop).toBe(0);
  });
});

describe('page selectors', () => {
  const css = `
    @page { margin: 10pt }
    @page :first { margin-top: 100pt }
    @page :left { margin-left: 30pt }
    @page :right { margin-left: 40pt }
    @page :blank { margin-bottom: 5pt }
    @page chapter { margin-right: 77pt }
    @page chapter:first { margin-top: 200pt }
  `;

  it(':first matches page index 0 only', () => {
    expect(resolve(css, { index: 0 }).marginTop).toBe(100);
    expect(resolve(css, { index: 1 }).marginTop).toBe(10);
  });

  it('the first page is a right page; left and right alternate', () => {
    expect(resolve(css, { index: 0 }).marginLeft).toBe(40);
    expect(resolve(css, { index: 1 }).marginLeft).toBe(30);
    expect(resolve(css, { index: 2 }).marginLeft).toBe(40);
  });

  it(':blank only for blank pages', () => {
    expect(resolve(css, { index: 3, blank: true }).marginBottom).toBe(5);
    expect(resolve(css, { index: 3 }).marginBottom).toBe(10);
  });

  it('named pages match by name; a name outweighs pseudo-classes', () => {
    expect(resolve(css, { index: 4, name: 'chapter' }).marginRight).toBe(77);
    expect(resolve(css, { index: 4, name: 'other' }).marginRight).toBe(10);
    expect(resolve(css, { index: 0, name: 'chapter' }).marginTop).toBe(200);
    // (1,0,0) beats (0,1,0) even when written first.
    expect(resolve('@page chapter { margin-top: 1pt } @page :first { margin-top: 2pt }', { index: 0, name: 'chapter' }).marginTop).toBe(1);
  });

  it('equal specificity: the later rule wins; !important beats specificity', () => {
    expect(resolve('@page { margin-top: 1pt } @page { margin-top: 2pt }').marginTop).toBe(2);
    expect(resolve('@page { margin-top: 1pt !important } @page :first { margin-top: 2pt }').marginTop).toBe(1);
  });
});
