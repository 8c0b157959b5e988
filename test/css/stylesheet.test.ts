// Style sheet handling: @media and @supports filtering, <style media>, @import, @font-face,
// @page collection, and recovery from broken CSS without throwing.
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/dom/parse.js';
import { mediaMatchesPrint, resolvePageStyle, styleDocument } from '../../src/css/index.js';
import { computed, rgb, style, styleOf } from './helpers.js';

const P = '<p id="t">x</p>';
const RED = rgb(255, 0, 0);
/** The UA default page: Letter with 50px margins, a 716px × 956px page area. */
const LETTER = resolvePageStyle([], { index: 0, name: null }, { fontSize: 12 });

describe('@media', () => {
  it.each([
    ['print', true],
    ['all', true],
    ['screen', false],
    ['not print', false],
    ['not screen', true],
    ['only print', true],
    ['screen, print', true],
    ['PRINT', true],
    ['print and (min-width: 600px)', true], // the page area is 716px wide
    ['print and (max-width: 600px)', false],
    ['(width >= 7in)', true],
    ['(width >= 8in)', false],
    ['(device-width: 8.5in)', true], // the page box
    ['(min-device-height: 11in)', true],
    ['(min-aspect-ratio: 2/3) and (max-aspect-ratio: 1/1)', true],
    ['(orientation: portrait)', true],
    ['(orientation: landscape)', false],
    ['(prefers-color-scheme: dark)', false],
    ['(hover: hover)', false],
    ['print and (not (color))', false],
    ['(min-width: 100px) and (max-width: 2000px)', true],
    ['(unknown-feature: 3)', false],
    ['speech', false],
  ])('%s → %s', (query, expected) => {
    expect(mediaMatchesPrint(query, LETTER)).toBe(expected);
  });

  it('rules inside non-matching @media blocks do not apply', () => {
    const css = 'p { color: red } @media screen { p { color: blue } } @media print { p { font-style: italic } }';
    const t = computed(P, css);
    expect(t.color).toEqual(RED);
    expect(t.fontStyle).toBe('italic');
  });

  it('<style media> filters whole sheets', () => {
    const doc = style('<style media="screen">p { color: blue }</style><style media="print, tv">p { font-weight: bold }</style><style>p { color: red }</style><p id="t">x</p>');
    expect(styleOf(doc, 't').color).toEqual(RED);
    expect(styleOf(doc, 't').fontWeight).toBe(700);
  });

  it('nested @media inside @media', () => {
    expect(computed(P, '@media print { @media (min-width: 1px) { p { color: red } } }').color).toEqual(RED);
  });
});

describe('@supports and @layer', () => {
  it('applies blocks whose declarations the engine supports', () => {
    const t = computed(P, '@supports (display: flex) { p { color: red } } @supports (display: nonsense) { p { font-style: italic } } @supports not (frobnicate: 1) { p { font-weight: bold } }');
    expect(t.color).toEqual(RED);
    expect(t.fontStyle).toBe('normal');
    expect(t.fontWeight).toBe(700);
  });

  it('@layer blocks are applied in source order', () => {
    expect(computed(P, '@layer base { p { color: red } }').color).toEqual(RED);
  });
});

describe('other at-rules', () => {
  it('@import is ignored with a warning', () => {
    const doc = style(P, '@import url(other.css); p { color: red }');
    expect(styleOf(doc, 't').color).toEqual(RED);
    expect(doc.warnings.some((w) => w.includes('@import'))).toBe(true);
  });

  it('@font-face declarations are collected raw, in order', () => {
    const doc = style(P, '@font-face { font-family: "Inter"; src: url(inter.woff2) format("woff2"); font-weight: 100 900 } @media screen { @font-face { font-family: Nope } }');
    expect(doc.fontFaces).toHaveLength(1);
    expect(doc.fontFaces[0]).toEqual([
      { property: 'font-family', value: '"Inter"', important: false },
      { property: 'src', value: 'url(inter.woff2) format("woff2")', important: false },
      { property: 'font-weight', value: '100 900', important: false },
    ]);
  });

  it('@page rules keep selectors, declarations and margin boxes', () => {
    const doc = style(P, '@page { size: A4; margin: 2cm } @page chapter:first, :left { margin-top: 1in; @top-center { content: "Title" } @bottom-right { content: counter(page) } }');
    expect(doc.pageRules).toHaveLength(2);
    const [bare, named] = doc.pageRules;
    expect(bare!.selectors).toEqual([]);
    expect(bare!.declarations.map((d) => d.property)).toEqual(['size', 'margin']);
    expect(named!.selectors).toEqual([{ name: 'chapter', pseudoClasses: ['first'] }, { name: null, pseudoClasses: ['left'] }]);
    expect(named!.marginBoxes.get('top-center')).toEqual([{ property: 'content', value: '"Title"', important: false }]);
    expect(named!.marginBoxes.get('bottom-right')?.[0]?.value).toBe('counter(page)');
    expect(named!.order).toBeGreaterThan(bare!.order);
  });

  it('invalid @page selectors drop the rule', () => {
    const doc = style(P, '@page :middle { margin: 0 } @page foo bar { margin: 0 }');
    expect(doc.pageRules).toHaveLength(0);
    expect(doc.warnings.filter((w) => w.includes('@page'))).toHaveLength(2);
  });
});

describe('broken CSS', () => {
  const garbage = [
    'p { color: red',
    'p { color: red; } }}} { color: blue }',
    '@media { p { color: }',
    'p { width: calc(1px + ); height: 10px) }',
    '"unterminated',
    'p { background: url(  }',
    '<!-- p { color: red } -->',
    'p::before { content: "\\',
    '@page :first { margin: }',
    'p { --x: {;} ; color: var(--x) }',
    ':not( { }',
    '@font-face { src: }',
    'p { margin: 1px 2px 3px 4px 5px 6px; font: ; border: 1px 2px 3px solid }',
    '\u0000\uFFFF p { color: red }',
  ];

  it.each(garbage)('never throws: %s', (css) => {
    const warnings: string[] = [];
    expect(() => styleDocument(parseHtml(P), { authorCss: [css], onWarning: (m) => warnings.push(m) })).not.toThrow();
  });

  it('drops only the broken parts and reports them', () => {
    const warnings: string[] = [];
    const doc = styleDocument(parseHtml(P), {
      authorCss: ['p { color: red; width: ; font-style: italic } q..r { color: blue } p { font-weight: bold }'],
      onWarning: (m) => warnings.push(m),
    });
    const t = styleOf(doc, 't');
    expect(t.color).toEqual(RED);
    expect(t.fontStyle).toBe('italic');
    expect(t.fontWeight).toBe(700);
    expect(warnings.length).toBeGreaterThanOrEqual(2);
    expect(doc.warnings).toEqual(warnings);
  });

  it('an invalid style attribute is ignored like a broken sheet', () => {
    const doc = style('<p id="t" style="color: red; width: ; }{ font-weight: bold">x</p>');
    expect(styleOf(doc, 't').color).toEqual(RED);
  });
});
