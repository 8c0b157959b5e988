// The initial containing block in paged media: viewport units refer to the first page's page
// area (CSS 2.1 §13.2), media features to the default page the request asks for, unaffected by
// the document's @page rules (css-page-3 §5.1); each document keeps its own.
import { describe, expect, it } from 'vitest';
import { styleDocument } from '../../src/css/index.js';
import type { ComputedStyle, LengthPercentageAuto, StyledDocument } from '../../src/css/types.js';
import { parseHtml } from '../../src/dom/parse.js';
import { rgb, styleOf } from './helpers.js';

const P = '<p id="t">x</p>';
const GREEN = rgb(0, 128, 0);
const RED = rgb(255, 0, 0);
/** The WPT print default: a 5in × 3in page with half-inch margins, a 4in × 2in page area. */
const WPT_PAGE = '@page { size: 5in 3in; margin: 0.5in }';

function styled(css: string, pageCss?: string): StyledDocument {
  return styleDocument(parseHtml(P), { authorCss: [css], ...(pageCss === undefined ? {} : { pageCss }) });
}

const t = (css: string, pageCss?: string): ComputedStyle => styleOf(styled(css, pageCss), 't');

function abs(v: LengthPercentageAuto): number {
  if (v === 'auto') throw new Error('expected a length, got auto');
  return v.abs;
}

describe('viewport units', () => {
  it('refer to the page area of the first page', () => {
    const css = '@page { size: 500pt 600pt; margin: 50pt } p { margin: 10vh 10vw 10vmin 10vmax }';
    const p = t(css);
    expect(abs(p.marginRight)).toBeCloseTo(40); // 10% of 400pt
    expect(abs(p.marginTop)).toBeCloseTo(50); // 10% of 500pt
    expect(abs(p.marginBottom)).toBeCloseTo(40);
    expect(abs(p.marginLeft)).toBeCloseTo(50);
  });

  it('the request page applies unless the document overrides it; :first counts, :left does not', () => {
    expect(t('p { width: 100vw; height: 100vh }', WPT_PAGE).width).toEqual({ abs: 288, pct: 0 });
    expect(t('p { height: 100vh }', WPT_PAGE).height).toEqual({ abs: 144, pct: 0 });
    const css = '@page :first { margin-left: 0 } @page :left { margin-right: 0 } p { width: 100vw }';
    expect(t(css, WPT_PAGE).width).toEqual({ abs: 324, pct: 0 });
  });

  it('@page margins in em use the root font size', () => {
    expect(t('html { font-size: 10pt } @page { size: 400pt 400pt; margin: 0 5em } p { width: 100vw }').width).toEqual({ abs: 300, pct: 0 });
  });

  it('are exposed as the initial containing block', () => {
    expect(styled('@page { size: 500pt 600pt; margin: 50pt }').initialContainingBlock).toEqual({ width: 400, height: 500 });
    expect(styled('').initialContainingBlock).toEqual({ width: 537, height: 717 });
  });

  it('two documents with different pages do not share computed values', () => {
    const css = 'p { margin-left: 10vw }';
    const wide = styled(css, '@page { size: 600pt 600pt; margin: 100pt }');
    const narrow = styled(css, '@page { size: 300pt 300pt; margin: 50pt }');
    expect(abs(styleOf(wide, 't').marginLeft)).toBeCloseTo(40);
    expect(abs(styleOf(narrow, 't').marginLeft)).toBeCloseTo(20);
  });
});

describe('media features in paged media', () => {
  it('width and height are those of the default page area', () => {
    // 4in = 288pt wide, 2in = 144pt high.
    expect(t('p { color: red } @media (max-width: 300pt) { p { color: green } }', WPT_PAGE).color).toEqual(GREEN);
    expect(t('p { color: red } @media (max-width: 250pt) { p { color: green } }', WPT_PAGE).color).toEqual(RED);
    expect(t('p { color: red } @media (min-width: 4in) and (max-width: 5in) and (min-height: 2in) and (max-height: 3in) { p { color: green } }', WPT_PAGE).color).toEqual(GREEN);
  });

  it("ignore the document's own @page sizes (css-page-3 §5.1)", () => {
    const css = '@page { size: 10in; margin: 2in } p { color: red } @media (min-width: 4in) and (max-width: 5in) { p { color: green } }';
    expect(t(css, WPT_PAGE).color).toEqual(GREEN);
  });

  it('orientation and aspect-ratio follow the page area', () => {
    expect(t('@media (orientation: landscape) { p { color: green } }', WPT_PAGE).color).toEqual(GREEN);
    expect(t('@media (orientation: portrait) { p { color: green } }', WPT_PAGE).color).not.toEqual(GREEN);
    expect(t('@media (aspect-ratio: 2/1) { p { color: green } }', WPT_PAGE).color).toEqual(GREEN);
    expect(t('@media (min-aspect-ratio: 3/1) { p { color: green } }', WPT_PAGE).color).not.toEqual(GREEN);
    expect(t('@media (orientation: portrait) { p { color: green } }').color).toEqual(GREEN);
  });

  it('device-width and device-height are those of the default page box', () => {
    expect(t('@media (device-width: 5in) and (device-height: 3in) { p { color: green } }', WPT_PAGE).color).toEqual(GREEN);
  });

  it('<style media> and @page inside @media see the default page', () => {
    const html = '<style media="(max-width: 4in)">p { color: green }</style><p id="t">x</p>';
    expect(styleOf(styleDocument(parseHtml(html), { authorCss: [], pageCss: WPT_PAGE }), 't').color).toEqual(GREEN);
    const css = '@media (max-width: 4in) { @page { size: 500pt 600pt; margin: 50pt } } p { width: 10vw }';
    expect(t(css, WPT_PAGE).width).toEqual({ abs: 40, pct: 0 });
  });
});
